#include "memory/postgresstoreprivate.h"

namespace valis {

PostgresDetailStore::PostgresDetailStore(std::unique_ptr<Private> p)
    : d(std::move(p))
{}

PostgresDetailStore::~PostgresDetailStore() = default;

int PostgresDetailStore::schemaVersion()
{
    return postgres_schema::latestVersion();
}

QString PostgresDetailStore::description() const
{
    const PostgresConnection &settings = d->connections.settings();
    return QStringLiteral("PostgreSQL %1@%2:%3/%4").arg(settings.user, settings.host).arg(settings.port).arg(settings.database);
}

Result<std::unique_ptr<PostgresDetailStore>> PostgresDetailStore::open(const PostgresConnection &connection)
{
    auto p = std::make_unique<Private>(connection);
    Result<QSqlDatabase> db = p->connections.database();
    if (db.hasError())
        return db.error();
    Result<void> schema = postgres_schema::ensure(db.value());
    if (schema.hasError())
        return schema.error();
    Result<QSqlQuery *> state = p->statement(QStringLiteral(
        "SELECT coalesce(max(complete_above), 0), EXISTS (SELECT 1 FROM memory_words_recheck) FROM memory_words_state"));
    if (state.hasError())
        return state.error();
    if (!state.value()->exec() || !state.value()->next())
        return sqlError(*state.value(), Text::tr("read the state of the vocabulary"));
    const qint64 completeAbove = state.value()->value(0).toLongLong();
    const bool recheckPending = state.value()->value(1).toBool();
    state.value()->finish();
    p->backfill = std::make_unique<PostgresVocabularyBackfill>(p->connections, completeAbove, recheckPending);
    return std::unique_ptr<PostgresDetailStore>(new PostgresDetailStore(std::move(p)));
}

Result<MemoryRecord> PostgresDetailStore::put(const NewMemory &memory)
{
    Result<QList<MemoryRecord>> stored = putMany({memory});
    if (stored.hasError())
        return stored.error();
    return stored.value().constFirst();
}

Result<QList<MemoryRecord>> PostgresDetailStore::putMany(const QList<NewMemory> &memories)
{
    QList<Prepared> prepared;
    prepared.reserve(memories.size());
    for (qsizetype i = 0; i < memories.size(); ++i) {
        Result<Prepared> item = d->prepare(memories.at(i), {});
        if (item.hasError()) {
            if (memories.size() == 1)
                return item.error();
            Error error = item.error();
            error.message = Text::tr("memory %1 of %2: %3").arg(i + 1).arg(memories.size()).arg(error.message);
            return error;
        }
        prepared.append(std::move(item).value());
    }
    Result<QList<MemoryRecord>> stored = d->run([&]() {
        return d->transaction([&]() -> Result<QList<MemoryRecord>> {
            Result<void> begun = d->beginWrite(prepared);
            if (begun.hasError())
                return begun.error();
            QList<MemoryRecord> records;
            records.reserve(prepared.size());
            for (const Prepared &item : std::as_const(prepared)) {
                Result<MemoryRecord> record = d->insert(item);
                if (record.hasError())
                    return record.error();
                records.append(std::move(record).value());
            }
            return records;
        });
    });
    if (stored.ok())
        d->written(prepared);
    return stored;
}

Result<MemoryRecord> PostgresDetailStore::find(const QString &key) const
{
    return d->run([&]() -> Result<MemoryRecord> {
        Result<Row> row = d->rowByKey(key, false, *this);
        if (row.hasError())
            return row.error();
        return row.value().record;
    });
}

Result<MemoryRecord> PostgresDetailStore::get(const QString &key) const
{
    return d->run([&]() -> Result<MemoryRecord> {
        Result<Row> row = d->rowWithContent(key, *this);
        if (row.hasError())
            return row.error();
        MemoryRecord record = row.value().record;
        record.content = row.value().content;
        return record;
    });
}

Result<MemoryPage> PostgresDetailStore::read(const QString &key, const MemoryPageRequest &request) const
{
    return d->run([&]() -> Result<MemoryPage> {
        Result<Row> row = d->rowWithContent(key, *this);
        if (row.hasError())
            return row.error();
        return pageOf(row.value().record, row.value().content, request);
    });
}

Result<QList<MemoryRecord>> PostgresDetailStore::list(const MemoryFilter &filter) const
{
    const FilterSql where = filterSql(filter);
    return d->records(QStringLiteral("SELECT ") + recordColumns() + QStringLiteral(" FROM agent_memories m WHERE true")
                          + where.conditions + QStringLiteral(" ORDER BY m.id DESC LIMIT ? OFFSET ?"),
                      where.values + QVariantList{limitValue(filter.limit), qMax(0, filter.offset)},
                      Text::tr("list memories"));
}

Result<QList<MemoryHit>> PostgresDetailStore::search(const QString &query, const MemoryFilter &filter) const
{
    return d->run([&]() { return searchPostgresMemories(d->connections, d->frequencies, d->pairWords, d->vocabulary, query, filter); });
}

Result<void> PostgresDetailStore::deactivate(const QString &key)
{
    const QString normalised = normalisedKey(key);
    Result<int> changed = d->change(QStringLiteral("UPDATE agent_memories SET is_active = false WHERE memory_key = ?"),
                                    {normalised}, Text::tr("deactivate a memory"));
    if (changed.hasError())
        return changed.error();
    if (changed.value() == 0)
        return unknownKeyError(normalised, similarKeys(normalised));
    return success();
}

Result<void> PostgresDetailStore::purge(const QString &key)
{
    const QString normalised = normalisedKey(key);
    // The words only this record held go with it (postgresvocabulary.h), under the lock that
    // keeps writers and the background listing from putting them back meanwhile.
    Result<bool> removed = d->run([&]() {
        return d->transaction([&]() -> Result<bool> {
            Result<QSqlDatabase> db = d->connections.database();
            if (db.hasError())
                return db.error();
            QSqlQuery lock(db.value()); // LOCK cannot be a prepared statement
            if (!lock.exec(QStringLiteral("LOCK TABLE memory_pair_words IN EXCLUSIVE MODE")))
                return sqlError(lock, Text::tr("purge a memory"));
            Result<QSqlQuery *> read = d->statement(QStringLiteral(
                "SELECT u.w FROM agent_memories m, unnest(tsvector_to_array(m.search_vector)) AS u(w) "
                "WHERE m.memory_key = ? AND left(u.w, 1) <> '#'"));
            if (read.hasError())
                return read.error();
            read.value()->bindValue(0, normalised);
            if (!read.value()->exec())
                return sqlError(*read.value(), Text::tr("purge a memory"));
            QStringList words;
            while (read.value()->next())
                words << read.value()->value(0).toString();
            read.value()->finish();
            Result<QSqlQuery *> remove = d->statement(QStringLiteral("DELETE FROM agent_memories WHERE memory_key = ?"));
            if (remove.hasError())
                return remove.error();
            remove.value()->bindValue(0, normalised);
            if (!remove.value()->exec())
                return sqlError(*remove.value(), Text::tr("purge a memory"));
            const int deleted = remove.value()->numRowsAffected();
            remove.value()->finish();
            if (deleted == 0)
                return false;
            Result<void> setAside = PostgresVocabulary::setAside(d->connections, words);
            if (setAside.hasError())
                return setAside.error();
            return true;
        });
    });
    if (removed.hasError())
        return removed.error();
    if (!removed.value())
        return unknownKeyError(normalised, similarKeys(normalised));
    d->backfill->wake();
    return success();
}

QStringList PostgresDetailStore::similarKeys(const QString &key, int limit) const
{
    if (limit <= 0)
        return {};
    const QString wanted = normalisedKey(key);
    Result<QStringList> candidates = d->run([&]() -> Result<QStringList> {
        QStringList found;
        Result<QSqlQuery *> query = d->statement(QStringLiteral(
            "SELECT memory_key FROM agent_memories WHERE memory_key >= ? AND memory_key < ? ORDER BY memory_key LIMIT ?"));
        if (query.hasError())
            return query.error();
        QSqlQuery &q = *query.value();
        // Keys sharing the longest prefix first, shortening it until there are enough.
        for (qsizetype length = wanted.size(); length >= 3 && found.size() < limit; --length) {
            const QString prefix = wanted.left(length);
            q.bindValue(0, prefix);
            q.bindValue(1, QString(prefix + QLatin1Char('~')));
            q.bindValue(2, limit * 4);
            if (!q.exec())
                return sqlError(q, Text::tr("look for similar keys"));
            while (q.next()) {
                const QString candidate = q.value(0).toString();
                if (!found.contains(candidate))
                    found << candidate;
            }
            q.finish();
        }
        // Nothing shares more than "m-" and a digit: a typo early in the key. Ranking by edit
        // distance needs to see the keys, which is affordable up to a point.
        if (found.size() < limit || wanted.left(3) != found.constFirst().left(3)) {
            Result<QSqlQuery *> all =
                d->statement(QStringLiteral("SELECT memory_key FROM agent_memories ORDER BY memory_key LIMIT 100000"));
            if (all.hasError())
                return all.error();
            if (all.value()->exec()) {
                while (all.value()->next())
                    found << all.value()->value(0).toString();
            }
            all.value()->finish();
        }
        return found;
    });
    if (candidates.hasError())
        return {};
    return rankSimilarKeys(wanted, candidates.value(), limit);
}

Result<MemoryStats> PostgresDetailStore::stats(const QString &agentId) const
{
    return d->run([&]() -> Result<MemoryStats> {
        Result<QSqlQuery *> query = d->statement(
            QStringLiteral("SELECT count(*) FILTER (WHERE is_active), count(*) FILTER (WHERE NOT is_active), "
                           "coalesce(sum(content_size) FILTER (WHERE is_active), 0) FROM agent_memories")
            + (agentId.isEmpty() ? QString() : QStringLiteral(" WHERE agent_id = ?")));
        if (query.hasError())
            return query.error();
        QSqlQuery &q = *query.value();
        if (!agentId.isEmpty())
            q.bindValue(0, agentId.trimmed());
        if (!q.exec() || !q.next())
            return sqlError(q, Text::tr("count memories"));
        MemoryStats stats;
        stats.records = q.value(0).toLongLong();
        stats.inactiveRecords = q.value(1).toLongLong();
        stats.contentBytes = q.value(2).toLongLong();
        q.finish();
        const PostgresVocabularyBackfill::Progress backfill = d->backfill->progress();
        stats.recordsToIndex = backfill.rowsLeft;
        stats.indexingStopped = backfill.stopped;
        return stats;
    });
}

} // namespace valis
