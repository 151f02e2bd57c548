#pragma once

#include "daytonaapi.h"

#include "valis/plugins/remotesandbox.h"

#include <QMutex>
#include <QUrl>

namespace valis::daytona {

/// The "daytona" sandbox: machines are Daytona sandboxes, created through the control plane
/// (POST /sandbox) and driven through their toolbox (process and file APIs).
///
/// `spec.image` names a snapshot or an image: "snapshot:NAME" and "image:REF" say which;
/// otherwise a reference with ':', '/' or '@' is an image (built as "FROM <image>") and a plain
/// word a snapshot. Every machine it creates carries valis-session=<session> and
/// created-by=valis, the second so list() can ask Daytona for Valis's machines only.
class DaytonaSandbox : public RemoteSandbox
{
public:
    /// `apiUrl`: the control plane (plugin setting "baseUrl", DAYTONA_API_URL, or Daytona's).
    explicit DaytonaSandbox(QUrl apiUrl);

    QString id() const override { return QStringLiteral("daytona"); }
    QString displayName() const override;
    Result<void> checkAvailable() const override;

    QList<RemoteCredential> credentials() const override;
    void setCredentials(const QHash<QString, QString> &secrets) override;

    Result<std::unique_ptr<RemoteMachine>> acquire(const RemoteMachineSpec &spec) override;
    Result<QList<RemoteMachineInfo>> list() override;
    Result<void> destroy(const QString &machineId) override;

    QUrl apiUrl() const { return m_apiUrl; }

private:
    Result<Endpoint> endpoint() const;
    /// Polls the sandbox until it runs commands; the DTO of the started sandbox.
    Result<QJsonObject> waitUntilStarted(const Endpoint &endpoint, const QString &machineId,
                                         std::chrono::seconds timeout) const;
    Result<std::unique_ptr<RemoteMachine>> attach(const Endpoint &endpoint, const QJsonObject &sandbox) const;

    QUrl m_apiUrl;
    mutable QMutex m_mutex;
    QString m_apiKey;
};

} // namespace valis::daytona
