#include "modalmachine.h"

#include "modalexec.h"

#include <QTimer>

namespace valis::sandboxes::modal {

namespace {

std::chrono::steady_clock::time_point deadlineAfter(std::chrono::milliseconds timeout)
{
    return timeout.count() > 0 ? std::chrono::steady_clock::now() + timeout : std::chrono::steady_clock::time_point::max();
}

// Hands `work` to the process on its own thread, unless the process is gone.
void post(const std::shared_ptr<ModalProcess::Shared> &shared, std::function<void(ModalProcess *)> work)
{
    const std::lock_guard lock(shared->mutex);
    ModalProcess *process = shared->owner;
    if (!process)
        return;
    // The process cannot be deleted while the lock is held; once it is, Qt drops what is queued.
    QMetaObject::invokeMethod(process, [process, work = std::move(work)] { work(process); }, Qt::QueuedConnection);
}

} // namespace

WorkerThreads::~WorkerThreads()
{
    const std::lock_guard lock(m_mutex);
    for (Worker &worker : m_workers)
        worker.cancel->cancel();
    for (Worker &worker : m_workers)
        worker.thread.join();
}

void WorkerThreads::spawn(std::function<void()> work, std::shared_ptr<ExecCancellation> cancel)
{
    const std::lock_guard lock(m_mutex);
    for (auto it = m_workers.begin(); it != m_workers.end();) {
        if (*it->done) {
            it->thread.join();
            it = m_workers.erase(it);
        } else {
            ++it;
        }
    }
    auto done = std::make_shared<std::atomic<bool>>(false);
    m_workers.push_back(Worker{std::thread([work = std::move(work), done] {
                                   work();
                                   *done = true;
                               }),
                               done, std::move(cancel)});
}

ModalMachine::ModalMachine(std::shared_ptr<ModalRouter> router, std::shared_ptr<WorkerThreads> workers, RemoteMachineInfo info)
    : m_router(std::move(router)), m_workers(std::move(workers)), m_info(std::move(info))
{}

ModalMachine::~ModalMachine() = default;

QString ModalMachine::id() const
{
    return QStringLiteral("modal");
}

QString ModalMachine::displayName() const
{
    return ModalText::tr("Modal sandbox %1").arg(info().machineId);
}

RemoteMachineInfo ModalMachine::info() const
{
    const std::lock_guard lock(m_mutex);
    return m_info;
}

Result<RemoteMachineInfo> ModalMachine::refresh()
{
    const std::optional<QString> stopped = m_router->stoppedState();
    const std::lock_guard lock(m_mutex);
    m_info.running = !stopped;
    m_info.state = stopped ? *stopped : QStringLiteral("running");
    return m_info;
}

QString ModalMachine::toRemote(const QString &localPath, const QString &localWorkspace) const
{
    const QString remote = info().workspacePath;
    if (localWorkspace.isEmpty() || remote.isEmpty())
        return localPath;
    if (localPath == localWorkspace)
        return remote;
    if (localPath.startsWith(localWorkspace + QLatin1Char('/')))
        return remote + localPath.mid(localWorkspace.size());
    return localPath;
}

SandboxProcess *ModalMachine::start(const SandboxCommand &command, QObject *parent)
{
    auto *process = new ModalProcess(parent);
    ExecSpec spec;
    QString workspace = command.workspace;
    while (workspace.size() > 1 && workspace.endsWith(QLatin1Char('/')))
        workspace.chop(1);
    const QString remoteWorkspace = info().workspacePath;
    // Arguments naming the local workspace (an absolute path in a script) name the remote one.
    const auto mapArgument = [&](QString argument) {
        if (!workspace.isEmpty() && !remoteWorkspace.isEmpty())
            argument.replace(workspace, remoteWorkspace);
        return argument.toStdString();
    };
    spec.arguments.push_back(mapArgument(command.program));
    for (const QString &argument : command.arguments)
        spec.arguments.push_back(mapArgument(argument));
    const QString workdir = command.workingDirectory.isEmpty() ? remoteWorkspace : toRemote(command.workingDirectory, workspace);
    spec.workdir = workdir.toStdString();
    for (auto it = command.environment.cbegin(); it != command.environment.cend(); ++it)
        spec.environment[it.key().toStdString()] = mapArgument(it.value());
    spec.deadline = deadlineAfter(command.timeout);

    std::shared_ptr<ModalProcess::Shared> shared = process->shared();
    std::shared_ptr<ModalRouter> router = m_router;
    m_workers->spawn([router, spec = std::move(spec), shared] {
        const auto output = [shared](int channel, const std::string &data) {
            const QByteArray bytes = QByteArray::fromStdString(data);
            post(shared, [channel, bytes](ModalProcess *p) { p->deliverOutput(channel, bytes); });
        };
        const Result<ExecExit> exit = runExec(*router, spec, output, *shared->cancel);
        if (exit.ok())
            post(shared, [code = exit->exitCode](ModalProcess *p) { p->deliverExit(code); });
        else
            post(shared, [error = exit.error()](ModalProcess *p) { p->deliverError(error); });
    }, shared->cancel);
    return process;
}

Result<RemoteRunResult> ModalMachine::runIn(ModalRouter &router, const QString &script, const QString &workdir,
                                            std::chrono::milliseconds timeout)
{
    ExecSpec spec;
    spec.arguments = {"sh", "-c", script.toStdString()};
    spec.workdir = workdir.toStdString();
    spec.deadline = deadlineAfter(timeout);
    std::mutex mutex;
    RemoteRunResult result;
    ExecCancellation cancel;
    const Result<ExecExit> exit = runExec(
        router, spec,
        [&](int channel, const std::string &data) {
            const std::lock_guard lock(mutex);
            (channel == 0 ? result.output : result.errorOutput).append(data.data(), qsizetype(data.size()));
        },
        cancel);
    if (exit.hasError())
        return exit.error();
    result.exitCode = exit->exitCode;
    return result;
}

Result<RemoteRunResult> ModalMachine::run(const QString &script, std::chrono::milliseconds timeout)
{
    return runIn(*m_router, script, info().workspacePath, timeout);
}

ModalProcess::ModalProcess(QObject *parent) : SandboxProcess(parent), m_shared(std::make_shared<Shared>())
{
    m_shared->owner = this;
    m_shared->cancel = std::make_shared<ExecCancellation>();
}

ModalProcess::~ModalProcess()
{
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->owner = nullptr;
    }
    m_shared->cancel->cancel();
}

void ModalProcess::kill()
{
    if (m_done)
        return;
    m_done = true;
    m_shared->cancel->cancel();
    QTimer::singleShot(0, this, [this] {
        Q_EMIT failed(Error(QStringLiteral("sandbox.killed"), ModalText::tr("the command was stopped")));
    });
}

void ModalProcess::deliverOutput(int channel, const QByteArray &data)
{
    if (m_done)
        return;
    if (channel == 0)
        Q_EMIT standardOutputReceived(data);
    else
        Q_EMIT standardErrorReceived(data);
}

void ModalProcess::deliverExit(int exitCode)
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT finished(exitCode);
}

void ModalProcess::deliverError(const Error &error)
{
    if (m_done)
        return;
    m_done = true;
    Q_EMIT failed(error);
}

} // namespace valis::sandboxes::modal
