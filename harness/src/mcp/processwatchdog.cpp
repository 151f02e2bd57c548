#include "processwatchdog.h"

#if defined(Q_OS_UNIX)
#include <cerrno>
#include <csignal>
#include <ctime>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(Q_OS_LINUX)
#include <sys/syscall.h>
#endif
#endif

namespace valis::mcp {

#if defined(Q_OS_UNIX)
namespace {

// Both ends are close-on-exec: no server ever holds the write end, so only this process's death
// (or its deliberate exit) closes it. The watchdogs are forked, not exec'd, and close their copy
// of the write end themselves.
int lifelineRead = -1;
int lifelineWrite = -1;

void openLifeline()
{
    static std::once_flag once;
    std::call_once(once, [] {
        int fds[2];
#if defined(Q_OS_LINUX)
        if (::pipe2(fds, O_CLOEXEC) != 0)
            return;
#else
        if (::pipe(fds) != 0)
            return;
        ::fcntl(fds[0], F_SETFD, FD_CLOEXEC);
        ::fcntl(fds[1], F_SETFD, FD_CLOEXEC);
#endif
        lifelineRead = fds[0];
        lifelineWrite = fds[1];
    });
}

// Everything below runs in a forked child of a possibly multi-threaded process: only
// async-signal-safe calls.
void sleepMs(long ms)
{
    struct timespec delay = {ms / 1000, (ms % 1000) * 1000000L};
    while (::nanosleep(&delay, &delay) != 0 && errno == EINTR) {
    }
}

bool groupAlive(pid_t group)
{
    return ::kill(-group, 0) == 0 || errno == EPERM;
}

bool waitForGroupGone(pid_t group, long ms)
{
    for (long waited = 0; waited < ms; waited += 50) {
        if (!groupAlive(group))
            return true;
        sleepMs(50);
    }
    return !groupAlive(group);
}

void closeAllBut(int keep)
{
    for (int fd = 0; fd < keep; ++fd)
        ::close(fd);
#if defined(Q_OS_LINUX) && defined(SYS_close_range)
    if (::syscall(SYS_close_range, static_cast<unsigned>(keep + 1), ~0U, 0U) == 0)
        return;
#endif
    const long limit = ::sysconf(_SC_OPEN_MAX);
    for (int fd = keep + 1; fd < (limit > 0 ? limit : 1024); ++fd)
        ::close(fd);
}

[[noreturn]] void runWatchdog(int lifeline, pid_t group)
{
    ::setpgid(0, 0);
    struct sigaction ignore = {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGHUP, &ignore, nullptr);
    ::sigaction(SIGINT, &ignore, nullptr);
    ::sigaction(SIGTERM, &ignore, nullptr);
    ::sigaction(SIGPIPE, &ignore, nullptr);
    closeAllBut(lifeline);
    for (;;) {
        struct pollfd watched = {lifeline, POLLIN, 0};
        const int ready = ::poll(&watched, 1, 1000);
        if (ready > 0) {
            char byte;
            const ssize_t got = ::read(lifeline, &byte, 1);
            if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
                break;
        }
        if (!groupAlive(group))
            ::_exit(0);
    }
    // The owner died. The server's stdin closed with it; give it the grace the spec asks for.
    if (!waitForGroupGone(group, 2000)) {
        ::kill(-group, SIGTERM);
        if (!waitForGroupGone(group, 2000))
            ::kill(-group, SIGKILL);
    }
    ::_exit(0);
}

} // namespace
#endif

void prepareServerProcess(QProcess *process)
{
#if defined(Q_OS_UNIX)
    openLifeline();
    const int lifeline = lifelineRead;
    process->setChildProcessModifier([lifeline]() {
        ::setpgid(0, 0);
        if (lifeline < 0)
            return;
        const pid_t group = ::getpid();
        // Fork twice so the watchdog is adopted by init, not left as the server's zombie.
        const pid_t middle = ::fork();
        if (middle == 0) {
            if (::fork() == 0)
                runWatchdog(lifeline, group);
            ::_exit(0);
        }
        if (middle > 0) {
            while (::waitpid(middle, nullptr, 0) < 0 && errno == EINTR) {
            }
        }
    });
#else
    Q_UNUSED(process);
#endif
}

bool signalProcessGroup(qint64 groupId, int signal)
{
#if defined(Q_OS_UNIX)
    if (groupId <= 0)
        return false;
    return ::kill(-pid_t(groupId), signal) == 0;
#else
    Q_UNUSED(groupId);
    Q_UNUSED(signal);
    return false;
#endif
}

bool processGroupAlive(qint64 groupId)
{
#if defined(Q_OS_UNIX)
    if (groupId <= 0)
        return false;
    return ::kill(-pid_t(groupId), 0) == 0 || errno == EPERM;
#else
    Q_UNUSED(groupId);
    return false;
#endif
}

} // namespace valis::mcp
