#pragma once

#include "valis/plugins/sandbox.h"

#include <QLatin1String>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace valis::sandboxes {

/// The ids of the local sandboxes (Sandbox::id()).
namespace LocalSandboxId {
/// Linux: bubblewrap. The workspace read-write at its own path, the system read-only, a private
/// /tmp, its own pid and network namespaces (the network only when the command allows it).
inline constexpr QLatin1String Bwrap{"local-bwrap"};
/// macOS: sandbox-exec with a generated profile.
inline constexpr QLatin1String SandboxExec{"sandbox-exec"};
/// No isolation at all: for when the user explicitly turns isolation off.
inline constexpr QLatin1String Plain{"plain"};
} // namespace LocalSandboxId

/// How a local sandbox bounds the processes a command may run at once
/// (SandboxLimits::maxProcesses).
enum class ProcessLimitMechanism {
    None,        ///< Not bounded (root without a usable pids cgroup: root ignores RLIMIT_NPROC).
    CgroupV2,    ///< A cgroup v2 child group with pids.max per command.
    CgroupV1,    ///< A cgroup v1 "pids" child group with pids.max per command.
    RlimitNproc, ///< RLIMIT_NPROC: counts all the user's processes, so only approximate.
};

/// A short English name of the mechanism, for logs and the UI ("pids cgroup (v1)").
QString processLimitMechanismName(ProcessLimitMechanism mechanism);

/// Settings of the local sandboxes; the defaults suit a normal installation.
struct LocalSandboxOptions
{
    /// Folders searched for helper programs (bwrap); empty: the PATH, then /usr/bin and /bin.
    QStringList searchPaths;
    /// Extra host folders a sandboxed command may read (shown read-only at the same path), such
    /// as toolchains installed under the home folder. Folders that do not exist are skipped.
    QStringList readOnlyPaths;
    /// Empty: the best mechanism this process can use (detected once, on first use). A value
    /// forces one; None turns process limits off, a mechanism that does not work here makes
    /// every command fail to start with the reason.
    std::optional<ProcessLimitMechanism> processLimit;
};

/// What the local sandboxes add to Sandbox.
///
/// Commands run as the caller's user, with the caller's resource limits tightened by
/// SandboxCommand::limits: maxFileBytes through RLIMIT_FSIZE (a write beyond it fails with
/// EFBIG), maxMemoryBytes through RLIMIT_AS, maxProcesses through processLimitMechanism(). A
/// command whose processes keep hitting maxProcesses (a fork bomb) is stopped and fails with
/// "sandbox.limit". When a command ends, ends by its timeout, or is killed, nothing it started
/// outlives it: background processes are killed too, and finished()/failed() comes only after
/// the whole process tree is gone. Standard input is empty (/dev/null).
///
/// The SandboxProcess objects need an event loop and must be started on a thread that outlives
/// them (the parent-death signal that stops a sandbox when Valis dies is tied to that thread).
class LocalSandbox : public Sandbox
{
public:
    explicit LocalSandbox(LocalSandboxOptions options) : m_options(std::move(options)) {}

    /// The mechanism bounding SandboxLimits::maxProcesses for this sandbox's commands: the
    /// forced one, or the best this process can use.
    ProcessLimitMechanism processLimitMechanism() const;

protected:
    const LocalSandboxOptions &options() const { return m_options; }
    /// `isolation` plus LimitsResources when a process limit is in force.
    Capabilities withLimits(Capabilities isolation) const;

private:
    LocalSandboxOptions m_options;
};

/// The local sandboxes this platform offers, most isolated first: "local-bwrap" (Linux) or
/// "sandbox-exec" (macOS), then "plain". Nothing is started or probed until used.
std::vector<std::unique_ptr<LocalSandbox>> createLocalSandboxes(const LocalSandboxOptions &options = {});

/// The local sandbox `id` (LocalSandboxId), or nullptr when this platform has none by that id.
std::unique_ptr<LocalSandbox> createLocalSandbox(const QString &id, const LocalSandboxOptions &options = {});

} // namespace valis::sandboxes
