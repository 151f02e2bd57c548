#include "runloopmachine.h"

#include "runloopprocess.h"

#include <QCoreApplication>
#include <QDeadlineTimer>

#include <algorithm>

namespace valis::sandboxes::runloop {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::sandboxes::RunloopSandbox)
};

constexpr std::chrono::seconds MaxHold{25};
} // namespace

RunloopMachine::RunloopMachine(std::shared_ptr<const RunloopApi> api, RemoteMachineInfo info)
    : m_api(std::move(api)), m_info(std::move(info))
{
}

QString RunloopMachine::id() const
{
    return QStringLiteral("runloop");
}

QString RunloopMachine::displayName() const
{
    return Text::tr("Runloop");
}

RemoteMachineInfo RunloopMachine::infoOf(const DevboxView &devbox, const QString &workspacePath)
{
    RemoteMachineInfo info;
    info.sandboxId = QStringLiteral("runloop");
    info.machineId = devbox.id;
    info.name = devbox.name;
    info.state = devbox.status;
    info.running = devbox.status == QLatin1String("running");
    info.image = devbox.blueprint;
    info.cpus = devbox.cpus;
    info.memoryGb = devbox.memoryGb;
    info.diskGb = devbox.diskGb;
    info.createdAt = devbox.created;
    info.labels = devbox.metadata;
    info.workspacePath = workspacePath;
    return info;
}

RemoteMachineInfo RunloopMachine::info() const
{
    const QMutexLocker lock(&m_mutex);
    return m_info;
}

Result<RemoteMachineInfo> RunloopMachine::refresh()
{
    const RemoteMachineInfo known = info();
    const Result<DevboxView> devbox = m_api->get(known.machineId);
    if (devbox.hasError())
        return devbox.error();
    const QMutexLocker lock(&m_mutex);
    m_info = infoOf(devbox.value(), known.workspacePath);
    return m_info;
}

QString RunloopMachine::remotePath(const QString &path, const QString &localWorkspace) const
{
    const QString remote = info().workspacePath;
    if (localWorkspace.isEmpty() || remote.isEmpty())
        return path;
    QString local = localWorkspace;
    while (local.size() > 1 && local.endsWith(QLatin1Char('/')))
        local.chop(1);
    if (path == local)
        return remote;
    if (path.startsWith(local + QLatin1Char('/')))
        return remote + path.mid(local.size());
    return path;
}

SandboxProcess *RunloopMachine::start(const SandboxCommand &command, QObject *parent)
{
    const RemoteMachineInfo machine = info();
    const QString directory = command.workingDirectory.isEmpty() ? machine.workspacePath
                                                                 : remotePath(command.workingDirectory, command.workspace);
    // An empty directory: plain `cd`, to $HOME.
    QString script = QStringLiteral("cd ") + (directory.isEmpty() ? QString() : shellQuoted(directory))
                     + QStringLiteral(" || exit 127; ");
    for (auto it = command.environment.begin(); it != command.environment.end(); ++it)
        script += QStringLiteral("export ") + it.key() + QLatin1Char('=') + shellQuoted(remotePath(it.value(), command.workspace))
                  + QStringLiteral("; ");
    script += QStringLiteral("exec ") + shellQuoted(command.program);
    for (const QString &argument : command.arguments)
        script += QLatin1Char(' ') + shellQuoted(remotePath(argument, command.workspace));
    return new RunloopProcess(m_api, machine.machineId, script, command.timeout, parent);
}

Result<RemoteRunResult> RunloopMachine::run(const QString &script, std::chrono::milliseconds timeout)
{
    const RemoteMachineInfo machine = info();
    // Before acquire() knows the workspace, plain `cd`: to $HOME.
    const QString directory = machine.workspacePath.isEmpty() ? QString() : shellQuoted(machine.workspacePath);
    const QString command = QStringLiteral("cd ") + directory + QStringLiteral(" && sh -c ") + shellQuoted(script);
    const QDeadlineTimer deadline = timeout.count() > 0 ? QDeadlineTimer(timeout) : QDeadlineTimer(QDeadlineTimer::Forever);
    const auto hold = [&] {
        const qint64 left = deadline.isForever() ? MaxHold.count() : deadline.remainingTime() / 1000;
        return std::chrono::seconds(std::clamp<qint64>(left, 1, qint64(MaxHold.count())));
    };
    Result<ExecutionView> started = m_api->execute(machine.machineId, command, hold());
    if (started.hasError())
        return started.error();
    ExecutionView execution = started.value();
    while (!execution.completed()) {
        if (deadline.hasExpired()) {
            (void)m_api->kill(machine.machineId, execution.executionId);
            return Error(QStringLiteral("sandbox.timeout"),
                         Text::tr("the command ran longer than %1 s on the Runloop devbox %2 and was stopped")
                             .arg(double(timeout.count()) / 1000.0)
                             .arg(machine.machineId));
        }
        const Result<std::optional<ExecutionView>> waited = m_api->waitForExecution(machine.machineId, execution.executionId, hold());
        if (waited.hasError())
            return waited.error();
        if (waited.value())
            execution = *waited.value();
    }
    RemoteRunResult result;
    result.exitCode = execution.exitStatus.value_or(-1);
    result.output = execution.output;
    result.errorOutput = execution.errorOutput;
    // Runloop returns the last lines only; the streams have everything.
    if (execution.outputTruncated) {
        const Result<QByteArray> full = m_api->fullOutput(machine.machineId, execution.executionId, false);
        if (full.hasError())
            return full.error();
        result.output = full.value();
    }
    if (execution.errorOutputTruncated) {
        const Result<QByteArray> full = m_api->fullOutput(machine.machineId, execution.executionId, true);
        if (full.hasError())
            return full.error();
        result.errorOutput = full.value();
    }
    return result;
}

std::shared_ptr<FilesystemBackend> RunloopMachine::workspace()
{
    return makeRunloopFilesystem(this, m_api, info().workspacePath);
}

} // namespace valis::sandboxes::runloop
