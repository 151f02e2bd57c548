#pragma once

#include "runloopapi.h"

#include "valis/plugins/remotesandbox.h"

#include <QMutex>

#include <memory>

namespace valis::sandboxes::runloop {

/// One Runloop devbox attached to a session. Commands run with bash on the devbox; the local
/// workspace path in a command maps to info().workspacePath ($HOME/workspace on the devbox).
/// start() is asynchronous (RunloopProcess); the other calls block.
class RunloopMachine : public RemoteMachine
{
public:
    RunloopMachine(std::shared_ptr<const RunloopApi> api, RemoteMachineInfo info);

    QString id() const override;
    QString displayName() const override;
    SandboxProcess *start(const SandboxCommand &command, QObject *parent) override;

    RemoteMachineInfo info() const override;
    Result<RemoteMachineInfo> refresh() override;
    Result<RemoteRunResult> run(const QString &script, std::chrono::milliseconds timeout) override;
    std::shared_ptr<FilesystemBackend> workspace() override;

    /// The devbox's info as Valis shows it.
    static RemoteMachineInfo infoOf(const DevboxView &devbox, const QString &workspacePath = {});

private:
    /// `path` with a leading local workspace replaced by the remote one.
    QString remotePath(const QString &path, const QString &localWorkspace) const;

    std::shared_ptr<const RunloopApi> m_api;
    mutable QMutex m_mutex;
    RemoteMachineInfo m_info;
};

/// The workspace on a Runloop devbox, through Runloop's file endpoints: download_file to read,
/// write_file_contents (text) or upload_file (binary) to a temporary file then a rename to
/// write; stat, list and remove, and the check that a path stays inside the workspace, through
/// commands (the shell filesystem).
std::shared_ptr<FilesystemBackend> makeRunloopFilesystem(RunloopMachine *machine, std::shared_ptr<const RunloopApi> api,
                                                         const QString &root);

} // namespace valis::sandboxes::runloop
