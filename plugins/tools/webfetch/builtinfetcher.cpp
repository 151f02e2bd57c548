#include "builtinfetcher.h"

#include "tooltext.h"

#include <QEventLoop>
#include <QHostInfo>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>

namespace valis::web {

// Messages in this file go back to the model, which reads English best; they are not tr()'d.

namespace {

constexpr int TickMs = 50;

bool isHttp(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return scheme == QLatin1String("http") || scheme == QLatin1String("https");
}

std::optional<std::chrono::milliseconds> parseRetryAfter(const QByteArray &value)
{
    if (value.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qint64 seconds = value.trimmed().toLongLong(&ok);
    if (ok && seconds >= 0)
        return std::chrono::milliseconds(seconds * 1000);
    const QDateTime when = QDateTime::fromString(QString::fromLatin1(value.trimmed()), Qt::RFC2822Date);
    if (when.isValid())
        return std::chrono::milliseconds(std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(when)));
    return std::nullopt;
}

QByteArray hostHeader(const QUrl &url)
{
    QString host = normalizedHost(url);
    if (host.contains(QLatin1Char(':')))
        host = QLatin1Char('[') + host + QLatin1Char(']');
    if (url.port() != -1)
        host += QLatin1Char(':') + QString::number(url.port());
    return host.toLatin1();
}

QString seconds(std::chrono::seconds value)
{
    return QString::number(value.count()) + QStringLiteral(" s");
}

} // namespace

BuiltInFetcher::BuiltInFetcher(const WebSettings &settings)
    : m_settings(settings), m_policy(settings.allowLoopback ? LoopbackPolicy::Allow : LoopbackPolicy::Refuse)
{}

QByteArray BuiltInFetcher::userAgent()
{
    return QByteArrayLiteral("Valis-fetch_url/1.0 (an AI agent's page fetcher)");
}

std::optional<FetchFailure> BuiltInFetcher::checkWithoutLookup(const QUrl &url) const
{
    if (!url.isValid())
        return FetchFailure{QStringLiteral("Not a valid URL: %1").arg(url.errorString())};
    if (!isHttp(url))
        return FetchFailure{QStringLiteral("fetch_url fetches only http and https URLs, not %1.")
                                .arg(url.scheme().isEmpty() ? QStringLiteral("a URL without a scheme") : url.scheme() + QLatin1Char(':'))};
    const QString host = normalizedHost(url);
    if (host.isEmpty())
        return FetchFailure{QStringLiteral("The URL %1 has no host.").arg(url.toString())};
    if (!url.userName().isEmpty() || !url.password().isEmpty())
        return FetchFailure{QStringLiteral("fetch_url does not fetch URLs with a user name or password in them.")};
    if (!m_settings.domainAllowed(host))
        return FetchFailure{QStringLiteral("Fetching from %1 is not allowed by the web settings (allowDomains/denyDomains in "
                                           "config/web.json).")
                                .arg(host)};
    if (AddressPolicy::isMetadataHostName(host))
        return FetchFailure{QStringLiteral("Refused: %1 names a cloud metadata service.").arg(host)};
    const QHostAddress literal(host);
    if (!literal.isNull()) {
        const AddressVerdict verdict = m_policy.classify(literal);
        if (verdict != AddressVerdict::Allowed)
            return FetchFailure{QStringLiteral("Refused: %1 is %2; fetch_url only reaches public addresses.")
                                    .arg(literal.toString(), AddressPolicy::describe(verdict))};
    }
    return std::nullopt;
}

FetchResult<QList<QHostAddress>> BuiltInFetcher::resolve(const QString &host, const QDeadlineTimer &deadline,
                                                         const std::atomic_bool *cancelled) const
{
    const QHostAddress literal(host);
    if (!literal.isNull())
        return QList<QHostAddress>{literal};

    QEventLoop loop;
    std::optional<QHostInfo> answer;
    const int id = QHostInfo::lookupHost(host, &loop, [&](const QHostInfo &info) {
        answer = info;
        loop.quit();
    });
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        if (deadline.hasExpired() || (cancelled && *cancelled))
            loop.quit();
    });
    ticker.start(TickMs);
    if (!answer)
        loop.exec();
    if (!answer) {
        QHostInfo::abortHostLookup(id);
        if (cancelled && *cancelled)
            return FetchFailure{QStringLiteral("The fetch was cancelled.")};
        return FetchFailure{QStringLiteral("Looking up %1 took longer than the %2 limit.").arg(host, seconds(m_settings.fetchTimeout)), true};
    }
    if (answer->error() == QHostInfo::HostNotFound || (answer->error() == QHostInfo::NoError && answer->addresses().isEmpty()))
        return FetchFailure{QStringLiteral("The host %1 was not found (no DNS record).").arg(host)};
    if (answer->error() != QHostInfo::NoError)
        return FetchFailure{QStringLiteral("Looking up %1 failed: %2").arg(host, answer->errorString()), true};
    return answer->addresses();
}

FetchResult<HttpDocument> BuiltInFetcher::get(const QUrl &url, const QHostAddress &address, const QDeadlineTimer &deadline,
                                              const std::atomic_bool *cancelled, bool *connectFailed) const
{
    *connectFailed = false;
    QUrl target = url;
    target.setHost(address.toString());
    QNetworkRequest request(target);
    request.setRawHeader("Host", hostHeader(url));
    if (url.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0)
        request.setPeerVerifyName(normalizedHost(url)); // certificate check and SNI against the host, not the IP
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    // HTTP/2 takes :authority from the URL (the IP), not from the Host header.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setHeader(QNetworkRequest::UserAgentHeader, userAgent());
    request.setRawHeader("Accept", "text/html,application/xhtml+xml,application/pdf;q=0.9,text/plain;q=0.8,*/*;q=0.5");

    QNetworkAccessManager manager;
    manager.setProxy(QNetworkProxy::NoProxy);
    manager.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);

    enum class Stop { None, TooLarge, Timeout, Cancelled };
    Stop stop = Stop::None;
    QByteArray body;
    QEventLoop loop;
    QNetworkReply *reply = manager.get(request);
    const auto abortWith = [&](Stop why) {
        if (stop == Stop::None) {
            stop = why;
            reply->abort();
        }
    };
    QObject::connect(reply, &QNetworkReply::metaDataChanged, &loop, [&] {
        if (reply->header(QNetworkRequest::ContentLengthHeader).toLongLong() > m_settings.maxBytes)
            abortWith(Stop::TooLarge);
    });
    QObject::connect(reply, &QIODevice::readyRead, &loop, [&] {
        body += reply->read(m_settings.maxBytes + 1 - body.size());
        if (body.size() > m_settings.maxBytes)
            abortWith(Stop::TooLarge);
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        if (cancelled && *cancelled)
            abortWith(Stop::Cancelled);
        else if (deadline.hasExpired())
            abortWith(Stop::Timeout);
    });
    ticker.start(TickMs);
    if (!reply->isFinished())
        loop.exec();
    if (stop == Stop::None && body.size() <= m_settings.maxBytes)
        body += reply->read(m_settings.maxBytes + 1 - body.size());
    if (stop == Stop::None && body.size() > m_settings.maxBytes)
        stop = Stop::TooLarge;

    const QString host = normalizedHost(url);
    switch (stop) {
    case Stop::TooLarge:
        return FetchFailure{QStringLiteral("The response from %1 is larger than the %2 limit (fetch.maxBytes in config/web.json); "
                                           "fetch_url stopped reading it.")
                                .arg(url.toString(), tools::sizeText(m_settings.maxBytes))};
    case Stop::Timeout:
        return FetchFailure{QStringLiteral("Fetching %1 took longer than the %2 limit (fetch.timeoutSeconds in config/web.json).")
                                .arg(url.toString(), seconds(m_settings.fetchTimeout)),
                            true};
    case Stop::Cancelled:
        return FetchFailure{QStringLiteral("The fetch was cancelled.")};
    case Stop::None:
        break;
    }

    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (!status.isValid()) {
        const QNetworkReply::NetworkError error = reply->error();
        *connectFailed = error == QNetworkReply::ConnectionRefusedError || error == QNetworkReply::HostNotFoundError;
        const bool transient = error == QNetworkReply::RemoteHostClosedError || error == QNetworkReply::TimeoutError
                               || error == QNetworkReply::TemporaryNetworkFailureError || error == QNetworkReply::UnknownNetworkError
                               || error == QNetworkReply::ConnectionRefusedError;
        return FetchFailure{QStringLiteral("Could not fetch %1 from %2 (%3): %4")
                                .arg(url.toString(), host, address.toString(), reply->errorString()),
                            transient};
    }

    HttpDocument document;
    document.finalUrl = url;
    document.status = status.toInt();
    document.reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    document.contentTypeHeader = QString::fromLatin1(reply->rawHeader("Content-Type"));
    document.location = reply->rawHeader("Location");
    document.retryAfter = parseRetryAfter(reply->rawHeader("Retry-After"));
    document.body = body;
    document.viaLoopback = address.isLoopback();
    return document;
}

FetchResult<HttpDocument> BuiltInFetcher::fetch(const QUrl &url, const std::atomic_bool *cancelled) const
{
    const QDeadlineTimer deadline(std::chrono::duration_cast<std::chrono::milliseconds>(m_settings.fetchTimeout));
    QUrl current = url;
    for (int hops = 0;; ++hops) {
        const QString redirectNote = hops == 0 ? QString() : QStringLiteral(" (reached by a redirect from %1)").arg(url.toString());
        if (std::optional<FetchFailure> refused = checkWithoutLookup(current)) {
            refused->message += redirectNote;
            return *refused;
        }
        const QString host = normalizedHost(current);
        FetchResult<QList<QHostAddress>> resolved = resolve(host, deadline, cancelled);
        if (auto *failure = std::get_if<FetchFailure>(&resolved))
            return *failure;
        const QList<QHostAddress> addresses = std::get<QList<QHostAddress>>(resolved);
        for (const QHostAddress &address : addresses) {
            const AddressVerdict verdict = m_policy.classify(address);
            if (verdict != AddressVerdict::Allowed)
                return FetchFailure{QStringLiteral("Refused: %1 resolves to %2, %3; fetch_url only reaches public addresses.%4")
                                        .arg(host, address.toString(), AddressPolicy::describe(verdict), redirectNote)};
        }

        std::optional<FetchResult<HttpDocument>> answer;
        for (const QHostAddress &address : addresses) {
            bool connectFailed = false;
            answer = get(current, address, deadline, cancelled, &connectFailed);
            if (!connectFailed)
                break;
        }
        if (!answer)
            return FetchFailure{QStringLiteral("The host %1 has no address to connect to.").arg(host)};
        if (auto *failure = std::get_if<FetchFailure>(&*answer))
            return *failure;
        HttpDocument document = std::get<HttpDocument>(std::move(*answer));
        if (document.status < 300 || document.status >= 400)
            return document;

        if (document.location.isEmpty())
            return FetchFailure{QStringLiteral("%1 answered %2 (a redirect) without a Location header.").arg(current.toString()).arg(document.status)};
        const QUrl next = current.resolved(QUrl(QString::fromUtf8(document.location)));
        if (!isHttp(next))
            return FetchFailure{QStringLiteral("%1 redirects to %2, which is not an http or https URL.").arg(current.toString(), next.toString())};
        if (normalizedHost(next) != host) {
            // Said at once when the other host is one fetch_url would refuse anyway.
            if (std::optional<FetchFailure> refused = checkWithoutLookup(next))
                return FetchFailure{QStringLiteral("%1 redirects to %2, which fetch_url refuses: %3")
                                        .arg(current.toString(), next.toString(), refused->message)};
            document.redirectedElsewhere = next;
            document.body.clear();
            return document;
        }
        if (hops + 1 > m_settings.maxRedirects)
            return FetchFailure{QStringLiteral("%1 redirected more than %2 times (fetch.maxRedirects in config/web.json).")
                                    .arg(url.toString())
                                    .arg(m_settings.maxRedirects)};
        current = next;
    }
}

} // namespace valis::web
