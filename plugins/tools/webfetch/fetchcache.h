#pragma once

#include "fetchtypes.h"

#include <QString>

#include <chrono>
#include <optional>

namespace valis::web {

/// fetch_url's local cache: pages by key (URL, format, backend and its options), kept for a
/// TTL, in one SQLite file under the cache folder (WAL, so several processes may share it).
///
/// Each call opens its own connection, so it may be used from any thread; a cache that cannot
/// be opened or read behaves as an empty one (a fetch never fails because of its cache).
class FetchCache
{
public:
    explicit FetchCache(QString databasePath) : m_path(std::move(databasePath)) {}

    /// The key of a fetch: a hash of what decides its content.
    static QString key(const QString &url, const QString &format, const QString &backendOptions);

    /// The page stored under `key` no longer ago than `ttl`, with its fetch time.
    std::optional<FetchedPage> lookup(const QString &key, std::chrono::seconds ttl) const;
    /// Stores `page` under `key` and forgets entries older than `ttl`.
    void store(const QString &key, const FetchedPage &page, std::chrono::seconds ttl) const;

    QString path() const { return m_path; }

private:
    QString m_path;
};

} // namespace valis::web
