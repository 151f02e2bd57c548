#include "memoryworker.h"

#include "valis/memory/memoryenvironment.h"

namespace valis {

MemoryWorker::MemoryWorker(DataLocations locations)
    : m_locations(std::move(locations))
{
}

MemoryWorker::~MemoryWorker() = default;

DetailStore *MemoryWorker::store()
{
    if (!m_store) {
        Result<MemoryEnvironment> opened = MemoryEnvironment::open(m_locations);
        if (!opened.ok()) {
            Q_EMIT failed(opened.error());
            return nullptr;
        }
        m_store = opened->store();
    }
    return m_store.get();
}

void MemoryWorker::list(const QString &agentId, const QString &query, const QString &type, int generation)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    MemoryFilter filter;
    filter.agentId = agentId;
    filter.type = type;
    filter.limit = 500;
    QList<MemoryRecord> records;
    if (query.trimmed().isEmpty()) {
        Result<QList<MemoryRecord>> listed = detail->list(filter);
        if (!listed.ok()) {
            Q_EMIT failed(listed.error());
            return;
        }
        records = listed.value();
    } else {
        Result<QList<MemoryHit>> hits = detail->search(query, filter);
        if (!hits.ok()) {
            Q_EMIT failed(hits.error());
            return;
        }
        for (const MemoryHit &hit : hits.value())
            records.append(hit.record);
    }
    Q_EMIT listed(generation, records, detail->description());
}

void MemoryWorker::read(const QString &key, qint64 firstLine, qint64 limit)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    MemoryPageRequest request;
    request.offset = firstLine;
    request.limit = limit;
    Result<MemoryPage> page = detail->read(key, request);
    if (!page.ok()) {
        Q_EMIT failed(page.error());
        return;
    }
    Q_EMIT pageRead(page.value());
}

void MemoryWorker::writeFile(const QString &agentId, const QString &path, const QByteArray &content)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    Result<MemoryRecord> written = detail->writeFile(agentId, path, content);
    if (!written.ok()) {
        Q_EMIT failed(written.error());
        return;
    }
    Q_EMIT fileWritten(written.value());
}

void MemoryWorker::remove(const MemoryRecord &record)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    const Result<void> done = record.type == QLatin1String(MemoryType::MemoryFile) && !record.path.isEmpty()
                                  ? detail->removeFile(record.agentId, record.path)
                                  : detail->deactivate(record.key);
    if (!done.ok()) {
        Q_EMIT failed(done.error());
        return;
    }
    Q_EMIT removed(record.key);
}

} // namespace valis
