#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/recall.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>

namespace valis {

class EmbeddingClient;
class EmbeddingJob;
class VectorMemory;

/// Keeps the vectors of memory records and transcript messages up to date in the background.
///
/// A pass (run()) finds the active records and the user and assistant messages without a
/// vector in the configured space (EmbeddingSettings::space()), takes what the content-hash
/// cache already has, embeds the rest through the EmbeddingClient in batches, stores the
/// vectors and adds them to the index; vectors of records that were deactivated or purged and
/// of messages whose session was deleted are removed from store and index. At the end the
/// space is marked complete, the index saved, and the vectors of every other space (an earlier
/// model) dropped: during a model change recall keeps searching the old space until the new
/// one is complete (VectorMemory::searchSpace()).
///
/// Lives on the thread of the EmbeddingClient (the GUI thread in the desktop); database work
/// runs on the global thread pool and requests are asynchronous, so it never blocks that
/// thread. Progress counts passages of this pass (cached ones included).
class VALIS_HARNESS_EXPORT Embedder : public QObject
{
    Q_OBJECT

public:
    Embedder(std::shared_ptr<VectorMemory> memory, EmbeddingClient *client, QObject *parent = nullptr);
    ~Embedder() override;

    /// Which kinds a pass covers (both by default).
    void setKinds(bool memories, bool transcripts);
    /// Starts a pass; while one runs, another is started after it (new records arrived).
    void run();
    bool isRunning() const { return m_running; }
    /// Stops the running pass after the batch in flight (finished() reports "embedding.cancelled").
    void cancel();

    /// Figures of the last pass.
    struct Figures
    {
        qint64 total = 0;      ///< passages that needed a vector
        qint64 cached = 0;     ///< found in the content-hash cache
        qint64 embedded = 0;   ///< sent to the provider
        qint64 removed = 0;    ///< vectors of passages that are gone
    };
    Figures figures() const { return m_figures; }

Q_SIGNALS:
    void progressed(qint64 done, qint64 total);
    void finished(const valis::Result<void> &result);

private:
    struct Plan;
    void startPass();
    void planned(const Result<std::shared_ptr<Plan>> &plan);
    void nextChunk();
    void chunkPrepared(const Result<QStringList> &texts);
    void embedded(const Result<QList<QVector<float>>> &vectors);
    void finishPass(const Result<void> &result);

    std::shared_ptr<VectorMemory> m_memory;
    QPointer<EmbeddingClient> m_client;
    bool m_memories = true;
    bool m_transcripts = true;
    bool m_running = false;
    bool m_again = false;
    bool m_cancelled = false;
    std::shared_ptr<Plan> m_plan;
    QPointer<EmbeddingJob> m_job;
    Figures m_figures;
};

} // namespace valis
