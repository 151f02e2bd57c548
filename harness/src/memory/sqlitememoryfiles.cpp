#include "memory/sqlitestoreprivate.h"

// The /memories/ calls of the SqliteDetailStore: memory_file records, one active version per
// agent and path.
namespace valis {

using namespace memory;
using Text = memory::SqliteStoreText;

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
    return sqliteWriteTransaction(db.value(), [&]() -> Result<MemoryRecord> {
        Result<std::optional<MemoryRow>> current = Private::rowWhere(
            db.value(), QStringLiteral("m.agent_id = ? AND m.path = ? AND m.is_active = 1"),
            {item.memory.agentId, item.path}, false);
        if (!current.ok())
            return current.error();
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
