// The store side of offline memory processing: items in, merged, superseded, decayed; the
// checkpoint beside them. Append-only: every change is a new version (see memoryprocessing.h).
#include "memory/processing/ledgerrecords.h"
#include "memory/processing/processingtext.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::MemoryProcessor)
};

constexpr int MaxStoredEvidence = 20;
constexpr int MaxListed = 50;
constexpr double MaxWeight = 10;
constexpr double SimilarEnough = 0.85;

const QStringList &itemTypes()
{
    static const QStringList types{QLatin1String(ProcessedType::Lesson), QLatin1String(ProcessedType::Reference),
                                   QLatin1String(ProcessedType::Topic)};
    return types;
}

QJsonArray limitedArray(const QStringList &values)
{
    QJsonArray out;
    for (const QString &value : values.mid(0, MaxListed))
        out.append(value);
    return out;
}

double rounded(double weight)
{
    return std::round(std::clamp(weight, 0.0, MaxWeight) * 100) / 100;
}

QString summaryOf(const QString &text)
{
    return cutText(text.simplified(), 200);
}

} // namespace

QJsonArray evidenceToJson(const QList<MemoryEvidence> &evidence)
{
    QJsonArray out;
    for (const MemoryEvidence &entry : evidence)
        out.append(QJsonObject{{QStringLiteral("sessionId"), entry.sessionId}, {QStringLiteral("messageId"), entry.messageId}});
    return out;
}

QList<MemoryEvidence> evidenceFromJson(const QJsonValue &value)
{
    QList<MemoryEvidence> out;
    for (const QJsonValue &entry : value.toArray()) {
        const QJsonObject object = entry.toObject();
        out.append({object.value(QLatin1String("sessionId")).toString(), object.value(QLatin1String("messageId")).toString()});
    }
    return out;
}

QStringList stringsOf(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &entry : value.toArray())
        out.append(entry.toString());
    return out;
}

QByteArray itemContent(const QString &type, const QString &text, int version, const QList<MemoryEvidence> &evidence)
{
    QStringList where;
    for (const MemoryEvidence &entry : evidence.mid(0, 6))
        where.append(entry.sessionId + QLatin1Char('/') + entry.messageId);
    if (evidence.size() > 6)
        where.append(QStringLiteral("+%1").arg(evidence.size() - 6));
    return (text + QStringLiteral("\n\n(%1, version %2; evidence: %3)").arg(type).arg(version).arg(where.join(QStringLiteral(", "))))
        .toUtf8();
}

QString isoTime(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime timeOf(const QJsonValue &value)
{
    QDateTime time = QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(value.toString(), Qt::ISODate);
    return time;
}

double decayedWeight(const QJsonObject &metadata, const QDateTime &now, double halfLifeDays)
{
    const double weight = metadata.value(QLatin1String("weight")).toDouble(1.0);
    QDateTime since = timeOf(metadata.value(QLatin1String("weighedAt")));
    const QDateTime used = timeOf(metadata.value(QLatin1String("lastUsedAt")));
    if (used.isValid() && (!since.isValid() || used > since))
        since = used;
    if (!since.isValid() || halfLifeDays <= 0 || now <= since)
        return weight;
    const double days = double(since.msecsTo(now)) / 86400000.0;
    return weight * std::exp2(-days / halfLifeDays);
}

int layerRank(const QString &layer)
{
    return layer == QLatin1String("global") ? 2 : layer == QLatin1String("project") ? 1 : 0;
}

Result<QList<MemoryRecord>> allRecords(const DetailStore &store, MemoryFilter filter)
{
    filter.limit = 0;
    return store.list(filter);
}

QString proposalId(const QString &kind, const QString &subject)
{
    return QString::fromLatin1(QCryptographicHash::hash((kind + QLatin1Char('|') + subject).toUtf8(), QCryptographicHash::Sha256)
                                   .toHex()
                                   .left(16));
}

void LedgerReport::add(const LedgerReport &other)
{
    added += other.added;
    merged += other.merged;
    superseded += other.superseded;
    decayed += other.decayed;
    usesFolded += other.usesFolded;
    repaired += other.repaired;
    recommendations += other.recommendations;
    lessons += other.lessons;
    references += other.references;
    topics += other.topics;
}

MemoryLedger::MemoryLedger(std::shared_ptr<DetailStore> store, QString agentId)
    : m_store(std::move(store))
    , m_agentId(std::move(agentId))
{
}

Result<void> MemoryLedger::reload()
{
    m_items.clear();
    for (const QString &type : itemTypes()) {
        MemoryFilter filter;
        filter.agentId = m_agentId;
        filter.type = type;
        Result<QList<MemoryRecord>> records = allRecords(*m_store, filter);
        if (records.hasError())
            return records.error();
        for (const MemoryRecord &record : records.value()) {
            Item item;
            item.record = record;
            item.normalized = record.metadata.value(QLatin1String("normalized")).toString();
            if (item.normalized.isEmpty())
                item.normalized = normalizedItemText(record.summary);
            item.words = itemWords(item.normalized);
            m_items.insert(record.key, item);
        }
    }
    return {};
}

Result<LedgerReport> MemoryLedger::load()
{
    if (const Result<void> loaded = reload(); loaded.hasError())
        return loaded.error();
    // A job killed after storing new versions but before deactivating the old ones.
    LedgerReport report;
    QStringList stale;
    for (const Item &item : std::as_const(m_items)) {
        for (const QString &old : stringsOf(item.record.metadata.value(QLatin1String("supersedes")))) {
            if (m_items.contains(old) && !stale.contains(old))
                stale.append(old);
        }
    }
    for (const QString &key : std::as_const(stale)) {
        if (const Result<void> done = m_store->deactivate(key); done.hasError() && done.error().code != QLatin1String("memory.inactive"))
            return done.error();
        m_items.remove(key);
        ++report.repaired;
    }
    return report;
}

Result<qint64> MemoryLedger::checkpoint(const QString &sessionId) const
{
    MemoryFilter filter;
    filter.agentId = m_agentId;
    filter.sessionId = sessionId;
    filter.type = QLatin1String(ProcessedType::Checkpoint);
    filter.includeInactive = true;
    const Result<QList<MemoryRecord>> records = allRecords(*m_store, filter);
    if (records.hasError())
        return records.error();
    qint64 through = -1;
    for (const MemoryRecord &record : records.value())
        through = qMax<qint64>(through, qint64(record.metadata.value(QLatin1String("throughSeq")).toDouble(-1)));
    return through;
}

const MemoryLedger::Item *MemoryLedger::findSimilar(const QString &type, const QString &normalized, const QSet<QString> &words) const
{
    const Item *best = nullptr;
    double bestScore = 0;
    for (const Item &item : m_items) {
        if (item.record.type != type)
            continue;
        if (item.normalized == normalized)
            return &item;
        // Near-same: almost all content words shared (never for a single word: "build" vs "builds").
        if (words.size() < 3 || item.words.size() < 3)
            continue;
        const double score = wordSimilarity(words, item.words);
        if (score >= SimilarEnough && score > bestScore) {
            best = &item;
            bestScore = score;
        }
    }
    return best;
}

Result<LedgerReport> MemoryLedger::apply(const SessionExtraction &extraction, const QDateTime &now)
{
    LedgerReport report;
    QList<NewMemory> writes;
    QHash<QString, qsizetype> writeForOld; // an old key -> the new version replacing it in `writes`
    QHash<QString, qsizetype> newInBatch;  // type|normalized of a new item -> its place in `writes`
    QStringList retire;

    for (const ExtractedItem &item : extraction.items) {
        const QString normalized = normalizedItemText(item.text);
        if (normalized.isEmpty() || item.evidence.isEmpty())
            continue;
        const QSet<QString> words = itemWords(normalized);
        const Item *similar = findSimilar(item.type, normalized, words);
        const QString batchId = item.type + QLatin1Char('|') + normalized;
        const bool sameAsNew = !similar && newInBatch.contains(batchId);
        if ((similar && writeForOld.contains(similar->record.key)) || sameAsNew) {
            // Two items of this session are one (the model's and the text's, two chunks of a
            // long session), or merge into the same stored one: fold into that version.
            NewMemory &pending = writes[sameAsNew ? newInBatch.value(batchId) : writeForOld.value(similar->record.key)];
            QList<MemoryEvidence> evidence = evidenceFromJson(pending.metadata.value(QLatin1String("evidence")));
            for (const MemoryEvidence &entry : item.evidence) {
                if (evidence.size() < MaxStoredEvidence && !evidence.contains(entry))
                    evidence.append(entry);
            }
            pending.metadata.insert(QStringLiteral("evidence"), evidenceToJson(evidence));
            pending.content = itemContent(item.type, pending.summary, pending.metadata.value(QLatin1String("version")).toInt(), evidence);
            continue;
        }
        NewMemory memory;
        memory.agentId = m_agentId;
        memory.sessionId = extraction.sessionId;
        memory.type = item.type;
        QJsonObject metadata;
        QList<MemoryEvidence> evidence = item.evidence.mid(0, MaxStoredEvidence);
        QStringList supersedes;
        QString text = item.text;
        if (similar) {
            const QJsonObject old = similar->record.metadata;
            text = similar->record.summary;
            metadata = old;
            QList<MemoryEvidence> merged = evidenceFromJson(old.value(QLatin1String("evidence")));
            for (const MemoryEvidence &entry : std::as_const(evidence)) {
                if (merged.size() < MaxStoredEvidence && !merged.contains(entry))
                    merged.append(entry);
            }
            evidence = merged;
            QStringList sessions = stringsOf(old.value(QLatin1String("sessions")));
            QStringList workspaces = stringsOf(old.value(QLatin1String("workspaces")));
            const double oldWeight = old.value(QLatin1String("weight")).toDouble(1.0);
            double weight = qMax(oldWeight, item.weight);
            if (!sessions.contains(extraction.sessionId)) {
                sessions.append(extraction.sessionId);
                weight = oldWeight + 0.5 * item.weight + 0.5; // recurring in another session
            }
            if (!extraction.workspace.isEmpty() && !workspaces.contains(extraction.workspace))
                workspaces.append(extraction.workspace);
            QString layer = old.value(QLatin1String("layer")).toString();
            if (layerRank(item.layer) > layerRank(layer))
                layer = item.layer;
            if (workspaces.size() >= 2)
                layer = QStringLiteral("global");
            else if (sessions.size() >= 2 && layerRank(layer) < 1)
                layer = QStringLiteral("project");
            metadata.insert(QStringLiteral("weight"), rounded(weight));
            metadata.insert(QStringLiteral("layer"), layer);
            metadata.insert(QStringLiteral("sessions"), limitedArray(sessions));
            metadata.insert(QStringLiteral("workspaces"), limitedArray(workspaces));
            metadata.insert(QStringLiteral("occurrences"), old.value(QLatin1String("occurrences")).toInt(1) + item.occurrences);
            metadata.insert(QStringLiteral("version"), old.value(QLatin1String("version")).toInt(1) + 1);
            metadata.insert(QStringLiteral("reason"), QStringLiteral("merged"));
            supersedes.append(similar->record.key);
            writeForOld.insert(similar->record.key, writes.size());
            retire.append(similar->record.key);
            ++report.merged;
        } else {
            metadata.insert(QStringLiteral("kind"), item.kind);
            metadata.insert(QStringLiteral("normalized"), normalized);
            metadata.insert(QStringLiteral("weight"), rounded(item.weight));
            metadata.insert(QStringLiteral("layer"), item.layer);
            metadata.insert(QStringLiteral("sessions"), QJsonArray{extraction.sessionId});
            metadata.insert(QStringLiteral("workspaces"),
                            extraction.workspace.isEmpty() ? QJsonArray() : QJsonArray{extraction.workspace});
            metadata.insert(QStringLiteral("occurrences"), item.occurrences);
            metadata.insert(QStringLiteral("firstSeen"), isoTime(now));
            metadata.insert(QStringLiteral("uses"), 0);
            metadata.insert(QStringLiteral("version"), 1);
            metadata.insert(QStringLiteral("extractor"), extraction.extractor);
            newInBatch.insert(batchId, writes.size());
            ++report.added;
        }
        // A newer lesson that says the opposite of a stored one replaces it.
        if (item.type == QLatin1String(ProcessedType::Lesson)) {
            const Claim claim = claimOf(text);
            for (const Item &stored : std::as_const(m_items)) {
                if (stored.record.type != item.type || (similar && stored.record.key == similar->record.key)
                    || retire.contains(stored.record.key) || !contradicts(claimOf(stored.record.summary), claim))
                    continue;
                supersedes.append(stored.record.key);
                retire.append(stored.record.key);
                metadata.insert(QStringLiteral("reason"), QStringLiteral("contradicts"));
                ++report.superseded;
            }
        }
        metadata.insert(QStringLiteral("evidence"), evidenceToJson(evidence));
        metadata.insert(QStringLiteral("lastSeen"), isoTime(now));
        metadata.insert(QStringLiteral("weighedAt"), isoTime(now));
        if (supersedes.isEmpty())
            metadata.remove(QStringLiteral("supersedes"));
        else
            metadata.insert(QStringLiteral("supersedes"), limitedArray(supersedes));
        memory.summary = summaryOf(text);
        memory.metadata = metadata;
        memory.content = itemContent(item.type, text, metadata.value(QLatin1String("version")).toInt(1), evidence);
        writes.append(memory);
    }

    NewMemory checkpoint;
    checkpoint.agentId = m_agentId;
    checkpoint.sessionId = extraction.sessionId;
    checkpoint.type = QLatin1String(ProcessedType::Checkpoint);
    checkpoint.summary = Text::tr("Memory processing of session %1 through message %2").arg(extraction.sessionId).arg(extraction.throughSeq);
    checkpoint.content = QStringLiteral("session %1 through seq %2: %3 items (%4)")
                             .arg(extraction.sessionId)
                             .arg(extraction.throughSeq)
                             .arg(writes.size())
                             .arg(extraction.extractor)
                             .toUtf8();
    checkpoint.metadata = QJsonObject{{QStringLiteral("throughSeq"), double(extraction.throughSeq)},
                                      {QStringLiteral("processedAt"), isoTime(now)},
                                      {QStringLiteral("extractor"), extraction.extractor},
                                      {QStringLiteral("items"), int(writes.size())}};
    writes.append(checkpoint);

    // Items and checkpoint in one transaction: a job killed here stored both or neither.
    Result<QList<MemoryRecord>> stored = m_store->putMany(writes);
    if (stored.hasError())
        return stored.error();
    for (const QString &key : std::as_const(retire)) {
        if (const Result<void> done = m_store->deactivate(key); done.hasError() && done.error().code != QLatin1String("memory.inactive"))
            return done.error();
        m_items.remove(key);
    }
    for (const MemoryRecord &record : stored.value()) {
        if (record.type == QLatin1String(ProcessedType::Checkpoint)) {
            // Read back with includeInactive; never shown or recalled.
            if (const Result<void> done = m_store->deactivate(record.key); done.hasError() && done.error().code != QLatin1String("memory.inactive"))
                return done.error();
            continue;
        }
        Item item;
        item.record = record;
        item.normalized = record.metadata.value(QLatin1String("normalized")).toString();
        item.words = itemWords(item.normalized);
        m_items.insert(record.key, item);
        report.lessons += record.type == QLatin1String(ProcessedType::Lesson) ? 1 : 0;
        report.references += record.type == QLatin1String(ProcessedType::Reference) ? 1 : 0;
        report.topics += record.type == QLatin1String(ProcessedType::Topic) ? 1 : 0;
    }
    return report;
}

Result<LedgerReport> MemoryLedger::consolidate(const QDateTime &now, double halfLifeDays)
{
    LedgerReport report;
    // Uses the runtime recall step reported, by the item they name (or its newest version).
    MemoryFilter useFilter;
    useFilter.agentId = m_agentId;
    useFilter.type = QLatin1String(ProcessedType::Use);
    const Result<QList<MemoryRecord>> useRecords = allRecords(*m_store, useFilter);
    if (useRecords.hasError())
        return useRecords.error();
    QHash<QString, QString> successor;
    for (const Item &item : std::as_const(m_items)) {
        for (const QString &old : stringsOf(item.record.metadata.value(QLatin1String("supersedes"))))
            successor.insert(old, item.record.key);
    }
    QHash<QString, int> uses;
    QHash<QString, QDateTime> lastUse;
    for (const MemoryRecord &use : useRecords.value()) {
        const QDateTime at = timeOf(use.metadata.value(QLatin1String("at")));
        for (QString key : stringsOf(use.metadata.value(QLatin1String("keys")))) {
            for (int hops = 0; !m_items.contains(key) && successor.contains(key) && hops < 20; ++hops)
                key = successor.value(key);
            if (!m_items.contains(key))
                continue;
            ++uses[key];
            if (!lastUse.value(key).isValid() || at > lastUse.value(key))
                lastUse.insert(key, at);
        }
    }
    QList<NewMemory> writes;
    QStringList retire;
    for (const Item &item : std::as_const(m_items)) {
        const QJsonObject old = item.record.metadata;
        const double weight = old.value(QLatin1String("weight")).toDouble(1.0);
        const int used = uses.value(item.record.key);
        double next = decayedWeight(old, now, halfLifeDays) + 0.25 * used;
        // Small drifts wait: a new version only when the weight moved by a fifth or it was used.
        if (used == 0 && std::abs(next - weight) < 0.2 * weight)
            continue;
        QJsonObject metadata = old;
        metadata.insert(QStringLiteral("weight"), rounded(next));
        metadata.insert(QStringLiteral("weighedAt"), isoTime(now));
        metadata.insert(QStringLiteral("version"), old.value(QLatin1String("version")).toInt(1) + 1);
        metadata.insert(QStringLiteral("supersedes"), QJsonArray{item.record.key});
        metadata.insert(QStringLiteral("reason"), used > 0 ? QStringLiteral("used") : QStringLiteral("decayed"));
        if (used > 0) {
            metadata.insert(QStringLiteral("uses"), old.value(QLatin1String("uses")).toInt() + used);
            metadata.insert(QStringLiteral("lastUsedAt"), isoTime(lastUse.value(item.record.key)));
            report.usesFolded += used;
        } else {
            ++report.decayed;
        }
        NewMemory memory;
        memory.agentId = m_agentId;
        memory.sessionId = item.record.sessionId;
        memory.type = item.record.type;
        memory.summary = item.record.summary;
        memory.metadata = metadata;
        memory.content = itemContent(item.record.type, item.record.summary, metadata.value(QLatin1String("version")).toInt(),
                                     evidenceFromJson(metadata.value(QLatin1String("evidence"))));
        writes.append(memory);
        retire.append(item.record.key);
    }
    if (!writes.isEmpty()) {
        Result<QList<MemoryRecord>> stored = m_store->putMany(writes);
        if (stored.hasError())
            return stored.error();
        for (const QString &key : std::as_const(retire)) {
            if (const Result<void> done = m_store->deactivate(key); done.hasError() && done.error().code != QLatin1String("memory.inactive"))
                return done.error();
            m_items.remove(key);
        }
        for (const MemoryRecord &record : stored.value()) {
            Item item;
            item.record = record;
            item.normalized = record.metadata.value(QLatin1String("normalized")).toString();
            item.words = itemWords(item.normalized);
            m_items.insert(record.key, item);
        }
    }
    for (const MemoryRecord &use : useRecords.value()) {
        if (const Result<void> done = m_store->deactivate(use.key); done.hasError() && done.error().code != QLatin1String("memory.inactive"))
            return done.error();
    }
    return report;
}

Result<QStringList> MemoryLedger::supersededBy(const QString &key) const
{
    QStringList out;
    for (const QString &type : itemTypes() + QStringList{QLatin1String(ProcessedType::Recommendation)}) {
        MemoryFilter filter;
        filter.agentId = m_agentId;
        filter.type = type;
        filter.includeInactive = true;
        const Result<QList<MemoryRecord>> records = allRecords(*m_store, filter);
        if (records.hasError())
            return records.error();
        for (const MemoryRecord &record : records.value()) {
            if (stringsOf(record.metadata.value(QLatin1String("supersedes"))).contains(key))
                out.append(record.key);
        }
    }
    return out;
}

Result<void> MemoryLedger::noteRecalled(DetailStore &store, const QString &agentId, const QStringList &keys, const QDateTime &when)
{
    if (keys.isEmpty())
        return {};
    NewMemory use;
    use.agentId = agentId;
    use.type = QLatin1String(ProcessedType::Use);
    use.summary = Text::tr("Recalled %1").arg(keys.join(QStringLiteral(", ")));
    use.content = QStringLiteral("recalled %1 at %2").arg(keys.join(QLatin1Char(' ')), isoTime(when)).toUtf8();
    use.metadata = QJsonObject{{QStringLiteral("keys"), QJsonArray::fromStringList(keys)}, {QStringLiteral("at"), isoTime(when)}};
    const Result<MemoryRecord> stored = store.put(use);
    if (stored.hasError())
        return stored.error();
    return {};
}

} // namespace valis
