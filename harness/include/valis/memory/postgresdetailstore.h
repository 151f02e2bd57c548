#pragma once

#include "valis/memory/detailstore.h"
#include "valis/memory/memorysettings.h"

#include <memory>
#include <optional>

namespace valis {

/// The team DetailStore: the `agent_memories` table on a PostgreSQL server (QtSql's QPSQL
/// driver), metadata as jsonb, search through a stored tsvector column with a GIN index and
/// ts_rank, content always in the table (TOAST compresses it) so every agent of the team sees
/// it. Schema changes run in a transaction under an advisory lock, so several Valis processes
/// may open the same database at once.
class VALIS_HARNESS_EXPORT PostgresDetailStore : public DetailStore
{
public:
    /// Connects (failing with "memory.unavailable" and the server's words) and creates or
    /// migrates the schema.
    static Result<std::unique_ptr<PostgresDetailStore>> open(const PostgresConnection &connection);
    ~PostgresDetailStore() override;
    static int schemaVersion();

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
    Result<MemoryRecord> readFile(const QString &agentId, const QString &path) const override;
    Result<MemoryRecord> writeFile(const QString &agentId, const QString &path, const QByteArray &content,
                                   const QString &sessionId = {}, const QString &summary = {}) override;
    Result<void> removeFile(const QString &agentId, const QString &path) override;
    Result<QList<MemoryRecord>> listFiles(const QString &agentId, const QString &pathPrefix = {}) const override;
    /// The condition is checked inside the write's transaction, after taking the advisory lock
    /// every writer of the agent's top folder takes, so no other writer (of any process or
    /// machine) is between the check and the commit.
    Result<MemoryRecord> writeFileIfUnchanged(const QString &agentId, const QString &path, const QByteArray &content,
                                              const QString &expectedSha256, const QString &sessionId = {}) override;

private:
    struct Private;
    /// writeFile() and writeFileIfUnchanged(): `expectedSha256` unset means unconditional.
    Result<MemoryRecord> writeFileChecked(const QString &agentId, const QString &path, const QByteArray &content,
                                          const QString &sessionId, const QString &summary,
                                          const std::optional<QString> &expectedSha256);
    explicit PostgresDetailStore(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace valis
