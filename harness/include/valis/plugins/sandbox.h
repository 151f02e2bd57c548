#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QFlags>
#include <QHash>
#include <QString>
#include <QStringList>

#include <chrono>

class QObject;

namespace valis {

class SandboxProcess;

/// Whether a command may reach the network.
enum class NetworkAccess { Denied, Allowed };

/// Bounds on what one command may consume. A sandbox enforces what its capabilities say
/// (LimitsResources) and reports a command that hit a bound through SandboxProcess::failed()
/// with code "sandbox.limit" (or the command sees the failure itself: fork() or write() fails).
struct VALIS_HARNESS_EXPORT SandboxLimits
{
    int maxProcesses = 256;                       ///< Processes and threads alive at once; 0: none.
    qint64 maxFileBytes = 4LL * 1024 * 1024 * 1024; ///< Size of any one file written; 0: none.
    qint64 maxMemoryBytes = 0;                    ///< Address space per process; 0: none.
};

/// A command to run, independent of where it runs.
struct VALIS_HARNESS_EXPORT SandboxCommand
{
    QString program;
    QStringList arguments;
    /// The workspace root (absolute, as the host sees it): the one folder the command may
    /// write. Local sandboxes show it at the same path inside, so paths in output match.
    QString workspace;
    QString workingDirectory;              ///< Absolute, inside the workspace; empty: the root.
    QHash<QString, QString> environment;   ///< Added to the sandbox's base environment.
    std::chrono::milliseconds timeout{0};  ///< 0: no limit.
    NetworkAccess network = NetworkAccess::Denied;
    SandboxLimits limits;
};

/// A place to run commands in isolation (session-scoped): a local bubblewrap jail, a plain
/// process, a remote machine.
///
/// Owned by its SandboxPlugin; valid between the plugin's initialize() and shutdown().
/// capabilities() says truthfully what isolation it enforces, so the orchestrator can refuse a
/// command that needs more than a sandbox gives (a plain local process isolates nothing).
class VALIS_HARNESS_EXPORT Sandbox
{
public:
    enum class Capability {
        IsolatesFilesystem = 0x1, ///< Writes outside the workspace are impossible.
        IsolatesNetwork = 0x2,    ///< NetworkAccess::Denied is enforced.
        EnforcesTimeout = 0x4,    ///< SandboxCommand::timeout kills the whole process tree.
        Remote = 0x8,             ///< Runs on another machine; files are synchronised.
        LimitsResources = 0x10,   ///< SandboxCommand::limits are enforced (a fork bomb stops).
    };
    Q_DECLARE_FLAGS(Capabilities, Capability)

    virtual ~Sandbox();

    /// A stable id ("local-bwrap", "plain", "daytona"), unique across plugins.
    virtual QString id() const = 0;
    /// For the UI: "bubblewrap", "no isolation (plain process)".
    virtual QString displayName() const = 0;
    virtual Capabilities capabilities() const = 0;
    /// Whether the sandbox can run commands on this machine now; the error says why not and
    /// what to do ("sandbox.unavailable": bwrap is not installed, user namespaces are off).
    virtual Result<void> checkAvailable() const = 0;
    /// Starts `command` and returns the process (parented to `parent`) that reports it. Never
    /// null: a command that cannot start fails through the process's failed() signal.
    virtual SandboxProcess *start(const SandboxCommand &command, QObject *parent) = 0;
};

} // namespace valis

Q_DECLARE_OPERATORS_FOR_FLAGS(valis::Sandbox::Capabilities)
