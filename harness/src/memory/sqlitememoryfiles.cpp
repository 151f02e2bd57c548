#include "memory/sqlitestoreprivate.h"

// The /memories/ calls of the SqliteDetailStore: memory_file records, one active version per
// agent and path.
namespace valis {

using namespace memory;
using Text = memory::SqliteStoreText;

namespace {

/// Refuses a file where a folder of it is a file, or where files lie under it (see
/// pathConflict()). Called inside the write transaction.
Result<void> checkPlace(QSqlDatabase &db, const QString &agentId, const QString &path)
{
    const QStringList ancestors = ancestorPaths(path);
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(placeCheckSql(QStringLiteral("SELECT m.path FROM agent_memories m WHERE m.agent_id = ? AND m.is_active = 1 "
                                               "AND m.path IS NOT NULL AND (substr(m.path, 1, length(?)) = ?"),
                                ancestors.size()));
    const QString folder = path + QLatin1Char('/');
    query.addBindValue(agentId);
    query.addBindValue(folder);
    query.addBindValue(folder);
    for (const QString &ancestor : ancestors)
        query.addBindValue(ancestor);
    if (!query.exec())
        return sqliteError(query, Text::tr("write a memory file"));
    if (query.next())
        return pathConflict(path, query.value(0).toString(), agentId);
    return success();
}

} // namespace

Result<MemoryRecord> SqliteDetailStore::readFile(const QString &agentId, const QString &path) const
{
    const Result<QString> relative = checkedFilePath(path);
    if (!relative.ok())
        return relative.error();
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    Result<std::optional<MemoryRow>> row = Private::rowWhere(
        db.value(), QStringLiteral("m.agent_id = ? AND m.path = ? AND m.is_active = 1"), {agentId.trimmed(), relative.value()},
        true);
    if (!row.ok())
        return row.error();
    if (!row.value()) {
        return Error(QStringLiteral("memory.not-found"),
                     QStringLiteral("there is no file /memories/%1 for agent %2").arg(relative.value(), agentId));
    }
    Result<QByteArray> content = d->contentOf(*row.value());
    if (!content.ok())
        return content.error();
    MemoryRecord record = row.value()->record;
    record.content = content.value();
    return record;
}

Result<MemoryRecord> SqliteDetailStore::writeFile(const QString &agentId, const QString &path, const QByteArray &content,
                                                  const QString &sessionId, const QString &summary)
{
    return writeFileChecked(agentId, path, content, sessionId, summary, std::nullopt);
}

Result<MemoryRecord> SqliteDetailStore::writeFileIfUnchanged(const QString &agentId, const QString &path, const QByteArray &content,
                                                             const QString &expectedSha256, const QString &sessionId)
{
    return writeFileChecked(agentId, path, content, sessionId, {}, expectedSha256);
}

Result<MemoryRecord> SqliteDetailStore::writeFileChecked(const QString &agentId, const QString &path, const QByteArray &content,
                                                         const QString &sessionId, const QString &summary,
                                                         const std::optional<QString> &expectedSha256)
{
    const Result<QString> relative = checkedFilePath(path);
    if (!relative.ok())
        return relative.error();
    NewMemory memory;
    memory.agentId = agentId;
    memory.sessionId = sessionId;
    memory.type = QLatin1String(MemoryType::MemoryFile);
    memory.summary = summary.trimmed().isEmpty() ? summaryFromContent(content) : summary;
    memory.content = content;
    Result<PreparedMemory> prepared = d->prepare(std::move(memory), relative.value());
    if (!prepared.ok())
        return prepared.error();
    const Result<void> blobs = d->storeBlobs({prepared.value()});
    if (!blobs.ok())
        return blobs.error();
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    const PreparedMemory &item = prepared.value();
    // Everything from here runs under SQLite's write lock (BEGIN IMMEDIATE): what is checked is
    // still true when the write commits, in every process.
    return sqliteWriteTransaction(db.value(), [&]() -> Result<MemoryRecord> {
        const Result<void> placed = checkPlace(db.value(), item.memory.agentId, item.path);
        if (placed.hasError())
            return placed.error();
        Result<std::optional<MemoryRow>> current = Private::rowWhere(
            db.value(), QStringLiteral("m.agent_id = ? AND m.path = ? AND m.is_active = 1"),
            {item.memory.agentId, item.path}, false);
        if (!current.ok())
            return current.error();
        if (expectedSha256) {
            const QString found = current.value() ? current.value()->record.sha256 : QString();
            if (found != *expectedSha256)
                return writeConflict(item.path, item.memory.agentId);
        }
        if (current.value()) {
            // Writing what the file already says changes nothing, not even its version.
            if (current.value()->record.sha256 == item.sha256)
                return current.value()->record;
            QSqlQuery retire(db.value());
            retire.prepare(QStringLiteral("UPDATE agent_memories SET is_active = 0 WHERE id = ?"));
            retire.addBindValue(current.value()->id);
            const Result<void> retired = sqliteRun(retire, Text::tr("replace a memory file"));
            if (!retired.ok())
                return retired.error();
        }
        return d->insert(db.value(), item);
    });
}

Result<void> SqliteDetailStore::removeFile(const QString &agentId, const QString &path)
{
    const Result<QString> relative = checkedFilePath(path);
    if (!relative.ok())
        return relative.error();
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    QSqlQuery query(db.value());
    query.prepare(QStringLiteral(
        "UPDATE agent_memories SET is_active = 0 WHERE agent_id = ? AND path = ? AND is_active = 1"));
    query.addBindValue(agentId.trimmed());
    query.addBindValue(relative.value());
    const Result<void> done =
        sqliteWriteTransaction(db.value(), [&]() { return sqliteRun(query, Text::tr("remove a memory file")); });
    if (!done.ok())
        return done;
    if (query.numRowsAffected() == 0) {
        return Error(QStringLiteral("memory.not-found"),
                     QStringLiteral("there is no file /memories/%1 for agent %2").arg(relative.value(), agentId));
    }
    return success();
}

Result<QList<MemoryRecord>> SqliteDetailStore::listFiles(const QString &agentId, const QString &pathPrefix) const
{
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    const QString prefix = normalisedPathPrefix(pathPrefix);
    QSqlQuery query(db.value());
    query.setForwardOnly(true);
    // The conditions repeat the partial index's own, so SQLite can use it.
    query.prepare(QStringLiteral("SELECT ") + recordColumns()
                  + QStringLiteral(" FROM agent_memories m WHERE m.agent_id = ? AND m.is_active = 1 AND m.path IS NOT NULL")
                  + (prefix.isEmpty() ? QString() : QStringLiteral(" AND substr(m.path, 1, length(?)) = ?"))
                  + QStringLiteral(" ORDER BY m.path"));
    query.addBindValue(agentId.trimmed());
    if (!prefix.isEmpty()) {
        query.addBindValue(prefix);
        query.addBindValue(prefix);
    }
    if (!query.exec())
        return sqliteError(query, Text::tr("list memory files"));
    QList<MemoryRecord> records;
    while (query.next())
        records.append(recordFrom(query));
    return records;
}

} // namespace valis
