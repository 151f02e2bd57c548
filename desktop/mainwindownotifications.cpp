// MainWindow's desktop notifications: a turn ended, an approval waits, a command or a background
// agent failed, while the window is in the background (DesktopNotifier decides whether to show).
#include "mainwindow.h"

#include "conversationcontroller.h"
#include "desktopnotifier.h"
#include "sessionlistmodel.h"

#include "valis/agent/session.h"
#include "valis/plugins/backgroundagents.h"

#include <QHash>
#include <QPointer>
#include <QSet>
#include <QStatusBar>

#include <memory>

namespace valis {

namespace {

/// The live session the notifications listen to, and what they said already.
struct NotificationState
{
    QPointer<Session> session;
    QMetaObject::Connection events;
    QMetaObject::Connection agents;
    QHash<QString, QString> commands; ///< running commands: call id -> command line
    QSet<QString> failedAgents;       ///< background agents already reported as failed
};

} // namespace

void MainWindow::buildNotifications()
{
    m_notifier = new DesktopNotifier(this, m_locations);
    connect(m_notifier, &DesktopNotifier::failed, this, [this](const Error &error) {
        statusBar()->showMessage(tr("Desktop notification not shown: %1").arg(error.toString()), 8000);
    });
    const auto titleOf = [this](const QString &sessionId) {
        Session *live = m_conversation->session();
        if (live && live->info().id == sessionId && !live->info().title.isEmpty())
            return live->info().title;
        const SessionInfo *listed = m_sessions->session(sessionId);
        return listed && !listed->title.isEmpty() ? listed->title : tr("Untitled session");
    };
    auto state = std::make_shared<NotificationState>();

    connect(m_conversation, &ConversationController::turnFinished, this, [this, titleOf](const QString &sessionId) {
        m_notifier->notify(titleOf(sessionId), tr("The turn has ended."));
    });
    connect(m_conversation, &ConversationController::commandStarted, this,
            [state](const QString &callId, const QString &, const QString &commandLine) { state->commands.insert(callId, commandLine); });
    connect(m_conversation, &ConversationController::commandFinished, this,
            [this, state, titleOf](const QString &callId, const QString &, bool isError, qint64) {
                const QString command = state->commands.take(callId);
                if (isError)
                    m_notifier->notify(titleOf(m_conversation->sessionId()), tr("A command failed: %1").arg(command));
            });
    // Approvals and background agents are the live session's: follow it as turns open sessions.
    const auto follow = [this, state, titleOf] {
        Session *live = m_conversation->session();
        if (live == state->session)
            return;
        disconnect(state->events);
        disconnect(state->agents);
        state->session = live;
        if (!live)
            return;
        state->events = connect(live, &Session::eventOccurred, this, [this, titleOf](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ApprovalRequested)
                m_notifier->notify(titleOf(event.sessionId), tr("A tool call waits for your approval: %1").arg(event.toolName));
        });
        if (BackgroundAgents *agents = live->backgroundAgents()) {
            state->agents = connect(agents, &BackgroundAgents::agentChanged, this, [this, state](const AgentInfo &info) {
                if ((info.state != AgentState::Failed && info.state != AgentState::OverBudget) || state->failedAgents.contains(info.handle))
                    return;
                state->failedAgents.insert(info.handle);
                m_notifier->notify(info.title.isEmpty() ? tr("Background agent") : info.title,
                                   tr("A background agent failed: %1").arg(info.answer.left(200)));
            });
        }
    };
    connect(m_conversation, &ConversationController::sessionCreated, this, follow);
    connect(m_conversation, &ConversationController::recordChanged, this, follow);
    connect(m_conversation, &ConversationController::totalsChanged, this, follow);
    connect(m_conversation, &ConversationController::turnFinished, this, follow);
}

} // namespace valis
