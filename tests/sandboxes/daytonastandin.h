#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace valis::test {

/// tests/standins/daytona/server.mjs run by node on a loopback port, with its control
/// endpoints (/_standin/faults, /state, /reset) at hand. Stops the server when it goes.
class DaytonaStandin
{
public:
    /// Starts the server with `arguments` besides --port 0 and --api-key; false (and the reason
    /// in error()) when node or the server could not start.
    bool start(const QString &apiKey, const QStringList &arguments = {});
    ~DaytonaStandin();

    QString error() const { return m_error; }
    /// The control plane's URL ("http://127.0.0.1:<port>/api").
    QString apiUrl() const { return m_base + QStringLiteral("/api"); }
    QString baseUrl() const { return m_base; }

    /// Replaces the fault rules (see server.mjs).
    bool setFaults(const QJsonArray &rules);
    QJsonObject state();
    QJsonArray sandboxes() { return state().value(QLatin1String("sandboxes")).toArray(); }
    /// The requests the server saw (method, path, query, body), oldest first.
    QJsonArray requests() { return state().value(QLatin1String("requests")).toArray(); }
    bool reset();
    /// A request to the server as a client of the service would send it (with the key).
    QJsonObject call(const QByteArray &method, const QString &path, const QJsonObject &body = {});

private:
    QByteArray send(const QByteArray &method, const QString &path, const QByteArray &body, bool authorised);

    QProcess m_server;
    QString m_base;
    QString m_apiKey;
    QString m_error;
};

} // namespace valis::test
