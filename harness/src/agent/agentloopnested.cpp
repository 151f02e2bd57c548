// The agent loop's side of nested tool calls (code mode): the batch context that offers the
// ToolCaller, children's events forwarded as the session's, and children stopped with their
// parent.
#include "agent/agentloop.h"
#include "agent/agentloopsupport.h"

#include "valis/agent/session.h"
#include "valis/agent/toolregistry.h"

#include <QJsonArray>

namespace valis {

void AgentLoop::connectToolCaller()
{
    m_toolCaller.setRetryPolicy(m_session->config().toolRetry);
    connect(&m_toolCaller, &OrchestratedToolCaller::eventOccurred, this, [this](const SessionEvent &child) {
        SessionEvent event = child;
        event.step = m_step;
        if (event.kind == SessionEvent::Kind::InteractionRequested || event.kind == SessionEvent::Kind::InteractionResolved)
            m_session->trackInteraction(event, event.kind == SessionEvent::Kind::InteractionRequested);
        m_session->emitEvent(event);
    });
    connect(&m_toolCaller, &OrchestratedToolCaller::warning, this, [this](const Error &error) {
        report(SessionEvent::Kind::Warning, error);
    });
    // Whatever ended the parent (its result, an interrupt, a kill), its children end with it.
    connect(&m_orchestrator, &ToolOrchestrator::callFinished, &m_toolCaller,
            [this](const Part &call, const Part &, qint64, int) { m_toolCaller.parentFinished(call.callId); });
}

ToolContext AgentLoop::batchContext()
{
    ToolContext context = m_session->toolContext();
    context.deferredTools = m_session->tools()->deferredSpecs();
    m_toolCaller.setBaseContext(context);
    m_toolCaller.setOfferedTools(m_offeredTools);
    QSet<QString> unreachable;
    for (const QJsonValue &tool : m_session->config().clientTools)
        unreachable.insert(tool.toObject().value(QLatin1String("name")).toString());
    // Held back from requests, so not offered to scripts either (the declarations stay small).
    for (const ToolSpec &deferred : std::as_const(context.deferredTools))
        unreachable.insert(deferred.name);
    m_toolCaller.setExcludedTools(unreachable);
    CaptureScope scope;
    scope.agentId = m_session->config().agentId;
    scope.sessionId = m_session->id();
    scope.turn = m_turn;
    m_toolCaller.setResultCapture(m_session->resultCapture(), scope);
    context.toolCaller = &m_toolCaller;
    return context;
}

} // namespace valis
