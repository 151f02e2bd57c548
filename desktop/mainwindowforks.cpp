// MainWindow: "Fork from here" on a message of the conversation. The store's thread makes the
// fork; the session list shows it under its parent and selects it, and the composer waits for
// the fork's first request.
#include "mainwindow.h"

#include "composerwidget.h"
#include "conversationview.h"
#include "storeworker.h"

#include <QPlainTextEdit>
#include <QStatusBar>

namespace valis {

void MainWindow::connectForks()
{
    connect(m_transcript, &ConversationView::forkRequested, this, [this](const QString &messageId) {
        if (!m_shownSession.isEmpty())
            Q_EMIT requestFork(m_shownSession, messageId);
    });
    connect(this, &MainWindow::requestFork, m_worker, &StoreWorker::forkSession);
    connect(m_worker, &StoreWorker::sessionForked, this, [this](const SessionInfo &fork) {
        m_sessionToSelect = fork.id;
        statusBar()->showMessage(tr("Forked into \"%1\": write its first request below; its answer is reported to "
                                    "the session it came from.").arg(fork.title),
                                 10000);
        Q_EMIT requestSessions();
        m_composer->editor()->setFocus();
    });
}

} // namespace valis
