#pragma once

#include "valis/memory/memorysettings.h"
#include "valis/memory/recall.h"

#include <QObject>

#include <functional>
#include <memory>

namespace valis {
class KeychainCredentialStore;
class PluginManager;
} // namespace valis

namespace valis::cli {

class CliContext;

/// The vector side of recall for one valis-cli run: when config/memory.json turns embeddings
/// on, the embedding plugin, its key and client, and the "vector" retriever over the stores.
/// Keep the object alive while the retriever is used. A vector side that cannot be had (no
/// plugin, no key, no vectors yet) leaves recall lexical and says why in warning().
class CliVectorRecall
{
public:
    CliVectorRecall();
    ~CliVectorRecall();

    /// Adds the vector retriever to `retriever` when embeddings are on and it can be opened.
    void addTo(CliContext &context, const MemorySettings &settings, const RecallSources &sources, HybridRetriever &retriever);
    QString warning() const { return m_warning; }

private:
    std::unique_ptr<KeychainCredentialStore> m_keychain;
    std::unique_ptr<PluginManager> m_plugins;
    std::unique_ptr<QObject> m_owner;
    QString m_warning;
};

/// Runs `work` on a thread of its own while this thread's event loop runs (the embedding
/// client answers on this thread), and returns when it is done.
void runBesideEventLoop(const std::function<void()> &work);

} // namespace valis::cli
