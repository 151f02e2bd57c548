// The "vector" retriever: the question's embedding against the indexes of memories and
// transcripts, filtered by what the query allows and by what still exists.
#include "valis/memory/vectormemory.h"

#include "valis/memory/detailstore.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/memorysettings.h"

#include "memory/vectors/passagesources.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSet>

#include <algorithm>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::VectorRetriever)
};

class VectorRetriever : public Retriever
{
public:
    VectorRetriever(std::shared_ptr<VectorMemory> memory, EmbeddingClient *client, QString configuredSpace,
                    std::chrono::milliseconds timeout)
        : m_memory(std::move(memory)), m_client(client), m_configured(std::move(configuredSpace)), m_timeout(timeout)
    {
    }

    QString name() const override { return QStringLiteral("vector"); }

    Result<QList<RecallHit>> retrieve(const RecallQuery &query, int depth) const override
    {
        QList<RecallHit> hits;
        if (query.text.trimmed().isEmpty() || depth <= 0)
            return hits;
        QHash<QString, QVector<float>> questionBySpace;
        for (const RecallSourceKind kind : {RecallSourceKind::Memory, RecallSourceKind::Transcript}) {
            if ((kind == RecallSourceKind::Memory && (!query.memories || !m_memory->sources().memory))
                || (kind == RecallSourceKind::Transcript && !query.transcripts))
                continue;
            Result<VectorSpaceState> space = m_memory->searchSpace(kind, m_configured);
            if (space.hasError())
                return space.error();
            if (space->space.isEmpty())
                continue;
            if (!questionBySpace.contains(space->space)) {
                Result<QVector<float>> question = embedQuestion(query.text, space->space);
                if (question.hasError())
                    return question.error();
                questionBySpace.insert(space->space, *question);
            }
            Result<QList<RecallHit>> found = search(kind, *space, questionBySpace.value(space->space), query, depth);
            if (found.hasError())
                return found.error();
            hits.append(*found);
        }
        std::stable_sort(hits.begin(), hits.end(), [](const RecallHit &a, const RecallHit &b) { return a.score > b.score; });
        if (hits.size() > depth)
            hits.resize(depth);
        return hits;
    }

private:
    Result<QVector<float>> embedQuestion(const QString &text, const QString &space) const
    {
        EmbeddingClient *client = m_client.data();
        if (!client)
            return Error(QStringLiteral("embedding.unavailable"), Text::tr("the embedding client has stopped"));
        Result<EmbeddingVectors> vectors = client->embedBlocking({vectors::cutText(text, vectors::EmbedTextLimit)}, m_timeout,
                                                                 EmbeddingSettings::spaceModel(space),
                                                                 EmbeddingSettings::spaceDimensions(space));
        if (vectors.hasError())
            return vectors.error();
        return vectors->first();
    }

    bool admits(const VectorItem &item, const RecallQuery &query) const
    {
        if (item.kind == RecallSourceKind::Memory) {
            if (!query.agentId.isEmpty() && item.agentId != query.agentId)
                return false;
            if (!query.memoryTypes.isEmpty() && !query.memoryTypes.contains(item.type))
                return false;
            return true;
        }
        if (!query.sessionId.isEmpty() && item.sessionId != query.sessionId)
            return false;
        if (!query.excludeSessionId.isEmpty() && item.sessionId == query.excludeSessionId)
            return false;
        return true;
    }

    Result<QList<RecallHit>> search(RecallSourceKind kind, const VectorSpaceState &space, const QVector<float> &question,
                                    const RecallQuery &query, int depth) const
    {
        if (question.size() != space.dimension)
            return Error(QStringLiteral("embedding.dimension-mismatch"),
                         Text::tr("the question's vector has %1 dimensions, the stored ones %2")
                             .arg(question.size()).arg(space.dimension));
        Result<std::shared_ptr<VectorIndex>> index = m_memory->index(kind, space.space, space.dimension);
        if (index.hasError())
            return index.error();
        QList<RecallHit> hits;
        QSet<qint64> seen;
        // Filters and deleted passages thin the nearest neighbours out: ask for more until
        // enough survive or the index has nothing more to give.
        for (int wanted = depth * 3; ; wanted *= 4) {
            const QList<QPair<qint64, float>> nearest = (*index)->search(question, wanted);
            QList<qint64> labels;
            QHash<qint64, float> similarity;
            for (const auto &[label, score] : nearest) {
                if (!seen.contains(label)) {
                    labels.append(label);
                    similarity.insert(label, score);
                }
                seen.insert(label);
            }
            Result<QList<VectorItem>> items = m_memory->store(kind).itemsByLabel(labels);
            if (items.hasError())
                return items.error();
            QList<VectorItem> admitted;
            for (const VectorItem &item : std::as_const(*items)) {
                if (admits(item, query))
                    admitted.append(item);
            }
            Result<QList<RecallHit>> passages = passagesOf(kind, admitted, similarity);
            if (passages.hasError())
                return passages.error();
            hits.append(*passages);
            if (hits.size() >= depth || qsizetype(nearest.size()) < wanted || wanted >= 16384)
                break;
        }
        return hits;
    }

    Result<QList<RecallHit>> passagesOf(RecallSourceKind kind, const QList<VectorItem> &items,
                                        const QHash<qint64, float> &similarity) const
    {
        QList<RecallHit> hits;
        if (kind == RecallSourceKind::Memory) {
            const DetailStore &store = *m_memory->sources().memory;
            for (const VectorItem &item : items) {
                bool active = false;
                Result<RecallPassage> passage = vectors::memoryPassage(store, item.source, vectors::PassageTextLimit, &active);
                if (passage.hasError()) {
                    if (passage.error().code == QLatin1String("memory.unknown-key"))
                        continue; // purged since it was embedded
                    return passage.error();
                }
                if (!active)
                    continue;
                RecallHit hit;
                hit.passage = *passage;
                hit.score = similarity.value(item.label);
                hits.append(hit);
            }
        } else {
            QStringList sources;
            for (const VectorItem &item : items)
                sources.append(item.source);
            Result<QHash<QString, RecallPassage>> passages =
                vectors::messagePassages(m_memory->sessions(), sources, vectors::PassageTextLimit);
            if (passages.hasError())
                return passages.error();
            for (const VectorItem &item : items) {
                const auto found = passages->constFind(item.source);
                if (found == passages->constEnd())
                    continue; // the session was deleted
                RecallHit hit;
                hit.passage = *found;
                hit.score = similarity.value(item.label);
                hits.append(hit);
            }
        }
        std::stable_sort(hits.begin(), hits.end(), [](const RecallHit &a, const RecallHit &b) { return a.score > b.score; });
        return hits;
    }

    std::shared_ptr<VectorMemory> m_memory;
    QPointer<EmbeddingClient> m_client;
    QString m_configured;
    std::chrono::milliseconds m_timeout;
};

} // namespace

std::shared_ptr<const Retriever> makeVectorRetriever(std::shared_ptr<VectorMemory> memory, EmbeddingClient *client,
                                                     const QString &configuredSpace, std::chrono::milliseconds queryTimeout)
{
    return std::make_shared<VectorRetriever>(std::move(memory), client, configuredSpace, queryTimeout);
}

Result<std::shared_ptr<const Retriever>> openVectorRetriever(const EmbeddingSettings &embeddings,
                                                             const MemorySettings &memorySettings,
                                                             const DataLocations &locations, const RecallSources &sources,
                                                             EmbeddingClient *client)
{
    if (!embeddings.enabled)
        return Error(QStringLiteral("embedding.disabled"), Text::tr("embeddings are off (recall is lexical only)"));
    Result<std::shared_ptr<VectorMemory>> memory = openVectorMemory(memorySettings, locations, sources);
    if (memory.hasError())
        return memory.error();
    return makeVectorRetriever(*memory, client, embeddings.space(), std::chrono::milliseconds(embeddings.queryTimeoutMs));
}

} // namespace valis
