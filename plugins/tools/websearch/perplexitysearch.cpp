#include "perplexitysearch.h"

#include "rest/restclient.h"

#include <QJsonDocument>
#include <QRegularExpression>

// Messages reach the model inside the tool result: English, not tr()'d.

namespace valis::websearch::perplexity {

namespace {
// Perplexity's search_domain_filter holds at most 20 entries.
constexpr int MaxDomainFilter = 20;

/// search_domain_filter: an allow list, or a deny list written "-domain". Both at once would
/// be one list the service reads either way, so the allow list goes out and the exclusions are
/// applied to what comes back.
QJsonArray domainFilter(const SearchQuery &query, QStringList *notes)
{
    QStringList filter;
    if (!query.includeDomains.isEmpty()) {
        filter = query.includeDomains;
    } else {
        for (const QString &domain : query.excludeDomains)
            filter.append(QLatin1Char('-') + domain);
    }
    if (filter.size() > MaxDomainFilter) {
        notes->append(QStringLiteral("Perplexity takes at most %1 domains; only the first %1 were sent.").arg(MaxDomainFilter));
        filter = filter.mid(0, MaxDomainFilter);
    }
    return QJsonArray::fromStringList(filter);
}

void noteTopic(const SearchQuery &query, QStringList *notes)
{
    if (!query.topic.isEmpty() && query.topic != QLatin1String("general"))
        notes->append(QStringLiteral("Perplexity has no topic option; topic \"%1\" was not applied.").arg(query.topic));
}

SearchHit hitOf(const QJsonObject &item)
{
    SearchHit hit;
    hit.title = item.value(QLatin1String("title")).toString();
    hit.url = item.value(QLatin1String("url")).toString();
    hit.snippet = item.value(QLatin1String("snippet")).toString();
    hit.date = item.value(QLatin1String("date")).toString();
    hit.lastUpdated = item.value(QLatin1String("last_updated")).toString();
    return hit;
}

QString keyFrom(const QString &source)
{
    if (source == QLatin1String("keychain"))
        return QStringLiteral("the API key from the keychain (account \"perplexity\")");
    if (!source.isEmpty())
        return QStringLiteral("the API key from %1").arg(source);
    return QStringLiteral("the API key");
}

/// The message of an error body in either of Perplexity's shapes.
QString messageOf(const QJsonObject &body, const QByteArray &raw)
{
    const QJsonValue error = body.value(QLatin1String("error"));
    if (error.isObject()) {
        const QJsonObject object = error.toObject();
        QString message = object.value(QLatin1String("message")).toString();
        const QString type = object.value(QLatin1String("type")).toString();
        if (!type.isEmpty())
            message += QStringLiteral(" (%1)").arg(type);
        return message.trimmed();
    }
    if (error.isString())
        return error.toString();
    const QJsonValue detail = body.value(QLatin1String("detail"));
    if (detail.isArray()) {
        QStringList problems;
        for (const QJsonValue &value : detail.toArray()) {
            const QJsonObject item = value.toObject();
            QStringList where;
            for (const QJsonValue &part : item.value(QLatin1String("loc")).toArray())
                where.append(part.isDouble() ? QString::number(part.toInt()) : part.toString());
            if (!where.isEmpty() && where.constFirst() == QLatin1String("body"))
                where.removeFirst();
            problems.append(QStringLiteral("%1: %2").arg(where.join(QLatin1Char('.')), item.value(QLatin1String("msg")).toString()));
        }
        return problems.join(QStringLiteral("; "));
    }
    if (detail.isString())
        return detail.toString();
    return QString::fromUtf8(raw.left(300)).trimmed();
}

/// Reasoning models think aloud in <think>...</think> before the answer; the model calling
/// web_search wants the answer.
QString withoutThinking(const QString &text)
{
    static const QRegularExpression think(QStringLiteral("^\\s*<think>.*?</think>\\s*"), QRegularExpression::DotMatchesEverythingOption);
    QString answer = text;
    answer.remove(think);
    return answer;
}

SearchOutcome sonarOutcome(const SearchQuery &query, const QString &model, const QString &answer, const QJsonArray &searchResults,
                           const QJsonArray &citations, const QJsonObject &usage)
{
    SearchOutcome outcome;
    outcome.backend = QStringLiteral("Perplexity sonar");
    outcome.query = query.query;
    outcome.model = model;
    outcome.answer = withoutThinking(answer);
    for (const QJsonValue &value : searchResults) {
        SearchHit hit = hitOf(value.toObject());
        if (!hit.url.isEmpty())
            outcome.results.append(hit);
    }
    for (const QJsonValue &value : citations)
        outcome.citations.append(value.toString());
    if (outcome.citations.isEmpty()) {
        // Older answers carry only search_results: their order is the citations' order.
        for (const SearchHit &hit : std::as_const(outcome.results))
            outcome.citations.append(hit.url);
    }
    if (!usage.isEmpty())
        outcome.extras.insert(QStringLiteral("usage"), usage);
    return outcome;
}
} // namespace

QJsonObject searchBody(const SearchQuery &query, QStringList *notes)
{
    QJsonObject body{{QStringLiteral("query"), query.query}, {QStringLiteral("max_results"), query.maxResults}};
    const QJsonArray filter = domainFilter(query, notes);
    if (!filter.isEmpty())
        body.insert(QStringLiteral("search_domain_filter"), filter);
    if (!query.timeRange.isEmpty())
        body.insert(QStringLiteral("search_recency_filter"), query.timeRange);
    if (query.includeRawContent) {
        // The Search API has no raw pages; it gives more of each page as its snippet.
        body.insert(QStringLiteral("max_tokens_per_page"), 4096);
        notes->append(QStringLiteral("The Perplexity Search API gives no raw page content; each snippet is longer instead."));
    }
    noteTopic(query, notes);
    return body;
}

Result<SearchOutcome> parseSearch(const QByteArray &body, const SearchQuery &query)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    const QJsonValue results = document.object().value(QLatin1String("results"));
    if (error.error != QJsonParseError::NoError || !document.isObject() || !results.isArray()) {
        return Error(QStringLiteral("web_search.protocol"),
                     QStringLiteral("Perplexity answered with something that is not a search result: %1")
                         .arg(QString::fromUtf8(body.left(200)).trimmed()));
    }
    SearchOutcome outcome;
    outcome.backend = QStringLiteral("Perplexity Search API");
    outcome.query = query.query;
    for (const QJsonValue &value : results.toArray()) {
        // A list of queries may come back grouped, one list per query.
        const QJsonArray group = value.isArray() ? value.toArray() : QJsonArray{value};
        for (const QJsonValue &item : group) {
            const SearchHit hit = hitOf(item.toObject());
            if (!hit.url.isEmpty())
                outcome.results.append(hit);
        }
    }
    const QString id = document.object().value(QLatin1String("id")).toString();
    if (!id.isEmpty())
        outcome.extras.insert(QStringLiteral("requestId"), id);
    return outcome;
}

QJsonObject sonarBody(const SearchQuery &query, const QString &model, QStringList *notes)
{
    const QJsonArray messages{
        QJsonObject{{QStringLiteral("role"), QStringLiteral("system")},
                    {QStringLiteral("content"), QStringLiteral("Answer the question from web sources. Be precise and concise, and cite "
                                                               "every claim with the number of its source, as [1].")}},
        QJsonObject{{QStringLiteral("role"), QStringLiteral("user")}, {QStringLiteral("content"), query.query}}};
    QJsonObject body{{QStringLiteral("model"), model},
                     {QStringLiteral("stream"), true},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("num_search_results"), query.maxResults}};
    const QJsonArray filter = domainFilter(query, notes);
    if (!filter.isEmpty())
        body.insert(QStringLiteral("search_domain_filter"), filter);
    if (!query.timeRange.isEmpty())
        body.insert(QStringLiteral("search_recency_filter"), query.timeRange);
    if (query.includeRawContent) {
        // A sonar model reads the pages itself; the nearest thing to "more content" is more context.
        body.insert(QStringLiteral("web_search_options"), QJsonObject{{QStringLiteral("search_context_size"), QStringLiteral("high")}});
        notes->append(QStringLiteral("A sonar model gives no raw page content; it searched with a larger context instead."));
    }
    noteTopic(query, notes);
    return body;
}

Result<SearchOutcome> parseCompletion(const QByteArray &body, const SearchQuery &query)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(body, &error);
    const QJsonObject root = document.object();
    const QJsonArray choices = root.value(QLatin1String("choices")).toArray();
    if (error.error != QJsonParseError::NoError || choices.isEmpty()) {
        return Error(QStringLiteral("web_search.protocol"),
                     QStringLiteral("Perplexity answered with something that is not a chat completion: %1")
                         .arg(QString::fromUtf8(body.left(200)).trimmed()));
    }
    const QString answer = choices.first().toObject().value(QLatin1String("message")).toObject().value(QLatin1String("content")).toString();
    return sonarOutcome(query, root.value(QLatin1String("model")).toString(), answer,
                        root.value(QLatin1String("search_results")).toArray(), root.value(QLatin1String("citations")).toArray(),
                        root.value(QLatin1String("usage")).toObject());
}

void SonarStream::feed(QByteArrayView bytes)
{
    m_parser.feed(bytes, [this](const SseEvent &event) {
        if (event.data.startsWith("[DONE]")) {
            m_sawDone = true;
            return;
        }
        const QJsonDocument document = QJsonDocument::fromJson(event.data);
        if (event.event == "error") {
            m_error = document.isObject() ? messageOf(document.object(), event.data) : QString::fromUtf8(event.data.left(300));
            return;
        }
        if (document.isObject())
            takeChunk(document.object());
    });
}

void SonarStream::takeChunk(const QJsonObject &chunk)
{
    if (chunk.value(QLatin1String("error")).isObject()) {
        m_error = messageOf(chunk, {});
        return;
    }
    if (m_model.isEmpty())
        m_model = chunk.value(QLatin1String("model")).toString();
    const QJsonObject choice = chunk.value(QLatin1String("choices")).toArray().first().toObject();
    m_text += choice.value(QLatin1String("delta")).toObject().value(QLatin1String("content")).toString();
    const QString message = choice.value(QLatin1String("message")).toObject().value(QLatin1String("content")).toString();
    if (!message.isEmpty())
        m_finalMessage = message;
    const QString reason = choice.value(QLatin1String("finish_reason")).toString();
    if (!reason.isEmpty())
        m_finishReason = reason;
    // search_results, citations and usage come in the final chunk(s); keep the last seen.
    if (chunk.value(QLatin1String("search_results")).isArray())
        m_searchResults = chunk.value(QLatin1String("search_results")).toArray();
    if (chunk.value(QLatin1String("citations")).isArray())
        m_citations = chunk.value(QLatin1String("citations")).toArray();
    if (chunk.value(QLatin1String("usage")).isObject())
        m_usage = chunk.value(QLatin1String("usage")).toObject();
}

bool SonarStream::finish(const SearchQuery &query, SearchOutcome *outcome, SearchFailure *failure)
{
    m_parser.finish([this](const SseEvent &event) {
        const QJsonDocument document = QJsonDocument::fromJson(event.data);
        if (document.isObject())
            takeChunk(document.object());
    });
    if (!m_error.isEmpty()) {
        failure->message = QStringLiteral("Perplexity reported an error in the middle of its answer: %1").arg(m_error);
        failure->retryable = true;
        return false;
    }
    if (m_finishReason.isEmpty()) {
        // Qt reports a chunked body that stops without its last chunk as a clean end: the
        // missing final chunk (finish_reason, sources) is what shows the cut.
        failure->message = QStringLiteral("The Perplexity stream was cut before the answer finished (%1 characters received, no "
                                          "sources yet). Partial answer: %2")
                               .arg(m_text.size())
                               .arg(m_text.isEmpty() ? QStringLiteral("(none)") : m_text);
        failure->retryable = true;
        return false;
    }
    // A chunk's cumulative message is the answer as the service sees it; the deltas agree
    // with it unless a chunk was dropped.
    const QString answer = m_finalMessage.size() >= m_text.size() ? m_finalMessage : m_text;
    *outcome = sonarOutcome(query, m_model, answer, m_searchResults, m_citations, m_usage);
    if (m_finishReason == QLatin1String("length"))
        outcome->notes.append(QStringLiteral("The answer stopped at the model's output limit."));
    return true;
}

SearchFailure failureFor(const rest::Response &response, const QString &keySource)
{
    const QString message = messageOf(response.json().toObject(), response.body);
    SearchFailure failure;
    switch (response.status) {
    case 400:
        failure.message = QStringLiteral("Perplexity refused the request (HTTP 400): %1").arg(message);
        break;
    case 401:
        failure.message = QStringLiteral("Perplexity refused %1 (HTTP 401: %2). Store a valid key in the keychain (account "
                                         "\"perplexity\") or set PERPLEXITY_API_KEY.")
                              .arg(keyFrom(keySource), message);
        break;
    case 403:
        failure.message = QStringLiteral("Perplexity refused access (HTTP 403): %1").arg(message);
        break;
    case 422:
        failure.message = QStringLiteral("Perplexity refused the request's fields (HTTP 422): %1").arg(message);
        break;
    case 429:
        failure.message = QStringLiteral("Perplexity's rate limit was reached (HTTP 429): %1").arg(message);
        failure.retryable = true;
        failure.retryAfter = response.retryAfter();
        if (failure.retryAfter)
            failure.message += QStringLiteral(" It asks to wait %1 s.").arg(double(failure.retryAfter->count()) / 1000.0);
        break;
    default:
        failure.message = QStringLiteral("Perplexity failed (HTTP %1): %2").arg(response.status).arg(message);
        failure.retryable = response.status >= 500 || response.status == 408 || response.status == 409;
        failure.retryAfter = response.retryAfter();
        break;
    }
    return failure;
}

} // namespace valis::websearch::perplexity
