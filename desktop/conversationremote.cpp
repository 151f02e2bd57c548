// ConversationController: sessions that run on a remote machine (a RemoteSandbox such as
// Daytona). The machine is acquired before the session opens, so its commands and file tools
// see the machine's files; it is released (files brought back, deleted unless kept) when the
// session is switched away from, after an idle interval, or when the window closes.
#include "conversationcontroller.h"

#include "composerwidget.h"
#include "remotemachinecontroller.h"

#include "valis/agent/session.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/record/session.h"

namespace valis {

RemoteSandbox *ConversationController::chosenRemoteSandbox() const
{
    if (!m_plugins)
        return nullptr;
    // The chosen one, whether it runs yet or not: a remote sandbox runs nothing until it has
    // its key, which the keychain may hold.
    QString id = sessionChoice(m_sessionId).sandbox;
    if (id.isEmpty() && m_toolEnvironment)
        id = m_toolEnvironment->settings().sandbox();
    return dynamic_cast<RemoteSandbox *>(m_plugins->sandbox(id));
}

void ConversationController::connectRemote()
{
    m_remote = new RemoteMachineController(m_locations, m_keys.get(), this);
    connect(m_remote, &RemoteMachineController::progressed, this, [this](const QString &message) {
        // The composer hears what holds its turn back; a pull beside a turn is the dock's.
        if (m_preparing || !isBusy())
            m_composer->setStatus(message);
        Q_EMIT sandboxStatusChanged(message, false);
        Q_EMIT remoteMachineChanged(message, false, m_remote->isAttached());
    });
    connect(m_remote, &RemoteMachineController::machineChanged, this, [this](const QString &description, bool warning) {
        if (description.isEmpty())
            return; // released: released() says how
        Q_EMIT remoteMachineChanged(description, warning, m_remote->isAttached());
        Q_EMIT sandboxStatusChanged(tr("remote: %1").arg(description), warning);
    });
    connect(m_remote, &RemoteMachineController::failed, this, [this](const QString &message) {
        fail(message);
        Q_EMIT sandboxStatusChanged(message, true);
        Q_EMIT remoteMachineChanged(message, true, m_remote->isAttached());
    });
    connect(m_remote, &RemoteMachineController::released, this, [this](const QString &summary, bool warning) {
        // Where the next turn's commands run, then what became of the machine.
        refreshEnvironment();
        if (warning)
            Q_EMIT sandboxStatusChanged(summary, true);
        Q_EMIT remoteMachineChanged(summary, warning, false);
        if (!isBusy())
            m_composer->setStatus(summary);
    });
    connect(m_remote, &RemoteMachineController::pullFinished, this, [this](const QString &report, bool failed) {
        if (!isBusy())
            m_composer->setStatus(failed ? report : tr("Files brought back from the machine (see the Commands dock)."));
    });
    connect(m_remote, &RemoteMachineController::idle, this, [this] {
        // A turn that runs now will start the clock again when it ends.
        if (isBusy())
            return;
        m_session.reset();
        m_remote->release();
    });
}

void ConversationController::prepareRemote(const PendingTurn &turn, std::function<void(const Result<RemoteWorkspace *> &)> then)
{
    RemoteSandbox *wanted = chosenRemoteSandbox();
    if (m_remote->isAttached() && wanted == m_remote->sandbox() && m_remote->sessionId() == turn.target) {
        then(m_remote->workspace());
        return;
    }
    if (m_remote->isAttached() || m_remote->isWorking()) {
        // Another session's machine (or another service's): it goes first. Its session is
        // closed already (continueTurn()).
        QPointer<ConversationController> self(this);
        m_remote->release([self, turn, then] {
            if (self)
                self->prepareRemote(turn, then);
        });
        return;
    }
    if (!wanted) {
        then(nullptr);
        return;
    }
    m_composer->setStatus(tr("Preparing a %1 machine…").arg(wanted->displayName()));
    m_remote->attach(wanted, turn.target, turn.workspace, then);
}

void ConversationController::releaseRemoteIfUnused()
{
    if (!m_remote || !m_remote->isAttached() || isBusy())
        return;
    if (m_remote->sessionId() == m_sessionId && chosenRemoteSandbox() == m_remote->sandbox())
        return;
    // The session that used it is not shown any more (or runs elsewhere from its next turn).
    if (m_session && m_session->id() == m_remote->sessionId())
        m_session.reset();
    m_remote->release();
}

void ConversationController::pullRemoteFiles()
{
    m_remote->pull();
}

bool ConversationController::hasRemoteMachine() const
{
    return m_remote && (m_remote->isAttached() || m_remote->isWorking());
}

void ConversationController::releaseRemoteMachine(std::function<void()> done)
{
    QPointer<ConversationController> self(this);
    auto release = [self, done] {
        if (!self)
            return;
        self->m_session.reset();
        self->m_remote->release(done);
    };
    if (m_session && m_session->isBusy()) {
        // The machine runs the turn's commands: the turn stops first.
        m_afterTurn = release;
        m_session->interrupt();
        return;
    }
    if (m_preparing) {
        // Acquiring: the turn will not run, and the machine goes as soon as it is there.
        m_cancelPreparing = true;
        m_afterTurn = release;
        return;
    }
    release();
}

} // namespace valis
