#include "conversationscheme.h"

#include <QBuffer>
#include <QFile>
#include <QHash>
#include <QMimeDatabase>
#include <QUrl>
#include <QWebEngineUrlRequestJob>
#include <QWebEngineUrlScheme>

namespace valis {

namespace {

constexpr auto Host = "conversation";

QByteArray contentType(const QString &path)
{
    if (path.endsWith(QLatin1String(".html")))
        return "text/html; charset=utf-8";
    if (path.endsWith(QLatin1String(".js")))
        return "text/javascript; charset=utf-8";
    if (path.endsWith(QLatin1String(".css")))
        return "text/css; charset=utf-8";
    return QMimeDatabase().mimeTypeForFile(path, QMimeDatabase::MatchExtension).name().toUtf8();
}

// The file a page path is served from, or empty for anything the page does not consist of.
QString resourceFor(const QUrl &url)
{
    if (url.host() != QLatin1String(Host) || url.hasQuery() || url.hasFragment())
        return {};
    const QString path = url.path();
    if (path == QLatin1String("/qwebchannel.js"))
        return QStringLiteral(":/qtwebchannel/qwebchannel.js");
    if (path.contains(QLatin1String("..")) || !path.startsWith(QLatin1Char('/')))
        return {};
    return QStringLiteral(":/valis/conversation") + path;
}

} // namespace

QByteArray ConversationScheme::name()
{
    return QByteArrayLiteral("valis");
}

QUrl ConversationScheme::pageUrl()
{
    return QUrl(QStringLiteral("valis://conversation/index.html"));
}

void ConversationScheme::registerScheme()
{
    static bool registered = false;
    if (registered)
        return;
    registered = true;
    QWebEngineUrlScheme scheme(name());
    scheme.setSyntax(QWebEngineUrlScheme::Syntax::Host);
    // Secure (so the page is a secure context) and local; not CORS-enabled, not fetchable by
    // other origins, never reachable from web content elsewhere.
    scheme.setFlags(QWebEngineUrlScheme::SecureScheme | QWebEngineUrlScheme::LocalScheme
                    | QWebEngineUrlScheme::LocalAccessAllowed);
    QWebEngineUrlScheme::registerScheme(scheme);
}

void ConversationScheme::requestStarted(QWebEngineUrlRequestJob *job)
{
    if (job->requestMethod() != QByteArrayLiteral("GET")) {
        job->fail(QWebEngineUrlRequestJob::RequestDenied);
        return;
    }
    const QString resource = resourceFor(job->requestUrl());
    if (resource.isEmpty() || !QFile::exists(resource)) {
        job->fail(QWebEngineUrlRequestJob::UrlNotFound);
        return;
    }
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly)) {
        job->fail(QWebEngineUrlRequestJob::UrlNotFound);
        return;
    }
    // Handed over whole: WebEngine reads a buffer at once, where it polls a QFile slowly.
    auto *buffer = new QBuffer(job);
    buffer->setData(file.readAll());
    buffer->open(QIODevice::ReadOnly);
    job->reply(contentType(resource), buffer);
}

} // namespace valis
