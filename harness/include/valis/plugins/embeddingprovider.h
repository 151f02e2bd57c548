#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerfailure.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

namespace valis {

/// One embedding request: `inputs` in one HTTP call. Batching, retries and caching are the
/// harness's (EmbeddingClient), so a provider sends exactly what it is given.
struct VALIS_HARNESS_EXPORT EmbeddingRequest
{
    QString model;           ///< as the server knows it ("text-embedding-3-small", "nomic-embed-text")
    QStringList inputs;      ///< the texts, in order; never empty
    /// The length asked for (OpenAI's text-embedding-3 models shorten their vectors); 0: the
    /// model's own length, and nothing is sent.
    int dimensions = 0;
    ProviderEndpoint endpoint;
};

/// What a server answered: one vector per input, in the inputs' order.
struct VALIS_HARNESS_EXPORT EmbeddingBatch
{
    QList<QVector<float>> vectors;
    QString model;           ///< the model the server says it used (may be empty)
    qint64 promptTokens = -1; ///< usage, when the server reports it
};

/// One embedding request in flight. Created by EmbeddingProvider::embed() with a parent the
/// caller chooses; emits exactly one of finished() or failed(), from the thread it was created
/// in and never from inside embed(), so a caller connects after embed() returns. The caller
/// deletes it (or lets its parent) afterwards.
class VALIS_HARNESS_EXPORT EmbeddingRun : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~EmbeddingRun() override;

    /// Stops the request; failed() then reports Kind::Cancelled (unless it already finished).
    virtual void cancel() = 0;

Q_SIGNALS:
    void finished(const valis::EmbeddingBatch &batch);
    /// The facts of what went wrong; classifyProviderFailure() decides what they mean.
    void failed(const valis::ProviderFailure &failure);
};

/// An embedding API (session-scoped, owned by its EmbeddingPlugin, valid between the plugin's
/// initialize() and shutdown(), used from the thread that runs the plugins). Like Provider it
/// keeps no secrets and no per-request state: the host fills in ProviderEndpoint per request.
class VALIS_HARNESS_EXPORT EmbeddingProvider
{
public:
    virtual ~EmbeddingProvider();

    /// A stable id ("openai", "ollama"), unique among embedding providers. Keys live in the
    /// keychain under credentialAccount(id), shared with the chat provider of the same id.
    virtual QString id() const = 0;
    virtual QString displayName() const = 0;
    virtual ProviderDefaults defaults() const = 0;
    /// The most inputs one request may carry (the server's own limit); the client never sends more.
    virtual int maxBatchSize() const = 0;
    /// Starts `request`; never null (a request that cannot start fails through failed()).
    virtual EmbeddingRun *embed(const EmbeddingRequest &request, QObject *parent) = 0;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::EmbeddingBatch)
