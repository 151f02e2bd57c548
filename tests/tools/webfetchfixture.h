#pragma once

// What the fetch_url suites share: a temporary Valis home with its config/web.json, the
// web-fetch provider over it, and the Firecrawl stand-in (tests/standins/firecrawl) run by node.
#include "toolcallhelpers.h"

#include "valis/plugins/toolprovider.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSslCertificate>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

namespace valis::test {

class WebFetchHome
{
public:
    WebFetchHome();
    ~WebFetchHome();

    QString path() const { return m_dir.path(); }
    QString configDir() const;
    QString cacheDir() const;
    QString cachePath() const;

    /// Writes config/web.json: {"version": 1, "fetch": fetch, "firecrawl": firecrawl}.
    bool writeSettings(const QJsonObject &fetch, const QJsonObject &firecrawl = {}) const;
    /// A fresh provider reading this home (config/web.json is read again at every call anyway).
    ToolProvider *provider();
    /// fetch_url(url[, format]) on the provider, waited for up to `timeoutMs`.
    ToolCallOutcome fetch(const QString &url, const QString &format = {}, int timeoutMs = 20000);

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ToolProvider> m_provider;
};

/// The Firecrawl stand-in (node tests/standins/firecrawl/server.mjs) with the saved pages of
/// tests/standins/firecrawl/pages, requiring the key `apiKey`.
class FirecrawlStandin
{
public:
    explicit FirecrawlStandin(const QString &apiKey);
    ~FirecrawlStandin();

    /// Starts it; the reason when it cannot (no node, no server line).
    QString start();
    QUrl url() const { return m_url; }
    /// The scrape requests it received: [{headers, body}].
    QJsonArray requests() const;
    /// Makes the next scrapes fail: [{"status": 429, "retryAfter": 2}, ...].
    void injectFaults(const QJsonArray &faults) const;
    /// Forgets requests, faults and its cache.
    void reset() const;

private:
    QJsonObject call(const QByteArray &method, const QString &path, const QJsonObject &body = {}) const;

    QString m_apiKey;
    QProcess m_process;
    QUrl m_url;
};

/// An HTTPS server on 127.0.0.1 whose certificate, made at start() with the openssl command,
/// names "localhost" only; it answers every request with `body` as text/html.
class TlsPageServer
{
public:
    explicit TlsPageServer(QByteArray body);
    ~TlsPageServer();

    /// Makes the certificate in `folder` and listens; the reason when it cannot.
    QString start(const QString &folder);
    quint16 port() const;
    QSslCertificate certificate() const { return m_certificate; }
    int requestCount() const { return m_requests; }

private:
    struct Server;
    std::unique_ptr<Server> m_server;
    QByteArray m_body;
    QSslCertificate m_certificate;
    int m_requests = 0;
};

} // namespace valis::test
