// The Embedder's pass: plan on a worker, then chunk by chunk (worker: texts and cache; this
// thread: the provider request; worker: store and index), then finish on a worker.
#include "valis/memory/embedder.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/vectormemory.h"

#include "memory/vectors/passagesources.h"

#include <QCoreApplication>
#include <QMap>
#include <QSet>
#include <QThreadPool>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::Embedder)
};

/// Runs `work` on the global pool and hands its result to `done` on `context`'s thread,
/// unless `context` is gone by then.
template<typename T, typename Work, typename Done>
void inPool(QObject *context, Work work, Done done)
{
    QPointer<QObject> guard(context);
    QThreadPool::globalInstance()->start([guard, work = std::move(work), done = std::move(done)]() mutable {
        T result = work();
        if (!guard)
            return;
        QMetaObject::invokeMethod(guard.data(), [done = std::move(done), result = std::move(result)]() mutable {
            done(result);
        }, Qt::QueuedConnection);
    });
}
} // namespace

struct Embedder::Plan
{
    QString space;
    QList<VectorItem> pending;      // memory items first, then messages
    qsizetype next = 0;             // first pending item not yet prepared
    QList<VectorItem> chunk;        // prepared items waiting for their vectors (hash set)
    QStringList chunkTexts;
    qint64 done = 0;
    qint64 cached = 0;
    qint64 removed = 0;
    bool memories = true;
    bool transcripts = true;
};

Embedder::Embedder(std::shared_ptr<VectorMemory> memory, EmbeddingClient *client, QObject *parent)
    : QObject(parent), m_memory(std::move(memory)), m_client(client)
{
}

Embedder::~Embedder()
{
    if (m_job)
        m_job->cancel();
}

void Embedder::setKinds(bool memories, bool transcripts)
{
    m_memories = memories;
    m_transcripts = transcripts;
}

void Embedder::run()
{
    if (m_running) {
        m_again = true;
        return;
    }
    startPass();
}

void Embedder::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    m_again = false;
    if (m_job)
        m_job->cancel();
}

void Embedder::startPass()
{
    if (!m_client) {
        Q_EMIT finished(Error(QStringLiteral("embedding.unavailable"), Text::tr("the embedding client has stopped")));
        return;
    }
    m_running = true;
    m_cancelled = false;
    m_figures = {};
    auto plan = std::make_shared<Plan>();
    plan->space = m_client->target().dimensions > 0
                      ? m_client->target().model + QLatin1Char('#') + QString::number(m_client->target().dimensions)
                      : m_client->target().model;
    plan->memories = m_memories && m_memory->sources().memory;
    plan->transcripts = m_transcripts;
    std::shared_ptr<VectorMemory> memory = m_memory;
    inPool<Result<std::shared_ptr<Plan>>>(
        this,
        [memory, plan]() -> Result<std::shared_ptr<Plan>> {
            for (const RecallSourceKind kind : {RecallSourceKind::Memory, RecallSourceKind::Transcript}) {
                if ((kind == RecallSourceKind::Memory && !plan->memories)
                    || (kind == RecallSourceKind::Transcript && !plan->transcripts))
                    continue;
                Result<QList<VectorItem>> present = kind == RecallSourceKind::Memory
                                                        ? vectors::listMemories(*memory->sources().memory)
                                                        : vectors::listMessages(memory->sessions());
                if (present.hasError())
                    return present.error();
                Result<QList<VectorItem>> stored = memory->store(kind).items(kind, plan->space);
                if (stored.hasError())
                    return stored.error();
                QSet<QString> sources;
                for (const VectorItem &item : std::as_const(*present))
                    sources.insert(item.source);
                QSet<QString> embedded;
                QList<qint64> gone;
                for (const VectorItem &item : std::as_const(*stored)) {
                    if (sources.contains(item.source))
                        embedded.insert(item.source);
                    else
                        gone.append(item.label);
                }
                // Deactivated, purged, or its session deleted: the index follows through the
                // store's tombstones when it next catches up.
                const Result<void> removed = memory->store(kind).removeItems(kind, plan->space, gone);
                if (removed.hasError())
                    return removed.error();
                plan->removed += gone.size();
                for (const VectorItem &item : std::as_const(*present)) {
                    if (!embedded.contains(item.source))
                        plan->pending.append(item);
                }
            }
            return plan;
        },
        [this](const Result<std::shared_ptr<Plan>> &result) { planned(result); });
}

void Embedder::planned(const Result<std::shared_ptr<Plan>> &plan)
{
    if (plan.hasError()) {
        finishPass(plan.error());
        return;
    }
    m_plan = *plan;
    m_figures.total = m_plan->pending.size();
    m_figures.removed = m_plan->removed;
    Q_EMIT progressed(0, m_figures.total);
    nextChunk();
}

void Embedder::nextChunk()
{
    if (m_cancelled) {
        finishPass(Error(QStringLiteral("embedding.cancelled"), Text::tr("embedding was cancelled")));
        return;
    }
    if (!m_client) {
        finishPass(Error(QStringLiteral("embedding.unavailable"), Text::tr("the embedding client has stopped")));
        return;
    }
    std::shared_ptr<Plan> plan = m_plan;
    if (plan->next >= plan->pending.size()) {
        // The end of the pass: complete, saved, and earlier spaces dropped.
        std::shared_ptr<VectorMemory> memory = m_memory;
        inPool<Result<void>>(
            this,
            [memory, plan]() -> Result<void> {
                for (const RecallSourceKind kind : {RecallSourceKind::Memory, RecallSourceKind::Transcript}) {
                    if ((kind == RecallSourceKind::Memory && !plan->memories)
                        || (kind == RecallSourceKind::Transcript && !plan->transcripts))
                        continue;
                    VectorStore &store = memory->store(kind);
                    const Result<void> complete = store.setComplete(kind, plan->space, true);
                    if (complete.hasError())
                        return complete.error();
                    Result<VectorSpaceState> state = store.spaceState(kind, plan->space);
                    if (state.hasError())
                        return state.error();
                    if (state->dimension > 0) {
                        Result<std::shared_ptr<VectorIndex>> index = memory->index(kind, plan->space, state->dimension);
                        if (index.hasError())
                            return index.error();
                        const Result<void> saved = (*index)->save();
                        if (saved.hasError())
                            return saved.error();
                    }
                    Result<QList<VectorSpaceState>> spaces = store.spaces(kind);
                    if (spaces.hasError())
                        return spaces.error();
                    for (const VectorSpaceState &other : std::as_const(*spaces)) {
                        if (other.space == plan->space)
                            continue;
                        const Result<void> dropped = store.dropSpace(kind, other.space);
                        if (dropped.hasError())
                            return dropped.error();
                        memory->dropIndex(kind, other.space);
                    }
                }
                return success();
            },
            [this](const Result<void> &result) { finishPass(result); });
        return;
    }

    // Prepare the next chunk: its texts, and what the cache already holds.
    const int batch = qMax(1, m_client->target().batchSize);
    const qsizetype chunkSize = qMin<qsizetype>(qsizetype(batch) * 4, 512);
    std::shared_ptr<VectorMemory> memory = m_memory;
    inPool<Result<QStringList>>(
        this,
        [memory, plan, chunkSize]() -> Result<QStringList> {
            const QList<VectorItem> slice = plan->pending.mid(plan->next, chunkSize);
            plan->next += slice.size();
            plan->chunk.clear();
            plan->chunkTexts.clear();
            QList<VectorItem> candidates;
            QStringList texts;
            QStringList messageSources;
            for (const VectorItem &item : slice) {
                if (item.kind == RecallSourceKind::Transcript)
                    messageSources.append(item.source);
            }
            Result<QHash<QString, RecallPassage>> messages =
                vectors::messagePassages(memory->sessions(), messageSources, vectors::EmbedTextLimit);
            if (messages.hasError())
                return messages.error();
            for (VectorItem item : slice) {
                QString text;
                if (item.kind == RecallSourceKind::Memory) {
                    bool active = false;
                    Result<RecallPassage> passage =
                        vectors::memoryPassage(*memory->sources().memory, item.source, vectors::EmbedTextLimit, &active);
                    if (passage.ok() && active)
                        text = vectors::embeddingText(*passage);
                } else if (messages->contains(item.source)) {
                    text = vectors::embeddingText(messages->value(item.source));
                }
                if (text.trimmed().isEmpty()) {
                    ++plan->done; // gone since the plan was made, or nothing to embed
                    continue;
                }
                item.hash = embeddingHash(plan->space, text);
                candidates.append(item);
                texts.append(text);
            }
            QStringList hashes;
            for (const VectorItem &item : std::as_const(candidates))
                hashes.append(item.hash);
            Result<QHash<QString, QVector<float>>> cached = memory->store(RecallSourceKind::Memory).cachedVectors(hashes);
            if (cached.hasError())
                return cached.error();
            if (&memory->store(RecallSourceKind::Transcript) != &memory->store(RecallSourceKind::Memory)) {
                Result<QHash<QString, QVector<float>>> more =
                    memory->store(RecallSourceKind::Transcript).cachedVectors(hashes);
                if (more.hasError())
                    return more.error();
                cached->insert(*more);
            }
            QMap<RecallSourceKind, QList<VectorItem>> hits;
            for (qsizetype i = 0; i < candidates.size(); ++i) {
                if (cached->contains(candidates.at(i).hash)) {
                    hits[candidates.at(i).kind].append(candidates.at(i));
                } else {
                    plan->chunk.append(candidates.at(i));
                    plan->chunkTexts.append(texts.at(i));
                }
            }
            for (auto it = hits.constBegin(); it != hits.constEnd(); ++it) {
                QHash<QString, QVector<float>> vectors;
                for (const VectorItem &item : it.value())
                    vectors.insert(item.hash, cached->value(item.hash));
                const int dimension = int(vectors.cbegin().value().size());
                Result<QList<VectorItem>> stored = memory->store(it.key()).putItems(plan->space, dimension, it.value(), vectors);
                if (stored.hasError())
                    return stored.error();
                const Result<std::shared_ptr<VectorIndex>> index = memory->index(it.key(), plan->space, dimension);
                if (index.hasError())
                    return index.error();
                plan->cached += it.value().size();
                plan->done += it.value().size();
            }
            return plan->chunkTexts;
        },
        [this](const Result<QStringList> &texts) { chunkPrepared(texts); });
}

void Embedder::chunkPrepared(const Result<QStringList> &texts)
{
    if (texts.hasError()) {
        finishPass(texts.error());
        return;
    }
    m_figures.cached = m_plan->cached;
    Q_EMIT progressed(m_plan->done, m_figures.total);
    if (texts->isEmpty() || !m_client) {
        nextChunk();
        return;
    }
    m_job = m_client->embed(*texts, this, m_client->target().model, m_client->target().dimensions);
    // Progress per request, not per chunk: a chunk is several batches.
    connect(m_job, &EmbeddingJob::progressed, this, [this](int done, int) {
        if (m_plan)
            Q_EMIT progressed(m_plan->done + done, m_figures.total);
    });
    connect(m_job, &EmbeddingJob::finished, this, [this](const Result<EmbeddingVectors> &vectors) {
        m_job->deleteLater();
        m_job = nullptr;
        embedded(vectors);
    });
}

void Embedder::embedded(const Result<QList<QVector<float>>> &vectors)
{
    if (vectors.hasError()) {
        finishPass(vectors.error());
        return;
    }
    std::shared_ptr<Plan> plan = m_plan;
    std::shared_ptr<VectorMemory> memory = m_memory;
    const QList<QVector<float>> values = *vectors;
    inPool<Result<void>>(
        this,
        [memory, plan, values]() -> Result<void> {
            QMap<RecallSourceKind, QList<VectorItem>> byKind;
            QMap<RecallSourceKind, QHash<QString, QVector<float>>> vectorsByKind;
            for (qsizetype i = 0; i < plan->chunk.size(); ++i) {
                const VectorItem &item = plan->chunk.at(i);
                byKind[item.kind].append(item);
                vectorsByKind[item.kind].insert(item.hash, values.at(i));
            }
            for (auto it = byKind.constBegin(); it != byKind.constEnd(); ++it) {
                const int dimension = int(values.first().size());
                Result<QList<VectorItem>> stored =
                    memory->store(it.key()).putItems(plan->space, dimension, it.value(), vectorsByKind.value(it.key()));
                if (stored.hasError())
                    return stored.error();
                const Result<std::shared_ptr<VectorIndex>> index = memory->index(it.key(), plan->space, dimension);
                if (index.hasError())
                    return index.error();
            }
            plan->done += plan->chunk.size();
            return success();
        },
        [this](const Result<void> &stored) {
            if (stored.hasError()) {
                finishPass(stored.error());
                return;
            }
            m_figures.embedded += m_plan->chunk.size();
            Q_EMIT progressed(m_plan->done, m_figures.total);
            nextChunk();
        });
}

void Embedder::finishPass(const Result<void> &result)
{
    m_running = false;
    m_plan.reset();
    Q_EMIT finished(result);
    if (m_again && result.ok()) {
        m_again = false;
        startPass();
    }
}

} // namespace valis
