// The agent loop's side of tool calls: what the ToolOrchestrator reports, forwarded as
// SessionEvents, and a batch's results, captured into memory where they are large, then recorded.
#include "agent/agentloop.h"
#include "agent/agentloopsupport.h"

#include "valis/agent/session.h"
#include "valis/agent/toolregistry.h"
#include "valis/memory/resultcapture.h"

#include <QJsonArray>

namespace valis {

using agentloop::makeEvent;

void AgentLoop::connectOrchestrator()
{
    connect(&m_orchestrator, &ToolOrchestrator::approvalRequested, this, [this](const ApprovalRequest &request) {
        m_session->trackApproval(request, true);
        SessionEvent event = makeEvent(SessionEvent::Kind::ApprovalRequested, m_step);
        event.requestId = request.id;
        event.callId = request.callId;
        event.toolName = request.toolName;
        event.arguments = request.arguments;
        event.details = {{QStringLiteral("readOnly"), request.readOnly}, {QStringLiteral("provider"), request.toolProviderId}};
        if (!request.subject.isEmpty())
            event.details.insert(QStringLiteral("subject"), request.subject);
        m_session->emitEvent(event);
    });
    connect(&m_orchestrator, &ToolOrchestrator::approvalResolved, this,
            [this](const ApprovalRequest &request, const QString &answer) {
                m_session->trackApproval(request, false);
                SessionEvent event = makeEvent(SessionEvent::Kind::ApprovalResolved, m_step);
                event.requestId = request.id;
                event.callId = request.callId;
                event.toolName = request.toolName;
                event.text = answer;
                m_session->emitEvent(event);
            });
    connect(&m_orchestrator, &ToolOrchestrator::executionStarted, this, [this](const Part &call, int attempt) {
        SessionEvent event = makeEvent(SessionEvent::Kind::ToolExecutionStarted, m_step);
        event.callId = call.callId;
        event.toolName = call.toolName;
        event.arguments = call.arguments;
        event.attempt = attempt;
        if (const std::optional<RegisteredTool> tool = m_session->tools()->tool(call.toolName)) {
            event.details.insert(QStringLiteral("provider"), tool->provider->id());
            if (!tool->spec.title.isEmpty())
                event.details.insert(QStringLiteral("title"), tool->spec.title);
        }
        m_session->emitEvent(event);
    });
    connect(&m_orchestrator, &ToolOrchestrator::callProgress, this,
            [this](const Part &call, double progress, double total, const QString &message) {
                SessionEvent event = makeEvent(SessionEvent::Kind::ToolProgress, m_step);
                event.callId = call.callId;
                event.toolName = call.toolName;
                event.text = message;
                event.details.insert(QStringLiteral("progress"), progress);
                if (total >= 0)
                    event.details.insert(QStringLiteral("total"), total);
                m_session->emitEvent(event);
            });
    connect(&m_orchestrator, &ToolOrchestrator::interactionRequested, this,
            [this](const Part &call, const ToolInteraction &interaction) {
                SessionEvent event = makeEvent(SessionEvent::Kind::InteractionRequested, m_step);
                event.requestId = interaction.id;
                event.callId = call.callId;
                event.toolName = call.toolName;
                event.text = interaction.message;
                event.details = interactionDetails(interaction);
                m_session->trackInteraction(event, true);
                m_session->emitEvent(event);
            });
    connect(&m_orchestrator, &ToolOrchestrator::interactionResolved, this,
            [this](const Part &call, const QString &requestId, const QString &action) {
                SessionEvent event = makeEvent(SessionEvent::Kind::InteractionResolved, m_step);
                event.requestId = requestId;
                event.callId = call.callId;
                event.toolName = call.toolName;
                event.text = action;
                m_session->trackInteraction(event, false);
                m_session->emitEvent(event);
            });
    connect(&m_orchestrator, &ToolOrchestrator::callOutput, this, [this](const Part &call, const QString &text) {
        SessionEvent event = makeEvent(SessionEvent::Kind::ToolOutput, m_step);
        event.callId = call.callId;
        event.toolName = call.toolName;
        event.text = text;
        m_session->emitEvent(event);
    });
    connect(&m_orchestrator, &ToolOrchestrator::retrying, this,
            [this](const Part &call, int nextAttempt, qint64 delayMs, const Part &failed) {
                SessionEvent event = makeEvent(SessionEvent::Kind::Retrying, m_step);
                event.callId = call.callId;
                event.toolName = call.toolName;
                event.attempt = nextAttempt;
                event.delayMs = delayMs;
                QString text;
                for (const Part &part : failed.content)
                    text += part.text;
                event.error = Error(QStringLiteral("tool.retryable-failure"), text.left(400));
                m_session->emitEvent(event);
            });
    connect(&m_orchestrator, &ToolOrchestrator::callFinished, this,
            [this](const Part &call, const Part &result, qint64 durationMs, int attempts) {
                SessionEvent event = makeEvent(SessionEvent::Kind::ToolCallFinished, m_step);
                event.callId = call.callId;
                event.toolName = call.toolName;
                event.result = result;
                event.durationMs = durationMs;
                event.attempt = attempts;
                m_session->emitEvent(event);
            });
    connect(&m_orchestrator, &ToolOrchestrator::batchFinished, this, &AgentLoop::onBatchFinished);
    connect(&m_orchestrator, &ToolOrchestrator::warning, this, [this](const Error &error) {
        report(SessionEvent::Kind::Warning, error);
    });
}

QJsonObject AgentLoop::interactionDetails(const ToolInteraction &interaction)
{
    QJsonObject details{{QStringLiteral("kind"), ToolInteraction::kindName(interaction.kind)},
                        {QStringLiteral("source"), interaction.source}};
    if (!interaction.schema.isEmpty())
        details.insert(QStringLiteral("schema"), interaction.schema);
    if (interaction.url.isValid()) {
        details.insert(QStringLiteral("url"), interaction.url.toString());
        details.insert(QStringLiteral("host"), interaction.url.host());
    }
    if (!interaction.sampling.isEmpty())
        details.insert(QStringLiteral("sampling"), interaction.sampling);
    return details;
}

void AgentLoop::answerUnrun(const QList<Part> &calls, const QString &text)
{
    Message results;
    results.role = Role::Tool;
    for (const Part &call : calls) {
        Part result = Part::makeToolResultText(call.callId, text, true);
        result.toolName = call.toolName;
        results.parts.append(result);
    }
    const Result<Message> stored = m_session->append(results);
    if (stored.hasError()) {
        report(SessionEvent::Kind::Error, stored.error());
    }
}

QJsonArray AgentLoop::offeredTools() const
{
    const QJsonArray &client = m_session->config().clientTools;
    if (client.isEmpty())
        return m_session->tools()->definitions(m_offeredTools);
    // A client tool shadows an own tool of its name: its calls go to the client.
    QSet<QString> clientNames;
    for (const QJsonValue &tool : client)
        clientNames.insert(tool.toObject().value(QLatin1String("name")).toString());
    QJsonArray definitions;
    for (const QJsonValue &tool : m_session->tools()->definitions(m_offeredTools)) {
        if (!clientNames.contains(tool.toObject().value(QLatin1String("name")).toString()))
            definitions.append(tool);
    }
    for (const QJsonValue &tool : client)
        definitions.append(tool);
    return definitions;
}

bool AgentLoop::endsForClientTools(const QList<Part> &calls)
{
    if (calls.isEmpty() || m_session->config().clientTools.isEmpty())
        return false;
    // Their results come with the driver's next continueWith(). Calls to the session's own tools
    // in the same answer run first, so every call of the answer has its result before the next
    // request: the own ones recorded now, the driver's appended next to them.
    QSet<QString> clientNames;
    for (const QJsonValue &tool : m_session->config().clientTools)
        clientNames.insert(tool.toObject().value(QLatin1String("name")).toString());
    QList<Part> own;
    for (const Part &call : calls) {
        if (!clientNames.contains(call.toolName))
            own.append(call);
    }
    if (own.size() == calls.size())
        return false;
    if (own.isEmpty()) {
        finishTurn(QStringLiteral("client-tools"));
        return true;
    }
    m_endAfterBatch = true;
    m_state = State::Tools;
    m_batchCalls = own;
    m_orchestrator.run(own, batchContext());
    return true;
}

void AgentLoop::onBatchFinished(const QList<Part> &results)
{
    if (m_state != State::Tools)
        return;
    ResultCapture *capture = m_session->resultCapture();
    if (capture) {
        CaptureScope scope;
        scope.agentId = m_session->config().agentId;
        scope.sessionId = m_session->id();
        scope.turn = m_turn;
        QSet<QString> uncaptured;
        for (const RegisteredTool &tool : m_session->tools()->tools()) {
            if (tool.spec.keepResultsInContext)
                scope.keepInContext.insert(tool.spec.name);
            if (!tool.spec.captureResults)
                uncaptured.insert(tool.spec.name);
        }
        for (const Part &call : std::as_const(m_batchCalls)) {
            // Reading back what a context strategy moved to /context/ gets the bytes, not
            // another pointer to them.
            const QJsonObject arguments = call.arguments.toObject();
            const QString path = arguments.value(QLatin1String("path")).toString(arguments.value(QLatin1String("file_path")).toString());
            if (uncaptured.contains(call.toolName) || path.startsWith(QLatin1String("/context/")))
                scope.keepCallIds.insert(call.callId);
        }
        bool any = false;
        for (const Part &result : results)
            any = any || capture->wouldCapture(result, scope);
        if (any) {
            // Stored on a worker thread; an interrupt meanwhile ends the turn once they are recorded.
            m_state = State::Capturing;
            capture->capture(m_batchCalls, results, scope, [this](QList<Part> captured, QList<Error> warnings) {
                if (m_state != State::Capturing)
                    return;
                for (const Error &warning : std::as_const(warnings))
                    report(SessionEvent::Kind::Warning, warning);
                recordResults(captured);
            });
            return;
        }
    }
    recordResults(results);
}

void AgentLoop::recordResults(const QList<Part> &results)
{
    Message message;
    message.role = Role::Tool;
    // Child calls go with their parent's result (wire "valis"), so the record stays append-only.
    message.parts = m_toolCaller.takeChildren(results);
    const Result<Message> stored = m_session->append(message);
    if (stored.hasError()) {
        report(SessionEvent::Kind::Error, stored.error());
        finishTurn(QStringLiteral("error"));
        return;
    }
    if (m_interruptRequested) {
        finishTurn(QStringLiteral("interrupted"));
        return;
    }
    if (m_endAfterBatch) {
        m_endAfterBatch = false;
        finishTurn(QStringLiteral("client-tools"));
        return;
    }
    nextStep();
}

} // namespace valis
