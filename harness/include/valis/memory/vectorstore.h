#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/memorysettings.h"
#include "valis/memory/recall.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QVector>

#include <functional>
#include <memory>

namespace valis {

/// One embedded passage: a memory record or a transcript message, in one vector space.
struct VALIS_HARNESS_EXPORT VectorItem
{
    qint64 label = -1;        ///< the store's id for it; the index's label
    RecallSourceKind kind = RecallSourceKind::Memory;
    QString source;           ///< Memory: the record key. Transcript: "<session id>/<message id>"
    QString hash;             ///< embeddingHash() of the text embedded
    QString agentId;          ///< Memory: the record's agent
    QString sessionId;        ///< the record's session, or the message's
    QString type;             ///< Memory: the record type. Transcript: the role
    QDateTime createdAt;
    qint64 generation = 0;    ///< the store generation that added it
};

/// Where one vector space (model and length) of one kind stands in the store.
struct VALIS_HARNESS_EXPORT VectorSpaceState
{
    RecallSourceKind kind = RecallSourceKind::Memory;
    QString space;            ///< EmbeddingSettings::space(): "model" or "model#dimensions"
    int dimension = 0;
    qint64 generation = 0;    ///< grows with every change of this space's items
    qint64 items = 0;
    bool complete = false;    ///< every passage had a vector when the Embedder last finished
    QDateTime completedAt;
};

/// The stored vectors: a cache of vectors by content hash (identical text is embedded once per
/// space) and the items that point at them. A cache beside the record, never part of it: any
/// vector can be made again from its text.
///
/// SQLite: a file of its own beside the database it serves ("memory-vectors.db" beside
/// memory.db, "sessions-vectors.db" beside the session database), so the memory database and
/// its backups do not carry hundreds of megabytes of derivable floats and its schema
/// migrations stay its own. PostgreSQL: tables beside agent_memories in the same schema
/// (agent_memory_embeddings, agent_memory_vector_items, agent_memory_vector_spaces), vectors
/// as bytea (little-endian float32), searched with the same in-process index; whether the
/// server offers the `vector` extension is checked at open (hasPgVector()).
///
/// Every change of a space's items runs in one transaction that also raises the space's
/// generation; removed labels are kept as tombstones, so an index at generation G catches up
/// with changesSince(G) instead of a rebuild. Thread-safe (a connection per thread).
class VALIS_HARNESS_EXPORT VectorStore
{
public:
    static Result<std::unique_ptr<VectorStore>> openSqlite(const QString &path);
    static Result<std::unique_ptr<VectorStore>> openPostgres(const PostgresConnection &connection);
    ~VectorStore();
    VectorStore(const VectorStore &) = delete;
    VectorStore &operator=(const VectorStore &) = delete;

    QString description() const;
    /// SQLite: the file's path; PostgreSQL: "postgresql://user@host:port/db" (no password).
    QString location() const;
    bool isPostgres() const;
    /// PostgreSQL: the server offers the `vector` extension (pg_available_extensions).
    bool hasPgVector() const;

    /// The cached vectors of those `hashes` that have one.
    Result<QHash<QString, QVector<float>>> cachedVectors(const QStringList &hashes) const;
    /// Stores `vectors` (by hash; ones already cached are kept) and `items` of `space`, replacing
    /// an item of the same kind and source; returns the items with label and generation.
    Result<QList<VectorItem>> putItems(const QString &space, int dimension, const QList<VectorItem> &items,
                                       const QHash<QString, QVector<float>> &vectors);
    /// Removes items (by label) of `space` and leaves tombstones.
    Result<void> removeItems(RecallSourceKind kind, const QString &space, const QList<qint64> &labels);
    /// The items of `space` of `kind` (without vectors).
    Result<QList<VectorItem>> items(RecallSourceKind kind, const QString &space) const;
    /// The items with these labels.
    Result<QList<VectorItem>> itemsByLabel(const QList<qint64> &labels) const;
    /// Calls `visit` for every item of `space` of `kind` added after `generation`, with its vector.
    Result<void> forEachVector(RecallSourceKind kind, const QString &space, qint64 afterGeneration,
                               const std::function<void(const VectorItem &, const QVector<float> &)> &visit) const;
    /// Labels removed from `space` after `generation`.
    Result<QList<qint64>> removedSince(RecallSourceKind kind, const QString &space, qint64 generation) const;

    Result<QList<VectorSpaceState>> spaces(RecallSourceKind kind) const;
    Result<VectorSpaceState> spaceState(RecallSourceKind kind, const QString &space) const;
    Result<void> setComplete(RecallSourceKind kind, const QString &space, bool complete);
    /// Removes a space's items, tombstones and state, and cached vectors no item uses.
    Result<void> dropSpace(RecallSourceKind kind, const QString &space);

private:
    struct Private;
    explicit VectorStore(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace valis
