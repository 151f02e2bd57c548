#include "webfetchfixture.h"

#include "fetchurltool.h"
#include "testsupport.h"

#include <QDir>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
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

} // namespace valis::test
