// The background agents' tools: spawn_agent, agent_status, wait_agents, cancel_agent, over
// ToolContext::backgroundAgents. A final answer the model reads here is marked delivered, so no
// reminder repeats it.
#include "orchestrationtools.h"

#include "threadedtool.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "valis/plugins/backgroundagents.h"
#include "valis/plugins/toolinvocation.h"

#include <QPointer>
#include <QTimer>

namespace valis::tools {

// What the model reads is English and not tr()'d.

namespace {

const QString SpawnName = QStringLiteral("spawn_agent");
const QString StatusName = QStringLiteral("agent_status");
const QString WaitName = QStringLiteral("wait_agents");
const QString CancelName = QStringLiteral("cancel_agent");

QString describe(const AgentInfo &info)
{
    QString text = QStringLiteral("%1 \"%2\": %3").arg(info.handle, info.title, agentStateName(info.state));
    const QDateTime until = info.endedAt.isValid() ? info.endedAt : QDateTime::currentDateTimeUtc();
    if (info.startedAt.isValid())
        text += QStringLiteral(", %1 s").arg(info.startedAt.secsTo(until));
    text += QStringLiteral(", %1 tokens, $%2").arg(info.tokens).arg(info.costUsd, 0, 'f', 4);
    if (!agentStateIsFinal(info.state) && !info.progress.isEmpty())
        text += QStringLiteral("; now: ") + info.progress;
    text += QLatin1Char('\n');
    if (agentStateIsFinal(info.state)) {
        if (info.delivered)
            text += QStringLiteral("(its answer was given to you before)\n");
        else
            text += QStringLiteral("<answer>\n") + info.answer.trimmed() + QStringLiteral("\n</answer>\n");
    }
    return text;
}

/// Describes `handles` (all when empty) and marks the final answers shown as delivered.
QString report(BackgroundAgents *agents, const QStringList &handles, QStringList *unknown)
{
    QList<AgentInfo> shown;
    if (handles.isEmpty()) {
        shown = agents->agents();
    } else {
        for (const QString &handle : handles) {
            const Result<AgentInfo> info = agents->status(handle);
            if (info.ok())
                shown << info.value();
            else
                unknown->append(handle);
        }
    }
    QString text;
    QStringList delivered;
    for (const AgentInfo &info : shown) {
        text += describe(info);
        if (agentStateIsFinal(info.state) && !info.delivered)
            delivered << info.handle;
    }
    agents->markDelivered(delivered);
    if (shown.isEmpty() && unknown->isEmpty())
        text = QStringLiteral("This session has no background agents.");
    if (!unknown->isEmpty())
        text += QStringLiteral("Unknown handles: %1\n").arg(unknown->join(QStringLiteral(", ")));
    return text;
}

ToolInvocation *result(const ToolContext &context, const QString &tool, const QString &text, bool isError = false)
{
    return immediateResult(context.callId, tool, isError ? ToolOutcome::error(text) : ToolOutcome::text(text), nullptr);
}

/// wait_agents: finishes when every agent named is final, or at the time-out, whichever first.
class WaitInvocation : public ToolInvocation
{
public:
    WaitInvocation(const QString &callId, BackgroundAgents *agents, const QStringList &handles, int timeoutSeconds,
                   QObject *parent)
        : ToolInvocation(parent), m_callId(callId), m_agents(agents), m_handles(handles)
    {
        connect(agents, &BackgroundAgents::agentChanged, this, [this] { check(); });
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, [this] { finish(QStringLiteral("Timed out; not all agents ended.\n")); });
        m_timer.start(std::chrono::seconds(timeoutSeconds));
        // Never from inside invoke(): the orchestrator connects first.
        QTimer::singleShot(0, this, [this] { check(); });
    }

    void cancel() override { finish(QStringLiteral("The wait was cancelled.\n")); }

private:
    void check()
    {
        if (m_done || !m_agents)
            return;
        for (const QString &handle : std::as_const(m_handles)) {
            const Result<AgentInfo> info = m_agents->status(handle);
            if (info.ok() && !agentStateIsFinal(info->state))
                return;
        }
        finish({});
    }

    void finish(const QString &preface)
    {
        if (m_done)
            return;
        m_done = true;
        m_timer.stop();
        QStringList unknown;
        const QString text = m_agents ? preface + report(m_agents, m_handles, &unknown)
                                      : QStringLiteral("The session's background agents are gone.");
        Part part = Part::makeToolResultText(m_callId, text, !unknown.isEmpty() && unknown.size() == m_handles.size());
        part.toolName = WaitName;
        QTimer::singleShot(0, this, [this, part] { Q_EMIT finished(part); });
    }

    QString m_callId;
    QPointer<BackgroundAgents> m_agents;
    QStringList m_handles;
    QTimer m_timer;
    bool m_done = false;
};

} // namespace

QList<ToolSpec> agentToolSpecs()
{
    ToolSpec spawn;
    spawn.name = SpawnName;
    spawn.description = QStringLiteral(
        "Starts a background agent on a self-contained task and returns its handle at once; you go on working "
        "meanwhile. It works in its own fresh context with its own tools and sees nothing of this conversation: put "
        "every path, constraint and the expected form of the answer in `task`. A few run at a time, the rest queue. "
        "Its answer comes back once: through wait_agents or agent_status, or else as a reminder at your next request. "
        "Optional budgets stop it when it spends more.");
    spawn.inputSchema =
        ToolSchema()
            .string(QStringLiteral("task"), QStringLiteral("The whole task for the agent."))
            .string(QStringLiteral("title"), QStringLiteral("A short (3-8 word) title, shown to the user."))
            .string(QStringLiteral("profile"), QStringLiteral("The kind of agent (the subagent types); default \"general-purpose\"."))
            .integer(QStringLiteral("max_tokens"), QStringLiteral("Stop it once its requests used more tokens than this."), 1,
                     100000000)
            .property(QStringLiteral("max_cost_usd"),
                      QJsonObject{{QStringLiteral("type"), QStringLiteral("number")},
                                  {QStringLiteral("minimum"), 0},
                                  {QStringLiteral("description"), QStringLiteral("Stop it once it cost more than this (USD).")}})
            .required({QStringLiteral("task")})
            .build();
    spawn.readOnly = false; // the agent may edit files and run commands

    ToolSpec status;
    status.name = StatusName;
    status.description = QStringLiteral(
        "Shows background agents: state, time, tokens, cost, what each does now, and the answer of those that ended "
        "(given once). Without `handle`: every agent of this session.");
    status.inputSchema = ToolSchema().string(QStringLiteral("handle"), QStringLiteral("One agent's handle.")).build();
    status.readOnly = true;

    ToolSpec wait;
    wait.name = WaitName;
    wait.description = QStringLiteral(
        "Waits until every agent named has ended (or the time-out passes) and returns their states and answers.");
    wait.inputSchema = ToolSchema()
                           .stringArray(QStringLiteral("handles"), QStringLiteral("The agents to wait for."))
                           .integer(QStringLiteral("timeout_seconds"), QStringLiteral("The longest wait."), 1, 3600, 300)
                           .required({QStringLiteral("handles")})
                           .build();
    wait.readOnly = true;

    ToolSpec cancel;
    cancel.name = CancelName;
    cancel.description = QStringLiteral("Stops a queued or running background agent; its partial answer comes back as usual.");
    cancel.inputSchema = ToolSchema().string(QStringLiteral("handle"), QStringLiteral("The agent's handle.")).required({QStringLiteral("handle")}).build();
    cancel.readOnly = false;
    return {spawn, status, wait, cancel};
}

bool isAgentTool(const QString &toolName)
{
    return toolName == SpawnName || toolName == StatusName || toolName == WaitName || toolName == CancelName;
}

ToolInvocation *invokeAgentTool(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                                QObject *parent)
{
    const auto answer = [&](const QString &text, bool isError = false) {
        ToolInvocation *invocation = result(context, toolName, text, isError);
        invocation->setParent(parent);
        return invocation;
    };
    BackgroundAgents *agents = context.backgroundAgents;
    if (!agents)
        return answer(QStringLiteral("Background agents are not available here (an agent cannot start further agents)."), true);
    ToolArguments args(toolName, arguments.toObject());
    if (!arguments.isObject())
        args.fail(QStringLiteral("the arguments must be a JSON object"));

    if (toolName == SpawnName) {
        AgentSpawnRequest request;
        request.task = args.requiredString(QStringLiteral("task"));
        request.title = args.optionalString(QStringLiteral("title")).value_or(QString());
        request.profile = args.optionalString(QStringLiteral("profile")).value_or(QString());
        request.budget.maxTokens = args.optionalInteger(QStringLiteral("max_tokens"), 1, 100000000).value_or(0);
        const QJsonValue cost = args.raw().value(QLatin1String("max_cost_usd"));
        if (cost.isDouble() && cost.toDouble() >= 0)
            request.budget.maxCostUsd = cost.toDouble();
        else if (!cost.isUndefined() && !cost.isNull())
            args.fail(QStringLiteral("max_cost_usd must be a number of dollars, 0 or more"));
        if (!args.ok())
            return answer(args.errorMessage(), true);
        request.parentCallId = context.callId;
        const Result<AgentInfo> spawned = agents->spawn(request);
        if (spawned.hasError())
            return answer(spawned.error().message, true);
        return answer(QStringLiteral("Spawned background agent %1 (%2). Its answer comes back through wait_agents or "
                                     "agent_status, or as a reminder at your next request.")
                          .arg(spawned->handle, agentStateName(spawned->state)));
    }
    if (toolName == StatusName) {
        const QString handle = args.optionalString(QStringLiteral("handle")).value_or(QString());
        if (!args.ok())
            return answer(args.errorMessage(), true);
        QStringList unknown;
        const QString text = report(agents, handle.isEmpty() ? QStringList() : QStringList{handle}, &unknown);
        return answer(text, !unknown.isEmpty());
    }
    if (toolName == WaitName) {
        const QStringList handles = args.stringList(QStringLiteral("handles"));
        const int timeout = int(args.integer(QStringLiteral("timeout_seconds"), 300, 1, 3600));
        if (handles.isEmpty())
            args.fail(QStringLiteral("handles must name at least one agent"));
        if (!args.ok())
            return answer(args.errorMessage(), true);
        return new WaitInvocation(context.callId, agents, handles, timeout, parent);
    }
    // cancel_agent
    const QString handle = args.requiredString(QStringLiteral("handle"));
    if (!args.ok())
        return answer(args.errorMessage(), true);
    const Result<AgentInfo> cancelled = agents->cancel(handle);
    if (cancelled.hasError())
        return answer(cancelled.error().message, true);
    return answer(agentStateIsFinal(cancelled->state)
                      ? QStringLiteral("Agent %1 is %2.").arg(handle, agentStateName(cancelled->state))
                      : QStringLiteral("Cancelling agent %1; its partial answer comes back as usual.").arg(handle));
}

} // namespace valis::tools
