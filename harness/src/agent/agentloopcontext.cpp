// The agent loop's side of context management: the views the ContextPipeline builds, the
// compact command, and summaries prepared in the background, recorded only between requests.
#include "agent/agentloop.h"
#include "agent/agentloopsupport.h"

#include "valis/agent/session.h"

namespace valis {

using agentloop::makeEvent;
using Text = agentloop::Text;

void AgentLoop::compactNow(int turn)
{
    if (m_state != State::Idle)
        return;
    m_compactOnly = true;
    m_turn = turn;
    m_step = 0;
    m_forceCompaction = true;
    sendRequest();
}

void AgentLoop::onViewBuilt(const ContextView &view)
{
    if (m_state != State::Building)
        return;
    m_session->reportView(view, m_compactOnly ? -1 : m_step);
    if (!view.summaryRequests.isEmpty()) {
        const ProviderRequest live = requestFor(view);
        for (const auto &[strategyId, request] : view.summaryRequests) {
            // The runner ignores a request it has seen, so the first branch to ask keeps it.
            if (!m_summaryBranches.contains(request.id))
                m_summaryBranches.insert(request.id, m_session->activeLeafId());
            m_summaries->queue(strategyId, request, live);
        }
    }
    if (m_compactOnly)
        m_compactionEvents += int(view.compactions.size());
    if (view.waitForSummary && m_summaries->isBusy()) {
        // Only the summary being prepared can bring the view under the strategy's last
        // threshold; sending now would overflow. It was queued behind a live answer that will
        // not come, so it starts now.
        m_state = State::WaitingForSummary;
        SessionEvent waiting = makeEvent(SessionEvent::Kind::Warning, m_step);
        waiting.error = Error(QStringLiteral("context.waiting-for-summary"),
                              Text::tr("the context is nearly full; waiting for the summary of its oldest part"));
        m_session->emitEvent(waiting);
        m_summaries->startQueued();
        return;
    }
    if (m_compactOnly) {
        m_compactOnly = false;
        m_state = State::Idle;
        SessionEvent finished = makeEvent(SessionEvent::Kind::CompactionFinished, -1);
        finished.details = {{QStringLiteral("events"), std::exchange(m_compactionEvents, 0)},
                            {QStringLiteral("requestTokens"), view.requestTokens},
                            {QStringLiteral("contextWindow"), view.contextWindow}};
        m_session->emitEvent(finished);
        m_summaries->startQueued();
        return;
    }
    send(view);
}

void AgentLoop::recordPreparedSummaries()
{
    const QList<CompactionEvent> prepared = std::exchange(m_preparedSummaries, {});
    for (const CompactionEvent &event : prepared) {
        const QString requestId = event.state.value(QLatin1String("requestId")).toString();
        const QString branchLeaf = m_summaryBranches.take(requestId);
        const Result<Message> stored = m_session->appendOnBranchOf(branchLeaf, event.toMessage());
        if (stored.hasError())
            report(SessionEvent::Kind::Warning, stored.error());
        // Recorded on a branch the session has left: the active one may ask for the same
        // summary of its own messages (the request id names an epoch, not a branch).
        if (stored.ok() && stored->id != m_session->activeLeafId())
            m_summaries->forget(requestId);
    }
}

void AgentLoop::onSummaryPrepared(const CompactionEvent &event, const Usage &usage)
{
    const SessionConfig &config = m_session->config();
    if (!usage.isEmpty()) {
        // A summary is billed like any request; its prefix was read from the cache.
        const std::optional<double> cost = config.catalog.cost(config.model, usage).total();
        m_session->mutableTotals().add(usage, cost);
        SessionEvent used = makeEvent(SessionEvent::Kind::UsageReported, m_step);
        used.usage = usage;
        used.cost = cost;
        used.totals = m_session->totals();
        used.details = {{QStringLiteral("purpose"), QStringLiteral("summary")}};
        m_session->emitEvent(used);
    }
    const QString error = event.state.value(QLatin1String("error")).toString();
    if (!error.isEmpty()) {
        report(SessionEvent::Kind::Warning,
               Error(QStringLiteral("context.summary-failed"),
                     Text::tr("the model could not summarise the oldest part of the context (%1); an extractive summary "
                              "is used instead")
                         .arg(error)));
    }
    CompactionEvent recorded = event;
    recorded.turn = m_turn;
    m_preparedSummaries.append(recorded);
    // The record takes it between requests, never between a tool call and its results.
    switch (m_state) {
    case State::Idle:
        recordPreparedSummaries();
        break;
    case State::WaitingForSummary:
        if (!m_summaries->isBusy()) {
            if (m_compactOnly)
                m_forceCompaction = true;
            sendRequest();
        }
        break;
    default:
        break;
    }
}

} // namespace valis
