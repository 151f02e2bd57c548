#pragma once

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>

#include <optional>

namespace valis::memory {

/// The content of PostgreSQL records read or written lately, so that paging through a large
/// record (the usual way to read a captured output) costs a look at its row, not a transfer of
/// megabytes each time. An entry is used only while the row's version (xmin) and checksum are
/// the ones it was cached with: any change to the row, in this process or another, reloads it.
/// Thread-safe.
class PostgresContentCache
{
public:
    struct Entry
    {
        QString sha256;
        QString version;
        QByteArray content;
    };

    /// Records smaller than this are as quick to read again as to look up.
    static constexpr qint64 minBytes = 32 * 1024;
    /// The most the cache holds; a record above a quarter of it is not cached.
    static constexpr qint64 maxBytes = 64 * 1024 * 1024;

    std::optional<Entry> find(const QString &key) const;
    /// Keeps `entry` for `key` (when its size is within the bounds), evicting the least
    /// recently used entries to make room.
    void insert(const QString &key, Entry entry);

private:
    struct Slot
    {
        Entry entry;
        quint64 lastUse = 0;
    };
    mutable QMutex m_mutex;
    mutable QHash<QString, Slot> m_entries;
    mutable quint64 m_clock = 0;
    qint64 m_bytes = 0;
};

} // namespace valis::memory
