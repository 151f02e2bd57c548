#include "daytonastandin.h"

#include "testsupport.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QStandardPaths>
#include <QTimer>
#include <QUrl>

namespace valis::test {

bool DaytonaStandin::start(const QString &apiKey, const QStringList &arguments)
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty()) {
        m_error = QStringLiteral("node is not in PATH");
        return false;
    }
    m_apiKey = apiKey;
    m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_server.start(node, QStringList{sourceDir() + QStringLiteral("/tests/standins/daytona/server.mjs"),
                                     QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--api-key"), apiKey,
                                     QStringLiteral("--exit-with-stdin")}
                             + arguments);
    if (!m_server.waitForStarted(10000) || !m_server.waitForReadyRead(20000)) {
        m_error = QStringLiteral("the stand-in did not start: ") + m_server.errorString();
        return false;
    }
    const int port = m_server.readLine().trimmed().toInt();
    if (port <= 0) {
        m_error = QStringLiteral("the stand-in did not print its port");
        return false;
    }
    m_base = QStringLiteral("http://127.0.0.1:%1").arg(port);
    return true;
}

DaytonaStandin::~DaytonaStandin()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.terminate();
        if (!m_server.waitForFinished(5000)) {
            m_server.kill();
            m_server.waitForFinished(5000);
        }
    }
}

QByteArray DaytonaStandin::send(const QByteArray &method, const QString &path, const QByteArray &body, bool authorised)
{
    QNetworkAccessManager manager;
    QNetworkRequest request(QUrl(m_base + path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    if (authorised)
        request.setRawHeader("Authorization", "Bearer " + m_apiKey.toUtf8());
    QNetworkReply *reply = manager.sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(20000, &loop, &QEventLoop::quit);
    loop.exec();
    const QByteArray answer = reply->readAll();
    delete reply;
    return answer;
}

bool DaytonaStandin::setFaults(const QJsonArray &rules)
{
    const QByteArray answer = send("POST", QStringLiteral("/_standin/faults"),
                                   QJsonDocument(QJsonObject{{QStringLiteral("rules"), rules}}).toJson(), false);
    return QJsonDocument::fromJson(answer).isObject();
}

QJsonObject DaytonaStandin::state()
{
    return QJsonDocument::fromJson(send("GET", QStringLiteral("/_standin/state"), {}, false)).object();
}

bool DaytonaStandin::reset()
{
    return QJsonDocument::fromJson(send("POST", QStringLiteral("/_standin/reset"), "{}", false)).isObject();
}

QJsonObject DaytonaStandin::call(const QByteArray &method, const QString &path, const QJsonObject &body)
{
    return QJsonDocument::fromJson(send(method, path, QJsonDocument(body).toJson(), true)).object();
}

} // namespace valis::test
