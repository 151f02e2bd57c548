// EmbeddingClient: batching, retries and checks around an EmbeddingProvider's single requests.
#include "valis/memory/embeddings.h"

#include "valis/agent/failureclassifier.h"
#include "valis/plugins/embeddingprovider.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <condition_variable>
#include <mutex>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::EmbeddingClient)
};
} // namespace

EmbeddingJob::~EmbeddingJob() = default;

/// The job behind EmbeddingClient::embed(): one batch in flight at a time.
class EmbeddingClientJob : public EmbeddingJob
{
public:
    EmbeddingClientJob(EmbeddingClient *client, QStringList texts, QString model, int dimensions, QObject *parent)
        : EmbeddingJob(parent), m_client(client), m_texts(std::move(texts)), m_model(std::move(model)),
          m_dimensions(dimensions)
    {
        const EmbeddingTarget &target = client->target();
        m_batchSize = qMax(1, target.batchSize);
        if (target.provider && target.providerOwner)
            m_batchSize = qMin(m_batchSize, qMax(1, target.provider->maxBatchSize()));
        // Never from inside embed(): the caller connects first.
        QTimer::singleShot(0, this, [this] { next(); });
    }

    void cancel() override
    {
        if (m_done)
            return;
        if (m_run) {
            m_run->disconnect(this);
            m_run->cancel();
            m_run->deleteLater();
            m_run = nullptr;
        }
        finish(Error(QStringLiteral("embedding.cancelled"), Text::tr("embedding was cancelled")));
    }

private:
    void next()
    {
        if (m_done)
            return;
        if (m_vectors.size() >= m_texts.size()) {
            finish(m_vectors);
            return;
        }
        const EmbeddingTarget &target = m_client->target();
        if (!target.provider || !target.providerOwner) {
            finish(Error(QStringLiteral("embedding.unavailable"),
                         Text::tr("the embedding provider is no longer available (its plugin has stopped)")));
            return;
        }
        EmbeddingRequest request;
        request.model = m_model;
        request.dimensions = m_dimensions;
        request.endpoint = target.endpoint;
        request.inputs = m_texts.mid(m_vectors.size(), m_batchSize);
        ++m_client->m_requests;
        m_run = target.provider->embed(request, this);
        const qsizetype expected = request.inputs.size();
        connect(m_run, &EmbeddingRun::finished, this, [this, expected](const EmbeddingBatch &batch) {
            m_run->deleteLater();
            m_run = nullptr;
            accept(batch, expected);
        });
        connect(m_run, &EmbeddingRun::failed, this, [this](const ProviderFailure &failure) {
            m_run->deleteLater();
            m_run = nullptr;
            failed(failure);
        });
    }

    void accept(const EmbeddingBatch &batch, qsizetype expected)
    {
        if (batch.vectors.size() != expected) {
            finish(Error(QStringLiteral("embedding.protocol"),
                         Text::tr("the embedding server returned %1 vectors for %2 texts")
                             .arg(batch.vectors.size()).arg(expected)));
            return;
        }
        for (const QVector<float> &vector : batch.vectors) {
            const int length = int(vector.size());
            const int wanted = m_dimensions > 0 ? m_dimensions : (m_vectors.isEmpty() ? length : int(m_vectors.first().size()));
            if (length == 0 || length != wanted) {
                finish(Error(QStringLiteral("embedding.dimension-mismatch"),
                             Text::tr("the embedding model %1 returned a vector of %2 dimensions where %3 were expected")
                                 .arg(m_model).arg(length).arg(wanted)));
                return;
            }
            m_vectors.append(vector);
        }
        m_attempt = 1;
        Q_EMIT progressed(int(m_vectors.size()), int(m_texts.size()));
        next();
    }

    void failed(const ProviderFailure &failure)
    {
        const EmbeddingTarget &target = m_client->target();
        FailureContext context;
        context.providerId = target.provider ? target.provider->id() : QString();
        context.providerName = target.provider ? target.provider->displayName() : context.providerId;
        context.defaults = target.provider ? target.provider->defaults() : ProviderDefaults();
        context.keySource = target.keySource;
        context.baseUrl = target.endpoint.baseUrl.toString();
        context.secret = target.endpoint.apiKey;
        const ClassifiedFailure classified = classifyProviderFailure(failure, context);
        if (classified.retryable) {
            if (const auto delay = target.retry.delayBefore(m_attempt, classified.retryAfter)) {
                ++m_attempt;
                QTimer::singleShot(*delay, this, [this] { next(); });
                return;
            }
        }
        if (failure.kind == ProviderFailure::Kind::Http && failure.httpStatus == 404) {
            finish(Error(QStringLiteral("embedding.model-not-found"),
                         Text::tr("%1 does not know the embedding model \"%2\" (or has no embeddings API at %3): %4")
                             .arg(context.providerName, m_model, context.baseUrl, classified.error.message)));
            return;
        }
        if (failure.kind == ProviderFailure::Kind::Protocol) {
            finish(Error(QStringLiteral("embedding.protocol"), classified.error.message));
            return;
        }
        finish(classified.error);
    }

    void finish(const Result<EmbeddingVectors> &result)
    {
        if (m_done)
            return;
        m_done = true;
        Q_EMIT finished(result);
    }

    EmbeddingClient *m_client;
    QStringList m_texts;
    QString m_model;
    int m_dimensions = 0;
    int m_batchSize = 1;
    int m_attempt = 1;
    EmbeddingVectors m_vectors;
    EmbeddingRun *m_run = nullptr;
    bool m_done = false;
};

EmbeddingClient::EmbeddingClient(EmbeddingTarget target, QObject *parent)
    : QObject(parent), m_target(std::move(target))
{
}

EmbeddingClient::~EmbeddingClient() = default;

EmbeddingJob *EmbeddingClient::embed(const QStringList &texts, QObject *parent, const QString &model, int dimensions)
{
    return new EmbeddingClientJob(this, texts, model.isEmpty() ? m_target.model : model,
                                  dimensions < 0 ? m_target.dimensions : dimensions, parent);
}

Result<EmbeddingVectors> EmbeddingClient::embedBlocking(const QStringList &texts, std::chrono::milliseconds timeout,
                                                        const QString &model, int dimensions)
{
    const Error timedOut(QStringLiteral("embedding.timeout"),
                         Text::tr("no embedding within %1 ms").arg(qint64(timeout.count())));
    if (QThread::currentThread() == thread()) {
        QEventLoop loop;
        std::optional<Result<EmbeddingVectors>> outcome;
        EmbeddingJob *job = embed(texts, nullptr, model, dimensions);
        connect(job, &EmbeddingJob::finished, &loop, [&](const Result<EmbeddingVectors> &result) {
            outcome = result;
            loop.quit();
        });
        QTimer::singleShot(timeout, &loop, &QEventLoop::quit);
        loop.exec(QEventLoop::ExcludeUserInputEvents);
        if (!outcome) {
            job->disconnect(&loop);
            job->cancel();
        }
        delete job;
        return outcome ? *outcome : Result<EmbeddingVectors>(timedOut);
    }

    // Another thread: the job runs on this client's thread; the caller waits on a condition.
    // The state is shared, so a job answering after the caller gave up writes into it harmlessly.
    struct Shared
    {
        std::mutex mutex;
        std::condition_variable ready;
        std::optional<Result<EmbeddingVectors>> outcome;
        QPointer<EmbeddingJob> job;
        bool abandoned = false;
    };
    auto shared = std::make_shared<Shared>();
    QPointer<EmbeddingClient> self(this);
    const bool queued = QMetaObject::invokeMethod(this, [self, shared, texts, model, dimensions] {
        if (!self)
            return;
        {
            std::lock_guard lock(shared->mutex);
            if (shared->abandoned)
                return;
        }
        EmbeddingJob *job = self->embed(texts, self, model, dimensions);
        shared->job = job;
        connect(job, &EmbeddingJob::finished, job, [shared, job](const Result<EmbeddingVectors> &result) {
            {
                std::lock_guard lock(shared->mutex);
                shared->outcome = result;
            }
            shared->ready.notify_all();
            job->deleteLater();
        });
    }, Qt::QueuedConnection);
    if (!queued)
        return Error(QStringLiteral("embedding.unavailable"), Text::tr("the embedding client is not running"));
    std::unique_lock lock(shared->mutex);
    if (shared->ready.wait_for(lock, timeout, [&] { return shared->outcome.has_value(); }))
        return *shared->outcome;
    shared->abandoned = true;
    lock.unlock();
    QMetaObject::invokeMethod(this, [shared] {
        if (shared->job)
            shared->job->cancel();
    }, Qt::QueuedConnection);
    return timedOut;
}

} // namespace valis
