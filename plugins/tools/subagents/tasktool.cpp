#include "tasktool.h"

#include "threadedtool.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/plugins/subagentrunner.h"
#include "valis/plugins/toolinvocation.h"

#include <QPointer>

namespace valis::tools {

// What the model reads is English and not tr()'d.

namespace {

const QString TaskName = QStringLiteral("task");

class TaskInvocation : public ToolInvocation
{
public:
    TaskInvocation(const QString &callId, SubagentRunner *runner, const SubagentRequest &request, QObject *parent)
        : ToolInvocation(parent), m_callId(callId)
    {
        m_run = runner->start(request, this);
        connect(m_run, &SubagentRun::progress, this, [this](const QString &text) {
            if (!m_done)
                Q_EMIT outputReceived(text + QLatin1Char('\n'));
        });
        connect(m_run, &SubagentRun::finished, this, [this](const SubagentOutcome &outcome) { finish(outcome); });
    }

    void cancel() override
    {
        if (!m_done && m_run)
            m_run->cancel(); // finished() follows with the child's partial state
    }

private:
    void finish(const SubagentOutcome &outcome)
    {
        if (m_done)
            return;
        m_done = true;
        QString text = outcome.answer;
        if (!outcome.childSessionId.isEmpty()) {
            text += QStringLiteral("\n\n[subagent session %1; %2]")
                        .arg(outcome.childSessionId,
                             outcome.stopReason == QLatin1String("answered") ? QStringLiteral("finished")
                                                                              : QStringLiteral("stopped: ") + outcome.stopReason);
        }
        Part result = Part::makeToolResultText(m_callId, text, outcome.isError);
        result.toolName = TaskName;
        Q_EMIT finished(result);
    }

    QString m_callId;
    QPointer<SubagentRun> m_run;
    bool m_done = false;
};

} // namespace

QList<ToolSpec> TaskToolProvider::tools() const
{
    const QJsonObject schema =
        ToolSchema()
            .string(QStringLiteral("description"), QStringLiteral("A short (3-8 word) title of the task, shown to the user."))
            .string(QStringLiteral("prompt"),
                    QStringLiteral("The whole task for the subagent. It sees nothing of this conversation: include "
                                   "every file path, constraint and expected form of the answer."))
            .string(QStringLiteral("subagent_type"),
                    QStringLiteral("Which kind of subagent to use (listed in the system prompt); default "
                                   "\"general-purpose\"."))
            .required({QStringLiteral("description"), QStringLiteral("prompt")})
            .build();
    ToolSpec spec;
    spec.name = TaskName;
    spec.description = QStringLiteral(
        "Hands a self-contained task to a subagent that works in its own fresh context with its own tools and returns "
        "only its final answer. Use it for broad searches or research whose intermediate steps you do not need to "
        "see, or to do independent pieces of work without filling your context. Several task calls in one answer "
        "run one after another. The answer is not shown to the user: summarise what matters.");
    spec.inputSchema = schema;
    spec.readOnly = false; // the child may edit files and run commands
    return {spec};
}

QString TaskToolProvider::systemPromptSection(const ToolContext &context) const
{
    if (!context.subagents)
        return {};
    QString text = QStringLiteral("## Subagents\nThe task tool can start these kinds of subagent (subagent_type):\n");
    for (const SubagentProfile &profile : context.subagents->profiles())
        text += QStringLiteral("- %1: %2\n").arg(profile.name, profile.description);
    return text;
}

ToolInvocation *TaskToolProvider::invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                                         QObject *parent)
{
    if (toolName != TaskName)
        return immediateResult(context.callId, toolName, ToolOutcome::error(QStringLiteral("Unknown tool: %1").arg(toolName)), parent);
    if (!context.subagents) {
        return immediateResult(context.callId, toolName,
                               ToolOutcome::error(QStringLiteral("Subagents are not available here (a subagent cannot start "
                                                                 "further subagents at this depth). Do the task yourself.")),
                               parent);
    }
    ToolArguments args(toolName, arguments.toObject());
    SubagentRequest request;
    request.description = args.requiredString(QStringLiteral("description"));
    request.prompt = args.requiredString(QStringLiteral("prompt"));
    request.profile = args.optionalString(QStringLiteral("subagent_type")).value_or(QString());
    if (!arguments.isObject())
        args.fail(QStringLiteral("the arguments must be a JSON object"));
    if (!args.ok())
        return immediateResult(context.callId, toolName, ToolOutcome::error(args.errorMessage()), parent);
    request.parentSessionId = context.sessionId;
    request.parentCallId = context.callId;
    return new TaskInvocation(context.callId, context.subagents, request, parent);
}

} // namespace valis::tools
