#include "websearchinvocation.h"

#include "rest/restclient.h"
#include "searchdomains.h"
#include "tavilysearch.h"

#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>

#include <utility>

// Results are read by the model, which reads English best: not tr()'d.

namespace valis::websearch {

namespace {
// A search answers in seconds; a sonar stream may pause while the model thinks. This is the
// longest silence accepted, not a limit on the whole answer.
constexpr std::chrono::milliseconds IdleTimeout{90000};

bool usesPerplexity(const web::WebSettings &settings)
{
    return settings.searchBackend == web::SearchBackend::Perplexity;
}

/// The keychain account and the environment variable that hold the backend's key.
std::pair<QString, QString> keyPlaces(const web::WebSettings &settings)
{
    if (usesPerplexity(settings))
        return {QStringLiteral("perplexity"), QStringLiteral("PERPLEXITY_API_KEY")};
    return {QStringLiteral("tavily"), QStringLiteral("TAVILY_API_KEY")};
}
} // namespace

WebSearchInvocation::WebSearchInvocation(const SearchQuery &query, const QStringList &notes, const web::WebSettings &settings,
                                         CredentialStore *credentials, const QString &callId, QObject *parent)
    : ToolInvocation(parent), m_query(query), m_notes(notes), m_settings(settings), m_callId(callId)
{
    const auto [account, variable] = keyPlaces(settings);
    // resolveApiKey answers after this returns, on the store's thread (the session's): finished()
    // is never emitted from inside invoke().
    QPointer<WebSearchInvocation> self(this);
    resolveApiKey(credentials, account, {variable}, [self](const Result<ApiKey> &key) {
        if (self)
            self->keyResolved(key);
    });
}

WebSearchInvocation::~WebSearchInvocation()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
}

QString WebSearchInvocation::serviceName() const
{
    return usesPerplexity(m_settings) ? QStringLiteral("Perplexity") : QStringLiteral("Tavily");
}

void WebSearchInvocation::cancel()
{
    if (m_done || m_cancelled)
        return;
    m_cancelled = true;
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
    }
    QTimer::singleShot(0, this, [this] { finish(QStringLiteral("Cancelled: the web search was stopped before it answered."), true, {}); });
}

void WebSearchInvocation::keyResolved(const Result<ApiKey> &key)
{
    if (m_done || m_cancelled)
        return;
    const bool perplexity = usesPerplexity(m_settings);
    const auto [account, variable] = keyPlaces(m_settings);
    if (key.hasError() || key.value().isEmpty()) {
        QString message = QStringLiteral("web_search needs a %1 API key: store one in the keychain (account \"%2\", e.g. "
                                         "`valis-cli keys set %2`) or set the environment variable %3.")
                              .arg(serviceName(), account, variable);
        if (key.hasError())
            message += QStringLiteral(" The keychain could not be read: %1").arg(key.error().message);
        // Not retryable: the key will not appear by itself.
        fail(SearchFailure{message, false, std::nullopt});
        return;
    }
    m_keySource = key.value().source;

    const QUrl baseUrl = perplexity ? m_settings.perplexityBaseUrl : m_settings.tavilyBaseUrl;
    const rest::Client client(baseUrl, {{QByteArrayLiteral("Authorization"), QByteArrayLiteral("Bearer ") + key.value().value.toUtf8()}}, {});
    rest::Request request;
    if (!perplexity) {
        request = rest::Request::json("POST", QStringLiteral("/search"), tavily::requestBody(m_query));
        request.headers.append({QByteArrayLiteral("X-Client-Source"), QByteArrayLiteral("valis")});
    } else if (m_settings.perplexityMode == web::PerplexityMode::Search) {
        request = rest::Request::json("POST", QStringLiteral("/search"), perplexity::searchBody(m_query, &m_notes));
    } else {
        request = rest::Request::json("POST", QStringLiteral("/chat/completions"),
                                      perplexity::sonarBody(m_query, m_settings.perplexityModel, &m_notes));
        request.accept = "text/event-stream";
        m_streamed = true;
    }
    request.timeout = IdleTimeout;
    m_network = new QNetworkAccessManager(this);
    m_reply = client.start(m_network, request);
    if (m_streamed)
        connect(m_reply, &QNetworkReply::readyRead, this, &WebSearchInvocation::readStream);
    connect(m_reply, &QNetworkReply::finished, this, &WebSearchInvocation::replyFinished);
}

void WebSearchInvocation::readStream()
{
    if (!m_reply || m_done)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString type = m_reply->header(QNetworkRequest::ContentTypeHeader).toString();
    // An error body or a non-streamed answer is read whole when the reply finishes.
    if (status < 200 || status >= 300 || !type.startsWith(QLatin1String("text/event-stream")))
        return;
    const QByteArray bytes = m_reply->readAll();
    m_stream.feed(bytes);
}

void WebSearchInvocation::replyFinished()
{
    if (!m_reply || m_done)
        return;
    QNetworkReply *reply = m_reply;
    reply->deleteLater();
    m_reply = nullptr;
    const QNetworkReply::NetworkError networkError = reply->error();
    const QString networkMessage = reply->errorString();
    const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString();
    const bool eventStream = type.startsWith(QLatin1String("text/event-stream"));
    const rest::Response response = rest::Client::responseOf(reply);

    if (response.status == 0) {
        const bool timedOut = networkError == QNetworkReply::TimeoutError || networkError == QNetworkReply::OperationCanceledError;
        const QString host = (usesPerplexity(m_settings) ? m_settings.perplexityBaseUrl : m_settings.tavilyBaseUrl).toString(QUrl::RemoveUserInfo);
        fail(SearchFailure{timedOut ? QStringLiteral("%1 (%2) did not answer within %3 s.").arg(serviceName(), host).arg(IdleTimeout.count() / 1000)
                                    : QStringLiteral("Cannot reach %1 (%2): %3").arg(serviceName(), host, networkMessage),
                           true, std::nullopt});
        return;
    }
    if (response.status < 200 || response.status >= 300) {
        fail(usesPerplexity(m_settings) ? perplexity::failureFor(response, m_keySource) : tavily::failureFor(response, m_keySource));
        return;
    }
    if (m_streamed && eventStream) {
        m_stream.feed(response.body);
        if (networkError != QNetworkReply::NoError) {
            // A reset connection mid-answer: what arrived is kept in the message.
            fail(SearchFailure{QStringLiteral("The Perplexity stream broke off (%1) after %2 characters of the answer. Partial "
                                              "answer: %3")
                                   .arg(networkMessage)
                                   .arg(m_stream.text().size())
                                   .arg(m_stream.text().isEmpty() ? QStringLiteral("(none)") : m_stream.text()),
                               true, std::nullopt});
            return;
        }
        SearchOutcome outcome;
        SearchFailure failure;
        if (m_stream.finish(m_query, &outcome, &failure))
            succeed(outcome);
        else
            fail(failure);
        return;
    }
    Result<SearchOutcome> parsed = !usesPerplexity(m_settings) ? tavily::parseResponse(response.body, m_query)
                                   : m_streamed                 ? perplexity::parseCompletion(response.body, m_query)
                                                                : perplexity::parseSearch(response.body, m_query);
    if (parsed.hasError()) {
        fail(SearchFailure{parsed.error().message, false, std::nullopt});
        return;
    }
    succeed(std::move(parsed).value());
}

void WebSearchInvocation::succeed(SearchOutcome outcome)
{
    const DomainPlan plan{m_query.includeDomains, m_query.excludeDomains};
    const int dropped = dropOutsideDomains(&outcome.results, plan, m_settings);
    if (dropped > 0)
        outcome.notes.append(QStringLiteral("%1 result(s) from domains outside the search's domain lists were left out.").arg(dropped));
    for (QString &citation : outcome.citations) {
        // Citations are numbered by the answer ([2] is the second), so a refused one keeps its place.
        const QString host = QUrl(citation).host();
        bool refused = !m_settings.domainAllowed(host);
        for (const QString &domain : std::as_const(m_query.excludeDomains))
            refused = refused || hostCoveredBy(host, domain);
        if (refused)
            citation = QStringLiteral("(withheld: %1 is outside the allowed domains)").arg(host);
    }
    outcome.notes = m_notes + outcome.notes;
    finish(outcome.toText(RawContentLimit), false, outcome.toJson());
}

void WebSearchInvocation::fail(const SearchFailure &failure)
{
    setRetryable(failure.retryable);
    if (failure.retryAfter)
        setRetryAfter(*failure.retryAfter);
    finish(failure.message, true, {});
}

void WebSearchInvocation::finish(const QString &text, bool isError, const QJsonObject &structured)
{
    if (m_done)
        return;
    m_done = true;
    Part result = Part::makeToolResult(m_callId, {Part::makeText(text)}, isError);
    result.toolName = QStringLiteral("web_search");
    if (!structured.isEmpty()) {
        // The record keeps the results as data too, for front ends and exports; no provider
        // format reads the "valis" key, so requests carry only the text.
        result.wire.insert(QStringLiteral("valis"), QJsonObject{{QStringLiteral("web_search"), structured}});
    }
    Q_EMIT finished(result);
}

} // namespace valis::websearch
