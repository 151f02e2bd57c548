#include "valis/memory/recall.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace valis {

Retriever::~Retriever() = default;

QString RecallPassage::id() const
{
    return kind == RecallSourceKind::Memory ? QStringLiteral("memory:") + memoryKey
                                            : QStringLiteral("message:") + messageId;
}

QString RecallHit::foundBy() const
{
    return QStringList(ranks.keys()).join(QLatin1Char('+'));
}

HybridRetriever::HybridRetriever(RecallFusion fusion)
    : m_fusion(fusion)
{}

void HybridRetriever::addRetriever(std::shared_ptr<const Retriever> retriever, double weight)
{
    if (retriever)
        m_retrievers.append({std::move(retriever), weight});
}

QStringList HybridRetriever::retrieverNames() const
{
    QStringList names;
    for (const Entry &entry : m_retrievers)
        names << entry.retriever->name();
    return names;
}

Result<QList<RecallHit>> HybridRetriever::recall(const RecallQuery &query) const
{
    if (m_retrievers.isEmpty())
        return Error(QStringLiteral("recall.no-retriever"), QStringLiteral("no retriever is configured"));
    const QDateTime now = query.now.isValid() ? query.now : QDateTime::currentDateTimeUtc();
    const int depth = qMax(m_fusion.depth, query.k);

    QHash<QString, RecallHit> fused;
    QList<QString> order; // first-seen order breaks ties deterministically
    QStringList failures;
    int answered = 0;
    for (const Entry &entry : m_retrievers) {
        Result<QList<RecallHit>> hits = entry.retriever->retrieve(query, depth);
        if (hits.hasError()) {
            failures << entry.retriever->name() + QStringLiteral(": ") + hits.error().toString();
            continue;
        }
        ++answered;
        const QString name = entry.retriever->name();
        int rank = 0;
        for (const RecallHit &hit : std::as_const(hits.value())) {
            ++rank;
            const QString id = hit.passage.id();
            auto it = fused.find(id);
            if (it == fused.end()) {
                it = fused.insert(id, RecallHit{hit.passage, 0, {}, {}});
                order << id;
            }
            it->ranks.insert(name, rank);
            it->scores.insert(name, hit.score);
            it->score += entry.weight / (m_fusion.rrfK + rank);
        }
    }
    if (answered == 0)
        return Error(QStringLiteral("recall.failed"), failures.join(QStringLiteral("; ")));

    QList<RecallHit> hits;
    hits.reserve(order.size());
    for (const QString &id : std::as_const(order)) {
        RecallHit hit = fused.value(id);
        if (m_fusion.recencyBoost > 0 && hit.passage.createdAt.isValid() && m_fusion.recencyHalfLifeDays > 0) {
            const double ageDays = qMax<qint64>(0, hit.passage.createdAt.secsTo(now)) / 86400.0;
            hit.score *= 1.0 + m_fusion.recencyBoost * std::exp2(-ageDays / m_fusion.recencyHalfLifeDays);
        }
        if (m_fusion.weightExponent != 0 && hit.passage.weight > 0)
            hit.score *= std::pow(hit.passage.weight, m_fusion.weightExponent);
        hits << hit;
    }
    std::stable_sort(hits.begin(), hits.end(),
                     [](const RecallHit &a, const RecallHit &b) { return a.score > b.score; });
    if (hits.size() > query.k)
        hits.resize(query.k);
    return hits;
}

} // namespace valis
