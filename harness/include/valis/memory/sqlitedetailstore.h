#pragma once

#include "valis/memory/detailstore.h"
#include "valis/store/orphansweep.h"

#include <chrono>
#include <memory>
#include <optional>

namespace valis {

/// The embedded DetailStore: one SQLite file in WAL mode with an FTS5 index over summary,
/// content and path; content above the blob threshold sits in a checksummed file named by its
/// SHA-256 in `blobDir`, written (atomically) before the row that refers to it, so a crash
/// leaves at most an unreferenced file, never a half record. Several processes may share the
/// file: writers wait for each other (busy timeout) and lose nothing. Search sees the summary,
/// the path and the first MiB of each content.
///
/// open() refuses, leaving the file untouched, a database of a newer Valis
/// ("memory.future-schema") and an SQLite file of another application ("memory.unavailable").
class VALIS_HARNESS_EXPORT SqliteDetailStore : public DetailStore
{
public:
    /// Opens (creating or migrating) the store. `blobDir` empty: "<path>-blobs" beside it.
    static Result<std::unique_ptr<SqliteDetailStore>> open(const QString &path, const QString &blobDir = {},
                                                           qint64 blobThresholdBytes = 256 * 1024);
    ~SqliteDetailStore() override;
    static int schemaVersion();
    QString databasePath() const;

    QString description() const override;
    Result<MemoryRecord> put(const NewMemory &memory) override;
    Result<QList<MemoryRecord>> putMany(const QList<NewMemory> &memories) override;
    Result<MemoryRecord> find(const QString &key) const override;
    Result<MemoryRecord> get(const QString &key) const override;
    Result<MemoryPage> read(const QString &key, const MemoryPageRequest &request) const override;
    Result<QList<MemoryRecord>> list(const MemoryFilter &filter) const override;
    Result<QList<MemoryHit>> search(const QString &query, const MemoryFilter &filter) const override;
    Result<void> deactivate(const QString &key) override;
    Result<void> purge(const QString &key) override;
    QStringList similarKeys(const QString &key, int limit = 5) const override;
    Result<MemoryStats> stats(const QString &agentId = {}) const override;
    /// PRAGMA data_version (commits by every other connection, other processes' too) with this
    /// thread's connection's total_changes() (its own writes): two reads of SQLite's counters.
    Result<qint64> changeCounter() const override;
    Result<MemoryRecord> readFile(const QString &agentId, const QString &path) const override;
    Result<MemoryRecord> writeFile(const QString &agentId, const QString &path, const QByteArray &content,
                                   const QString &sessionId = {}, const QString &summary = {}) override;
    Result<void> removeFile(const QString &agentId, const QString &path) override;
    Result<QList<MemoryRecord>> listFiles(const QString &agentId, const QString &pathPrefix = {}) const override;
    /// The condition is checked inside the write transaction (BEGIN IMMEDIATE), which holds
    /// SQLite's write lock against every other connection and process.
    Result<MemoryRecord> writeFileIfUnchanged(const QString &agentId, const QString &path, const QByteArray &content,
                                              const QString &expectedSha256, const QString &sessionId = {}) override;

    /// Removes content files no record refers to (a crash between file and row, a record
    /// purged in a process that died before deleting its file) once older than `gracePeriod`
    /// (see OrphanSweepReport::DefaultGracePeriod). Takes the write lock while files go.
    Result<OrphanSweepReport> sweepOrphanBlobs(std::chrono::seconds gracePeriod = OrphanSweepReport::DefaultGracePeriod);

private:
    struct Private;
    /// writeFile() and writeFileIfUnchanged(): `expectedSha256` unset means unconditional.
    Result<MemoryRecord> writeFileChecked(const QString &agentId, const QString &path, const QByteArray &content,
                                          const QString &sessionId, const QString &summary,
                                          const std::optional<QString> &expectedSha256);
    explicit SqliteDetailStore(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace valis
