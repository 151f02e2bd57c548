#pragma once

#include <QProcess>

namespace valis::mcp {

/// Puts the child QProcess starts in a process group of its own and, on POSIX, gives it a
/// watchdog: a process outside the group that holds the read end of a pipe only this process
/// can write to. When this process dies without shutting the server down (killed, crashed), the
/// pipe reports end-of-file and the watchdog shuts the group down (its stdin has already closed
/// with us: wait, SIGTERM, wait, SIGKILL). The watchdog also exits as soon as the group is
/// gone, so a server Valis stops itself leaves nothing behind. Call before QProcess::start().
void prepareServerProcess(QProcess *process);

/// Sends `signal` to the process group `groupId` (POSIX; does nothing elsewhere). False when the
/// group no longer exists.
bool signalProcessGroup(qint64 groupId, int signal);

/// Whether any process of the group `groupId` is still alive.
bool processGroupAlive(qint64 groupId);

} // namespace valis::mcp
