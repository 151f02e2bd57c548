#pragma once

#include "daytonaapi.h"

#include "valis/plugins/remotesandbox.h"

#include <QMutex>
#include <QUrl>

#include <memory>

namespace valis::daytona {

class SessionPool;

/// One Daytona sandbox attached to a session. Commands started with start() run in a toolbox
/// session of their own (asynchronously, output polled from the command's logs; the session is
/// created ahead, while the command before runs); run() goes
/// through /process/execute; workspace() uses the toolbox file API.
class DaytonaMachine : public RemoteMachine
{
public:
    DaytonaMachine(Endpoint endpoint, QUrl toolboxProxyUrl, RemoteMachineInfo info);
    ~DaytonaMachine() override;

    QString id() const override { return QStringLiteral("daytona"); }
    QString displayName() const override;
    SandboxProcess *start(const SandboxCommand &command, QObject *parent) override;

    RemoteMachineInfo info() const override;
    Result<RemoteMachineInfo> refresh() override;
    Result<RemoteRunResult> run(const QString &script, std::chrono::milliseconds timeout) override;
    std::shared_ptr<FilesystemBackend> workspace() override;

    /// run() in `workingDirectory` (empty: wherever the daemon starts commands).
    Result<RemoteRunResult> runIn(const QString &script, const QString &workingDirectory,
                                  std::chrono::milliseconds timeout) const;
    rest::Client toolbox() const { return m_endpoint.toolbox(m_toolboxProxyUrl, m_machineId); }
    void setWorkspacePath(const QString &path);

private:
    /// `error` from a toolbox call; a dropped connection to a sandbox that no longer runs is
    /// sandbox.remote-gone.
    Error goneOr(const Error &error) const;

    Endpoint m_endpoint;
    QUrl m_toolboxProxyUrl;
    QString m_machineId; ///< fixed for the machine's life, read without the lock
    mutable QMutex m_mutex;
    RemoteMachineInfo m_info;
    std::shared_ptr<SessionPool> m_sessions;
};

} // namespace valis::daytona
