// The main window's Agents dock: it follows the open session's background agents, and opens a
// child session when asked.
#include "mainwindow.h"

#include "agentspane.h"
#include "conversationcontroller.h"
#include "valis/agent/session.h"

#include <QDockWidget>

namespace valis {

void MainWindow::buildAgentsPane()
{
    auto *pane = new AgentsPane(this);
    pane->setObjectName(QStringLiteral("agentsPane"));
    auto *dock = new QDockWidget(tr("Agents"), this);
    dock->setObjectName(QStringLiteral("agentsDock"));
    dock->setWidget(pane);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    if (auto *commands = findChild<QDockWidget *>(QStringLiteral("sandboxDock"))) {
        tabifyDockWidget(commands, dock);
        commands->raise();
    }
    // The live session changes when a turn opens one; these say when to look again.
    const auto follow = [this, pane] {
        Session *session = m_conversation->session();
        pane->setAgents(session ? session->backgroundAgents() : nullptr);
    };
    connect(m_conversation, &ConversationController::recordChanged, pane, follow);
    connect(m_conversation, &ConversationController::turnFinished, pane, follow);
    connect(m_conversation, &ConversationController::totalsChanged, pane, follow);
    connect(pane, &AgentsPane::openSessionRequested, this, [this](const QString &sessionId) { selectSession(sessionId); });
}

} // namespace valis
