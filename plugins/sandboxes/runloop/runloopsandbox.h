#pragma once

#include "runloopapi.h"

#include "valis/plugins/remotesandbox.h"

#include <QMutex>
#include <QUrl>

#include <memory>

namespace valis::sandboxes::runloop {

/// Runloop (https://runloop.ai) as a remote sandbox: each session gets a devbox, created from a
/// blueprint (RemoteMachineSpec::image: a "bpt_" id, a "snp_" snapshot id, or a blueprint name)
/// with the valis-session metadata, or attached by id. The key comes from the keychain account
/// "runloop" or RUNLOOP_API_KEY; every call but start() blocks (worker threads only).
class RunloopSandbox : public RemoteSandbox
{
public:
    explicit RunloopSandbox(QUrl baseUrl);

    QString id() const override;
    QString displayName() const override;
    Result<void> checkAvailable() const override;

    QList<RemoteCredential> credentials() const override;
    void setCredentials(const QHash<QString, QString> &secrets) override;

    Result<std::unique_ptr<RemoteMachine>> acquire(const RemoteMachineSpec &spec) override;
    Result<QList<RemoteMachineInfo>> list() override;
    Result<void> destroy(const QString &machineId) override;

private:
    std::shared_ptr<const RunloopApi> api() const;
    /// Waits until `id` runs commands, failing at `deadline`.
    Result<DevboxView> awaitRunning(const RunloopApi &api, const QString &id, const RemoteMachineSpec &spec,
                                    std::chrono::steady_clock::time_point deadline) const;

    QUrl m_baseUrl;
    mutable QMutex m_mutex;
    std::shared_ptr<const RunloopApi> m_api;
};

/// The create request for `spec` (POST /v1/devboxes).
QJsonObject createRequest(const RemoteMachineSpec &spec);

} // namespace valis::sandboxes::runloop
