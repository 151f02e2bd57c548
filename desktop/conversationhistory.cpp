// ConversationController: the history strategy of the shown session (the composer's selector,
// recorded through Session::setHistoryStrategy()), and a fork's report to its parent when a turn
// of the fork ends.
#include "conversationcontroller.h"

#include "composerwidget.h"
#include "historylabels.h"

#include "valis/agent/fork.h"
#include "valis/agent/session.h"
#include "valis/context/contextsettings.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/store/sessionstore.h"

#include <QSettings>

namespace valis {

namespace {
const QString HistoryKey = QStringLiteral("history");
} // namespace

void ConversationController::offerHistoryStrategies()
{
    if (!m_plugins)
        return;
    const Result<ContextSettings> settings = ContextSettings::load(m_locations.contextSettingsPath());
    const ContextSettings context = settings.ok() ? settings.value() : ContextSettings();
    m_defaultHistory = context.history.isEmpty() ? HistoryStrategies::regular() : context.history;
    const HistoryStrategies history = HistoryStrategies::from(context.select(m_plugins->strategies(), nullptr), m_plugins->strategies());
    m_composer->setHistoryStrategies(history.installed(), shownHistoryStrategy());
}

QString ConversationController::shownHistoryStrategy() const
{
    if (m_session && m_session->id() == m_sessionId && !m_sessionId.isEmpty())
        return m_session->historyStrategy();
    if (!m_pendingHistory.isEmpty())
        return m_pendingHistory;
    if (m_sessionId.isEmpty())
        return m_defaultHistory;
    // What the session last ran with here; the record says for sure once the session opens.
    QSettings settings(m_locations.desktopSettingsPath(), QSettings::IniFormat);
    settings.beginGroup(QStringLiteral("session-") + m_sessionId);
    return settings.value(HistoryKey, HistoryStrategies::regular()).toString();
}

void ConversationController::rememberHistoryStrategy(const QString &sessionId, const QString &name) const
{
    if (sessionId.isEmpty())
        return;
    QSettings settings(m_locations.desktopSettingsPath(), QSettings::IniFormat);
    settings.beginGroup(QStringLiteral("session-") + sessionId);
    settings.setValue(HistoryKey, name);
}

void ConversationController::chooseHistoryStrategy(const QString &name)
{
    if (m_session && m_session->id() == m_sessionId && !m_sessionId.isEmpty()) {
        // Open here: recorded now, and the next request is built with it.
        const Result<void> switched = m_session->setHistoryStrategy(name);
        if (switched.hasError()) {
            fail(switched.error().message);
            m_composer->setHistoryStrategy(m_session->historyStrategy());
            return;
        }
        rememberHistoryStrategy(m_sessionId, name);
        m_composer->setStatus(tr("The next request shows the history as: %1.").arg(historyStrategyLabel(name)));
        return;
    }
    // Recorded when the session opens for its next turn (a new one: its first).
    m_pendingHistory = name;
}

QString ConversationController::takePendingHistoryStrategy()
{
    return std::exchange(m_pendingHistory, QString());
}

void ConversationController::sessionOpened()
{
    rememberHistoryStrategy(m_session->id(), m_session->historyStrategy());
    m_composer->setHistoryStrategy(m_session->historyStrategy());
}

void ConversationController::reportToParent(const QString &reason)
{
    if (!m_session || !isFork(m_session->info()) || m_session->info().parentSessionId.isEmpty())
        return;
    SessionStore *sessionStore = store();
    if (!sessionStore)
        return;
    const QList<Message> &path = m_session->activePath();
    const int turn = path.isEmpty() ? -1 : path.constLast().turn;
    const Message report = forkReportMessage(m_session->info(), turnAnswer(path, turn), reason);
    // The parent is not open here (one session runs at a time): its record takes the report,
    // and its next turn reads it.
    const Result<Message> appended = appendForkReport(sessionStore, m_session->info().parentSessionId, report);
    if (appended.hasError())
        fail(tr("The fork's answer could not be reported to its parent: %1").arg(appended.error().message));
    else
        Q_EMIT recordChanged(m_session->info().parentSessionId);
}

} // namespace valis
