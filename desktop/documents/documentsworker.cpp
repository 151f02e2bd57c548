#include "documentsworker.h"

#include "valis/memory/memoryenvironment.h"

namespace valis {

DocumentsWorker::DocumentsWorker(DataLocations locations) : m_locations(std::move(locations)) {}

DocumentsWorker::~DocumentsWorker() = default;

DetailStore *DocumentsWorker::store()
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

void DocumentsWorker::list(const QString &agentId, int generation)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    int expired = 0;
    const Result<std::optional<DocumentSweep>> swept = sweepDocumentsIfDue(*detail);
    if (swept.hasError())
        Q_EMIT failed(swept.error()); // the list still comes: the sweep is retried next time
    else if (swept->has_value())
        expired = int((*swept)->expired.size());
    const Result<QList<DocumentInfo>> documents = DocumentStore(*detail).list(agentId);
    if (documents.hasError()) {
        Q_EMIT failed(documents.error());
        return;
    }
    Q_EMIT listed(generation, *documents, detail->description(), expired);
}

void DocumentsWorker::preview(const QString &agentId, const QString &fileKey)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    const Result<DocumentInfo> info = DocumentStore(*detail).find(agentId, fileKey);
    if (info.hasError()) {
        Q_EMIT failed(info.error());
        return;
    }
    QByteArray start;
    if (info->state == DocumentInfo::State::Active && info->sizeBytes > 0) {
        MemoryPageRequest request;
        request.unit = MemoryPageRequest::Unit::Bytes;
        request.offset = 0;
        request.limit = PreviewBytes;
        const Result<MemoryPage> page = detail->read(info->contentKey, request);
        if (page.hasError()) {
            Q_EMIT failed(page.error());
            return;
        }
        start = page->text;
    }
    Q_EMIT previewRead(*info, start);
}

void DocumentsWorker::setPinned(const QString &agentId, const QString &fileKey, bool pinned)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    const Result<DocumentInfo> info = DocumentStore(*detail).setPinned(agentId, fileKey, pinned);
    if (info.hasError())
        Q_EMIT failed(info.error());
    else
        Q_EMIT changed(*info);
}

void DocumentsWorker::remove(const QString &agentId, const QString &fileKey)
{
    DetailStore *detail = store();
    if (!detail)
        return;
    const Result<DocumentInfo> info = DocumentStore(*detail).remove(agentId, fileKey);
    if (info.hasError())
        Q_EMIT failed(info.error());
    else
        Q_EMIT changed(*info);
}

} // namespace valis
