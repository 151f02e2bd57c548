#pragma once

#include "processlimit.h"

#include "valis/core/result.h"
#include "valis/plugins/sandbox.h"
#include "valis/plugins/sandboxprocess.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTimer>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace valis::sandboxes {

/// How a local sandbox starts one command: the host program (bwrap, sandbox-exec or the
/// command itself) and the bounds to put on it.
struct LaunchPlan
{
    QString program;                  ///< Absolute path on the host.
    QStringList arguments;
    QProcessEnvironment environment;  ///< The whole environment (nothing inherited).
    QString workingDirectory;         ///< On the host.
    std::chrono::milliseconds timeout{0};
    SandboxLimits limits;
    ProcessLimitSetup processLimit;
    /// Processes the sandbox itself keeps in the command's process group (bwrap: 2), added to
    /// SandboxLimits::maxProcesses so the command gets all of it.
    int processOverhead = 0;
    /// Set: the command is refused with this error instead of being started.
    std::optional<Error> refusal;
    /// Runs once the whole process tree is gone (removes a per-command folder, say).
    std::function<void()> cleanup;
};

/// A command run by a local sandbox (turn-scoped): a QProcess whose child first leads a new
/// session, joins the command's pids group and lowers its resource limits, then execs.
///
/// Starts from the event loop (never inside Sandbox::start()). When the command exits, times
/// out or is killed, every process left in its session (or its pids group, when there is one)
/// is killed, and finished()/failed() is emitted only once none is alive any more.
class LocalSandboxProcess final : public SandboxProcess
{
    Q_OBJECT

public:
    LocalSandboxProcess(LaunchPlan plan, QObject *parent);
    /// A command still running is killed with everything it started.
    ~LocalSandboxProcess() override;

    void kill() override;

private:
    enum class Phase { Pending, Running, Reaping, Done };

    void launch();
    void handleStarted();
    void handleFinished(int exitCode, QProcess::ExitStatus status);
    void handleError(QProcess::ProcessError error);
    void forwardOutput();
    void checkProcessLimit();
    /// Records why the command is being stopped (the first reason wins) and kills its tree.
    void stop(const Error &reason);
    /// Kills whatever of the command is alive; returns how many processes that was.
    int killTree();
    void reap();
    void conclude();
    QString readSetupFailure();

    LaunchPlan m_plan;
    QProcess *m_process = nullptr;
    std::unique_ptr<PidsCgroup> m_group;
    QTimer m_timeoutTimer;
    QTimer m_limitTimer;
    QTimer m_reapTimer;
    QElapsedTimer m_reapClock;
    Phase m_phase = Phase::Pending;
    qint64 m_pid = 0;
    int m_exitCode = 0;
    std::optional<Error> m_failure;
    qint64 m_limitHits = 0;
    int m_limitStreak = 0;
    int m_setupPipe[2] = {-1, -1}; ///< The child reports a failed setup on it before exec.
};

} // namespace valis::sandboxes
