#include "searchstandin.h"

#include "testsupport.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QStandardPaths>
#include <QTimer>

namespace valis::test {

QString SearchStandin::node()
{
    return QStandardPaths::findExecutable(QStringLiteral("node"));
}

SearchStandin::SearchStandin(const QString &service, const QStringList &arguments)
{
    if (node().isEmpty()) {
        m_problem = QStringLiteral("node is not installed");
        return;
    }
    const QString root = sourceDir() + QStringLiteral("/tests/standins/");
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->start(node(), QStringList{root + service + QStringLiteral("/server.mjs"), QStringLiteral("--corpus"),
                                         root + QStringLiteral("search-common/test-corpus.json"), QStringLiteral("--port"),
                                         QStringLiteral("0")}
                                 + arguments);
    const QByteArray marker = service.toUpper().toLatin1() + "_STANDIN_PORT=";
    QByteArray out;
    const QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired() && m_process->state() != QProcess::NotRunning) {
        m_process->waitForReadyRead(100);
        out += m_process->readAllStandardOutput();
        const qsizetype at = out.indexOf(marker);
        if (at >= 0 && out.indexOf('\n', at) > at) {
            m_port = out.mid(at + marker.size(), out.indexOf('\n', at) - at - marker.size()).trimmed().toInt();
            return;
        }
    }
    m_problem = QStringLiteral("the %1 stand-in did not start: %2 %3")
                    .arg(service, QString::fromUtf8(out), QString::fromUtf8(m_process->readAllStandardError()));
}

SearchStandin::~SearchStandin()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
}

QUrl SearchStandin::url() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port));
}

QJsonValue SearchStandin::control(const QByteArray &method, const QString &path, const QByteArray &body)
{
    QNetworkAccessManager network;
    QNetworkRequest request(QUrl(url().toString() + path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply *reply = network.sendCustomRequest(request, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    loop.exec();
    const QJsonDocument document = QJsonDocument::fromJson(reply->readAll());
    delete reply;
    return document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
}

QJsonArray SearchStandin::requests()
{
    return control("GET", QStringLiteral("/__standin/requests")).toArray();
}

void SearchStandin::setFaults(const QJsonObject &faults)
{
    control("POST", QStringLiteral("/__standin/faults"), QJsonDocument(faults).toJson(QJsonDocument::Compact));
}

} // namespace valis::test
