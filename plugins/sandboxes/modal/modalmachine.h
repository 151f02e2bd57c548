#pragma once

#include "valis/plugins/remotesandbox.h"
#include "valis/plugins/sandboxprocess.h"

#include <atomic>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <thread>

namespace valis::sandboxes::modal {

class ModalRouter;
class ExecCancellation;

/// The threads the running commands' gRPC calls block on. Owned (shared) by the ModalSandbox,
/// which joins them all when deleted, so a command object can go away at once while its
/// calls wind down (a kill on the machine included) without running code of an unloaded plugin.
class WorkerThreads
{
public:
    /// Cancels what is still running (a command whose process outlived the plugin), then joins.
    ~WorkerThreads();
    /// Runs `work` on a thread of its own; `cancel` stops its calls should the sandbox go first.
    void spawn(std::function<void()> work, std::shared_ptr<ExecCancellation> cancel);

private:
    struct Worker
    {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> done;
        std::shared_ptr<ExecCancellation> cancel;
    };
    std::mutex m_mutex;
    std::list<Worker> m_workers;
};

/// One Modal Sandbox attached to a session: runs commands through its command router, mapping
/// the local workspace to info().workspacePath.
class ModalMachine : public RemoteMachine
{
public:
    ModalMachine(std::shared_ptr<ModalRouter> router, std::shared_ptr<WorkerThreads> workers, RemoteMachineInfo info);
    ~ModalMachine() override;

    QString id() const override;
    QString displayName() const override;
    SandboxProcess *start(const SandboxCommand &command, QObject *parent) override;

    RemoteMachineInfo info() const override;
    Result<RemoteMachineInfo> refresh() override;
    Result<RemoteRunResult> run(const QString &script, std::chrono::milliseconds timeout) override;

    /// run() in `workdir` ("" = the sandbox's own), for the steps before the workspace exists.
    static Result<RemoteRunResult> runIn(ModalRouter &router, const QString &script, const QString &workdir,
                                         std::chrono::milliseconds timeout);

private:
    QString toRemote(const QString &localPath, const QString &localWorkspace) const;

    std::shared_ptr<ModalRouter> m_router;
    std::shared_ptr<WorkerThreads> m_workers;
    mutable std::mutex m_mutex;
    RemoteMachineInfo m_info;
};

/// A command running on a ModalMachine. Its signals arrive on the thread that started it.
class ModalProcess : public SandboxProcess
{
    Q_OBJECT

public:
    /// What the worker thread and the process share: the worker posts to `owner` while it is set.
    struct Shared
    {
        std::mutex mutex;
        ModalProcess *owner = nullptr;
        std::shared_ptr<ExecCancellation> cancel;
    };

    explicit ModalProcess(QObject *parent);
    ~ModalProcess() override;

    void kill() override;
    std::shared_ptr<Shared> shared() const { return m_shared; }

    /// Called on the owner thread by what the worker posts.
    void deliverOutput(int channel, const QByteArray &data);
    void deliverExit(int exitCode);
    void deliverError(const Error &error);

private:
    std::shared_ptr<Shared> m_shared;
    bool m_done = false;
};

} // namespace valis::sandboxes::modal
