#pragma once

#include "localsandboxes.h"

#include "valis/core/result.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>

namespace valis::sandboxes {

/// Where per-command pids groups of one mechanism are created: the cgroup this process is in
/// (children of it inherit its own limits too).
struct ProcessLimitSetup
{
    ProcessLimitMechanism mechanism = ProcessLimitMechanism::None;
    QString cgroupParent; ///< For the cgroup mechanisms: the folder new groups are made in.
};

/// The best mechanism this process can use, probed once (a pids group is created and removed
/// to be sure it works). Thread-safe.
ProcessLimitSetup detectProcessLimit();

/// The setup for `mechanism`: the detected one when it matches, else an error saying why
/// `mechanism` cannot be used here (None and RlimitNproc always can).
Result<ProcessLimitSetup> processLimitSetup(ProcessLimitMechanism mechanism);

/// One command's pids cgroup: made before the command starts, joined by the command's first
/// process before it runs anything (writing "0" to procsPath()), emptied and removed after.
///
/// Deleting it removes the folder, which only works once no live process is in it.
class PidsCgroup
{
public:
    /// A new group under `setup.cgroupParent` with pids.max = `maxPids`.
    static Result<std::unique_ptr<PidsCgroup>> create(const ProcessLimitSetup &setup, int maxPids);
    ~PidsCgroup();
    PidsCgroup(const PidsCgroup &) = delete;
    PidsCgroup &operator=(const PidsCgroup &) = delete;

    QString path() const { return m_path; }
    /// The group's cgroup.procs, in the local 8-bit encoding, for the child to open().
    const QByteArray &procsPath() const { return m_procsPath; }
    int maxPids() const { return m_maxPids; }
    /// The live processes in the group (zombies are not listed).
    QList<qint64> processes() const;
    /// How many processes and threads the group counts now, exited ones not yet reaped
    /// included (pids.current).
    int processCount() const;
    /// How many times a fork or clone failed because the group was full (pids.events "max").
    qint64 limitHits() const;
    /// Kills every process in the group (cgroup.kill where the kernel has it, else one by
    /// one); returns how many were alive.
    qsizetype killAll() const;
    /// Removes the folder; false while processes are still in it.
    bool remove();

private:
    PidsCgroup(QString path, int maxPids);

    QString m_path;
    QByteArray m_procsPath;
    int m_maxPids = 0;
    bool m_removed = false;
};

/// Parsers of the kernel's files, public for tests.
namespace cgroupfiles {
/// The mount point of the cgroup v2 hierarchy, and of the v1 hierarchy carrying `controller`,
/// from /proc/self/mountinfo text; empty when absent. `root` receives the mount's root within
/// the hierarchy (usually "/").
QString mountPoint(const QByteArray &mountinfo, const QByteArray &controller, QString *root = nullptr);
/// This process's cgroup path in the v2 hierarchy (controller empty) or in the v1 hierarchy of
/// `controller`, from /proc/self/cgroup text; empty when absent.
QString cgroupPath(const QByteArray &procCgroup, const QByteArray &controller);
/// The folder of that cgroup: the mount point joined with the path relative to the mount's root.
QString cgroupFolder(const QString &mountPoint, const QString &mountRoot, const QString &path);
/// The "max" count of a pids.events file; 0 when absent.
qint64 pidsEventsMax(const QByteArray &pidsEvents);
} // namespace cgroupfiles

} // namespace valis::sandboxes
