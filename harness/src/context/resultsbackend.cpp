#include "context/resultsbackend.h"

#include "valis/memory/detailstore.h"

namespace valis {

// Messages go back to the model through the file tools, which reads English best; not tr()'d.

namespace {

Error notFound(const QString &path)
{
    return Error(QStringLiteral("fs.not-found"),
                 QStringLiteral("\"/context/results/%1\" does not exist. Pointers name files here exactly as they were "
                                "shown; list /context/results/ to see what this session moved out of the context.")
                     .arg(path),
                 path);
}

FileEntry entryOf(const MemoryRecord &record, const QString &name)
{
    FileEntry entry;
    entry.path = name;
    entry.size = record.sizeBytes;
    entry.modified = record.createdAt;
    return entry;
}

QString suffixFor(const MemoryRecord &record)
{
    const QString suffix = record.metadata.value(QLatin1String("suffix")).toString();
    return suffix.isEmpty() ? QStringLiteral("txt") : suffix;
}

} // namespace

DetailStoreResultsBackend::DetailStoreResultsBackend(std::shared_ptr<DetailStore> store, QString agentId, QString sessionId)
    : m_store(std::move(store)), m_agentId(std::move(agentId)), m_sessionId(std::move(sessionId))
{
}

QString DetailStoreResultsBackend::description() const
{
    return QStringLiteral("content moved out of the context (/context/results/, kept in the memory store)");
}

Result<QString> DetailStoreResultsBackend::keyOf(const QString &path) const
{
    if (path.contains(QLatin1Char('/')))
        return notFound(path);
    const qsizetype dot = path.lastIndexOf(QLatin1Char('.'));
    const QString key = dot > 0 ? path.left(dot) : path;
    if (!key.startsWith(QLatin1String("m-")))
        return notFound(path);
    return key;
}

Result<FileEntry> DetailStoreResultsBackend::stat(const QString &path) const
{
    if (path.isEmpty()) {
        FileEntry root;
        root.type = FileEntry::Type::Directory;
        return root;
    }
    const Result<QString> key = keyOf(path);
    if (key.hasError())
        return key.error();
    const Result<MemoryRecord> record = m_store->find(key.value());
    if (record.hasError() || record->agentId != m_agentId)
        return notFound(path);
    return entryOf(record.value(), path);
}

Result<QList<FileEntry>> DetailStoreResultsBackend::list(const QString &path) const
{
    if (!path.isEmpty())
        return Error(QStringLiteral("fs.not-a-directory"), QStringLiteral("\"/context/results/%1\" is not a folder.").arg(path), path);
    MemoryFilter filter;
    filter.agentId = m_agentId;
    filter.sessionId = m_sessionId;
    filter.type = QLatin1String(MemoryType::ContextResult);
    filter.includeInactive = true;
    filter.limit = 10000;
    const Result<QList<MemoryRecord>> records = m_store->list(filter);
    if (records.hasError())
        return Error(QStringLiteral("fs.io"), QStringLiteral("/context/results/ cannot be listed: %1").arg(records.error().message));
    QList<FileEntry> entries;
    for (const MemoryRecord &record : records.value())
        entries.append(entryOf(record, record.key + QLatin1Char('.') + suffixFor(record)));
    std::sort(entries.begin(), entries.end(), [](const FileEntry &a, const FileEntry &b) { return a.path < b.path; });
    return entries;
}

Result<QByteArray> DetailStoreResultsBackend::read(const QString &path, qint64 offset, qint64 maxBytes) const
{
    const Result<QString> key = keyOf(path);
    if (key.hasError())
        return key.error();
    const Result<MemoryRecord> record = m_store->get(key.value());
    if (record.hasError()) {
        if (record.error().code == QLatin1String("memory.unknown-key"))
            return notFound(path);
        return Error(QStringLiteral("fs.io"), QStringLiteral("\"/context/results/%1\" cannot be read: %2").arg(path, record.error().message), path);
    }
    if (record->agentId != m_agentId)
        return notFound(path);
    const QByteArray &content = record->content;
    if (offset >= content.size())
        return QByteArray();
    return maxBytes < 0 ? content.mid(offset) : content.mid(offset, maxBytes);
}

Result<void> DetailStoreResultsBackend::write(const QString &path, const QByteArray &)
{
    return Error(QStringLiteral("fs.read-only"),
                 QStringLiteral("\"/context/results/%1\" is read-only: it keeps what was moved out of the context.").arg(path), path);
}

Result<void> DetailStoreResultsBackend::remove(const QString &path)
{
    return write(path, {});
}

} // namespace valis
