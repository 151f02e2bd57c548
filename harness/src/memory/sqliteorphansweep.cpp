#include "memory/sqlitestoreprivate.h"

#include "store/contentfilesweep.h"

// The orphan sweep of a SqliteDetailStore's content files: files whose row never committed (a
// crash between the two) or whose rows are gone.
namespace valis {

using namespace memory;
using Text = memory::SqliteStoreText;

Result<OrphanSweepReport> SqliteDetailStore::sweepOrphanBlobs(std::chrono::seconds gracePeriod)
{
    store::ContentFileSweep sweep(d->blobs->directory(), gracePeriod);
    sweep.findCandidates();
    if (!sweep.hasCandidates())
        return sweep.report(); // no old file: nothing to look up
    Result<QSqlDatabase> db = d->db();
    if (!db.ok())
        return db.error();
    // Under the write lock: a put() writes its file inside its write transaction, so none is
    // between its file and its row while files go.
    const Result<void> swept = sqliteWriteTransaction(db.value(), [&]() -> Result<void> {
        QSqlQuery query(db.value());
        query.setForwardOnly(true);
        if (!query.exec(QStringLiteral("SELECT DISTINCT blob_file FROM agent_memories WHERE blob_file IS NOT NULL")))
            return sqliteError(query, Text::tr("sweep orphan content files"));
        QSet<QString> referenced;
        while (query.next())
            referenced.insert(query.value(0).toString().section(QLatin1Char('/'), -1));
        return sweep.removeUnreferenced(referenced);
    });
    if (swept.hasError())
        return swept.error();
    return sweep.report();
}

} // namespace valis
