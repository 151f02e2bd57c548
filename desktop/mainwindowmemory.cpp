// The shell's side of offline memory processing: sessions are learned from once they go quiet,
// and the memory dock gets a tab with the recommendations and what was learned.
#include "conversationcontroller.h"
#include "mainwindow.h"
#include "panes/memorybrowserpane.h"
#include "panes/memoryprocessingcontroller.h"
#include "panes/memoryprocessingpane.h"

#include <QDockWidget>

namespace valis {

void MainWindow::buildMemoryProcessing()
{
    m_memoryProcessing = new MemoryProcessingController(m_locations, this);
    if (const QByteArray idle = qgetenv("VALIS_MEMORY_IDLE_MS"); !idle.isEmpty())
        m_memoryProcessing->setIdleInterval(idle.toInt());
    m_memoryLearned = new MemoryProcessingPane(m_memoryProcessing, this);
    auto *dock = new QDockWidget(tr("Learned"), this);
    dock->setObjectName(QStringLiteral("memoryLearnedDock"));
    dock->setWidget(m_memoryLearned);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    if (auto *memoryDock = findChild<QDockWidget *>(QStringLiteral("memoryDock")))
        tabifyDockWidget(memoryDock, dock);
    // Every stored turn restarts the idle timer; the job runs once the sessions went quiet.
    connect(m_conversation, &ConversationController::recordChanged, m_memoryProcessing, &MemoryProcessingController::noteActivity);
    connect(m_memoryProcessing, &MemoryProcessingController::finished, this, [this] {
        if (m_memory->isVisible())
            m_memory->refresh();
    });
    connect(m_memoryProcessing, &MemoryProcessingController::decided, this, [this] {
        if (m_memory->isVisible())
            m_memory->refresh(); // an accepted AGENTS.md line or deletion
    });
    connect(dock, &QDockWidget::visibilityChanged, m_memoryProcessing, [this](bool visible) {
        if (visible)
            m_memoryProcessing->refresh();
    });
}

} // namespace valis
