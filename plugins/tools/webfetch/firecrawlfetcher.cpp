#include "firecrawlfetcher.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

#include <algorithm>

namespace valis::web {

// Messages in this file go back to the model, which reads English best; they are not tr()'d.

namespace {

QList<rest::Header> headersFor(const QString &apiKey)
{
    // Without a key no Authorization header at all: a self-hosted Firecrawl may need none.
    if (apiKey.isEmpty())
        return {};
    return {{QByteArrayLiteral("Authorization"), "Bearer " + apiKey.toUtf8()}};
}

QString formatName(DocumentFormat format)
{
    switch (format) {
    case DocumentFormat::Markdown:
        return QStringLiteral("markdown");
    case DocumentFormat::Html:
        return QStringLiteral("rawHtml");
    case DocumentFormat::Text:
        return QStringLiteral("html"); // converted to text here: Firecrawl has no text format
    }
    return QStringLiteral("markdown");
}

bool retryableStatus(int status)
{
    return status == 408 || status == 429 || status >= 500;
}

} // namespace

FirecrawlFetcher::FirecrawlFetcher(const WebSettings &settings, const QString &apiKey)
    : m_settings(settings), m_client(settings.firecrawlBaseUrl, headersFor(apiKey), &FirecrawlFetcher::errorFor)
{}

Error FirecrawlFetcher::errorFor(const rest::Response &response)
{
    const QJsonObject body = response.json().toObject();
    QString said = body.value(QLatin1String("error")).toString();
    if (said.isEmpty())
        said = QString::fromUtf8(response.body.left(300)).trimmed();
    const QString code = body.value(QLatin1String("code")).toString();
    const QString detail = code.isEmpty() ? said : said + QStringLiteral(" [") + code + QLatin1Char(']');
    QString message;
    switch (response.status) {
    case 400:
        message = QStringLiteral("Firecrawl refused the request (400): %1").arg(detail);
        break;
    case 401:
        message = QStringLiteral("Firecrawl refused the API key (401: %1). Store a key with `valis-cli keys set firecrawl` "
                                 "or set FIRECRAWL_API_KEY.")
                      .arg(said);
        break;
    case 402:
        message = QStringLiteral("Firecrawl says the account is out of credits (402): %1").arg(said);
        break;
    case 404:
        message = QStringLiteral("Firecrawl found nothing to return (404): %1").arg(detail);
        break;
    case 408:
        message = QStringLiteral("Firecrawl timed out scraping the page (408): %1").arg(detail);
        break;
    case 429:
        message = QStringLiteral("Firecrawl is rate limiting requests (429): %1").arg(said);
        break;
    default:
        message = QStringLiteral("Firecrawl failed (HTTP %1): %2").arg(response.status).arg(detail);
        break;
    }
    return Error(QStringLiteral("firecrawl.http-%1").arg(response.status), message);
}

QJsonObject FirecrawlFetcher::requestBody(const QUrl &url, DocumentFormat format) const
{
    const qint64 timeoutMs = std::clamp<qint64>(qint64(m_settings.fetchTimeout.count()) * 1000, 1000, 300000);
    return QJsonObject{{QStringLiteral("url"), url.toString(QUrl::FullyEncoded)},
                       {QStringLiteral("formats"), QJsonArray{formatName(format)}},
                       {QStringLiteral("onlyMainContent"), m_settings.firecrawlOnlyMainContent},
                       {QStringLiteral("maxAge"), double(m_settings.firecrawlMaxAgeMs)},
                       {QStringLiteral("timeout"), double(timeoutMs)}};
}

FetchResult<FetchedPage> FirecrawlFetcher::fetch(const QUrl &url, DocumentFormat format, const std::atomic_bool *cancelled) const
{
    rest::Request request = rest::Request::json("POST", QStringLiteral("/v2/scrape"), requestBody(url, format));
    // Firecrawl's own timeout applies to the page; the answer may take a little longer.
    request.timeout = std::chrono::duration_cast<std::chrono::milliseconds>(m_settings.fetchTimeout) + std::chrono::seconds(15);

    QNetworkAccessManager manager;
    QEventLoop loop;
    QNetworkReply *reply = m_client.start(&manager, request);
    bool cancelledNow = false;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        if (cancelled && *cancelled && !cancelledNow) {
            cancelledNow = true;
            reply->abort();
        }
    });
    ticker.start(50);
    if (!reply->isFinished())
        loop.exec();
    if (cancelledNow)
        return FetchFailure{QStringLiteral("The fetch was cancelled.")};

    const rest::Response response = rest::Client::responseOf(reply);
    const QString service = m_settings.firecrawlBaseUrl.toString(QUrl::RemoveUserInfo);
    if (response.status == 0) {
        const bool timedOut = reply->error() == QNetworkReply::TimeoutError || reply->error() == QNetworkReply::OperationCanceledError;
        return FetchFailure{timedOut ? QStringLiteral("Firecrawl (%1) did not answer in time.").arg(service)
                                     : QStringLiteral("Cannot reach Firecrawl at %1: %2").arg(service, reply->errorString()),
                            true};
    }
    if (response.status < 200 || response.status >= 300) {
        FetchFailure failure{errorFor(response).message, retryableStatus(response.status)};
        if (response.status == 429 || response.status == 503)
            failure.retryAfter = response.retryAfter();
        return failure;
    }

    const QJsonObject envelope = response.json().toObject();
    if (!envelope.value(QLatin1String("success")).toBool())
        return FetchFailure{QStringLiteral("Firecrawl answered without success: %1").arg(envelope.value(QLatin1String("error")).toString())};
    const QJsonObject data = envelope.value(QLatin1String("data")).toObject();
    const QJsonObject metadata = data.value(QLatin1String("metadata")).toObject();
    const int status = metadata.value(QLatin1String("statusCode")).toInt();
    if (status >= 400) {
        const QString why = metadata.value(QLatin1String("error")).toString();
        return FetchFailure{QStringLiteral("%1 answered HTTP %2%3 (fetched through Firecrawl).")
                                .arg(url.toString())
                                .arg(status)
                                .arg(why.isEmpty() ? QString() : QStringLiteral(" (") + why + QLatin1Char(')')),
                            status == 429 || status >= 500};
    }

    FetchedPage page;
    page.url = url;
    const QString finalUrl = metadata.value(QLatin1String("url")).toString();
    page.finalUrl = finalUrl.isEmpty() ? url : QUrl(finalUrl);
    page.title = metadata.value(QLatin1String("title")).toString();
    page.status = status == 0 ? 200 : status;
    page.contentType = metadata.value(QLatin1String("contentType")).toString();
    page.fetchedAt = QDateTime::currentDateTimeUtc();
    const bool cacheHit = metadata.value(QLatin1String("cacheState")).toString() == QLatin1String("hit");
    page.via = cacheHit ? QStringLiteral("Firecrawl, from its cache") : QStringLiteral("Firecrawl");
    switch (format) {
    case DocumentFormat::Markdown:
        page.content = data.value(QLatin1String("markdown")).toString();
        break;
    case DocumentFormat::Html:
        page.content = data.value(QLatin1String("rawHtml")).toString();
        break;
    case DocumentFormat::Text: {
        ConvertOptions options;
        options.baseUrl = page.finalUrl;
        options.format = DocumentFormat::Text;
        options.mainContentOnly = false; // Firecrawl chose the content already
        const Result<ConvertedDocument> text = convertDocument(data.value(QLatin1String("html")).toString().toUtf8(),
                                                               QStringLiteral("text/html; charset=utf-8"), options);
        if (text.hasError())
            return FetchFailure{text.error().message};
        page.content = text->content;
        break;
    }
    }
    return page;
}

} // namespace valis::web
