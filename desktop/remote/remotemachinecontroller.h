#pragma once

#include "valis/agent/remotesandboxsettings.h"
#include "valis/agent/remoteworkspace.h"
#include "valis/core/datalocations.h"
#include "valis/core/result.h"

#include <QHash>
#include <QList>
#include <QObject>

#include <chrono>
#include <functional>
#include <memory>

class QThreadPool;
class QTimer;

namespace valis {

class CredentialStore;
class RemoteSandbox;

/// The remote machine the shell's session runs on, when that session's sandbox is a
/// RemoteSandbox (Daytona, Runloop, Modal): one machine at a time, attached to one session.
///
/// It gets the machine (credentials from the keychain, then the variables; the session's own
/// machine again when it kept one, else one as config/sandboxes.json says, with the workspace
/// uploaded), keeps its description fresh, brings changed files back on request, and at the
/// end brings them back once more and deletes the machine if Valis created it and the settings
/// do not keep it. Every call into the RemoteWorkspace blocks on the network, so each runs on
/// the controller's one worker thread, one after another; the GUI thread only hears of results
/// through signals and callbacks. Lives on the GUI thread.
///
/// The Session that uses the machine (SessionConfig::sandbox, ::workspaceBackend) must be gone
/// before release(): the owner closes it first.
class RemoteMachineController : public QObject
{
    Q_OBJECT

public:
    RemoteMachineController(const DataLocations &locations, CredentialStore *keys, QObject *parent = nullptr);
    /// Waits a little for a job still running, then leaves it: the machine's record stays, so
    /// `valis-cli sandbox cleanup` finds what it could not finish. Does not delete the machine
    /// (release() does).
    ~RemoteMachineController() override;

    using Attached = std::function<void(const Result<RemoteWorkspace *> &)>;
    /// Gets session `sessionId` a machine of `sandbox` with `localWorkspace` on it, then calls
    /// `done` on this thread with the workspace, or with why not (nothing is left running
    /// then). Nothing may be attached already (release() first).
    void attach(RemoteSandbox *sandbox, const QString &sessionId, const QString &localWorkspace, Attached done);
    /// Brings the files changed on the machine back into the local workspace (pullFinished()).
    void pull();
    /// Ends the attachment: the files are brought back, then the machine is deleted when Valis
    /// created it and config/sandboxes.json does not keep it (a machine whose files could not
    /// be brought back is kept, and the person told). `done` runs on this thread afterwards,
    /// also when nothing was attached.
    void release(std::function<void()> done = {});
    /// Restarts the idle clock (a turn started or ended).
    void noteActivity();
    /// How long without a turn before idle() (instead of config/sandboxes.json's idleMinutes;
    /// zero: the settings' again).
    void setIdleInterval(std::chrono::milliseconds interval);
    /// How often the machine's state is asked for while attached (default 30 s).
    void setRefreshInterval(std::chrono::milliseconds interval);
    /// Blocks this thread until the worker's jobs are done, at most `limit`; false when one
    /// still runs. For the window's destructor, which cannot wait on signals.
    bool waitForJobs(std::chrono::milliseconds limit);

    /// Whether a machine is attached (and not being released).
    bool isAttached() const { return m_workspace && !m_releasing; }
    /// Whether release() will delete the machine (Valis created it and the settings do not keep it).
    bool willDelete() const { return isAttached() && m_workspace->recordData().createdByValis && !m_settings.keep; }
    /// Whether the controller is acquiring or releasing a machine, or bringing files back.
    bool isWorking() const { return m_jobs > 0 || m_attaching; }
    RemoteSandbox *sandbox() const { return m_sandbox; }
    /// The session the machine belongs to; empty when none is attached.
    QString sessionId() const;
    /// The machine's one-line description (RemoteWorkspace::describe(), as last refreshed).
    QString description() const { return m_description; }
    /// Whether the description is a warning (the machine does not run or cannot be reached).
    bool descriptionIsWarning() const { return m_descriptionWarning; }
    /// The attached workspace (nullptr when none): use it on this thread only for what does not
    /// block (filesystem(), machine() for the session's config).
    RemoteWorkspace *workspace() const { return m_workspace.get(); }

Q_SIGNALS:
    /// What acquiring, uploading or releasing is doing now ("creating a Daytona machine...").
    void progressed(const QString &message);
    /// The machine's line for the status bar and the commands dock changed: refreshed, or
    /// `warning` when the machine does not run or cannot be reached. Empty: none is attached.
    void machineChanged(const QString &description, bool warning);
    void attachedChanged(bool attached);
    void workingChanged(bool working);
    /// Acquiring, refreshing, bringing files back or deleting failed: the service's reason.
    void failed(const QString &message);
    /// What a pull did, one line per file (or why it failed, `failed` set).
    void pullFinished(const QString &report, bool failed);
    /// The machine is detached: `summary` says whether it was deleted or kept and why.
    void released(const QString &summary, bool warning);
    /// No turn for the settings' idleMinutes: the owner closes the session, then release().
    void idle();

private:
    /// Runs `work` on the worker thread; what it returns runs on this thread afterwards (unless
    /// the controller is gone by then).
    void runJob(std::function<std::function<void()>()> work);
    void changeJobs(int delta);
    void refresh();
    void attachResolved(RemoteSandbox *sandbox, const QString &sessionId, const QString &localWorkspace,
                        const RemoteSandboxSettings &settings, Attached done);

    DataLocations m_locations;
    CredentialStore *m_keys = nullptr;
    QThreadPool *m_pool = nullptr;   ///< one thread: jobs run in order
    QTimer *m_refresh = nullptr;
    QTimer *m_idle = nullptr;
    std::shared_ptr<RemoteWorkspace> m_workspace;
    RemoteSandbox *m_sandbox = nullptr;
    RemoteSandboxSettings m_settings;
    QString m_description;
    std::chrono::milliseconds m_idleInterval{0}; ///< set by setIdleInterval()
    bool m_descriptionWarning = false; ///< the machine does not run or cannot be reached
    int m_jobs = 0;
    bool m_attaching = false;
    bool m_releasing = false;
    QList<std::function<void()>> m_afterRelease; ///< release() asked again while releasing
};

} // namespace valis
