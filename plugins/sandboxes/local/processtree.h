#pragma once

#include <QByteArray>
#include <QList>

namespace valis::sandboxes {

/// What /proc says about one process.
struct ProcessStat
{
    qint64 pid = 0;
    qint64 parentPid = 0;
    qint64 processGroup = 0;
    qint64 session = 0;
    char state = 0; ///< 'R', 'S', 'Z' (a zombie: dead, waiting to be reaped) ...

    /// Not a zombie ('Z') nor dead ('X'): it can still run, and hold or start processes.
    bool isLive() const { return state != 'Z' && state != 'X'; }
};

/// Reads a /proc/<pid>/stat line ("pid (comm) state ppid pgrp session ..."; comm may hold
/// spaces and parentheses); pid 0 when the text is not one.
ProcessStat parseProcessStat(const QByteArray &statLine);

/// The live (not zombie) processes whose session is `session`, from /proc (Linux; empty
/// elsewhere). A command's first process leads its own session, and everything it starts
/// stays in that session unless it calls setsid() itself.
QList<qint64> liveSessionMembers(qint64 session);

/// The live (not zombie) descendants of `ancestor` (children, their children, ...), from one
/// walk of /proc (Linux; empty elsewhere). A process that leaves the session with setsid()
/// is still found here for as long as its parent lives: bwrap's pid 1 does so before it ties
/// its life to its parent's (see LocalSandboxProcess::killTree()).
QList<qint64> liveDescendants(qint64 ancestor);

/// Whether `pid` is a live (not zombie) process (Linux: from /proc; elsewhere kill(pid, 0)).
bool isLiveProcess(qint64 pid);

/// The number of live processes on the machine (Linux; -1 elsewhere).
int liveProcessCount();

} // namespace valis::sandboxes

namespace valis::sandboxes {
/// The number of tasks (threads included) of processes owned by user `uid`, which is what
/// RLIMIT_NPROC counts (Linux; -1 elsewhere).
int liveTaskCountOfUser(uint uid);
} // namespace valis::sandboxes
