#pragma once

#include "valis/store/sessionstore.h"

#include "store/blobstore.h"
#include "store/idleindexer.h"
#include "store/recallindex.h"
#include "store/recordreader.h"
#include "store/recordwriter.h"
#include "store/sqlutil.h"
#include "store/transcriptindex.h"
#include "store/turnversionrows.h"
#include "store/walcheckpointer.h"

#include <QSqlDatabase>
#include <QTimer>

#include <functional>
#include <memory>

namespace valis {

/// What a SessionStore holds: its connection and the parts that read, write and index the
/// record. Shared by sessionstore.cpp (opening, writes) and sessionstorereads.cpp (reads, search).
class SessionStore::Private
{
public:
    ~Private()
    {
        sweepTimer.reset();
        idleIndexer.reset();
        if (checkpointer)
            checkpointer->stop();
        writer.reset();
        reader.reset();
        versions.reset();
        index.reset();
        recall.reset();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(connectionName);
    }

    /// Runs `work` inside BEGIN IMMEDIATE ... COMMIT, rolling back on any error.
    template<typename Work>
    auto transaction(Work &&work) -> decltype(work())
    {
        Result<void> begun = store::exec(db, QStringLiteral("BEGIN IMMEDIATE"));
        if (!begun.ok())
            return begun.error();
        auto result = work();
        if (!result.ok()) {
            store::rollback(db);
            return result;
        }
        Result<void> committed = store::exec(db, QStringLiteral("COMMIT"));
        if (!committed.ok()) {
            store::rollback(db);
            return committed.error();
        }
        checkpointer->noteCommit();
        return result;
    }

    QString connectionName;
    QString path;
    QSqlDatabase db;
    std::unique_ptr<store::BlobStore> blobs;
    std::unique_ptr<store::TranscriptIndex> index;
    std::unique_ptr<store::RecallIndex> recall;
    std::unique_ptr<store::RecordWriter> writer;
    std::unique_ptr<store::RecordReader> reader;
    std::unique_ptr<store::TurnVersionRows> versions;
    std::unique_ptr<store::WalCheckpointer> checkpointer;
    std::unique_ptr<store::IdleIndexer> idleIndexer;
    std::unique_ptr<QTimer> sweepTimer; ///< background orphan sweeps, on the owning thread
    std::function<void(const Result<OrphanSweepReport> &)> sweepListener;
    QString blobDirectory;

    /// Removes content files no part refers to any more (store/contentfilesweep.h).
    Result<OrphanSweepReport> sweepOrphanBlobs(std::chrono::seconds grace);

    void scheduleSweep(std::chrono::milliseconds delay)
    {
        if (!sweepTimer->isActive() || sweepTimer->remainingTimeAsDuration() > delay)
            sweepTimer->start(delay);
    }
};

} // namespace valis
