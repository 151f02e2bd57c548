#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <chrono>
#include <optional>
#include <variant>

namespace valis::web {

/// Why a fetch did not produce a page, in words the model can act on.
struct FetchFailure
{
    QString message;
    /// Worth trying again later (a timeout, a dropped connection, a 429 or 5xx).
    bool retryable = false;
    std::optional<std::chrono::milliseconds> retryAfter = {};
};

/// What the built-in backend got from the origin server (after the same-host redirects).
struct HttpDocument
{
    QUrl finalUrl;
    int status = 0;
    QString reason;              ///< the status line's reason phrase
    QString contentTypeHeader;
    QByteArray body;
    QByteArray location;         ///< the Location header of a redirect
    std::optional<std::chrono::milliseconds> retryAfter;
    /// Set when the server redirected to another host: fetch_url reports it and stops there.
    QUrl redirectedElsewhere;
    /// The address connected to was a loopback one (allowed by the test-only switch).
    bool viaLoopback = false;
};

/// A page as the model gets it, and as the cache keeps it.
struct FetchedPage
{
    QUrl url;
    QUrl finalUrl;
    QString title;
    int status = 0;
    QString contentType;
    QString content;
    QDateTime fetchedAt;
    bool viaLoopback = false;
    /// How it was fetched when not by the built-in GET ("Firecrawl, from its cache").
    QString via;

    QJsonObject toJson() const;
    static FetchedPage fromJson(const QJsonObject &json);
};

template<typename T>
using FetchResult = std::variant<T, FetchFailure>;

} // namespace valis::web
