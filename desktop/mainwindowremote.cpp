// The remote machine parts of the main window: the commands dock's machine line and its "Bring
// files back" button, and closing the window only once the session's machine is released.
#include "mainwindow.h"
#include "windowlayout.h"

#include "conversationcontroller.h"
#include "remotemachinecontroller.h"
#include "remotemachineview.h"
#include "sandboxpane.h"

#include <QDockWidget>
#include <QStatusBar>
#include <QTimer>

namespace valis {

namespace {
/// How long closing waits for the machine to be released before it closes anyway (the
/// machine's record stays, so `valis-cli sandbox cleanup` finds it).
constexpr std::chrono::seconds CloseWait{60};
/// The same for a window destroyed without closing: the GUI is gone, the wait blocks.
constexpr std::chrono::seconds DestroyWait{15};
} // namespace

void MainWindow::connectRemoteMachines()
{
    RemoteMachineView *view = m_sandbox->remoteView();
    RemoteMachineController *remote = m_conversation->remoteMachines();
    connect(m_conversation, &ConversationController::remoteMachineChanged, view, &RemoteMachineView::setMachine);
    connect(view, &RemoteMachineView::pullRequested, m_conversation, &ConversationController::pullRemoteFiles);
    connect(remote, &RemoteMachineController::workingChanged, view, &RemoteMachineView::setWorking);
    connect(remote, &RemoteMachineController::pullFinished, view, &RemoteMachineView::showPullReport);
    connect(remote, &RemoteMachineController::attachedChanged, this, [this](bool attached) {
        // The machine the session now runs on is worth seeing, as the commands are.
        if (attached)
            WindowLayout::bringDockForward(this, QStringLiteral("sandboxDock"));
    });
    // So is a machine that cannot be had (a missing key, a refused request): the dock says why.
    connect(m_conversation, &ConversationController::remoteMachineChanged, this,
            [this](const QString &description, bool warning, bool) {
        if (warning && !description.isEmpty())
            WindowLayout::bringDockForward(this, QStringLiteral("sandboxDock"));
    });
}

bool MainWindow::readyToClose()
{
    if (m_remoteReleased || !m_conversation || !m_conversation->hasRemoteMachine())
        return true;
    if (!m_releasingRemote)
        m_remoteWillBeDeleted = m_conversation->remoteMachines()->willDelete();
    statusBar()->showMessage(m_remoteWillBeDeleted ? tr("Bringing files back and deleting the remote machine before closing…")
                                                   : tr("Bringing files back from the remote machine before closing…"));
    if (m_releasingRemote)
        return false;
    m_releasingRemote = true;
    QPointer<MainWindow> self(this);
    const auto closeNow = [self] {
        if (!self || self->m_remoteReleased)
            return;
        self->m_remoteReleased = true;
        self->close();
    };
    m_conversation->releaseRemoteMachine(closeNow);
    QTimer::singleShot(CloseWait, this, closeNow);
    return false;
}

void MainWindow::releaseRemoteMachinesNow()
{
    if (!m_conversation || !m_conversation->hasRemoteMachine())
        return;
    // Before the plugins go: the machine's service is one of them.
    m_conversation->releaseRemoteMachine({});
    m_conversation->remoteMachines()->waitForJobs(DestroyWait);
}

} // namespace valis
