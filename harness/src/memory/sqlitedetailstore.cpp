#include "valis/memory/sqlitedetailstore.h"

#include "memory/sqlitememorysearch.h"
#include "memory/sqliteschema.h"
#include "memory/sqlitestoreprivate.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QThread>

#include <optional>

namespace valis {

using namespace memory;

using Text = memory::SqliteStoreText;

SqliteDetailStore::SqliteDetailStore(std::unique_ptr<Private> p)
    : d(std::move(p))
{}

SqliteDetailStore::~SqliteDetailStore() = default;

int SqliteDetailStore::schemaVersion()
{
    return SqliteMemorySchema::latestVersion();
}

QString SqliteDetailStore::databasePath() const
{
    return d->path;
}

QString SqliteDetailStore::description() const
{
    return QStringLiteral("SQLite ") + d->path;
}

Result<std::unique_ptr<SqliteDetailStore>> SqliteDetailStore::open(const QString &path, const QString &blobDir,
                                                                   qint64 blobThresholdBytes)
{
    if (path.isEmpty())
        return Error(QStringLiteral("memory.invalid"), Text::tr("no file was given for the memory database"));
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const Result<void> checked = SqliteMemorySchema::check(absolute);
    if (!checked.ok())
        return checked.error();
    if (!QDir().mkpath(QFileInfo(absolute).absolutePath())) {
        return Error(QStringLiteral("memory.unavailable"), Text::tr("cannot create the folder for the memory database"),
                     QFileInfo(absolute).absolutePath());
    }

    auto p = std::make_unique<Private>();
    p->path = absolute;
    p->blobThreshold = qMax<qint64>(0, blobThresholdBytes);
    p->blobs = std::make_unique<SqliteBlobFiles>(
        blobDir.isEmpty() ? absolute + QStringLiteral("-blobs") : QFileInfo(blobDir).absoluteFilePath());
    p->connections = std::make_unique<SqliteConnections>(absolute);
    Result<QSqlDatabase> db = p->db();
    if (!db.ok())
        return db.error();

    // WAL lets readers run while another process writes. Switching to it needs a lock SQLite's
    // busy handler does not wait for, so a second process opening a new file at the same moment
    // retries for a while.
    QString mode;
    QString modeError;
    for (int attempt = 0; attempt < 200 && mode != QLatin1String("wal"); ++attempt) {
        if (attempt > 0)
            QThread::msleep(50);
        QSqlQuery query(db.value());
        if (query.exec(QStringLiteral("PRAGMA journal_mode=WAL")) && query.next())
            mode = query.value(0).toString();
        else
            modeError = sqliteError(query, {}).message;
    }
    if (mode != QLatin1String("wal")) {
        return Error(QStringLiteral("memory.unavailable"),
                     Text::tr("cannot switch the memory database to write-ahead logging: %1").arg(modeError), absolute);
    }
    const Result<void> migrated = SqliteMemorySchema::migrate(db.value());
    if (!migrated.ok())
        return migrated.error();
    return std::unique_ptr<SqliteDetailStore>(new SqliteDetailStore(std::move(p)));
}

Result<MemoryRecord> SqliteDetailStore::put(const NewMemory &memory)
{
    Result<QList<MemoryRecord>> stored = putMany({memory});
    if (!stored.ok())
        return stored.error();
    return stored.value().constFirst();
}

Result<QList<MemoryRecord>> SqliteDetailStore::putMany(const QList<NewMemory> &memories)
{
    QList<PreparedMemory> prepared;
    prepared.reserve(memories.size());
    for (qsizetype i = 0; i < memories.size(); ++i) {
        Result<PreparedMemory> item = d->prepare(memories.at(i), {});
        if (!item.ok()) {
            if (memories.size() == 1)
                return item.error();
            Error error = item.error();
            error.message = Text::tr("memory %1 of %2: %3").arg(i + 1).arg(memories.size()).arg(error.message);
            return error;
        }
        prepared.append(std::move(item).value());
    }
    const Result<void> blobs = d->storeBlobs(prepared);
    if (!blobs.ok())
        return blobs.error();
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    return sqliteWriteTransaction(db.value(), [&]() -> Result<QList<MemoryRecord>> {
        QList<MemoryRecord> records;
        records.reserve(prepared.size());
        for (const PreparedMemory &item : std::as_const(prepared)) {
            Result<MemoryRecord> record = d->insert(db.value(), item);
            if (!record.ok())
                return record.error();
            records.append(std::move(record).value());
        }
        return records;
    });
}

Result<MemoryRecord> SqliteDetailStore::find(const QString &key) const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    Result<MemoryRow> row = d->rowByKey(db.value(), key, false, *this);
    if (!row.ok())
        return row.error();
    return row.value().record;
}

Result<MemoryRecord> SqliteDetailStore::get(const QString &key) const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    Result<MemoryRow> row = d->rowByKey(db.value(), key, true, *this);
    if (!row.ok())
        return row.error();
    Result<QByteArray> content = d->contentOf(row.value());
    if (!content.ok())
        return content.error();
    MemoryRecord record = row.value().record;
    record.content = content.value();
    return record;
}

Result<MemoryPage> SqliteDetailStore::read(const QString &key, const MemoryPageRequest &request) const
{
    // The content is shared, not copied, and a large one comes from the verified cache.
    const Result<MemoryRecord> record = get(key);
    if (!record.ok())
        return record.error();
    return pageOf(record.value(), record.value().content, request);
}

Result<QList<MemoryRecord>> SqliteDetailStore::list(const MemoryFilter &filter) const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    const FilterSql where = filterSql(filter);
    QSqlQuery query(db.value());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT ") + recordColumns() + QStringLiteral(" FROM agent_memories m WHERE 1")
                  + where.conditions + QStringLiteral(" ORDER BY m.id DESC LIMIT ? OFFSET ?"));
    for (const QVariant &value : where.values)
        query.addBindValue(value);
    query.addBindValue(filter.limit > 0 ? filter.limit : -1);
    query.addBindValue(qMax(0, filter.offset));
    if (!query.exec())
        return sqliteError(query, Text::tr("list memories"));
    QList<MemoryRecord> records;
    while (query.next())
        records.append(recordFrom(query));
    return records;
}

Result<QList<MemoryHit>> SqliteDetailStore::search(const QString &query, const MemoryFilter &filter) const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    return searchMemories(db.value(), query, filter);
}

Result<void> SqliteDetailStore::deactivate(const QString &key)
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    const QString normalised = normalisedKey(key);
    QSqlQuery query(db.value());
    query.prepare(QStringLiteral("UPDATE agent_memories SET is_active = 0 WHERE memory_key = ?"));
    query.addBindValue(normalised);
    const Result<void> done = sqliteWriteTransaction(db.value(), [&]() { return sqliteRun(query, Text::tr("deactivate a memory")); });
    if (!done.ok())
        return done;
    if (query.numRowsAffected() == 0)
        return unknownKeyError(normalised, similarKeys(normalised));
    return success();
}

Result<void> SqliteDetailStore::purge(const QString &key)
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    QString retired;
    QString blobFile;
    const Result<void> done = sqliteWriteTransaction(db.value(), [&]() -> Result<void> {
        Result<MemoryRow> row = d->rowByKey(db.value(), key, false, *this);
        if (!row.ok())
            return row.error();
        QSqlQuery remove(db.value());
        remove.prepare(QStringLiteral("DELETE FROM agent_memories WHERE id = ?"));
        remove.addBindValue(row.value().id);
        Result<void> removed = sqliteRun(remove, Text::tr("purge a memory"));
        if (!removed.ok() || row.value().blobFile.isEmpty())
            return removed;
        // The file goes only when no other record (another agent's, same content) uses it. It
        // is moved aside under the write lock and deleted after the commit, so a writer that
        // needs it again either sees it gone (and writes it anew) or keeps it.
        QSqlQuery users(db.value());
        users.prepare(QStringLiteral("SELECT 1 FROM agent_memories WHERE content_sha256 = ? AND blob_file = ? LIMIT 1"));
        users.addBindValue(row.value().record.sha256);
        users.addBindValue(row.value().blobFile);
        if (!users.exec())
            return sqliteError(users, Text::tr("purge a memory"));
        if (users.next())
            return success();
        blobFile = row.value().blobFile;
        Result<QString> moved = d->blobs->retire(blobFile);
        if (!moved.ok())
            return moved.error();
        retired = moved.value();
        return success();
    });
    if (!done.ok()) {
        d->blobs->restore(retired, blobFile);
        return done;
    }
    d->blobs->discard(retired);
    return success();
}

QStringList SqliteDetailStore::similarKeys(const QString &key, int limit) const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok() || limit <= 0)
        return {};
    const QString wanted = normalisedKey(key);
    QStringList candidates;
    auto collect = [&](QSqlQuery &query) {
        if (!query.exec())
            return;
        while (query.next())
            candidates << query.value(0).toString();
    };
    // Keys that begin with it (it was cut short) and those sharing its longest prefixes.
    QSqlQuery byPrefix(db.value());
    byPrefix.setForwardOnly(true);
    byPrefix.prepare(QStringLiteral("SELECT memory_key FROM agent_memories WHERE memory_key >= ? AND memory_key < ? "
                                    "ORDER BY memory_key LIMIT ?"));
    for (qsizetype length = wanted.size(); length >= 3 && candidates.size() < limit; --length) {
        const QString prefix = wanted.left(length);
        byPrefix.addBindValue(prefix);
        byPrefix.addBindValue(QString(prefix + QLatin1Char('~')));
        byPrefix.addBindValue(limit);
        collect(byPrefix);
    }
    // Keys one slip away, anywhere in the key, by index lookups.
    const QStringList neighbours = keyNeighbours(wanted);
    if (!neighbours.isEmpty()) {
        QSqlQuery byNeighbour(db.value());
        byNeighbour.setForwardOnly(true);
        byNeighbour.prepare(QStringLiteral("SELECT memory_key FROM agent_memories WHERE memory_key IN (%1)")
                                .arg(QStringList(neighbours.size(), QStringLiteral("?")).join(QLatin1Char(','))));
        for (const QString &neighbour : neighbours)
            byNeighbour.addBindValue(neighbour);
        collect(byNeighbour);
    }
    // A small store can simply be read whole, which also finds keys two slips away.
    constexpr int readWholeUpTo = 5000;
    QSqlQuery all(db.value());
    all.setForwardOnly(true);
    all.prepare(QStringLiteral("SELECT memory_key FROM agent_memories LIMIT ?"));
    all.addBindValue(readWholeUpTo + 1);
    QStringList everything;
    if (all.exec()) {
        while (all.next())
            everything << all.value(0).toString();
    }
    if (everything.size() <= readWholeUpTo)
        candidates += everything;
    return rankSimilarKeys(wanted, candidates, limit);
}

Result<MemoryStats> SqliteDetailStore::stats(const QString &agentId) const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    QSqlQuery query(db.value());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT count(*) FILTER (WHERE is_active = 1), count(*) FILTER (WHERE is_active = 0), "
                                 "coalesce(sum(content_size) FILTER (WHERE is_active = 1), 0) FROM agent_memories")
                  + (agentId.isEmpty() ? QString() : QStringLiteral(" WHERE agent_id = ?")));
    if (!agentId.isEmpty())
        query.addBindValue(agentId.trimmed());
    if (!query.exec() || !query.next())
        return sqliteError(query, Text::tr("count memories"));
    MemoryStats stats;
    stats.records = query.value(0).toLongLong();
    stats.inactiveRecords = query.value(1).toLongLong();
    stats.contentBytes = query.value(2).toLongLong();
    return stats;
}

Result<qint64> SqliteDetailStore::changeCounter() const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    QSqlQuery query(db.value());
    query.setForwardOnly(true);
    // data_version alone misses this connection's own commits; total_changes() counts exactly those.
    if (!query.exec(QStringLiteral("SELECT data_version, total_changes() FROM pragma_data_version")) || !query.next())
        return sqliteError(query, Text::tr("ask whether the memory store changed"));
    return (query.value(0).toLongLong() << 32) ^ query.value(1).toLongLong();
}

} // namespace valis
