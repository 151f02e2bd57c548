#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace valis::websearch {

/// One web_search call after its arguments were read: what the model asked for, with the
/// domain lists already narrowed by config/web.json (searchdomains.h).
struct SearchQuery
{
    QString query;
    int maxResults = 5;
    QString topic;      ///< "general", "news" or "finance"; empty: the service's default
    QString timeRange;  ///< "day", "week", "month" or "year"; empty: any time
    QStringList includeDomains;
    QStringList excludeDomains;
    bool includeRawContent = false;
};

/// One result, whichever service found it.
struct SearchHit
{
    QString title;
    QString url;
    QString snippet;
    QString date;        ///< published (YYYY-MM-DD or as the service gives it); empty: unknown
    QString lastUpdated; ///< Perplexity's last_updated; empty: unknown
    std::optional<double> score; ///< Tavily's relevance in [0, 1]
    QString rawContent;  ///< the page's text, when it was asked for and given
};

/// What a search gave, in one shape for the model: the results, and the service's answer and
/// citations when it gives them (Tavily's answer, a sonar model's answer citing [n]).
struct SearchOutcome
{
    QString backend; ///< "Tavily", "Perplexity Search API", "Perplexity sonar"
    QString query;
    QString answer;
    QList<SearchHit> results;
    QStringList citations;
    QString model;       ///< the sonar model that answered
    QStringList notes;   ///< what the model should know about how its options were applied
    QJsonObject extras;  ///< service facts kept in the structured result (request id, usage)

    /// The Markdown the model reads: the answer, numbered results (title, URL, date, score,
    /// snippet, raw content cut at `rawContentLimit` characters each), citations, notes.
    QString toText(qsizetype rawContentLimit) const;
    /// The same as JSON ({backend, query, answer, results: [...], citations, ...}).
    QJsonObject toJson() const;
};

/// Why a search failed, in words for the model, and whether trying again may help.
struct SearchFailure
{
    QString message;
    bool retryable = false;
    std::optional<std::chrono::milliseconds> retryAfter;
};

} // namespace valis::websearch
