#pragma once

#include "searchtypes.h"

#include "valis/core/result.h"
#include "valis/provider/sseparser.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonObject>

namespace valis::rest {
struct Response;
}

namespace valis::websearch::perplexity {

/// The body of the Search API's POST /search for `query`. What Perplexity cannot do as asked
/// (a topic) is said in `notes` for the model.
QJsonObject searchBody(const SearchQuery &query, QStringList *notes);
/// The results of a 2xx Search API answer ({id, results: [{title, url, snippet, date,
/// last_updated}]}); an Error ("web_search.protocol") when it is not that shape.
Result<SearchOutcome> parseSearch(const QByteArray &body, const SearchQuery &query);

/// The body of a streamed POST /chat/completions asking sonar model `model` to answer `query`
/// with its sources, the search filters passed through.
QJsonObject sonarBody(const SearchQuery &query, const QString &model, QStringList *notes);
/// A non-streamed completion (a server that answers application/json to stream: true).
Result<SearchOutcome> parseCompletion(const QByteArray &body, const SearchQuery &query);

/// Reads a streamed sonar answer (server-sent events of chat.completion.chunk objects) as its
/// bytes arrive: the answer from the deltas, and search_results, citations and usage, which
/// come in the final chunk(s). A stream that ends before a chunk with a finish_reason is cut.
class SonarStream
{
public:
    void feed(QByteArrayView bytes);
    /// The connection ended. True with `outcome` set when the answer is complete; false with
    /// `failure` set when the stream was cut or carried an error.
    bool finish(const SearchQuery &query, SearchOutcome *outcome, SearchFailure *failure);
    /// The answer received so far.
    QString text() const { return m_text; }

private:
    void takeChunk(const QJsonObject &chunk);

    SseParser m_parser;
    QString m_text;
    QString m_finalMessage;
    QString m_model;
    QString m_finishReason;
    QJsonArray m_searchResults;
    QJsonArray m_citations;
    QJsonObject m_usage;
    QString m_error;
    bool m_sawDone = false;
};

/// What a non-2xx answer means: {"error": {message, type, code}} or {"detail": [{loc, msg}]}
/// (validation, 422); 401 the key (naming where it came from), 429 the rate limit (retryable,
/// with retry-after), 5xx the service (retryable).
SearchFailure failureFor(const rest::Response &response, const QString &keySource);

} // namespace valis::websearch::perplexity
