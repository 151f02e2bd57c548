#pragma once

// The Modal stand-in (tests/standins/modal/server.mjs, a real gRPC server in node speaking
// Modal's control plane and command router) as a child process of a test.
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>

namespace valis::test {

class ModalStandin
{
public:
    ModalStandin() = default;
    ~ModalStandin();

    /// Starts it and waits for its address; false with the reason in error().
    bool start();
    QString error() const { return m_error; }
    QString url() const { return m_info.value(QStringLiteral("url")).toString(); }
    QString tokenId() const { return m_info.value(QStringLiteral("tokenId")).toString(); }
    QString tokenSecret() const { return m_info.value(QStringLiteral("tokenSecret")).toString(); }

    /// Sends one control line and waits for its answer (an empty object if none came).
    QJsonObject control(QJsonObject message);
    /// Replaces the injected faults (see tests/standins/modal/standin.mjs).
    bool setFaults(const QJsonObject &faults);
    /// Every sandbox the stand-in knows: id, running, dir, dirExists, tags, liveExecs, ...
    QJsonArray sandboxes();
    QJsonObject sandbox(const QString &id);

private:
    QProcess m_process;
    QJsonObject m_info;
    QString m_error;
    QByteArray m_buffer;
    int m_nextId = 1;
};

} // namespace valis::test
