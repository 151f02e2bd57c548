#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/sandbox.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>
#include <memory>

namespace valis {

class FilesystemBackend;

/// The label every machine Valis creates carries, with the session id as its value, so
/// leftovers can be found (`valis-cli sandbox list|cleanup`) and nothing else is ever deleted.
inline constexpr char RemoteSessionLabel[] = "valis-session";

/// What a session asks of a remote machine service.
struct VALIS_HARNESS_EXPORT RemoteMachineSpec
{
    QString sessionId;   ///< becomes the label valis-session=<id>
    /// An existing machine to attach to (it is then never deleted by Valis); empty: create one.
    QString reuseId;
    /// Image, snapshot or blueprint, in the service's terms ("python:3.12-slim", a Daytona
    /// snapshot name, a Runloop blueprint id); empty: the service's default.
    QString image;
    int cpus = 0;        ///< 0: the service's default
    int memoryGb = 0;    ///< 0: the service's default
    int diskGb = 0;      ///< 0: the service's default
    QHash<QString, QString> environment;
    QHash<QString, QString> labels; ///< besides valis-session
    /// How long creation may take until the machine runs commands.
    std::chrono::seconds readyTimeout{180};
    /// The service stops (or deletes) the machine after this long without activity, where it
    /// can; 0: never. A safety net for a Valis that dies before its cleanup.
    std::chrono::minutes idleTimeout{60};
};

/// What Valis knows of one remote machine, for the status bar, the commands dock and
/// `valis-cli sandbox list`.
struct VALIS_HARNESS_EXPORT RemoteMachineInfo
{
    QString sandboxId;     ///< the sandbox that runs it ("daytona")
    QString machineId;     ///< the service's id
    QString name;
    QString state;         ///< the service's own word ("started", "running", "stopped")
    bool running = false;  ///< whether it can run commands now
    QString image;
    double cpus = 0;
    double memoryGb = 0;
    double diskGb = 0;
    QDateTime createdAt;   ///< invalid when the service does not say
    QHash<QString, QString> labels;
    /// The absolute path of the workspace on the machine ("/home/daytona/workspace").
    QString workspacePath;

    /// The session that created it (its valis-session label); empty: not Valis's.
    QString sessionId() const { return labels.value(QString::fromLatin1(RemoteSessionLabel)); }
    /// "2 CPU, 4 GB memory, 10 GB disk" (what the service said; empty when it said nothing).
    QString resources() const;
};

/// The outcome of a command run to completion with RemoteMachine::run().
struct VALIS_HARNESS_EXPORT RemoteRunResult
{
    int exitCode = 0;
    QByteArray output;      ///< stdout (stdout and stderr together where the service merges them)
    QByteArray errorOutput; ///< stderr, where the service keeps it apart
};

/// One machine of a remote service, attached to one session: it runs the session's commands
/// (it is the Sandbox the session uses) and holds the session's workspace.
///
/// start() maps SandboxCommand::workspace (the local workspace) to info().workspacePath and a
/// working directory under it to the same place under the remote path, so tools need not know
/// where the machine keeps the files. Owned by whoever acquired it; deleting it does not delete
/// the machine (release() through the RemoteSandbox does).
class VALIS_HARNESS_EXPORT RemoteMachine : public Sandbox
{
public:
    ~RemoteMachine() override;

    Capabilities capabilities() const override;
    Result<void> checkAvailable() const override;

    /// What was last learnt about the machine (at acquire() or refresh()).
    virtual RemoteMachineInfo info() const = 0;
    /// Asks the service again. Blocking: call from a worker thread.
    virtual Result<RemoteMachineInfo> refresh() = 0;
    /// Runs `script` with `sh -c` in the workspace and waits for it. Blocking: call from a worker
    /// thread. Errors are the service's ("sandbox.remote-gone" when the machine stopped,
    /// "sandbox.timeout").
    virtual Result<RemoteRunResult> run(const QString &script, std::chrono::milliseconds timeout) = 0;
    /// The workspace on the machine as files the file tools can use. The default goes through
    /// run() (makeShellFilesystem()); services with file APIs give their own.
    virtual std::shared_ptr<FilesystemBackend> workspace();
};

/// Where one credential of a remote service comes from: the keychain account first, then the
/// environment variables in order.
struct VALIS_HARNESS_EXPORT RemoteCredential
{
    QString account;                  ///< "daytona", "modal-token-id"
    QStringList environmentVariables; ///< {"DAYTONA_API_KEY"}
};

/// A sandbox on another machine (Capability::Remote): a service such as Daytona, Runloop or
/// Modal that creates machines on request. It runs nothing itself; each session acquires a
/// RemoteMachine and runs its commands there. start() without a machine fails with
/// "sandbox.remote-not-attached".
///
/// Every call but start() blocks on the network: call it from a worker thread, never from the
/// GUI thread. Errors name the service and what to do: "sandbox.remote-auth" (key refused or
/// missing, naming the variable and keychain account), "sandbox.remote-quota" (creation refused:
/// quota, rate limit after retries), "sandbox.remote-image" (bad image or snapshot),
/// "sandbox.remote-not-found", "sandbox.remote-timeout" (not ready in time: the half-created
/// machine is deleted), "sandbox.remote-http" (anything else, with the status and the service's
/// message).
class VALIS_HARNESS_EXPORT RemoteSandbox : public Sandbox
{
public:
    ~RemoteSandbox() override;

    Capabilities capabilities() const override;
    SandboxProcess *start(const SandboxCommand &command, QObject *parent) override;

    /// The credentials the service needs, in the order they are asked for.
    virtual QList<RemoteCredential> credentials() const = 0;
    /// Hands over the credentials found, by account (the caller resolves them on its own thread
    /// with resolveApiKey() before the first blocking call; a missing one is absent). Thread-safe.
    virtual void setCredentials(const QHash<QString, QString> &secrets) = 0;

    /// Creates a machine as `spec` says (or attaches to spec.reuseId) and waits until it runs
    /// commands.
    virtual Result<std::unique_ptr<RemoteMachine>> acquire(const RemoteMachineSpec &spec) = 0;
    /// The machines of this service that carry the valis-session label (created by Valis).
    virtual Result<QList<RemoteMachineInfo>> list() = 0;
    /// Deletes machine `machineId`. Deleting one that is already gone succeeds.
    virtual Result<void> destroy(const QString &machineId) = 0;
};

/// `text` as one single-quoted word of a POSIX shell command line (for scripts sent to a
/// machine).
VALIS_HARNESS_EXPORT QString shellQuoted(const QString &text);

/// A FilesystemBackend over `machine`'s run(): stat, list, read and write through POSIX shell
/// commands (`find`, `base64`), confined to `root` on the machine. For services without file
/// APIs, and as the reference the native ones are tested against. `machine` must outlive it.
VALIS_HARNESS_EXPORT std::shared_ptr<FilesystemBackend> makeShellFilesystem(RemoteMachine *machine,
                                                                             const QString &root);

} // namespace valis
