// Session commands around history strategies and forks: switching the history strategy
// mid-session, and receiving a fork's report.
#include "valis/agent/session.h"

namespace valis {

Result<void> Session::setHistoryStrategy(const QString &name)
{
    const Result<QList<ContextStrategy *>> strategies = m_config.history.strategiesFor(name);
    if (strategies.hasError()) {
        SessionEvent warning;
        warning.kind = SessionEvent::Kind::Warning;
        warning.error = strategies.error();
        emitEvent(warning);
        return strategies.error();
    }
    if (name == m_historyStrategy)
        return success();
    // Recorded first: a reopened session, and every later build, go by the record.
    const Result<Message> stored = append(historyStrategyMessage(name));
    if (stored.hasError())
        return stored.error();
    useHistory(name, strategies.value());
    return success();
}

void Session::useHistory(const QString &name, const QList<ContextStrategy *> &strategies)
{
    m_historyStrategy = name;
    m_config.historyStrategy = name;
    m_config.strategies = strategies;
    m_pipeline->setStrategies(strategies);
    // The section that says how to look back belongs to the strategies in use; the prefix is
    // rebuilt with them anyway.
    m_systemPrompt = composeSystemPrompt();
}

Result<void> Session::receiveForkReport(const Message &report)
{
    if (isBusy()) {
        m_pendingReports.append(report);
        return success();
    }
    const Result<Message> stored = append(report);
    if (stored.hasError())
        return stored.error();
    return success();
}

void Session::deliverForkReports()
{
    if (isBusy())
        return; // a new turn began at once: the reports wait for its end
    const QList<Message> reports = m_pendingReports;
    m_pendingReports.clear();
    for (const Message &report : reports) {
        const Result<Message> stored = append(report);
        if (stored.hasError()) {
            SessionEvent warning;
            warning.kind = SessionEvent::Kind::Warning;
            warning.error = stored.error();
            emitEvent(warning);
        }
    }
}

} // namespace valis
