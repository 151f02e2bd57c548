#include "valis/agent/toolorchestrator.h"

#include "valis/core/modeltext.h"
#include "valis/plugins/toolinvocation.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QTimer>

namespace valis {

namespace {
// Tool results here are read by the model and kept in the record, which must not depend on the
// person's UI language: English, not tr()'d.
Part errorResult(const Part &call, const QString &text)
{
    Part result = Part::makeToolResultText(call.callId, text, true);
    result.toolName = call.toolName;
    return result;
}

// The arguments problem a model can fix, or an empty string when they will do.
QString argumentsProblem(const Part &call, const ToolSpec &spec)
{
    if (call.arguments.isUndefined()) {
        QJsonParseError error;
        QJsonDocument::fromJson(call.argumentsText.value_or(QString()).toUtf8(), &error);
        return QStringLiteral("The arguments are not valid JSON (%1 at offset %2). Send them again as one JSON object.")
            .arg(modeltext::jsonParseError(error.error))
            .arg(error.offset);
    }
    if (!call.arguments.isObject())
        return QStringLiteral("The arguments must be a JSON object, not %1.")
            .arg(QString::fromUtf8(QJsonDocument(QJsonArray{call.arguments}).toJson(QJsonDocument::Compact)).mid(1).chopped(1).left(80));
    QStringList missing;
    const QJsonObject arguments = call.arguments.toObject();
    for (const QJsonValue &name : spec.inputSchema.value(QLatin1String("required")).toArray()) {
        if (!arguments.contains(name.toString()))
            missing.append(name.toString());
    }
    if (!missing.isEmpty())
        return QStringLiteral("Missing required arguments: %1.").arg(missing.join(QStringLiteral(", ")));
    return {};
}
} // namespace

struct ToolOrchestrator::Call
{
    enum class State { Waiting, AwaitingApproval, Running, RetryWait, Done };

    Part call;       ///< as the model made it
    Part effective;  ///< what runs: `call`, or the call a routing tool names
    std::optional<RegisteredTool> tool;
    QString routingProblem;
    ApprovalRequest request;
    State state = State::Waiting;
    QPointer<ToolInvocation> invocation;
    QTimer retryTimer;
    QElapsedTimer clock;
    int attempts = 0;
    Part result;
};

ToolOrchestrator::ToolOrchestrator(ToolRegistry *registry, ApprovalPolicy *approvals, QObject *parent)
    : QObject(parent), m_registry(registry), m_approvals(approvals)
{
}

ToolOrchestrator::~ToolOrchestrator()
{
    for (const auto &call : m_calls) {
        if (call->invocation) {
            call->invocation->disconnect(this);
            call->invocation->cancel();
        }
    }
}

bool ToolOrchestrator::runsInParallel(const QList<Part> &calls) const
{
    if (calls.size() < 2)
        return false;
    for (const Part &call : calls) {
        const std::optional<RegisteredTool> tool = m_registry->tool(effectiveCall(call).toolName);
        if (tool && (!tool->spec.readOnly || tool->spec.routesCalls))
            return false;
    }
    return true;
}

void ToolOrchestrator::run(const QList<Part> &calls, const ToolContext &context)
{
    Q_ASSERT(!m_running);
    m_running = true;
    m_context = context;
    m_calls.clear();
    m_pendingApprovals.clear();
    m_pendingInteractions.clear();
    m_nextSequential = 0;
    m_parallel = runsInParallel(calls);
    for (const Part &part : calls) {
        auto call = std::make_unique<Call>();
        call->call = part;
        call->effective = effectiveCall(part);
        call->tool = m_registry->tool(call->effective.toolName);
        const std::optional<RegisteredTool> router = m_registry->tool(part.toolName);
        if (router && router->spec.routesCalls && call->effective.toolName == part.toolName)
            call->routingProblem = QStringLiteral("call_tool needs {\"name\": <a tool's name>, \"arguments\": {...}}.");
        call->retryTimer.setSingleShot(true);
        call->retryTimer.setTimerType(Qt::PreciseTimer);
        m_calls.push_back(std::move(call));
    }
    // Start on the next loop turn, so the caller sees every signal of the batch after run().
    QTimer::singleShot(0, this, [this] {
        if (!m_running)
            return;
        if (m_calls.empty()) {
            maybeFinishBatch();
        } else if (m_parallel) {
            for (int i = 0; i < int(m_calls.size()); ++i)
                decide(i);
        } else {
            startNextSequential();
        }
    });
}

void ToolOrchestrator::startNextSequential()
{
    // decide() may finish a call at once (an unknown tool, a denial), which calls back here:
    // the loop below goes on instead, so calls are taken strictly one after another.
    if (m_advancing)
        return;
    m_advancing = true;
    while (m_running && m_nextSequential < int(m_calls.size())) {
        const int index = m_nextSequential;
        if (index > 0 && m_calls[index - 1]->state != Call::State::Done)
            break; // running or waiting for a person: the next one starts when it finishes
        ++m_nextSequential;
        decide(index);
    }
    m_advancing = false;
}

Part ToolOrchestrator::effectiveCall(const Part &call) const
{
    const std::optional<RegisteredTool> tool = m_registry->tool(call.toolName);
    if (!tool || !tool->spec.routesCalls || !call.arguments.isObject())
        return call;
    const QJsonObject arguments = call.arguments.toObject();
    const QString target = arguments.value(QLatin1String("name")).toString();
    if (target.isEmpty() || target == call.toolName)
        return call;
    Part effective = call;
    effective.toolName = target;
    const QJsonValue inner = arguments.value(QLatin1String("arguments"));
    effective.arguments = inner.isUndefined() || inner.isNull() ? QJsonValue(QJsonObject()) : inner;
    effective.argumentsText.reset();
    return effective;
}

void ToolOrchestrator::decide(int index)
{
    Call &call = *m_calls[index];
    if (!call.routingProblem.isEmpty()) {
        finishCall(index, errorResult(call.call, call.routingProblem));
        return;
    }
    if (!call.tool) {
        finishCall(index, errorResult(call.call, QStringLiteral("There is no tool named \"%1\". The tools are: %2.")
                                                     .arg(call.effective.toolName, m_registry->names().join(QStringLiteral(", ")))));
        return;
    }
    if (call.tool->spec.routesCalls) {
        finishCall(index, errorResult(call.call, QStringLiteral("call_tool cannot call itself.")));
        return;
    }
    const QString problem = argumentsProblem(call.effective, call.tool->spec);
    if (!problem.isEmpty()) {
        finishCall(index, errorResult(call.call, problem));
        return;
    }
    call.request.callId = call.call.callId;
    call.request.toolName = call.effective.toolName;
    call.request.toolProviderId = call.tool->provider->id();
    call.request.arguments = call.effective.arguments;
    call.request.readOnly = call.tool->spec.readOnly;
    call.request.subject = call.tool->spec.approvalSubject ? call.tool->spec.approvalSubject(call.effective.arguments) : QString();

    switch (m_approvals->ruleFor(call.request.toolName, call.request.toolProviderId, call.request.readOnly,
                                 call.request.subject)) {
    case ApprovalRule::Allow:
        attempt(index);
        return;
    case ApprovalRule::Deny:
        finishCall(index, errorResult(call.call, QStringLiteral("Not run: the approval rules deny the tool \"%1\".")
                                                          .arg(ApprovalPolicy::ruleName(call.effective.toolName, call.request.subject))));
        return;
    case ApprovalRule::Ask:
        call.state = Call::State::AwaitingApproval;
        call.request.id = QStringLiteral("approval-%1").arg(++m_requestCounter);
        m_pendingApprovals.insert(call.request.id, index);
        Q_EMIT approvalRequested(call.request);
        return;
    }
}

bool ToolOrchestrator::resolveApproval(const QString &requestId, const ApprovalDecision &decision)
{
    const auto it = m_pendingApprovals.constFind(requestId);
    if (it == m_pendingApprovals.constEnd())
        return false;
    const int index = *it;
    m_pendingApprovals.erase(it);
    Call &call = *m_calls[index];
    QString answer;
    if (!decision.allow)
        answer = QStringLiteral("deny");
    else if (decision.scope == ApprovalScope::Once)
        answer = QStringLiteral("allow-once");
    else if (decision.scope == ApprovalScope::Session)
        answer = QStringLiteral("allow-session");
    else
        answer = QStringLiteral("allow-always");
    // An "always" that cannot be written still applies to this session; the person is told.
    const Result<void> remembered = m_approvals->remember(call.request, decision);
    Q_EMIT approvalResolved(call.request, answer);
    if (remembered.hasError())
        Q_EMIT warning(remembered.error());

    if (!decision.allow) {
        QString text = QStringLiteral("The user denied this call of \"%1\"; it was not run.").arg(call.effective.toolName);
        if (!decision.reason.trimmed().isEmpty())
            text += QLatin1Char(' ') + QStringLiteral("Their reason: %1").arg(decision.reason.trimmed());
        finishCall(index, errorResult(call.call, text));
        return true;
    }
    // Answers given "for this session" or "always" also settle other calls of that tool that
    // are still waiting in this batch.
    if (decision.scope != ApprovalScope::Once) {
        const QList<QString> pending = m_pendingApprovals.keys();
        for (const QString &other : pending) {
            const int otherIndex = m_pendingApprovals.value(other);
            if (m_calls[otherIndex]->effective.toolName == call.effective.toolName) {
                m_pendingApprovals.remove(other);
                Q_EMIT approvalResolved(m_calls[otherIndex]->request, answer);
                attempt(otherIndex);
            }
        }
    }
    attempt(index);
    return true;
}

void ToolOrchestrator::attempt(int index)
{
    Call &call = *m_calls[index];
    call.state = Call::State::Running;
    // The duration reported is the tool's own (retries included), not the wait for a person.
    if (!call.clock.isValid())
        call.clock.start();
    ++call.attempts;
    Q_EMIT executionStarted(call.effective, call.attempts);
    ToolContext context = m_context;
    context.callId = call.call.callId;
    ToolInvocation *invocation = call.tool->provider->invoke(call.effective.toolName, call.effective.arguments, context, this);
    call.invocation = invocation;
    connect(invocation, &ToolInvocation::outputReceived, this, [this, index, invocation](const QString &text) {
        const Call &current = *m_calls[index];
        if (current.invocation == invocation && current.state == Call::State::Running)
            Q_EMIT callOutput(current.effective, text);
    });
    connect(invocation, &ToolInvocation::progressReported, this,
            [this, index, invocation](double progress, double total, const QString &message) {
                const Call &current = *m_calls[index];
                if (current.invocation == invocation && current.state == Call::State::Running)
                    Q_EMIT callProgress(current.effective, progress, total, message);
            });
    connect(invocation, &ToolInvocation::interactionRequested, this,
            [this, index, invocation](const ToolInteraction &asked) {
                const Call &current = *m_calls[index];
                if (current.invocation != invocation || current.state != Call::State::Running)
                    return;
                ToolInteraction interaction = asked;
                interaction.id = QStringLiteral("interaction-%1").arg(++m_interactionCounter);
                m_pendingInteractions.insert(interaction.id, {index, asked.id});
                Q_EMIT interactionRequested(current.effective, interaction);
            });
    connect(invocation, &ToolInvocation::finished, this, [this, index, invocation](const Part &rawResult) {
        Call &current = *m_calls[index];
        if (current.invocation != invocation || current.state != Call::State::Running)
            return;
        current.invocation = nullptr;
        invocation->deleteLater();
        Part result = rawResult;
        result.kind = PartKind::ToolResult;
        result.callId = current.call.callId;
        if (result.toolName.isEmpty())
            result.toolName = current.call.toolName;
        if (result.isError && invocation->isRetryable()) {
            if (const auto delay = m_retry.delayBefore(current.attempts, invocation->retryAfter())) {
                current.state = Call::State::RetryWait;
                current.result = result;
                Q_EMIT retrying(current.call, current.attempts + 1, qint64(delay->count()), result);
                current.retryTimer.disconnect();
                connect(&current.retryTimer, &QTimer::timeout, this, [this, index] { attempt(index); });
                current.retryTimer.start(*delay);
                return;
            }
        }
        finishCall(index, result);
    });
}

bool ToolOrchestrator::answerInteraction(const QString &requestId, const ToolInteractionAnswer &answer)
{
    const auto it = m_pendingInteractions.constFind(requestId);
    if (it == m_pendingInteractions.constEnd())
        return false;
    const PendingInteraction pending = *it;
    m_pendingInteractions.erase(it);
    Call &call = *m_calls[pending.index];
    Q_EMIT interactionResolved(call.effective, requestId, ToolInteractionAnswer::actionName(answer.action));
    if (call.invocation && call.state == Call::State::Running)
        call.invocation->answerInteraction(pending.invocationId, answer);
    return true;
}

void ToolOrchestrator::dropInteractions(int index)
{
    const QList<QString> ids = m_pendingInteractions.keys();
    for (const QString &id : ids) {
        if (m_pendingInteractions.value(id).index != index)
            continue;
        m_pendingInteractions.remove(id);
        Q_EMIT interactionResolved(m_calls[index]->effective, id, ToolInteractionAnswer::actionName(ToolInteractionAnswer::Action::Cancel));
    }
}

void ToolOrchestrator::finishCall(int index, const Part &result)
{
    Call &call = *m_calls[index];
    if (call.state == Call::State::Done)
        return;
    dropInteractions(index);
    call.state = Call::State::Done;
    call.retryTimer.stop();
    call.result = result;
    Q_EMIT callFinished(call.call, result, call.clock.isValid() ? call.clock.elapsed() : 0, call.attempts);
    if (!m_parallel)
        startNextSequential();
    maybeFinishBatch();
}

void ToolOrchestrator::maybeFinishBatch()
{
    if (!m_running)
        return;
    QList<Part> results;
    for (const auto &call : m_calls) {
        if (call->state != Call::State::Done)
            return;
        results.append(call->result);
    }
    m_running = false;
    Q_EMIT batchFinished(results);
}

void ToolOrchestrator::stopInvocation(Call &call)
{
    if (!call.invocation)
        return;
    ToolInvocation *invocation = call.invocation;
    call.invocation = nullptr;
    invocation->disconnect(this);
    invocation->cancel();
    invocation->deleteLater();
}

void ToolOrchestrator::cancel()
{
    if (!m_running)
        return;
    // Answer everything first, then report once: finishCall() would otherwise start the next
    // sequential call.
    const bool wasParallel = m_parallel;
    m_parallel = true;
    m_nextSequential = int(m_calls.size());
    for (int i = 0; i < int(m_calls.size()); ++i) {
        Call &call = *m_calls[i];
        QString text;
        switch (call.state) {
        case Call::State::Done:
            continue;
        case Call::State::Waiting:
            text = QStringLiteral("[interrupted: the turn was stopped before this call ran]");
            break;
        case Call::State::AwaitingApproval:
            text = QStringLiteral("[interrupted: the turn was stopped while this call waited for approval; it was not run]");
            break;
        case Call::State::Running:
        case Call::State::RetryWait:
            text = QStringLiteral("[interrupted: the user stopped this call while it ran]");
            stopInvocation(call);
            break;
        }
        finishCall(i, errorResult(call.call, text));
    }
    m_pendingApprovals.clear();
    m_parallel = wasParallel;
    maybeFinishBatch();
}

bool ToolOrchestrator::cancelCall(const QString &callId)
{
    for (int i = 0; i < int(m_calls.size()); ++i) {
        Call &call = *m_calls[i];
        if (call.call.callId != callId || (call.state != Call::State::Running && call.state != Call::State::RetryWait))
            continue;
        call.retryTimer.stop();
        stopInvocation(call);
        finishCall(i, errorResult(call.call, QStringLiteral("[killed: the user stopped this call while it ran]")));
        return true;
    }
    return false;
}

} // namespace valis
