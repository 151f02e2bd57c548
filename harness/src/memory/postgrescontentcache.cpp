#include "memory/postgrescontentcache.h"

#include <QMutexLocker>

#include <algorithm>

namespace valis::memory {

std::optional<PostgresContentCache::Entry> PostgresContentCache::find(const QString &key) const
{
    QMutexLocker locker(&m_mutex);
    auto it = m_entries.find(key);
    if (it == m_entries.end())
        return std::nullopt;
    it->lastUse = ++m_clock;
    return it->entry;
}

void PostgresContentCache::insert(const QString &key, Entry entry)
{
    const qint64 size = entry.content.size();
    if (size < minBytes || size > maxBytes / 4 || entry.version.isEmpty())
        return;
    QMutexLocker locker(&m_mutex);
    auto existing = m_entries.find(key);
    if (existing != m_entries.end()) {
        m_bytes -= existing->entry.content.size();
        m_entries.erase(existing);
    }
    // A linear search for the oldest: at most a couple of thousand entries, and an eviction
    // costs far less than the transfer the entry saved.
    while (m_bytes + size > maxBytes && !m_entries.isEmpty()) {
        auto oldest = std::min_element(m_entries.begin(), m_entries.end(),
                                       [](const Slot &a, const Slot &b) { return a.lastUse < b.lastUse; });
        m_bytes -= oldest->entry.content.size();
        m_entries.erase(oldest);
    }
    m_entries.insert(key, Slot{std::move(entry), ++m_clock});
    m_bytes += size;
}

} // namespace valis::memory
