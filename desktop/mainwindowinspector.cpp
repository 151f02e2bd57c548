// The context inspector in the main window: the dock, opened from the context gauge (the last
// request of the shown session) and from "What did the model see?" on an answer (the request
// that produced it).
#include "mainwindow.h"

#include "contextmeter.h"
#include "conversationcontroller.h"
#include "conversationview.h"
#include "inspectordock.h"

#include "valis/plugins/pluginmanager.h"

#include <QDockWidget>
#include <QStatusBar>

namespace valis {

void MainWindow::buildInspector()
{
    m_inspector = new InspectorDock(m_locations, this);
    addDockWidget(Qt::RightDockWidgetArea, m_inspector);
    // A tab beside Commands: raised, it has the side's full height for its lists.
    if (auto *commands = findChild<QDockWidget *>(QStringLiteral("sandboxDock")))
        tabifyDockWidget(commands, m_inspector);
    m_inspector->hide(); // comes forward when asked for a request
    connect(this, &MainWindow::pluginsLoaded, m_inspector, [this] { m_inspector->setPlugins(m_plugins.get()); });
    connect(m_contextMeter, &ContextMeter::activated, this, [this] {
        if (m_shownSession.isEmpty()) {
            statusBar()->showMessage(tr("No session is shown, so there is no request to inspect."), 5000);
            return;
        }
        m_inspector->showQuery({m_shownSession, 0, {}});
    });
    // A turn of the inspected session ended while its last request was shown: show the new last.
    connect(m_conversation, &ConversationController::turnFinished, m_inspector, [this](const QString &sessionId) {
        if (m_inspector->isVisible() && sessionId == m_inspector->sessionId() && m_inspector->showsLastRequest())
            m_inspector->showQuery({sessionId, 0, {}});
    });
    connect(m_transcript, &ConversationView::inspectRequested, this, [this](const QString &messageId) {
        if (!m_shownSession.isEmpty())
            m_inspector->showQuery({m_shownSession, 0, messageId});
    });
}

} // namespace valis
