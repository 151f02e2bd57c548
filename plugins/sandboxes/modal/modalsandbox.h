#pragma once

#include "valis/plugins/remotesandbox.h"

#include <QJsonObject>

#include <memory>
#include <mutex>

namespace valis::sandboxes::modal {

class ModalConnection;
class WorkerThreads;

/// Modal (modal.com) as a remote sandbox: machines are Modal Sandboxes in the app "valis",
/// created from a registry image with the session's resources, environment (as an ephemeral
/// secret) and tags; commands go through the sandbox task's command router over gRPC.
///
/// Settings: {"serverUrl": "https://api.modal.com:443"}, overridden by MODAL_SERVER_URL.
/// Credentials: modal-token-id / modal-token-secret (MODAL_TOKEN_ID / MODAL_TOKEN_SECRET).
/// Blocking calls as RemoteSandbox says; the commands' own threads are joined when it is deleted.
class ModalSandbox : public RemoteSandbox
{
public:
    explicit ModalSandbox(const QJsonObject &settings = {});
    ~ModalSandbox() override;

    QString id() const override;
    QString displayName() const override;
    Result<void> checkAvailable() const override;

    QList<RemoteCredential> credentials() const override;
    void setCredentials(const QHash<QString, QString> &secrets) override;

    Result<std::unique_ptr<RemoteMachine>> acquire(const RemoteMachineSpec &spec) override;
    Result<QList<RemoteMachineInfo>> list() override;
    Result<void> destroy(const QString &machineId) override;

    /// The control plane's address this sandbox uses.
    QString serverUrl() const { return m_serverUrl; }

private:
    std::shared_ptr<ModalConnection> connection();

    QString m_serverUrl;
    mutable std::mutex m_mutex;
    QHash<QString, QString> m_secrets;
    std::shared_ptr<ModalConnection> m_connection;
    std::shared_ptr<WorkerThreads> m_workers;
};

} // namespace valis::sandboxes::modal
