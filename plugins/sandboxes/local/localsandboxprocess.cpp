#include "localsandboxprocess.h"

#include "processtree.h"

#include <QCoreApplication>
#include <QFile>

#include <utility>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>
#endif
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace valis::sandboxes {

namespace {

using namespace std::chrono_literals;

/// How often a stopping command's tree is checked, and how long it may take to disappear.
constexpr auto ReapInterval = 5ms;
constexpr auto ReapDeadline = 10s;
/// A command whose group refuses new processes at every look for this long is a runaway.
constexpr auto LimitInterval = 200ms;
constexpr int LimitStreak = 5;

#ifdef Q_OS_UNIX
/// What the child does between fork() and exec(); plain data, since only async-signal-safe
/// calls may run there.
struct ChildSetup
{
    QByteArray cgroupProcs; ///< Empty: no pids group.
    rlim_t fileBytes = 0;   ///< 0: leave the limit alone.
    rlim_t memoryBytes = 0;
    rlim_t processes = 0;
    int reportFd = -1;
};

void lowerLimit(int resource, rlim_t value)
{
    if (value == 0)
        return;
    struct rlimit limit;
    if (::getrlimit(resource, &limit) != 0)
        return;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < value)
        value = limit.rlim_max;
    // The hard limit too, so the command cannot raise it again.
    limit.rlim_cur = value;
    limit.rlim_max = value;
    ::setrlimit(resource, &limit);
}

void setUpChild(const ChildSetup &setup)
{
    // A session of its own: the command and whatever it starts can be found and killed as one.
    ::setsid();
#ifdef Q_OS_LINUX
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (!setup.cgroupProcs.isEmpty()) {
        const int fd = ::open(setup.cgroupProcs.constData(), O_WRONLY | O_CLOEXEC);
        const bool joined = fd >= 0 && ::write(fd, "0", 1) == 1;
        if (fd >= 0)
            ::close(fd);
        if (!joined) {
            // Never run a command outside the bound it was promised.
            const char failure = 'g';
            [[maybe_unused]] const auto written = ::write(setup.reportFd, &failure, 1);
            ::_exit(126);
        }
    }
    lowerLimit(RLIMIT_FSIZE, setup.fileBytes);
    lowerLimit(RLIMIT_AS, setup.memoryBytes);
    lowerLimit(RLIMIT_NPROC, setup.processes);
    // Writing past RLIMIT_FSIZE then fails with EFBIG, which the command can report, instead
    // of killing it with SIGXFSZ. (An ignored signal stays ignored across exec.)
    ::signal(SIGXFSZ, SIG_IGN);
}
#endif

} // namespace

LocalSandboxProcess::LocalSandboxProcess(LaunchPlan plan, QObject *parent)
    : SandboxProcess(parent), m_plan(std::move(plan))
{
    m_timeoutTimer.setSingleShot(true);
    m_reapTimer.setInterval(ReapInterval);
    m_limitTimer.setInterval(LimitInterval);
    connect(&m_timeoutTimer, &QTimer::timeout, this, [this] {
        stop(Error(QStringLiteral("sandbox.timeout"),
                   tr("The command did not finish within %1 ms and was stopped.").arg(m_plan.timeout.count())));
    });
    connect(&m_reapTimer, &QTimer::timeout, this, &LocalSandboxProcess::reap);
    connect(&m_limitTimer, &QTimer::timeout, this, &LocalSandboxProcess::checkProcessLimit);
    // Signals are never emitted from inside Sandbox::start(): everything begins here.
    QMetaObject::invokeMethod(this, &LocalSandboxProcess::launch, Qt::QueuedConnection);
}

LocalSandboxProcess::~LocalSandboxProcess()
{
    if (m_phase == Phase::Running || m_phase == Phase::Reaping) {
        if (m_process)
            m_process->disconnect(this);
        killTree();
        if (m_process && m_process->state() != QProcess::NotRunning)
            m_process->waitForFinished(1000);
        killTree();
    }
#ifdef Q_OS_UNIX
    for (int &fd : m_setupPipe) {
        if (fd >= 0)
            ::close(fd);
        fd = -1;
    }
#endif
    m_group.reset(); // kills what is left in it and removes it
    if (m_plan.cleanup && m_phase != Phase::Done)
        m_plan.cleanup();
}

void LocalSandboxProcess::kill()
{
    switch (m_phase) {
    case Phase::Pending:
        // Not started yet: launch() will see the failure and report it.
        if (!m_failure)
            m_failure = Error(QStringLiteral("sandbox.killed"), tr("The command was stopped before it started."));
        return;
    case Phase::Running:
        stop(Error(QStringLiteral("sandbox.killed"), tr("The command was stopped.")));
        return;
    case Phase::Reaping:
    case Phase::Done:
        return; // it had already ended; what it left behind is being removed anyway
    }
}

void LocalSandboxProcess::launch()
{
    if (m_failure || m_plan.refusal) {
        if (!m_failure)
            m_failure = m_plan.refusal;
        conclude();
        return;
    }

    const int maxProcesses = m_plan.limits.maxProcesses;
    const ProcessLimitMechanism mechanism = m_plan.processLimit.mechanism;
    if (maxProcesses > 0 && (mechanism == ProcessLimitMechanism::CgroupV1 || mechanism == ProcessLimitMechanism::CgroupV2)) {
        auto group = PidsCgroup::create(m_plan.processLimit, maxProcesses + m_plan.processOverhead);
        if (group.hasError()) {
            m_failure = group.error();
            conclude();
            return;
        }
        m_group = std::move(group).value();
    }

    m_process = new QProcess(this);
    m_process->setProgram(m_plan.program);
    m_process->setArguments(m_plan.arguments);
    m_process->setProcessEnvironment(m_plan.environment);
    m_process->setWorkingDirectory(m_plan.workingDirectory);
    m_process->setStandardInputFile(QProcess::nullDevice());

#ifdef Q_OS_UNIX
#ifdef Q_OS_LINUX
    // Non-blocking: reading it must never wait for a process that is not the command.
    const bool piped = ::pipe2(m_setupPipe, O_CLOEXEC | O_NONBLOCK) == 0;
#else
    const bool piped = ::pipe(m_setupPipe) == 0 && ::fcntl(m_setupPipe[0], F_SETFD, FD_CLOEXEC) == 0
                       && ::fcntl(m_setupPipe[1], F_SETFD, FD_CLOEXEC) == 0
                       && ::fcntl(m_setupPipe[0], F_SETFL, O_NONBLOCK) == 0;
#endif
    if (!piped) {
        m_failure = Error(QStringLiteral("sandbox.start-failed"),
                          tr("Could not start the command: %1").arg(QString::fromLocal8Bit(::strerror(errno))));
        conclude();
        return;
    }
    ChildSetup setup;
    if (m_group)
        setup.cgroupProcs = m_group->procsPath();
    setup.fileBytes = rlim_t(qMax<qint64>(0, m_plan.limits.maxFileBytes));
    setup.memoryBytes = rlim_t(qMax<qint64>(0, m_plan.limits.maxMemoryBytes));
    if (maxProcesses > 0 && mechanism == ProcessLimitMechanism::RlimitNproc) {
        // RLIMIT_NPROC counts every task of the user, so leave room for those already running.
        const int existing = qMax(0, liveTaskCountOfUser(uint(::getuid())));
        setup.processes = rlim_t(existing + maxProcesses + m_plan.processOverhead);
    }
    setup.reportFd = m_setupPipe[1];
    m_process->setChildProcessModifier([setup] { setUpChild(setup); });
#endif

    connect(m_process, &QProcess::started, this, &LocalSandboxProcess::handleStarted);
    connect(m_process, &QProcess::finished, this, &LocalSandboxProcess::handleFinished);
    connect(m_process, &QProcess::errorOccurred, this, &LocalSandboxProcess::handleError);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &LocalSandboxProcess::forwardOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, &LocalSandboxProcess::forwardOutput);

    m_phase = Phase::Running;
    if (m_plan.timeout.count() > 0)
        m_timeoutTimer.start(m_plan.timeout);
    m_process->start(QIODevice::ReadOnly);
    // Known now (the fork has happened), not only once started() arrives: a kill or a delete
    // in between must still find the command's session.
    m_pid = m_process->processId();
#ifdef Q_OS_UNIX
    if (m_setupPipe[1] >= 0) {
        ::close(m_setupPipe[1]); // the child holds its own copy until exec closes it
        m_setupPipe[1] = -1;
    }
#endif
}

void LocalSandboxProcess::handleStarted()
{
    if (m_pid <= 0)
        m_pid = m_process->processId();
    if (m_group)
        m_limitTimer.start();
}

void LocalSandboxProcess::handleError(QProcess::ProcessError error)
{
    // Only a failed start comes without finished(); the other errors come with it.
    if (error != QProcess::FailedToStart || m_phase != Phase::Running)
        return;
    const QString setupFailure = readSetupFailure();
    m_failure = Error(QStringLiteral("sandbox.start-failed"),
                      setupFailure.isEmpty() ? tr("Could not start %1: %2").arg(m_plan.program, m_process->errorString())
                                             : setupFailure);
    m_phase = Phase::Reaping;
    m_timeoutTimer.stop();
    m_reapClock.start();
    // QProcess may report this from inside start(): report it from the event loop instead.
    m_reapTimer.start();
}

void LocalSandboxProcess::handleFinished(int exitCode, QProcess::ExitStatus status)
{
    if (m_phase != Phase::Running)
        return;
    forwardOutput();
    m_timeoutTimer.stop();
    m_limitTimer.stop();
    // A signal that was not ours ends the command the way a shell reports it: 128 + signal.
    m_exitCode = status == QProcess::CrashExit ? 128 + exitCode : exitCode;
    const QString setupFailure = readSetupFailure();
    if (!setupFailure.isEmpty() && !m_failure)
        m_failure = Error(QStringLiteral("sandbox.start-failed"), setupFailure);

    m_phase = Phase::Reaping;
    m_reapClock.start();
    // Nothing the command started may outlive it, whether it ended or was stopped.
    reap();
}

void LocalSandboxProcess::forwardOutput()
{
    if (!m_process)
        return;
    const QByteArray out = m_process->readAllStandardOutput();
    if (!out.isEmpty())
        Q_EMIT standardOutputReceived(out);
    const QByteArray err = m_process->readAllStandardError();
    if (!err.isEmpty())
        Q_EMIT standardErrorReceived(err);
}

void LocalSandboxProcess::checkProcessLimit()
{
    if (!m_group || m_phase != Phase::Running)
        return;
    // Stuck at the bound: refused again since the last look, or refused before and still full
    // (where exited processes wait long to be reaped, a bomb's group fills with them).
    const qint64 hits = m_group->limitHits();
    const bool full = m_group->processCount() >= m_group->maxPids();
    m_limitStreak = hits > m_limitHits || (hits > 0 && full) ? m_limitStreak + 1 : 0;
    m_limitHits = hits;
    if (m_limitStreak >= LimitStreak) {
        stop(Error(QStringLiteral("sandbox.limit"),
                   tr("The command kept trying to run more than %1 processes at once and was stopped.")
                       .arg(m_plan.limits.maxProcesses)));
    }
}

void LocalSandboxProcess::stop(const Error &reason)
{
    if (m_phase != Phase::Running)
        return;
    if (!m_failure)
        m_failure = reason;
    m_timeoutTimer.stop();
    m_limitTimer.stop();
    killTree();
    // handleFinished() follows when the direct child is gone; reaping goes on from there.
}

int LocalSandboxProcess::killTree()
{
    int alive = 0;
#ifdef Q_OS_LINUX
    // What the direct child started, while it is still their parent. bwrap's pid 1 calls
    // setsid() (--new-session) before it asks to die with its parent (prctl in do_init), so
    // for that moment neither the session nor the direct child's death would reach it, and
    // the namespace with the command would live on. Killed here, pid 1 takes the namespace.
    // Walk and kills are microseconds apart, and Linux hands out a pid again only after the
    // whole range, so none of these ids can have become an unrelated process's.
    QList<qint64> descendants;
    if (!m_group && m_pid > 0 && m_process && m_process->state() != QProcess::NotRunning)
        descendants = liveDescendants(m_pid);
#endif
    // The direct child first: for bwrap its death takes the whole pid namespace with it.
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        ++alive;
    }
#ifdef Q_OS_LINUX
    for (qint64 pid : std::as_const(descendants)) {
        ::kill(pid_t(pid), SIGKILL);
        ++alive;
    }
#endif
#ifdef Q_OS_UNIX
    if (m_group) {
        alive += int(m_group->killAll());
    } else if (m_pid > 0) {
        // The session stays reserved while any member lives, so this id cannot have been
        // reused by an unrelated process that leads a session of its own.
        ::kill(pid_t(-m_pid), SIGKILL);
        for (qint64 pid : liveSessionMembers(m_pid)) {
            ::kill(pid_t(pid), SIGKILL);
            ++alive;
        }
    }
#endif
    return alive;
}

void LocalSandboxProcess::reap()
{
    if (m_phase != Phase::Reaping)
        return;
    // One look per round: what is still alive gets killed, and when nothing is, it is over.
    if (killTree() > 0) {
        if (m_reapClock.elapsed() < std::chrono::milliseconds(ReapDeadline).count()) {
            if (!m_reapTimer.isActive())
                m_reapTimer.start();
            return;
        }
        // Processes that ignore SIGKILL for this long are stuck in the kernel (D state).
        m_failure = Error(QStringLiteral("sandbox.cleanup-failed"),
                          tr("Some processes the command started could not be stopped."));
    }
    m_reapTimer.stop();
    conclude();
}

void LocalSandboxProcess::conclude()
{
    if (m_phase == Phase::Done)
        return;
    m_phase = Phase::Done;
    m_timeoutTimer.stop();
    m_limitTimer.stop();
    m_reapTimer.stop();
    if (m_group) {
        // A command that ran into its process limit is reported as such even when its first
        // process exited on its own (a fork bomb's does at once, leaving the bomb behind).
        // Read once the tree is gone, so what it left behind has counted too.
        const qint64 hits = m_group->limitHits();
        if (m_failure && m_failure->code == QLatin1String("sandbox.timeout") && hits > 0) {
            m_failure->message += QLatin1Char(' ')
                                  + tr("Its processes had been refused %1 times by the limit of %2 processes.")
                                        .arg(hits)
                                        .arg(m_plan.limits.maxProcesses);
        } else if (!m_failure && hits > 0) {
            m_failure = Error(QStringLiteral("sandbox.limit"),
                              tr("The command tried to run more than %1 processes at once and was refused "
                                 "%2 times; it exited with %3, and what it left running was stopped.")
                                  .arg(m_plan.limits.maxProcesses)
                                  .arg(hits)
                                  .arg(m_exitCode));
        }
        if (m_group->remove())
            m_group.reset();
    }
    if (m_plan.cleanup)
        m_plan.cleanup();
    if (m_failure)
        Q_EMIT failed(*m_failure);
    else
        Q_EMIT finished(m_exitCode);
}

QString LocalSandboxProcess::readSetupFailure()
{
#ifdef Q_OS_UNIX
    if (m_setupPipe[0] < 0)
        return {};
    char code = 0;
    const ssize_t got = ::read(m_setupPipe[0], &code, 1);
    ::close(m_setupPipe[0]);
    m_setupPipe[0] = -1;
    if (got == 1 && code == 'g')
        return tr("Could not place the command in its process-limit group %1.").arg(m_group ? m_group->path() : QString());
#endif
    return {};
}

} // namespace valis::sandboxes
