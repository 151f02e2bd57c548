#include "valis/memory/detailstore.h"
#include "valis/memory/recall.h"
#include "valis/store/sessionstore.h"

#include "memory/recall/recallterms.h"

#include <QHash>
#include <QMutex>
#include <QThread>
#include <QThreadStorage>

#include <algorithm>
#include <cmath>

namespace valis {

namespace {

/// One SessionStore per thread and database: a SessionStore belongs to the thread that opened
/// it, and retrieval runs on whichever worker thread the caller uses.
Result<SessionStore *> sessionStoreFor(const QString &path)
{
    static QThreadStorage<QHash<QString, std::shared_ptr<SessionStore>> *> perThread;
    if (!perThread.hasLocalData())
        perThread.setLocalData(new QHash<QString, std::shared_ptr<SessionStore>>);
    QHash<QString, std::shared_ptr<SessionStore>> &stores = *perThread.localData();
    auto it = stores.find(path);
    if (it != stores.end())
        return it.value().get();
    Result<std::unique_ptr<SessionStore>> opened = SessionStore::open(path);
    if (opened.hasError())
        return opened.error();
    std::shared_ptr<SessionStore> store(std::move(opened).value());
    stores.insert(path, store);
    return store.get();
}

class LexicalRetriever final : public Retriever
{
public:
    explicit LexicalRetriever(RecallSources sources)
        : m_sources(std::move(sources))
    {}

    QString name() const override { return QStringLiteral("lexical"); }

    Result<QList<RecallHit>> retrieve(const RecallQuery &query, int depth) const override
    {
        const QStringList words = recall::contentWords(query.text);
        if (words.isEmpty())
            return QList<RecallHit>();
        QList<RecallHit> hits;
        if (query.transcripts && !m_sources.sessionDatabasePath.isEmpty()) {
            Result<QList<RecallHit>> found = transcriptHits(words, query, depth);
            if (found.hasError())
                return found.error();
            hits += found.value();
        }
        if (query.memories && m_sources.memory) {
            Result<QList<RecallHit>> found = memoryHits(words, query, depth);
            if (found.hasError())
                return found.error();
            hits += found.value();
        }
        // The two lists are each ranked by BM25 over their own collection; their scores are
        // put on one scale by dividing by each list's best.
        std::stable_sort(hits.begin(), hits.end(), [](const RecallHit &a, const RecallHit &b) { return a.score > b.score; });
        if (hits.size() > depth)
            hits.resize(depth);
        return hits;
    }

private:
    Result<QList<RecallHit>> transcriptHits(const QStringList &words, const RecallQuery &query, int depth) const
    {
        Result<SessionStore *> store = sessionStoreFor(m_sources.sessionDatabasePath);
        if (store.hasError())
            return store.error();
        RecallMatchQuery request;
        request.sessionId = query.sessionId;
        request.excludeSessionId = query.excludeSessionId;
        request.limit = depth;
        request.indexBudgetBytes = query.indexBudgetBytes;
        Result<QList<RecallMatch>> matches = store.value()->recallMessages(words, request);
        if (matches.hasError())
            return matches.error();
        QList<RecallHit> hits;
        const double best = matches->isEmpty() ? 1.0 : qMax(1e-9, matches->constFirst().score);
        for (const RecallMatch &match : std::as_const(matches.value())) {
            RecallHit hit;
            hit.passage.kind = RecallSourceKind::Transcript;
            hit.passage.sessionId = match.sessionId;
            hit.passage.sessionTitle = match.sessionTitle;
            hit.passage.messageId = match.messageId;
            hit.passage.seq = match.seq;
            hit.passage.turn = match.turn;
            hit.passage.role = match.role;
            hit.passage.createdAt = match.createdAt;
            hit.passage.text = match.text;
            hit.score = match.score / best;
            hits << hit;
        }
        return hits;
    }

    Result<QList<RecallHit>> memoryHits(const QStringList &words, const RecallQuery &query, int depth) const
    {
        // DetailStore::search wants every word; recall wants any of them. So each word (as a
        // prefix of its stem) is searched on its own, and a record's score is the sum over the
        // words it matched of the word's rarity times its rank within that word's list.
        MemoryFilter filter;
        filter.agentId = query.agentId;
        // Each word's list is read with snippets; a record that matters matches several words
        // and is near the top of at least one of their lists.
        filter.limit = qMin(depth, 25);
        if (query.memoryTypes.size() == 1)
            filter.type = query.memoryTypes.constFirst();
        Result<MemoryStats> stats = m_sources.memory->stats(query.agentId);
        if (stats.hasError())
            return stats.error();
        const double records = qMax<qint64>(1, stats->records);
        QHash<QString, RecallHit> byKey;
        QList<QString> order;
        for (const QString &word : words) {
            Result<QList<MemoryHit>> found = m_sources.memory->search(recall::stemPrefix(word), filter);
            if (found.hasError())
                return found.error();
            if (found->isEmpty())
                continue;
            // Fewer hits than asked for: that is the word's document frequency; a full page
            // means at least that many.
            const double df = found->size();
            const double idf = std::log(1.0 + records / df);
            const double best = qMax(1e-9, found->constFirst().score);
            for (const MemoryHit &memory : std::as_const(found.value())) {
                if (!query.memoryTypes.isEmpty() && !query.memoryTypes.contains(memory.record.type))
                    continue;
                auto it = byKey.find(memory.record.key);
                if (it == byKey.end()) {
                    RecallHit hit;
                    hit.passage.kind = RecallSourceKind::Memory;
                    hit.passage.memoryKey = memory.record.key;
                    hit.passage.memoryType = memory.record.type;
                    hit.passage.memoryPath = memory.record.path;
                    hit.passage.sessionId = memory.record.sessionId;
                    hit.passage.summary = memory.record.summary;
                    hit.passage.text = memory.snippet.isEmpty() ? memory.record.summary : memory.snippet;
                    hit.passage.createdAt = memory.record.createdAt;
                    const QJsonValue weight = memory.record.metadata.value(QLatin1String("weight"));
                    if (weight.isDouble() && weight.toDouble() > 0)
                        hit.passage.weight = weight.toDouble();
                    it = byKey.insert(memory.record.key, hit);
                    order << memory.record.key;
                }
                it->score += idf * qMax(0.0, memory.score) / best;
            }
        }
        QList<RecallHit> hits;
        double best = 1e-9;
        for (const QString &key : std::as_const(order))
            best = qMax(best, byKey.value(key).score);
        for (const QString &key : std::as_const(order)) {
            RecallHit hit = byKey.value(key);
            hit.score /= best;
            hits << hit;
        }
        std::stable_sort(hits.begin(), hits.end(), [](const RecallHit &a, const RecallHit &b) { return a.score > b.score; });
        if (hits.size() > depth)
            hits.resize(depth);
        return hits;
    }

    RecallSources m_sources;
};

} // namespace

std::shared_ptr<const Retriever> makeLexicalRetriever(const RecallSources &sources)
{
    return std::make_shared<LexicalRetriever>(sources);
}

} // namespace valis
