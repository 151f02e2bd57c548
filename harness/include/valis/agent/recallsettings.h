#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"

#include <QList>
#include <QString>

#include <memory>

namespace valis {

class HybridRetriever;
class Retriever;
struct RecallSources;

/// How the runtime turn preprocessing (the recall step) runs: config/recall.json
///
///     {"version": 1, "enabled": true, "budgetMs": 1000, "maxItems": 5,
///      "scoreThreshold": 0.3, "filterProvider": "openai-compatible", "filterModel": "qwen3:4b"}
///
/// Missing file: these defaults. Without a filter model the candidates whose relevance (each
/// retriever's own score against the best one of the same answer, 0..1) reaches scoreThreshold
/// are kept.
struct VALIS_HARNESS_EXPORT RecallSettings
{
    bool enabled = true;
    /// The longest a turn's first request waits for recall; what arrives later is offered on
    /// the next turn.
    int budgetMs = 1000;
    int maxItems = 5;
    double scoreThreshold = 0.3;
    QString filterProvider;   ///< empty: no model filter, the score threshold decides
    QString filterModel;

    /// config/recall.json beside the other settings.
    static QString pathIn(const QString &configDir);
    /// Reads `path`; a missing file gives the defaults, a malformed one an error naming the
    /// field ("recall-settings.malformed").
    static Result<RecallSettings> load(const QString &path);
    Result<void> save(const QString &path) const;
};

/// What a Session recalls with: its settings, the retrieval over memories and earlier sessions
/// and the cheap model that judges the candidates. Recall runs only with `retriever` set and
/// settings.enabled.
struct VALIS_HARNESS_EXPORT RecallConfig
{
    RecallSettings settings;
    /// The fused retrieval (the lexical retriever, plus a vector one when embeddings exist);
    /// shared, called from worker threads. nullptr: no recall.
    std::shared_ptr<const HybridRetriever> retriever;
    /// The filter model's provider and where it runs; nullptr: the score threshold decides.
    Provider *filterProvider = nullptr;
    ProviderEndpoint filterEndpoint;
    int filterMaxOutputTokens = 600;

    bool active() const { return settings.enabled && retriever != nullptr; }
};

/// The retrieval sessions recall with: the lexical retriever over `sources` (memories and the
/// session store's transcripts), fused with `more` (the vector retriever, once embeddings are
/// configured) by HybridRetriever.
VALIS_HARNESS_EXPORT std::shared_ptr<const HybridRetriever>
makeRecallRetriever(const RecallSources &sources, const QList<std::shared_ptr<const Retriever>> &more = {});

} // namespace valis
