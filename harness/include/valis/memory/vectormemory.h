#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/recall.h"
#include "valis/memory/vectorindex.h"
#include "valis/memory/vectorstore.h"

#include <QDateTime>
#include <QHash>
#include <QMutex>
#include <QPointer>
#include <QString>

#include <chrono>
#include <memory>

namespace valis {

class DataLocations;
class EmbeddingClient;
struct EmbeddingSettings;
struct MemorySettings;

namespace memory {
class SqliteConnections;
}

/// How far the vectors of one kind are in one vector space (VectorMemory::coverage()), for
/// `valis-cli memory embed --status` and the desktop.
struct VALIS_HARNESS_EXPORT VectorCoverage
{
    RecallSourceKind kind = RecallSourceKind::Memory;
    QString space;            ///< "model" or "model#dimensions"
    int dimension = 0;        ///< 0 while the space has no vector yet
    qint64 passages = 0;      ///< passages there are now (active records, or user/assistant messages)
    qint64 embedded = 0;      ///< of those, the ones with a vector in this space
    qint64 stale = 0;         ///< vectors of passages that are gone (dropped by the next pass)
    bool complete = false;    ///< an Embedder pass over this space finished
    QDateTime completedAt;
    bool configured = false;  ///< the space the settings name
    bool searched = false;    ///< the space recall searches now (VectorMemory::searchSpace())
    QString store;            ///< VectorStore::location()
    QString indexPath;        ///< the index file (it exists once an Embedder pass saved it)

    qint64 pending() const { return passages - embedded; }
};

/// The vector side of the memory: for memory records and for transcript messages, a
/// VectorStore and the VectorIndex of each vector space, plus the sources they are made from
/// (the DetailStore, the session database).
///
/// Where things live (openVectorMemory()): with the SQLite DetailStore, "memory-vectors.db"
/// beside its database; with the PostgreSQL one, its server (tables beside agent_memories), the
/// index file then in the cache folder. Transcript vectors always sit beside the session
/// database ("<sessions>-vectors.db"): the session record is local to this machine, so its
/// vectors are too. Index files sit beside their store: "<store>.<kind>.<space>-<digest>.hnsw".
///
/// Thread-safe. Indexes are opened on first use and shared by every caller.
class VALIS_HARNESS_EXPORT VectorMemory
{
public:
    VectorMemory(RecallSources sources, std::shared_ptr<VectorStore> memoryVectors, QString memoryIndexPrefix,
                 std::shared_ptr<VectorStore> transcriptVectors, QString transcriptIndexPrefix);
    ~VectorMemory();

    const RecallSources &sources() const { return m_sources; }
    VectorStore &store(RecallSourceKind kind) const;
    /// The connections to the session database (transcripts).
    memory::SqliteConnections &sessions() const { return *m_sessions; }
    QString indexPath(RecallSourceKind kind, const QString &space) const;

    /// The index of `space` for `kind`, opened on first use (loaded, caught up or rebuilt, see
    /// VectorIndex::open()); later calls catch it up with the store (cheap when nothing changed).
    Result<std::shared_ptr<VectorIndex>> index(RecallSourceKind kind, const QString &space, int dimension);
    /// Forgets an index (its space was dropped) and deletes its files.
    void dropIndex(RecallSourceKind kind, const QString &space);

    /// The space recall searches for `kind` while `configured` is the one the settings name:
    /// `configured` once the Embedder completed it (or when no other space has vectors);
    /// until then the most recently completed other space, so a model change never leaves
    /// recall without vectors. Empty `space` when there are no vectors at all.
    Result<VectorSpaceState> searchSpace(RecallSourceKind kind, const QString &configured) const;

    /// Every space of `kind` that has vectors, and `configured` (when not empty) even without
    /// any: counted against the passages there are now. Reads the sources and the store (a
    /// worker thread's job for a large memory).
    Result<QList<VectorCoverage>> coverage(RecallSourceKind kind, const QString &configured) const;

private:
    RecallSources m_sources;
    std::shared_ptr<VectorStore> m_memoryVectors;
    std::shared_ptr<VectorStore> m_transcriptVectors;
    QString m_memoryIndexPrefix;
    QString m_transcriptIndexPrefix;
    std::unique_ptr<memory::SqliteConnections> m_sessions;
    QMutex m_mutex;
    QHash<QString, std::shared_ptr<VectorIndex>> m_indexes;
};

/// Opens the vector stores for the memory `settings` choose (see VectorMemory for where).
VALIS_HARNESS_EXPORT Result<std::shared_ptr<VectorMemory>> openVectorMemory(const MemorySettings &settings,
                                                                            const DataLocations &locations,
                                                                            const RecallSources &sources);

/// The "vector" retriever: embeds the question with `client` (waiting at most `queryTimeout`;
/// called from a worker thread, the request runs on the client's thread), searches the index
/// of each kind the query asks for, and returns passages that still exist and match the
/// query's filters (agent, session, excluded session, memory types), best first, scored by
/// cosine similarity. `configuredSpace` is EmbeddingSettings::space(); see
/// VectorMemory::searchSpace() for which space is searched during a model change. The caller
/// keeps `client` alive while the retriever is used (a deleted client makes it fail, never
/// crash).
VALIS_HARNESS_EXPORT std::shared_ptr<const Retriever> makeVectorRetriever(std::shared_ptr<VectorMemory> memory,
                                                                         EmbeddingClient *client,
                                                                         const QString &configuredSpace,
                                                                         std::chrono::milliseconds queryTimeout);

/// The vector retriever as the settings describe it, for `valis-cli recall` and the runtime
/// step: opens the VectorMemory and wraps makeVectorRetriever(). `client` is an
/// EmbeddingClient on makeEmbeddingTarget(embeddings, provider, ...), living on the plugins'
/// thread. Fails with "embedding.disabled" when embeddings are off (recall is then lexical).
///
///     resolveApiKey(keychain, credentialAccount(e.provider), provider->defaults().apiKeyVariables,
///                   [&](const Result<ApiKey> &key) {
///         auto target = makeEmbeddingTarget(e, provider, pluginObject, key.valueOr({}));
///         auto *client = new EmbeddingClient(*target, owner);
///         auto vector = openVectorRetriever(e, memorySettings, locations, sources, client);
///         hybrid.addRetriever(*vector);
///     });
VALIS_HARNESS_EXPORT Result<std::shared_ptr<const Retriever>> openVectorRetriever(const EmbeddingSettings &embeddings,
                                                                                 const MemorySettings &memorySettings,
                                                                                 const DataLocations &locations,
                                                                                 const RecallSources &sources,
                                                                                 EmbeddingClient *client);

} // namespace valis
