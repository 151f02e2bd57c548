#include "webfetchfixture.h"

#include "fetchurltool.h"
#include "testsupport.h"

#include <QDir>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QStandardPaths>
#include <QTimer>

namespace valis::test {

WebFetchHome::WebFetchHome() = default;
WebFetchHome::~WebFetchHome() = default;

QString WebFetchHome::configDir() const
{
    return m_dir.filePath(QStringLiteral("config"));
}

QString WebFetchHome::cacheDir() const
{
    return m_dir.filePath(QStringLiteral("cache"));
}

QString WebFetchHome::cachePath() const
{
    return web::fetchCachePath(cacheDir());
}

bool WebFetchHome::writeSettings(const QJsonObject &fetch, const QJsonObject &firecrawl) const
{
    QJsonObject json{{QStringLiteral("version"), 1}, {QStringLiteral("fetch"), fetch}};
    if (!firecrawl.isEmpty())
        json.insert(QStringLiteral("firecrawl"), firecrawl);
    QDir().mkpath(configDir());
    return writeFile(QDir(configDir()).filePath(QStringLiteral("web.json")), QJsonDocument(json).toJson());
}

ToolProvider *WebFetchHome::provider()
{
    if (!m_provider) {
        web::FetchToolEnvironment environment;
        environment.configDir = configDir();
        environment.cacheDir = cacheDir();
        m_provider = web::makeWebFetchToolProvider(environment);
    }
    return m_provider.get();
}

ToolCallOutcome WebFetchHome::fetch(const QString &url, const QString &format, int timeoutMs)
{
    QJsonObject arguments{{QStringLiteral("url"), url}};
    if (!format.isEmpty())
        arguments.insert(QStringLiteral("format"), format);
    ToolContext context;
    context.callId = QStringLiteral("call-1");
    context.sessionId = QStringLiteral("session-1");
    return callTool(provider(), QStringLiteral("fetch_url"), arguments, context, timeoutMs);
}

FirecrawlStandin::FirecrawlStandin(const QString &apiKey) : m_apiKey(apiKey) {}

FirecrawlStandin::~FirecrawlStandin()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.closeWriteChannel(); // --exit-with-stdin: it ends on its own
        if (!m_process.waitForFinished(3000)) {
            m_process.kill();
            m_process.waitForFinished(3000);
        }
    }
}

QString FirecrawlStandin::start()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        return QStringLiteral("node is not in PATH");
    const QString folder = sourceDir() + QStringLiteral("/tests/standins/firecrawl");
    m_process.setProgram(node);
    m_process.setArguments({folder + QStringLiteral("/server.mjs"), QStringLiteral("--pages"), folder + QStringLiteral("/pages"),
                            QStringLiteral("--api-key"), m_apiKey, QStringLiteral("--exit-with-stdin")});
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start();
    if (!m_process.waitForStarted(10000))
        return QStringLiteral("cannot start node: ") + m_process.errorString();
    while (!m_process.canReadLine()) {
        if (!m_process.waitForReadyRead(20000))
            return QStringLiteral("the Firecrawl stand-in printed no address");
    }
    const QJsonObject line = QJsonDocument::fromJson(m_process.readLine()).object();
    m_url = QUrl(line.value(QLatin1String("url")).toString());
    return m_url.isValid() ? QString() : QStringLiteral("the Firecrawl stand-in printed no address");
}

QJsonObject FirecrawlStandin::call(const QByteArray &method, const QString &path, const QJsonObject &body) const
{
    QNetworkAccessManager manager;
    QNetworkRequest request(m_url.resolved(QUrl(path)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    QNetworkReply *reply = manager.sendCustomRequest(request, method, method == "GET" ? QByteArray() : QJsonDocument(body).toJson());
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(10000, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
    delete reply;
    return answer;
}

QJsonArray FirecrawlStandin::requests() const
{
    return call("GET", QStringLiteral("/_standin/requests")).value(QLatin1String("requests")).toArray();
}

void FirecrawlStandin::injectFaults(const QJsonArray &faults) const
{
    call("POST", QStringLiteral("/_standin/faults"), QJsonObject{{QStringLiteral("faults"), faults}});
}

void FirecrawlStandin::reset() const
{
    call("POST", QStringLiteral("/_standin/reset"));
}

struct TlsPageServer::Server
{
    QSslServer server;
};

TlsPageServer::TlsPageServer(QByteArray body) : m_server(std::make_unique<Server>()), m_body(std::move(body)) {}
TlsPageServer::~TlsPageServer() = default;

quint16 TlsPageServer::port() const
{
    return m_server->server.serverPort();
}

QString TlsPageServer::start(const QString &folder)
{
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty())
        return QStringLiteral("the openssl command is not installed");
    const QString keyPath = folder + QStringLiteral("/key.pem");
    const QString certificatePath = folder + QStringLiteral("/cert.pem");
    QProcess make;
    make.start(openssl, {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                         QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("1"), QStringLiteral("-subj"),
                         QStringLiteral("/CN=localhost"), QStringLiteral("-addext"), QStringLiteral("subjectAltName=DNS:localhost"),
                         QStringLiteral("-keyout"), keyPath, QStringLiteral("-out"), certificatePath});
    if (!make.waitForFinished(60000) || make.exitCode() != 0)
        return QStringLiteral("openssl could not make a certificate: ") + QString::fromLocal8Bit(make.readAllStandardError());
    QFile keyFile(keyPath);
    QFile certificateFile(certificatePath);
    if (!keyFile.open(QIODevice::ReadOnly) || !certificateFile.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read the certificate openssl made");
    m_certificate = QSslCertificate(certificateFile.readAll(), QSsl::Pem);
    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    configuration.setLocalCertificate(m_certificate);
    configuration.setPrivateKey(QSslKey(keyFile.readAll(), QSsl::Rsa, QSsl::Pem));
    configuration.setPeerVerifyMode(QSslSocket::VerifyNone);
    m_server->server.setSslConfiguration(configuration);

    QObject::connect(&m_server->server, &QTcpServer::pendingConnectionAvailable, &m_server->server, [this] {
        while (auto *socket = qobject_cast<QSslSocket *>(m_server->server.nextPendingConnection())) {
            auto received = std::make_shared<QByteArray>();
            QObject::connect(socket, &QIODevice::readyRead, socket, [this, socket, received] {
                *received += socket->readAll();
                if (!received->contains("\r\n\r\n"))
                    return;
                ++m_requests;
                socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nConnection: close\r\nContent-Length: "
                              + QByteArray::number(m_body.size()) + "\r\n\r\n" + m_body);
                socket->disconnectFromHost();
            });
            QObject::connect(socket, &QAbstractSocket::disconnected, socket, &QObject::deleteLater);
        }
    });
    if (!m_server->server.listen(QHostAddress::LocalHost))
        return QStringLiteral("cannot listen: ") + m_server->server.errorString();
    return {};
}

} // namespace valis::test
