#pragma once

#include "valis/agent/retrypolicy.h"
#include "valis/core/result.h"
#include "valis/credentials/credentialstore.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QVector>

#include <atomic>
#include <chrono>
#include <memory>

namespace valis {

class EmbeddingProvider;
class EmbeddingRun;

/// Vectors, one per text, in the texts' order.
using EmbeddingVectors = QList<QVector<float>>;

/// The "embeddings" object of config/memory.json (MemorySettings::embeddings):
///
///     "embeddings": {"enabled": true, "provider": "ollama", "model": "nomic-embed-text",
///                    "baseUrl": "http://gpu-box:11434", "dimensions": 0, "batchSize": 64,
///                    "queryTimeoutMs": 800, "retry": {...RetryPolicy...}}
///
/// Off by default: without embeddings recall is lexical only. Providers are the embedding
/// plugins' ("openai", "openai-compatible", "ollama"); keys come from the keychain account of
/// the provider (credentialAccount()), as the chat providers' do.
struct VALIS_HARNESS_EXPORT EmbeddingSettings
{
    bool enabled = false;
    QString provider;
    QString model;
    QUrl baseUrl;            ///< empty: the environment's or the provider's default
    int dimensions = 0;      ///< 0: the model's own length
    int batchSize = 64;      ///< texts per request (at most the provider's maximum)
    int queryTimeoutMs = 800; ///< how long recall waits for the question's vector
    RetryPolicy retry{3, std::chrono::milliseconds(500), 2.0, std::chrono::milliseconds(30000),
                      std::chrono::minutes(2), 0.2};

    /// Reads the object (missing keys keep the defaults); a wrong type or an enabled setting
    /// without provider or model is an Error "memory-settings.malformed" at `location`.
    static Result<EmbeddingSettings> fromJson(const QJsonObject &json, const QString &location = {});
    QJsonObject toJson() const;
    /// "model" or "model#dimensions": what a vector was made with (the vector space).
    /// spaceModel() and spaceDimensions() read it back.
    QString space() const;
    static QString spaceModel(const QString &space);
    static int spaceDimensions(const QString &space);
};

/// Where embedding requests go and how: the provider, the model, the endpoint with its key,
/// and the batching and retry rules. Built by makeEmbeddingTarget() from settings.
struct VALIS_HARNESS_EXPORT EmbeddingTarget
{
    QPointer<QObject> providerOwner;   ///< the plugin object owning `provider` (guards its lifetime)
    EmbeddingProvider *provider = nullptr;
    QString model;
    int dimensions = 0;
    ProviderEndpoint endpoint;
    QString keySource;                 ///< for messages about a refused key
    int batchSize = 64;
    RetryPolicy retry;
};

/// The target `settings` describe, with the key `key` (from resolveApiKey() on the provider's
/// credentialAccount()) and the base URL resolved as a chat provider's is (settings, then the
/// provider's environment variable, then its default). Fails without a provider or model.
VALIS_HARNESS_EXPORT Result<EmbeddingTarget> makeEmbeddingTarget(const EmbeddingSettings &settings,
                                                                 EmbeddingProvider *provider,
                                                                 QObject *providerOwner, const ApiKey &key);

/// One embed() call in flight: emits finished() exactly once, never from inside embed().
class VALIS_HARNESS_EXPORT EmbeddingJob : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~EmbeddingJob() override;
    /// Stops the job; finished() then reports "embedding.cancelled" (unless it already finished).
    virtual void cancel() = 0;

Q_SIGNALS:
    /// Progress in texts (cached or embedded) of this job.
    void progressed(int done, int total);
    void finished(const valis::Result<valis::EmbeddingVectors> &result);
};

/// Embeds texts through an EmbeddingProvider: splits them into batches of at most
/// EmbeddingTarget::batchSize (and the provider's maximum), sends one batch at a time, retries
/// what classifyProviderFailure() says is retryable with the RetryPolicy (honouring
/// retry-after), and checks what comes back (one vector per text, one length throughout, the
/// length asked for). Errors: the classifier's "provider.<category>" codes (provider.auth for a
/// refused key), "embedding.model-not-found" (a 404 naming the model), "embedding.protocol" (an
/// answer that cannot be read), "embedding.dimension-mismatch", "embedding.timeout",
/// "embedding.cancelled", "embedding.unavailable" (the plugin has shut down).
///
/// Lives on the thread of the plugins (the provider's network access belongs to it); embed()
/// must be called there. embedBlocking() may be called from any thread.
class VALIS_HARNESS_EXPORT EmbeddingClient : public QObject
{
    Q_OBJECT

public:
    explicit EmbeddingClient(EmbeddingTarget target, QObject *parent = nullptr);
    ~EmbeddingClient() override;

    const EmbeddingTarget &target() const { return m_target; }
    /// Starts embedding `texts` with `model` (empty: the target's; a model of an earlier setting
    /// when its vectors are still the ones searched) and `dimensions`.
    EmbeddingJob *embed(const QStringList &texts, QObject *parent, const QString &model = {}, int dimensions = -1);
    /// embed(), waiting at most `timeout`: from another thread the job runs on this client's
    /// thread while the caller waits; on this client's own thread a local event loop runs.
    /// "embedding.timeout" when the time is up (the job is then cancelled).
    Result<EmbeddingVectors> embedBlocking(const QStringList &texts, std::chrono::milliseconds timeout,
                                           const QString &model = {}, int dimensions = -1);
    /// HTTP requests sent so far (retries included), for figures and tests.
    int requestCount() const { return m_requests; }

private:
    friend class EmbeddingClientJob;
    EmbeddingTarget m_target;
    std::atomic<int> m_requests{0};
};

/// Scales `vector` to length 1 (cosine similarity becomes the inner product); a zero vector
/// stays zero.
VALIS_HARNESS_EXPORT void normalizeVector(QVector<float> &vector);
/// The content hash vectors are cached by: SHA-256 (hex) of the space ("model#dimensions")
/// and the text, so identical text is embedded once per model.
VALIS_HARNESS_EXPORT QString embeddingHash(const QString &space, const QString &text);

} // namespace valis
