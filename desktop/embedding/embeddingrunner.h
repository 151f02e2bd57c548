#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"
#include "valis/memory/recall.h"

#include <QObject>

#include <chrono>
#include <memory>

class QTimer;

namespace valis {

class CredentialStore;
class Embedder;
class EmbeddingClient;
class PluginManager;
class VectorMemory;

/// Keeps the vectors of memories and transcripts up to date in the shell while config/memory.json
/// turns embeddings on: one Embedder pass when started (once the plugins run), and one shortly
/// after each turn ends (requests within the debounce time make one pass).
///
/// Lives on the GUI thread, which is the plugins' thread (the EmbeddingClient's requests belong
/// there); opening the stores and every database read or write of a pass run on the thread
/// pool. A configuration that cannot be used (no such provider, a key the keychain cannot give)
/// is reported through finished() and the runner stays idle until reload().
class EmbeddingRunner : public QObject
{
    Q_OBJECT

public:
    EmbeddingRunner(const DataLocations &locations, CredentialStore *keys, QObject *parent = nullptr);
    ~EmbeddingRunner() override;

    /// Reads the settings again and, when embeddings are on, starts a pass. `plugins` must
    /// outlive the runner (or the next reload()); null stops the runner.
    void reload(PluginManager *plugins);
    /// A turn ended: a pass after the debounce time (default a few seconds).
    void scheduleRun();
    /// Stops the pass in flight after its current batch; the next turn starts one again.
    void cancel();

    bool isEnabled() const { return m_enabled; }
    /// The "vector" retriever over the stores this runner keeps up to date, for the recall
    /// step of new sessions; null until the stores are open (recall is lexical until then).
    std::shared_ptr<const Retriever> vectorRetriever() const;
    bool isRunning() const;
    void setDebounce(std::chrono::milliseconds debounce);

Q_SIGNALS:
    void started();
    /// Passages of this pass with a vector now, of `total` that needed one.
    void progressed(qint64 done, qint64 total);
    /// A pass ended: done, cancelled ("embedding.cancelled") or failed; also a configuration
    /// that could not be used.
    void finished(const valis::Result<void> &result);

private:
    void teardown();
    void opened(const Result<std::shared_ptr<VectorMemory>> &memory);
    void runNow();

    DataLocations m_locations;
    CredentialStore *m_keys;
    PluginManager *m_plugins = nullptr;
    bool m_enabled = false;
    int m_generation = 0; ///< bumped by reload(): answers for an older configuration are dropped
    QTimer *m_debounce;
    EmbeddingClient *m_client = nullptr;
    Embedder *m_embedder = nullptr;
    std::shared_ptr<VectorMemory> m_memory;
    QString m_space;
    std::chrono::milliseconds m_queryTimeout{800};
};

} // namespace valis
