// The main window's part in keeping vectors up to date: the runner starts with the plugins, runs
// again after turns, follows Settings; its progress and failures show in the status bar.
#include "mainwindow.h"

#include "conversationcontroller.h"
#include "embeddingrunner.h"
#include "embeddingstatus.h"

#include <QPointer>
#include <QStatusBar>

namespace valis {

void MainWindow::connectEmbeddings()
{
    m_embeddings = new EmbeddingRunner(m_locations, m_conversation->keys(), this);
    m_embeddingStatus = new EmbeddingStatus(m_embeddings, this);
    // Last, after the plugin status (index 0 is the store status, a normal widget, which Qt
    // refused with a warning at every start, appending it there anyway).
    statusBar()->addPermanentWidget(m_embeddingStatus);
    connect(this, &MainWindow::pluginsLoaded, m_embeddings, [this] { m_embeddings->reload(m_plugins.get()); });
    connect(m_conversation, &ConversationController::turnFinished, m_embeddings, &EmbeddingRunner::scheduleRun);
    m_conversation->setVectorRetrieverSource([runner = QPointer<EmbeddingRunner>(m_embeddings)] {
        return runner ? runner->vectorRetriever() : nullptr;
    });
}

} // namespace valis
