#pragma once

#include "shellmetatypes.h"

#include "valis/core/datalocations.h"
#include "valis/memory/detailstore.h"

#include <QObject>

#include <memory>

namespace valis {

/// Owns the DetailStore the memory browser reads, on a worker thread (SQLite or PostgreSQL, as
/// config/memory.json says), so the window never waits on the disk or the network. Requests are
/// queued slots; answers are signals carrying values, failures as valis::Error.
class MemoryWorker : public QObject
{
    Q_OBJECT

public:
    explicit MemoryWorker(DataLocations locations);
    ~MemoryWorker() override;

public Q_SLOTS:
    /// Lists (empty `query`) or searches the agent's active records of `type` (empty: any).
    void list(const QString &agentId, const QString &query, const QString &type, int generation);
    /// Reads `limit` lines of `key` from line `firstLine`.
    void read(const QString &key, qint64 firstLine, qint64 limit);
    void writeFile(const QString &agentId, const QString &path, const QByteArray &content);
    /// Removes a record (a /memories/ file: its active version).
    void remove(const valis::MemoryRecord &record);

Q_SIGNALS:
    void listed(int generation, const QList<valis::MemoryRecord> &records, const QString &description);
    void pageRead(const valis::MemoryPage &page);
    void fileWritten(const valis::MemoryRecord &record);
    void removed(const QString &key);
    void failed(const valis::Error &error);

private:
    DetailStore *store();

    DataLocations m_locations;
    std::shared_ptr<DetailStore> m_store;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::MemoryRecord)
Q_DECLARE_METATYPE(valis::MemoryPage)
