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
    return writeFileChecked(agentId, path, content, sessionId, summary, std::nullopt);
}

Result<MemoryRecord> PostgresDetailStore::writeFileIfUnchanged(const QString &agentId, const QString &path,
                                                               const QByteArray &content, const QString &expectedSha256,
                                                               const QString &sessionId)
{
    return writeFileChecked(agentId, path, content, sessionId, {}, expectedSha256);
}

Result<MemoryRecord> PostgresDetailStore::writeFileChecked(const QString &agentId, const QString &path,
                                                           const QByteArray &content, const QString &sessionId,
                                                           const QString &summary, const std::optional<QString> &expectedSha256)
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
    QList<Prepared> items{std::move(prepared).value()};
    const Prepared &item = items.constFirst();
    // Refuses a file where a folder of it is a file, or where files lie under it (see
    // pathConflict()). Called inside the write transaction, under the top folder's lock.
    const auto checkPlace = [this](const QString &owner, const QString &file) -> Result<void> {
        const QStringList ancestors = ancestorPaths(file);
        Result<QSqlQuery *> query = d->statement(placeCheckSql(
            QStringLiteral("SELECT m.path FROM agent_memories m WHERE m.agent_id = ? AND m.is_active AND "
                           "m.path IS NOT NULL AND (starts_with(m.path, ?)"),
            ancestors.size()));
        if (query.hasError())
            return query.error();
        QSqlQuery &q = *query.value();
        q.bindValue(0, owner);
        q.bindValue(1, QString(file + QLatin1Char('/')));
        for (qsizetype i = 0; i < ancestors.size(); ++i)
            q.bindValue(int(i) + 2, ancestors.at(i));
        if (!q.exec())
            return sqlError(q, Text::tr("write a memory file"));
        const QString found = q.next() ? q.value(0).toString() : QString();
        q.finish();
        if (!found.isEmpty())
            return pathConflict(file, found, owner);
        return success();
    };
    Result<MemoryRecord> stored = d->run([&]() {
        return d->transaction([&]() -> Result<MemoryRecord> {
            // Writers under one top folder take turns: each then sees the version it replaces
            // (the unique index on active files would refuse the second otherwise), and "a"
            // and "a/b" (which share the top folder "a") are never written side by side. The
            // lock is the transaction's: it is released by the commit, after which the next
            // writer's statements see this one's rows (READ COMMITTED takes a snapshot per
            // statement).
            Result<QSqlQuery *> lock =
                d->statement(QStringLiteral("SELECT pg_advisory_xact_lock(hashtextextended(?, 11))"));
            if (lock.hasError())
                return lock.error();
            lock.value()->bindValue(0, QString(item.memory.agentId + QLatin1Char('\n') + item.path.section(QLatin1Char('/'), 0, 0)));
            if (!lock.value()->exec())
                return sqlError(*lock.value(), Text::tr("write a memory file"));
            lock.value()->finish();
            const Result<void> placed = checkPlace(item.memory.agentId, item.path);
            if (placed.hasError())
                return placed.error();
            Result<std::optional<Row>> current = d->activeFile(item.memory.agentId, item.path, false);
            if (current.hasError())
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
                Result<QSqlQuery *> retire =
                    d->statement(QStringLiteral("UPDATE agent_memories SET is_active = false WHERE id = ?"));
                if (retire.hasError())
                    return retire.error();
                retire.value()->bindValue(0, current.value()->id);
                if (!retire.value()->exec())
                    return sqlError(*retire.value(), Text::tr("replace a memory file"));
                retire.value()->finish();
            }
            Result<void> begun = d->beginWrite(items);
            if (begun.hasError())
                return begun.error();
            return d->insert(item);
        });
    });
    if (stored.ok())
        d->written(items);
    return stored;
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
