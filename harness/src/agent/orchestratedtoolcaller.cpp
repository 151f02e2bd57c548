#include "valis/agent/orchestratedtoolcaller.h"

#include "valis/agent/toolorchestrator.h"
#include "valis/agent/toolregistry.h"

#include <QJsonObject>
#include <QTimer>

namespace valis {

ToolCaller::~ToolCaller() = default;
NestedToolCall::~NestedToolCall() = default;

namespace {
const QString ParentCallIdKey = QStringLiteral("parentCallId");

// Text the model reads (through the script): English, not translated.
Part errorResult(const Part &call, const QString &text)
{
    Part result = Part::makeToolResultText(call.callId, text, true);
    result.toolName = call.toolName;
    return result;
}
} // namespace

/// The NestedToolCall handed to the tool: a view of one Child, which the caller owns, so the
/// record keeps a child whose handle the tool dropped.
class OrchestratedToolCaller::Handle : public NestedToolCall
{
public:
    Handle(OrchestratedToolCaller *caller, QString callId, QObject *parent)
        : NestedToolCall(parent), m_caller(caller), m_callId(std::move(callId))
    {
    }
    ~Handle() override
    {
        if (!m_done && m_caller)
            m_caller->handleGone(m_callId);
    }
    QString callId() const override { return m_callId; }
    void cancel() override
    {
        if (!m_done && m_caller)
            m_caller->cancelCall(m_callId);
    }
    void deliver(const Part &result)
    {
        if (m_done)
            return;
        m_done = true;
        Q_EMIT finished(result);
    }

private:
    QPointer<OrchestratedToolCaller> m_caller;
    QString m_callId;
    bool m_done = false;
};

struct OrchestratedToolCaller::Child
{
    QString parentCallId;
    Part call;
    std::optional<Part> result;   ///< set once the child is over (captured when it was)
    std::optional<Part> uncaptured; ///< the orchestrator's result while capture runs
    QPointer<Handle> handle;
    QPointer<ToolOrchestrator> orchestrator;
    QHash<QString, QString> ownApprovalIds;    ///< the orchestrator's request id -> ours
    QHash<QString, QString> ownInteractionIds; ///< the same for questions
    QList<ApprovalRequest> pending;
};

OrchestratedToolCaller::OrchestratedToolCaller(ToolRegistry *registry, ApprovalPolicy *approvals, QObject *parent)
    : QObject(parent), m_registry(registry), m_approvals(approvals)
{
}

OrchestratedToolCaller::~OrchestratedToolCaller()
{
    // The orchestrators are children of this object and cancel their invocations as they go;
    // nobody is told, as the owner is going away.
    for (const std::shared_ptr<Child> &child : std::as_const(m_children)) {
        if (child->orchestrator)
            child->orchestrator->disconnect(this);
    }
}

void OrchestratedToolCaller::setBaseContext(const ToolContext &context)
{
    m_base = context;
    m_base.toolCaller = nullptr;
}

void OrchestratedToolCaller::setResultCapture(ResultCapture *capture, const CaptureScope &scope)
{
    m_capture = capture;
    m_scope = scope;
}

QList<ToolSpec> OrchestratedToolCaller::tools() const
{
    QList<ToolSpec> specs;
    for (const RegisteredTool &tool : m_registry->tools()) {
        const ToolSpec &spec = tool.spec;
        if (spec.callsTools || spec.routesCalls || spec.offeredWhenDeferring || m_excluded.contains(spec.name))
            continue;
        if (!m_offered.isEmpty() && !m_offered.contains(spec.name))
            continue;
        specs.append(spec);
    }
    return specs;
}

NestedToolCall *OrchestratedToolCaller::call(const QString &parentCallId, const QString &toolName,
                                             const QJsonValue &arguments, QObject *parent)
{
    const int number = ++m_counters[parentCallId];
    const QString callId = parentCallId + QLatin1Char('.') + QString::number(number);
    auto child = std::make_shared<Child>();
    child->parentCallId = parentCallId;
    child->call = Part::makeToolCall(callId, toolName, arguments);
    auto *handle = new Handle(this, callId, parent);
    child->handle = handle;
    m_children.insert(callId, child);
    if (m_closedParents.contains(parentCallId)) {
        // Not recorded: the parent's result is in the record already.
        refuse(*child, QStringLiteral("Not run: the call %1 that made it has ended.").arg(parentCallId));
        return handle;
    }
    m_childrenOf[parentCallId].append(callId);

    const std::optional<RegisteredTool> tool = m_registry->tool(toolName);
    if (tool && tool->spec.callsTools) {
        refuse(*child, QStringLiteral("Not run: \"%1\" calls tools itself, so it cannot be called from inside another call.").arg(toolName));
        return handle;
    }
    bool reachable = false;
    QStringList names;
    for (const ToolSpec &spec : tools()) {
        names.append(spec.name);
        reachable = reachable || spec.name == toolName;
    }
    if (!reachable) {
        refuse(*child, QStringLiteral("There is no tool named \"%1\" to call here. The tools are: %2.")
                           .arg(toolName, names.join(QStringLiteral(", "))));
        return handle;
    }
    run(*child);
    return handle;
}

void OrchestratedToolCaller::refuse(Child &child, const QString &text)
{
    // finished() never comes from inside call(): the answer goes out on the next loop turn.
    const QString callId = child.call.callId;
    const Part result = errorResult(child.call, text);
    QTimer::singleShot(0, this, [this, callId, result] {
        const std::shared_ptr<Child> current = m_children.value(callId);
        if (!current || current->result)
            return;
        SessionEvent event = eventFor(SessionEvent::Kind::ToolCallFinished, *current);
        event.result = result;
        event.durationMs = 0;
        Q_EMIT eventOccurred(event);
        finish(callId, result);
    });
}

void OrchestratedToolCaller::run(Child &child)
{
    auto *orchestrator = new ToolOrchestrator(m_registry, m_approvals, this);
    orchestrator->setRetryPolicy(m_retry);
    child.orchestrator = orchestrator;
    connectOrchestrator(child);
    // run() starts the call on the next loop turn, so nothing reports from inside call().
    orchestrator->run({child.call}, m_base);
}

SessionEvent OrchestratedToolCaller::eventFor(SessionEvent::Kind kind, const Child &child) const
{
    SessionEvent event;
    event.kind = kind;
    event.callId = child.call.callId;
    event.toolName = child.call.toolName;
    event.details.insert(ParentCallIdKey, child.parentCallId);
    return event;
}

void OrchestratedToolCaller::connectOrchestrator(Child &child)
{
    ToolOrchestrator *orchestrator = child.orchestrator;
    const QString callId = child.call.callId;
    const auto find = [this, callId]() { return m_children.value(callId); };

    connect(orchestrator, &ToolOrchestrator::approvalRequested, this, [this, find](const ApprovalRequest &asked) {
        const std::shared_ptr<Child> current = find();
        if (!current)
            return;
        ApprovalRequest request = asked;
        request.id = QStringLiteral("nested-approval-%1").arg(++m_requestCounter);
        current->ownApprovalIds.insert(asked.id, request.id);
        current->pending.append(request);
        m_approvalIds.insert(request.id, {current->call.callId, asked.id});
        SessionEvent event = eventFor(SessionEvent::Kind::ApprovalRequested, *current);
        event.requestId = request.id;
        event.arguments = request.arguments;
        event.details.insert(QStringLiteral("readOnly"), request.readOnly);
        event.details.insert(QStringLiteral("provider"), request.toolProviderId);
        if (!request.subject.isEmpty())
            event.details.insert(QStringLiteral("subject"), request.subject);
        Q_EMIT eventOccurred(event);
    });
    connect(orchestrator, &ToolOrchestrator::approvalResolved, this, [this, find](const ApprovalRequest &asked, const QString &answer) {
        const std::shared_ptr<Child> current = find();
        if (!current)
            return;
        const QString own = current->ownApprovalIds.take(asked.id);
        m_approvalIds.remove(own);
        current->pending.removeIf([&own](const ApprovalRequest &request) { return request.id == own; });
        SessionEvent event = eventFor(SessionEvent::Kind::ApprovalResolved, *current);
        event.requestId = own;
        event.text = answer;
        Q_EMIT eventOccurred(event);
    });
    connect(orchestrator, &ToolOrchestrator::executionStarted, this, [this, find](const Part &call, int attempt) {
        const std::shared_ptr<Child> current = find();
        if (!current)
            return;
        SessionEvent event = eventFor(SessionEvent::Kind::ToolExecutionStarted, *current);
        event.arguments = call.arguments;
        event.attempt = attempt;
        if (const std::optional<RegisteredTool> tool = m_registry->tool(call.toolName)) {
            event.details.insert(QStringLiteral("provider"), tool->provider->id());
            if (!tool->spec.title.isEmpty())
                event.details.insert(QStringLiteral("title"), tool->spec.title);
        }
        Q_EMIT eventOccurred(event);
    });
    connect(orchestrator, &ToolOrchestrator::callOutput, this, [this, find](const Part &, const QString &text) {
        if (const std::shared_ptr<Child> current = find()) {
            SessionEvent event = eventFor(SessionEvent::Kind::ToolOutput, *current);
            event.text = text;
            Q_EMIT eventOccurred(event);
        }
    });
    connect(orchestrator, &ToolOrchestrator::callProgress, this,
            [this, find](const Part &, double progress, double total, const QString &message) {
                if (const std::shared_ptr<Child> current = find()) {
                    SessionEvent event = eventFor(SessionEvent::Kind::ToolProgress, *current);
                    event.text = message;
                    event.details.insert(QStringLiteral("progress"), progress);
                    if (total >= 0)
                        event.details.insert(QStringLiteral("total"), total);
                    Q_EMIT eventOccurred(event);
                }
            });
    connect(orchestrator, &ToolOrchestrator::interactionRequested, this,
            [this, find](const Part &, const ToolInteraction &interaction) {
                const std::shared_ptr<Child> current = find();
                if (!current)
                    return;
                const QString own = QStringLiteral("nested-interaction-%1").arg(++m_requestCounter);
                current->ownInteractionIds.insert(interaction.id, own);
                m_interactionIds.insert(own, {current->call.callId, interaction.id});
                SessionEvent event = eventFor(SessionEvent::Kind::InteractionRequested, *current);
                event.requestId = own;
                event.text = interaction.message;
                event.details.insert(QStringLiteral("kind"), ToolInteraction::kindName(interaction.kind));
                event.details.insert(QStringLiteral("source"), interaction.source);
                if (!interaction.schema.isEmpty())
                    event.details.insert(QStringLiteral("schema"), interaction.schema);
                if (interaction.url.isValid()) {
                    event.details.insert(QStringLiteral("url"), interaction.url.toString());
                    event.details.insert(QStringLiteral("host"), interaction.url.host());
                }
                Q_EMIT eventOccurred(event);
            });
    connect(orchestrator, &ToolOrchestrator::interactionResolved, this,
            [this, find](const Part &, const QString &requestId, const QString &action) {
                const std::shared_ptr<Child> current = find();
                if (!current)
                    return;
                const QString own = current->ownInteractionIds.take(requestId);
                m_interactionIds.remove(own);
                SessionEvent event = eventFor(SessionEvent::Kind::InteractionResolved, *current);
                event.requestId = own;
                event.text = action;
                Q_EMIT eventOccurred(event);
            });
    connect(orchestrator, &ToolOrchestrator::retrying, this,
            [this, find](const Part &, int nextAttempt, qint64 delayMs, const Part &failed) {
                if (const std::shared_ptr<Child> current = find()) {
                    SessionEvent event = eventFor(SessionEvent::Kind::Retrying, *current);
                    event.attempt = nextAttempt;
                    event.delayMs = delayMs;
                    event.error = Error(QStringLiteral("tool.retryable-failure"), failed.resultText().left(400));
                    Q_EMIT eventOccurred(event);
                }
            });
    connect(orchestrator, &ToolOrchestrator::callFinished, this,
            [this, find](const Part &, const Part &result, qint64 durationMs, int attempts) {
                if (const std::shared_ptr<Child> current = find()) {
                    SessionEvent event = eventFor(SessionEvent::Kind::ToolCallFinished, *current);
                    event.result = result;
                    event.durationMs = durationMs;
                    event.attempt = attempts;
                    Q_EMIT eventOccurred(event);
                }
            });
    connect(orchestrator, &ToolOrchestrator::warning, this, &OrchestratedToolCaller::warning);
    connect(orchestrator, &ToolOrchestrator::batchFinished, this, [this, callId](const QList<Part> &results) {
        settle(callId, results.value(0));
    });
}

CaptureScope OrchestratedToolCaller::scopeFor(const Part &call) const
{
    // The same rules as the agent loop's for a batch (AgentLoop::onBatchFinished).
    CaptureScope scope = m_scope;
    if (const std::optional<RegisteredTool> tool = m_registry->tool(call.toolName)) {
        if (tool->spec.keepResultsInContext)
            scope.keepInContext.insert(tool->spec.name);
        if (!tool->spec.captureResults)
            scope.keepCallIds.insert(call.callId);
    }
    const QJsonObject arguments = call.arguments.toObject();
    const QString path = arguments.value(QLatin1String("path")).toString(arguments.value(QLatin1String("file_path")).toString());
    if (path.startsWith(QLatin1String("/context/")))
        scope.keepCallIds.insert(call.callId);
    return scope;
}

void OrchestratedToolCaller::settle(const QString &callId, const Part &rawResult)
{
    const std::shared_ptr<Child> child = m_children.value(callId);
    if (!child || child->result)
        return;
    if (child->orchestrator) {
        child->orchestrator->disconnect(this);
        child->orchestrator->deleteLater();
    }
    Part result = rawResult;
    result.kind = PartKind::ToolResult;
    result.callId = callId;
    if (result.toolName.isEmpty())
        result.toolName = child->call.toolName;
    const CaptureScope scope = scopeFor(child->call);
    if (m_capture && m_capture->wouldCapture(result, scope)) {
        child->uncaptured = result;
        QPointer<OrchestratedToolCaller> self(this);
        m_capture->capture({child->call}, {result}, scope, [self, callId](QList<Part> captured, QList<Error> warnings) {
            if (!self)
                return;
            for (const Error &warning : std::as_const(warnings))
                Q_EMIT self->warning(warning);
            const std::shared_ptr<Child> current = self->m_children.value(callId);
            if (current && !captured.isEmpty())
                self->finish(callId, captured.constFirst());
        });
        return;
    }
    finish(callId, result);
}

void OrchestratedToolCaller::finish(const QString &callId, const Part &result)
{
    const std::shared_ptr<Child> child = m_children.value(callId);
    if (!child || child->result)
        return;
    child->result = result;
    child->uncaptured.reset();
    for (const ApprovalRequest &request : std::as_const(child->pending))
        m_approvalIds.remove(request.id);
    child->pending.clear();
    // A child that is not recorded (its parent had ended) is forgotten once answered.
    if (!m_childrenOf.value(child->parentCallId).contains(callId))
        m_children.remove(callId);
    if (child->handle)
        child->handle->deliver(result);
}

void OrchestratedToolCaller::handleGone(const QString &callId)
{
    // The tool let go of the call without waiting: it is stopped, and recorded as it ends.
    const std::shared_ptr<Child> child = m_children.value(callId);
    if (!child)
        return;
    child->handle = nullptr;
    if (child->orchestrator && child->orchestrator->isRunning())
        child->orchestrator->cancel();
}

bool OrchestratedToolCaller::resolveApproval(const QString &requestId, const ApprovalDecision &decision)
{
    const auto it = m_approvalIds.constFind(requestId);
    if (it == m_approvalIds.constEnd())
        return false;
    const std::shared_ptr<Child> child = m_children.value(it->first);
    if (!child || !child->orchestrator)
        return false;
    const QString toolName = child->call.toolName;
    if (!child->orchestrator->resolveApproval(it->second, decision))
        return false;
    // As in one batch of direct calls: an answer "for this session" or "always" also settles
    // the other children of that tool still waiting (a script's Promise.all of writes).
    if (decision.allow && decision.scope != ApprovalScope::Once) {
        const QList<QString> waiting = m_approvalIds.keys();
        for (const QString &other : waiting) {
            const std::pair<QString, QString> ids = m_approvalIds.value(other);
            const std::shared_ptr<Child> sibling = m_children.value(ids.first);
            if (sibling && sibling->orchestrator && sibling->call.toolName == toolName)
                sibling->orchestrator->resolveApproval(ids.second, decision);
        }
    }
    return true;
}

QList<ApprovalRequest> OrchestratedToolCaller::pendingApprovals() const
{
    QList<ApprovalRequest> pending;
    for (const std::shared_ptr<Child> &child : m_children)
        pending += child->pending;
    return pending;
}

bool OrchestratedToolCaller::answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer)
{
    const auto it = m_interactionIds.constFind(requestId);
    if (it == m_interactionIds.constEnd())
        return false;
    const std::shared_ptr<Child> child = m_children.value(it->first);
    if (!child || !child->orchestrator)
        return false;
    return child->orchestrator->answerInteraction(it->second, answer);
}

bool OrchestratedToolCaller::cancelCall(const QString &callId)
{
    const std::shared_ptr<Child> child = m_children.value(callId);
    if (!child || child->result || !child->orchestrator || !child->orchestrator->isRunning())
        return false;
    // A child waiting for approval has nothing running to kill: cancel() answers it.
    if (!child->orchestrator->cancelCall(callId))
        child->orchestrator->cancel();
    return true;
}

void OrchestratedToolCaller::parentFinished(const QString &parentCallId)
{
    m_closedParents.insert(parentCallId);
    const QStringList ids = m_childrenOf.value(parentCallId);
    for (const QString &id : ids) {
        const std::shared_ptr<Child> child = m_children.value(id);
        if (child && !child->result && child->orchestrator && child->orchestrator->isRunning())
            child->orchestrator->cancel();
    }
}

void OrchestratedToolCaller::cancelAll()
{
    const QList<QString> parents = m_childrenOf.keys();
    for (const QString &parent : parents)
        parentFinished(parent);
}

QList<Part> OrchestratedToolCaller::takeChildren(const QList<Part> &results)
{
    QList<Part> out = results;
    for (Part &result : out) {
        const auto it = m_childrenOf.constFind(result.callId);
        if (it == m_childrenOf.constEnd())
            continue;
        QList<NestedCallRecord> records;
        for (const QString &id : *it) {
            const std::shared_ptr<Child> child = m_children.take(id);
            if (!child)
                continue;
            NestedCallRecord record;
            record.call = child->call;
            if (child->result)
                record.result = *child->result;
            else if (child->uncaptured)
                record.result = *child->uncaptured; // still being stored: the whole result
            else
                record.result = errorResult(child->call, QStringLiteral("[interrupted: the call that made it ended first]"));
            records.append(record);
            if (child->orchestrator) {
                child->orchestrator->disconnect(this);
                child->orchestrator->cancel();
                child->orchestrator->deleteLater();
            }
            if (child->handle)
                child->handle->deliver(record.result);
        }
        m_closedParents.insert(result.callId);
        m_childrenOf.erase(it);
        m_counters.remove(result.callId);
        result = NestedCallRecord::withChildren(result, records);
    }
    return out;
}

} // namespace valis
