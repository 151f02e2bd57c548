#include "tavilysearch.h"

#include "rest/restclient.h"

#include <QJsonArray>
#include <QJsonDocument>

// Messages reach the model inside the tool result: English, not tr()'d.

namespace valis::websearch::tavily {

namespace {
QString detailOf(const rest::Response &response)
{
    const QJsonObject body = response.json().toObject();
    const QJsonValue detail = body.value(QLatin1String("detail"));
    QString message = detail.toObject().value(QLatin1String("error")).toString();
    if (message.isEmpty() && detail.isString())
        message = detail.toString();
    if (message.isEmpty())
        message = QString::fromUtf8(response.body.left(300)).trimmed();
    return message;
}

QString keyFrom(const QString &source)
{
    if (source == QLatin1String("keychain"))
        return QStringLiteral("the API key from the keychain (account \"tavily\")");
    if (!source.isEmpty())
        return QStringLiteral("the API key from %1").arg(source);
    return QStringLiteral("the API key");
}
} // namespace

QJsonObject requestBody(const SearchQuery &query)
{
    QJsonObject body{{QStringLiteral("query"), query.query},
                     {QStringLiteral("search_depth"), QStringLiteral("basic")},
                     {QStringLiteral("max_results"), query.maxResults},
                     {QStringLiteral("include_answer"), true},
                     {QStringLiteral("include_images"), false}};
    if (query.includeRawContent)
        body.insert(QStringLiteral("include_raw_content"), QStringLiteral("markdown"));
    else
        body.insert(QStringLiteral("include_raw_content"), false);
    if (!query.topic.isEmpty())
        body.insert(QStringLiteral("topic"), query.topic);
    if (!query.timeRange.isEmpty())
        body.insert(QStringLiteral("time_range"), query.timeRange);
    if (!query.includeDomains.isEmpty())
        body.insert(QStringLiteral("include_domains"), QJsonArray::fromStringList(query.includeDomains));
    if (!query.excludeDomains.isEmpty())
        body.insert(QStringLiteral("exclude_domains"), QJsonArray::fromStringList(query.excludeDomains));
    return body;
}

Result<SearchOutcome> parseResponse(const QByteArray &body, const SearchQuery &query)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    const QJsonValue results = document.object().value(QLatin1String("results"));
    if (error.error != QJsonParseError::NoError || !document.isObject() || !results.isArray()) {
        return Error(QStringLiteral("web_search.protocol"),
                     QStringLiteral("Tavily answered with something that is not a search result: %1")
                         .arg(QString::fromUtf8(body.left(200)).trimmed()));
    }
    const QJsonObject root = document.object();
    SearchOutcome outcome;
    outcome.backend = QStringLiteral("Tavily");
    outcome.query = root.value(QLatin1String("query")).toString(query.query);
    outcome.answer = root.value(QLatin1String("answer")).toString();
    for (const QJsonValue &value : results.toArray()) {
        const QJsonObject item = value.toObject();
        SearchHit hit;
        hit.title = item.value(QLatin1String("title")).toString();
        hit.url = item.value(QLatin1String("url")).toString();
        hit.snippet = item.value(QLatin1String("content")).toString();
        hit.date = item.value(QLatin1String("published_date")).toString();
        if (item.value(QLatin1String("score")).isDouble())
            hit.score = item.value(QLatin1String("score")).toDouble();
        hit.rawContent = item.value(QLatin1String("raw_content")).toString();
        if (!hit.url.isEmpty())
            outcome.results.append(hit);
    }
    const QJsonValue time = root.value(QLatin1String("response_time"));
    bool ok = time.isDouble();
    const double seconds = ok ? time.toDouble() : time.toString().toDouble(&ok);
    if (ok)
        outcome.extras.insert(QStringLiteral("responseTimeSeconds"), seconds);
    const QString requestId = root.value(QLatin1String("request_id")).toString();
    if (!requestId.isEmpty())
        outcome.extras.insert(QStringLiteral("requestId"), requestId);
    return outcome;
}

SearchFailure failureFor(const rest::Response &response, const QString &keySource)
{
    const QString detail = detailOf(response);
    SearchFailure failure;
    switch (response.status) {
    case 400:
        failure.message = QStringLiteral("Tavily refused the search as a bad request: %1").arg(detail);
        break;
    case 401:
        failure.message = QStringLiteral("Tavily refused %1 (HTTP 401: %2). Store a valid key in the keychain (account \"tavily\") "
                                         "or set TAVILY_API_KEY.")
                              .arg(keyFrom(keySource), detail);
        break;
    case 403:
        failure.message = QStringLiteral("Tavily refused access (HTTP 403): %1").arg(detail);
        break;
    case 429:
        failure.message = QStringLiteral("Tavily's rate limit was reached (HTTP 429): %1").arg(detail);
        failure.retryable = true;
        failure.retryAfter = response.retryAfter();
        if (failure.retryAfter)
            failure.message += QStringLiteral(" It asks to wait %1 s.").arg(double(failure.retryAfter->count()) / 1000.0);
        break;
    case 432:
        failure.message = QStringLiteral("Tavily's plan limit is exceeded (HTTP 432): %1 Searching again will not help until the "
                                         "plan is upgraded or its period renews.")
                              .arg(detail);
        break;
    case 433:
        failure.message = QStringLiteral("Tavily's pay-as-you-go limit is exceeded (HTTP 433): %1 Searching again will not help "
                                         "until the limit is raised on the Tavily dashboard.")
                              .arg(detail);
        break;
    default:
        failure.message = QStringLiteral("Tavily failed (HTTP %1): %2").arg(response.status).arg(detail);
        failure.retryable = response.status >= 500;
        failure.retryAfter = response.retryAfter();
        break;
    }
    return failure;
}

} // namespace valis::websearch::tavily
