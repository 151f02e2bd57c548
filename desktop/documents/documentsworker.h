#pragma once

#include "shellmetatypes.h"

#include "valis/core/datalocations.h"
#include "valis/memory/documentstore.h"

#include <QObject>

#include <memory>

namespace valis {

/// Owns the DetailStore the Documents view reads, on a worker thread (SQLite or PostgreSQL, as
/// config/memory.json says), so the window never waits on the disk or the network; every list
/// runs the daily retention sweep first when it is due (sweepDocumentsIfDue()). Requests are
/// queued slots; answers are signals carrying values, failures as valis::Error.
class DocumentsWorker : public QObject
{
    Q_OBJECT

public:
    /// Bytes of a document the preview shows at most.
    static constexpr qint64 PreviewBytes = 256 * 1024;

    explicit DocumentsWorker(DataLocations locations);
    ~DocumentsWorker() override;

public Q_SLOTS:
    void list(const QString &agentId, int generation);
    /// Reads the start of `fileKey` for the preview.
    void preview(const QString &agentId, const QString &fileKey);
    void setPinned(const QString &agentId, const QString &fileKey, bool pinned);
    void remove(const QString &agentId, const QString &fileKey);

Q_SIGNALS:
    void listed(int generation, const QList<valis::DocumentInfo> &documents, const QString &description, int expired);
    void previewRead(const valis::DocumentInfo &document, const QByteArray &start);
    void changed(const valis::DocumentInfo &document);
    void failed(const valis::Error &error);

private:
    DetailStore *store();

    DataLocations m_locations;
    std::shared_ptr<DetailStore> m_store;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::DocumentInfo)
