#include "codemodetool.h"

#include "enginepool.h"
#include "scriptrun.h"
#include "threadedtool.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "tsdeclarations.h"

#include "valis/plugins/toolcaller.h"
#include "valis/plugins/toolinvocation.h"

namespace valis::codemode {

// What the model reads is English and not tr()'d.

namespace {

const QString RunScriptName = QStringLiteral("run_script");

// Set through a template so this builds against a harness with or without the flag.
template<typename Spec>
void markCallsTools(Spec &spec)
{
    if constexpr (requires { spec.callsTools; })
        spec.callsTools = true;
}

class RunScriptInvocation : public ToolInvocation
{
public:
    RunScriptInvocation(const QString &callId, ToolCaller *caller, const QString &code, const ScriptLimits &limits,
                        QObject *parent)
        : ToolInvocation(parent), m_callId(callId)
    {
        m_run = new ScriptRun(caller, callId, code, limits, this);
        connect(m_run, &ScriptRun::toolCallStarted, this, [this](const QString &toolName, const QString &childCallId) {
            if (!m_done)
                Q_EMIT outputReceived(QStringLiteral("-> tools.%1 (%2)\n").arg(toolName, childCallId));
        });
        connect(m_run, &ScriptRun::finished, this, [this](const ScriptOutcome &outcome) {
            if (m_done)
                return;
            m_done = true;
            Part result = Part::makeToolResultText(m_callId, scriptResultText(outcome), !outcome.ok);
            result.toolName = RunScriptName;
            Q_EMIT finished(result);
        });
        m_run->start();
    }

    void cancel() override
    {
        if (!m_done)
            m_run->cancel(); // finished() follows with the cancelled outcome
    }

private:
    QString m_callId;
    ScriptRun *m_run = nullptr;
    bool m_done = false;
};

} // namespace

ScriptLimits limitsFromSettings(const QJsonObject &settings)
{
    ScriptLimits limits;
    const auto positive = [&settings](const char *key, double fallback) {
        const double value = settings.value(QLatin1String(key)).toDouble(fallback);
        return value > 0 ? value : fallback;
    };
    limits.wallTime = std::chrono::milliseconds(
        qint64(positive("wallTimeSeconds", double(limits.wallTime.count()) / 1000.0) * 1000.0));
    limits.memoryBytes = qint64(positive("memoryMB", double(limits.memoryBytes / (1024 * 1024)))) * 1024 * 1024;
    limits.maxToolCalls = int(positive("maxToolCalls", limits.maxToolCalls));
    limits.maxOutputBytes = qint64(positive("maxOutputKB", double(limits.maxOutputBytes / 1024))) * 1024;
    return limits;
}

QString scriptResultText(const ScriptOutcome &outcome)
{
    const QString body = outcome.ok ? outcome.value : outcome.error;
    if (outcome.logs.isEmpty())
        return outcome.ok && body.isEmpty() ? QStringLiteral("(the script returned nothing)") : body;
    QString text = QStringLiteral("console:\n") + outcome.logs;
    if (outcome.ok)
        return text + QStringLiteral("returned:\n") + (body.isEmpty() ? QStringLiteral("(nothing)") : body);
    return text + QStringLiteral("error:\n") + body;
}

QList<ToolSpec> CodeModeToolProvider::tools() const
{
    const QJsonObject schema =
        tools::ToolSchema()
            .string(QStringLiteral("code"),
                    QStringLiteral("JavaScript (ES2022): the body of an async function, so await and return work at "
                                   "the top level."))
            .required({QStringLiteral("code")})
            .build();
    ToolSpec spec;
    spec.name = RunScriptName;
    spec.title = QStringLiteral("Run script");
    spec.description =
        QStringLiteral(
            "Runs JavaScript (ES2022: async/await, Promise.all, destructuring, classes) in which every other tool is "
            "an async function: `const text = await tools.read_file({path: \"a.py\"})` (the declarations of `tools` "
            "are in the system prompt). Use it to do many tool calls in one step: independent calls in parallel "
            "with Promise.all, loops over files, results combined in code instead of read into the conversation. "
            "Only what the script returns (a string as is, anything else as JSON) and what it prints with "
            "console.log/info/warn/error come back to you; the calls inside are recorded and approved as direct "
            "calls are.\n"
            "A tool's result arrives as a parsed value when it is a JSON object or array, otherwise as its text. A "
            "tool that fails (including a call the user denies) rejects with an Error whose message is the tool's "
            "error: catch it with try/catch. The script has no other I/O: no require, import, fetch, timers, eval "
            "or Function().\n"
            "Limits: %1 s wall time, %2 MB of memory, %3 tool calls, %4 KB of output; reaching one ends the script "
            "with an error naming it. Errors come back with their line and column.")
            .arg(m_limits.wallTime.count() / 1000.0)
            .arg(m_limits.memoryBytes / (1024 * 1024))
            .arg(m_limits.maxToolCalls)
            .arg(m_limits.maxOutputBytes / 1024);
    spec.inputSchema = schema;
    spec.readOnly = false; // its calls may change anything the other tools can
    markCallsTools(spec);
    return {spec};
}

QString CodeModeToolProvider::systemPromptSection(const ToolContext &context) const
{
    if (!context.toolCaller)
        return {};
    const QList<ToolSpec> reachable = context.toolCaller->tools();
    if (reachable.isEmpty())
        return {};
    // A session that offers run_script will likely run one: start the engine now, on its own thread.
    EnginePool::instance().prewarm();
    return QStringLiteral("## Code mode\nIn run_script, `tools` has these functions (arguments as the tools "
                          "themselves take them; each returns a Promise):\n```ts\n")
           + typeScriptDeclarations(reachable) + QStringLiteral("```");
}

ToolInvocation *CodeModeToolProvider::invoke(const QString &toolName, const QJsonValue &arguments,
                                             const ToolContext &context, QObject *parent)
{
    using tools::immediateResult;
    using tools::ToolOutcome;
    if (toolName != RunScriptName)
        return immediateResult(context.callId, toolName, ToolOutcome::error(QStringLiteral("Unknown tool: %1").arg(toolName)),
                               parent);
    if (!context.toolCaller) {
        return immediateResult(context.callId, toolName,
                               ToolOutcome::error(QStringLiteral("run_script is not available here (tools cannot be "
                                                                 "called from a script in this context). Call the tools "
                                                                 "directly.")),
                               parent);
    }
    tools::ToolArguments args(toolName, arguments.toObject());
    const QString code = args.requiredString(QStringLiteral("code"));
    if (!arguments.isObject())
        args.fail(QStringLiteral("the arguments must be a JSON object"));
    if (!args.ok())
        return immediateResult(context.callId, toolName, ToolOutcome::error(args.errorMessage()), parent);
    return new RunScriptInvocation(context.callId, context.toolCaller, code, m_limits, parent);
}

} // namespace valis::codemode
