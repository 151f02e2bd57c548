#include "memory/postgresstoreprivate.h"

// The /memories/ calls of the PostgresDetailStore: memory_file records, one active version per
// agent and path.
namespace valis {

Result<MemoryRecord> PostgresDetailStore::readFile(const QString &agentId, const QString &path) const
{
    Result<QString> checked = checkedFilePath(path);
    if (checked.hasError())
        return checked.error();
    return d->run([&]() -> Result<MemoryRecord> {
        Result<std::optional<Row>> row = d->activeFile(agentId.trimmed(), checked.value(), true);
        if (row.hasError())
            return row.error();
        if (!row.value())
            return fileNotFound(checked.value(), agentId);
        Result<QByteArray> content = Private::contentOf(*row.value());
        if (content.hasError())
            return content.error();
        MemoryRecord record = row.value()->record;
        record.content = content.value();
        return record;
    });
}

Result<MemoryRecord> PostgresDetailStore::writeFile(const QString &agentId, const QString &path,
                                                    const QByteArray &content, const QString &sessionId,
                                                    const QString &summary)
{
    Result<QString> checked = checkedFilePath(path);
    if (checked.hasError())
        return checked.error();
    NewMemory memory;
    memory.agentId = agentId;
    memory.sessionId = sessionId;
    memory.type = QLatin1String(MemoryType::MemoryFile);
    memory.summary = summary.trimmed().isEmpty() ? summaryFromContent(content) : summary;
    memory.content = content;
    Result<Prepared> prepared = d->prepare(memory, checked.value());
    if (prepared.hasError())
        return prepared.error();
    const Prepared &item = prepared.value();
    return d->run([&]() {
        return d->transaction([&]() -> Result<MemoryRecord> {
            // Writers of the same file take turns, so that each sees the version it replaces
            // (the unique index on active files would refuse the second otherwise).
            Result<QSqlQuery *> lock =
                d->statement(QStringLiteral("SELECT pg_advisory_xact_lock(hashtextextended(?, 11))"));
            if (lock.hasError())
                return lock.error();
            lock.value()->bindValue(0, QString(item.memory.agentId + QLatin1Char('\n') + item.path));
            if (!lock.value()->exec())
                return sqlError(*lock.value(), Text::tr("write a memory file"));
            lock.value()->finish();
            Result<std::optional<Row>> current = d->activeFile(item.memory.agentId, item.path, false);
            if (current.hasError())
                return current.error();
            if (current.value()) {
                // Writing what the file already says changes nothing, not even its version.
                if (current.value()->record.sha256 == item.sha256)
                    return current.value()->record;
                Result<QSqlQuery *> retire =
                    d->statement(QStringLiteral("UPDATE agent_memories SET is_active = false WHERE id = ?"));
                if (retire.hasError())
                    return retire.error();
                retire.value()->bindValue(0, current.value()->id);
                if (!retire.value()->exec())
                    return sqlError(*retire.value(), Text::tr("replace a memory file"));
                retire.value()->finish();
            }
            return d->insert(item);
        });
    });
}

Result<void> PostgresDetailStore::removeFile(const QString &agentId, const QString &path)
{
    Result<QString> checked = checkedFilePath(path);
    if (checked.hasError())
        return checked.error();
    Result<int> changed = d->change(
        QStringLiteral("UPDATE agent_memories SET is_active = false WHERE agent_id = ? AND path = ? AND is_active"),
        {agentId.trimmed(), checked.value()}, Text::tr("remove a memory file"));
    if (changed.hasError())
        return changed.error();
    if (changed.value() == 0)
        return fileNotFound(checked.value(), agentId);
    return success();
}

Result<QList<MemoryRecord>> PostgresDetailStore::listFiles(const QString &agentId, const QString &pathPrefix) const
{
    // The conditions repeat the partial index's own, so the planner can use it.
    return d->records(QStringLiteral("SELECT ") + recordColumns()
                          + QStringLiteral(" FROM agent_memories m WHERE m.agent_id = ? AND m.is_active AND "
                                           "m.path IS NOT NULL AND starts_with(m.path, ?) ORDER BY m.path COLLATE \"C\""),
                      {agentId.trimmed(), notNull(normalisedPathPrefix(pathPrefix))}, Text::tr("list memory files"));
}

} // namespace valis
