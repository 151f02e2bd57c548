#pragma once

#include <QProcess>

#include <csignal>

namespace valis::mcp {

/// Puts the child QProcess starts in a process group of its own and, on POSIX, gives it a
/// watchdog: a process outside the group that holds the read end of a pipe only this process
/// can write to. When this process dies without shutting the server down (killed, crashed), the
/// pipe reports end-of-file and the watchdog shuts the group down (its stdin has already closed
/// with us: wait, SIGTERM, wait, SIGKILL). The watchdog also exits as soon as the group is
/// gone, so a server Valis stops itself leaves nothing behind. Call before QProcess::start().
void prepareServerProcess(QProcess *process);

/// The two signals a server's group gets when it is shut down: SIGTERM and SIGKILL on POSIX.
/// Named here because Windows's <csignal> has no SIGKILL; there groups are not signalled and
/// the values mean nothing.
#if defined(Q_OS_UNIX)
inline constexpr int GroupTerminateSignal = SIGTERM;
inline constexpr int GroupKillSignal = SIGKILL;
#else
inline constexpr int GroupTerminateSignal = 15;
inline constexpr int GroupKillSignal = 9;
#endif

/// Sends `signal` to the process group `groupId` (POSIX; does nothing elsewhere). False when the
/// group no longer exists.
bool signalProcessGroup(qint64 groupId, int signal);

/// Whether any process of the group `groupId` is still alive.
bool processGroupAlive(qint64 groupId);

} // namespace valis::mcp
