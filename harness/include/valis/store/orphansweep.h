#pragma once

#include "valis/harness_export.h"

#include <QString>
#include <QStringList>

#include <chrono>

namespace valis {

/// What one sweep of a folder of content-addressed files ("3f/3f9a2c...") did: the image blobs
/// of the SessionStore (SessionStore::sweepOrphanBlobs()) or the large contents of a SQLite
/// DetailStore (SqliteDetailStore::sweepOrphanBlobs()).
struct VALIS_HARNESS_EXPORT OrphanSweepReport
{
    /// How old an unreferenced file must be before a sweep removes it. A file is written before
    /// the row that refers to it, inside the same write transaction; an hour is far longer than
    /// any transaction lasts (a bulk import of a long transcript takes minutes), so a file whose
    /// row is still on its way is never taken. Orphans are rare (a crash, a deleted session), so
    /// leaving them an hour costs nothing. Storing content that already has a file renews the
    /// file's time, so reuse of an old orphan counts as new.
    static constexpr std::chrono::seconds DefaultGracePeriod{3600};

    int examined = 0;           ///< content files looked at
    int keptRecent = 0;         ///< younger than the grace period, so not looked at further
    QStringList removed = {};   ///< absolute paths of the files removed
    qint64 bytesRemoved = 0;
};

} // namespace valis
