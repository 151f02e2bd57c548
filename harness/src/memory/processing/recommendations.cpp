// Recommendations for the person: AGENTS.md lines from strong project lessons, skills from
// procedures that recur, deletions of items that went stale. Nothing changes until the person
// accepts; accepting writes through the agent's own paths (writeFile, deactivate).
#include "memory/processing/ledgerrecords.h"
#include "memory/processing/processingtext.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::MemoryProcessor)
};

constexpr double AgentsMdWeight = 2.0;
constexpr double StaleWeight = 0.3;
constexpr qint64 StaleAfterDays = 30;
const QString AgentsMdPath = QStringLiteral("AGENTS.md");
const QString Open = QStringLiteral("open");

QString slugOf(const QString &text)
{
    static const QRegularExpression notWord(QStringLiteral("[^a-z0-9]+"));
    QString slug = normalizedItemText(text).replace(notWord, QStringLiteral("-"));
    while (slug.startsWith(QLatin1Char('-')))
        slug.remove(0, 1);
    slug = slug.left(48);
    while (slug.endsWith(QLatin1Char('-')))
        slug.chop(1);
    return slug.isEmpty() ? QStringLiteral("procedure") : slug;
}

NewMemory proposal(const QString &agentId, const QString &kind, const QString &subject, const QString &summary, const QString &text,
                   const QString &path, const MemoryRecord &target, double weight)
{
    NewMemory memory;
    memory.agentId = agentId;
    memory.sessionId = target.sessionId;
    memory.type = QLatin1String(ProcessedType::Recommendation);
    memory.summary = cutText(summary, 200);
    memory.content = text.toUtf8();
    memory.metadata = QJsonObject{{QStringLiteral("proposal"), kind},
                                  {QStringLiteral("proposalId"), proposalId(kind, subject)},
                                  {QStringLiteral("status"), Open},
                                  {QStringLiteral("path"), path},
                                  {QStringLiteral("targets"), QJsonArray{target.key}},
                                  {QStringLiteral("evidence"), target.metadata.value(QLatin1String("evidence"))},
                                  {QStringLiteral("weight"), weight},
                                  {QStringLiteral("layer"), target.metadata.value(QLatin1String("layer"))}};
    return memory;
}

Result<MemoryRecommendation> decide(DetailStore &store, const MemoryRecord &open, const QString &status)
{
    NewMemory decided;
    decided.agentId = open.agentId;
    decided.sessionId = open.sessionId;
    decided.type = open.type;
    decided.summary = open.summary;
    decided.content = open.content + QStringLiteral("\n\n(%1 %2)").arg(status, isoTime(QDateTime::currentDateTimeUtc())).toUtf8();
    decided.metadata = open.metadata;
    decided.metadata.insert(QStringLiteral("status"), status);
    decided.metadata.insert(QStringLiteral("decidedAt"), isoTime(QDateTime::currentDateTimeUtc()));
    decided.metadata.insert(QStringLiteral("supersedes"), QJsonArray{open.key});
    Result<MemoryRecord> stored = store.put(decided);
    if (stored.hasError())
        return stored.error();
    for (const QString &key : {open.key, stored->key}) {
        if (const Result<void> done = store.deactivate(key); done.hasError() && done.error().code != QLatin1String("memory.inactive"))
            return done.error();
    }
    MemoryRecord record = stored.value();
    record.active = false;
    record.content = decided.content;
    return MemoryRecommendation::fromRecord(record);
}

Result<MemoryRecord> openRecommendation(DetailStore &store, const QString &key)
{
    Result<MemoryRecord> record = store.get(key);
    if (record.hasError())
        return record.error();
    if (record->type != QLatin1String(ProcessedType::Recommendation))
        return Error(QStringLiteral("memory.invalid"), Text::tr("%1 is no recommendation but a %2 record").arg(key, record->type));
    if (!record->active || record->metadata.value(QLatin1String("status")).toString() != Open)
        return Error(QStringLiteral("memory.inactive"), Text::tr("recommendation %1 was decided already").arg(key));
    return record;
}

} // namespace

MemoryRecommendation MemoryRecommendation::fromRecord(const MemoryRecord &record)
{
    MemoryRecommendation out;
    out.key = record.key;
    out.proposal = record.metadata.value(QLatin1String("proposal")).toString();
    out.status = record.metadata.value(QLatin1String("status")).toString();
    out.summary = record.summary;
    out.text = QString::fromUtf8(record.content);
    out.path = record.metadata.value(QLatin1String("path")).toString();
    out.targets = stringsOf(record.metadata.value(QLatin1String("targets")));
    out.evidence = evidenceFromJson(record.metadata.value(QLatin1String("evidence")));
    out.weight = record.metadata.value(QLatin1String("weight")).toDouble();
    out.createdAt = record.createdAt;
    return out;
}

Result<LedgerReport> MemoryLedger::recommend(const QDateTime &now)
{
    LedgerReport report;
    MemoryFilter filter;
    filter.agentId = m_agentId;
    filter.type = QLatin1String(ProcessedType::Recommendation);
    filter.includeInactive = true;
    const Result<QList<MemoryRecord>> earlier = allRecords(*m_store, filter);
    if (earlier.hasError())
        return earlier.error();
    QSet<QString> proposed;
    for (const MemoryRecord &record : earlier.value())
        proposed.insert(record.metadata.value(QLatin1String("proposalId")).toString());
    const Result<MemoryRecord> agentsMd = m_store->readFile(m_agentId, AgentsMdPath);
    if (agentsMd.hasError() && agentsMd.error().code != QLatin1String("memory.not-found"))
        return agentsMd.error();
    const QString instructions = agentsMd.ok() ? normalizedItemText(QString::fromUtf8(agentsMd->content)) : QString();

    QList<NewMemory> writes;
    auto propose = [&](const NewMemory &memory) {
        const QString id = memory.metadata.value(QLatin1String("proposalId")).toString();
        if (proposed.contains(id))
            return;
        proposed.insert(id);
        writes.append(memory);
    };
    for (const Item &item : std::as_const(m_items)) {
        const MemoryRecord &record = item.record;
        const QJsonObject &metadata = record.metadata;
        const double weight = metadata.value(QLatin1String("weight")).toDouble();
        const QString kind = metadata.value(QLatin1String("kind")).toString();
        const int sessions = int(stringsOf(metadata.value(QLatin1String("sessions"))).size());
        if (record.type == QLatin1String(ProcessedType::Lesson) && layerRank(metadata.value(QLatin1String("layer")).toString()) >= 1
            && weight >= AgentsMdWeight && !instructions.contains(item.normalized)) {
            propose(proposal(m_agentId, QStringLiteral("agents_md"), item.normalized,
                             Text::tr("Add to AGENTS.md: %1").arg(record.summary), QStringLiteral("- ") + record.summary + QLatin1Char('\n'),
                             AgentsMdPath, record, weight));
        }
        if (record.type == QLatin1String(ProcessedType::Reference) && kind == QLatin1String("procedure") && sessions >= 2) {
            const QString steps = record.summary.section(QStringLiteral(": "), 1);
            const QString name = slugOf(steps);
            QString skill = QStringLiteral("---\nname: %1\ndescription: %2\n---\n\n# %1\n\nSteps that recurred in %3 sessions:\n\n")
                                .arg(name, cutText(steps, 200))
                                .arg(sessions);
            int n = 0;
            for (const QString &step : steps.split(QStringLiteral(" \u2192 ")))
                skill += QStringLiteral("%1. %2\n").arg(++n).arg(step);
            propose(proposal(m_agentId, QStringLiteral("skill"), item.normalized, Text::tr("Write a skill: %1").arg(cutText(steps, 150)),
                             skill, QStringLiteral("skills/%1/SKILL.md").arg(name), record, weight));
        }
        // Stale: weighed down by time, and neither seen again nor recalled for a month.
        QDateTime lastActive = timeOf(metadata.value(QLatin1String("lastSeen")));
        const QDateTime lastUsed = timeOf(metadata.value(QLatin1String("lastUsedAt")));
        if (lastUsed.isValid() && (!lastActive.isValid() || lastUsed > lastActive))
            lastActive = lastUsed;
        if (weight < StaleWeight && lastActive.isValid() && lastActive.daysTo(now) >= StaleAfterDays) {
            propose(proposal(m_agentId, QStringLiteral("delete"), record.type + QLatin1Char('|') + item.normalized,
                             Text::tr("Delete stale memory: %1").arg(record.summary),
                             Text::tr("Neither seen again nor recalled since %1; its weight is down to %2.")
                                 .arg(lastActive.date().toString(Qt::ISODate))
                                 .arg(weight),
                             QString(), record, weight));
        }
    }
    if (writes.isEmpty())
        return report;
    const Result<QList<MemoryRecord>> stored = m_store->putMany(writes);
    if (stored.hasError())
        return stored.error();
    report.recommendations = int(stored->size());
    return report;
}

Result<QList<MemoryRecommendation>> MemoryLedger::recommendations(DetailStore &store, const QString &agentId, bool includeDecided)
{
    MemoryFilter filter;
    filter.agentId = agentId;
    filter.type = QLatin1String(ProcessedType::Recommendation);
    filter.includeInactive = includeDecided;
    const Result<QList<MemoryRecord>> records = allRecords(store, filter);
    if (records.hasError())
        return records.error();
    QList<MemoryRecommendation> out;
    for (const MemoryRecord &record : records.value()) {
        Result<MemoryRecord> full = store.get(record.key);
        if (full.hasError())
            return full.error();
        const MemoryRecommendation recommendation = MemoryRecommendation::fromRecord(full.value());
        // An open one that is inactive was replaced by its decision.
        if (recommendation.status == Open ? record.active : includeDecided)
            out.append(recommendation);
    }
    return out;
}

Result<MemoryRecommendation> MemoryLedger::accept(DetailStore &store, const QString &key, const QString &sessionId)
{
    const Result<MemoryRecord> open = openRecommendation(store, key);
    if (open.hasError())
        return open.error();
    const MemoryRecommendation recommendation = MemoryRecommendation::fromRecord(open.value());
    if (recommendation.proposal == QLatin1String("agents_md") || recommendation.proposal == QLatin1String("skill")) {
        QByteArray content;
        if (recommendation.proposal == QLatin1String("agents_md")) {
            const Result<MemoryRecord> current = store.readFile(open->agentId, recommendation.path);
            if (current.hasError() && current.error().code != QLatin1String("memory.not-found"))
                return current.error();
            content = current.ok() ? current->content : QByteArray("# Lessons learned\n\n");
            if (!content.isEmpty() && !content.endsWith('\n'))
                content += '\n';
        }
        content += recommendation.text.toUtf8();
        const Result<MemoryRecord> written = store.writeFile(open->agentId, recommendation.path, content, sessionId);
        if (written.hasError())
            return written.error();
    } else if (recommendation.proposal == QLatin1String("delete")) {
        for (const QString &target : recommendation.targets) {
            const Result<MemoryRecord> record = store.find(target);
            if (record.hasError())
                return record.error();
            QStringList keys{target};
            if (!record->active) {
                // Consolidation wrote a newer version since: that one is what goes.
                MemoryFilter filter;
                filter.agentId = record->agentId;
                filter.type = record->type;
                const Result<QList<MemoryRecord>> current = allRecords(store, filter);
                if (current.hasError())
                    return current.error();
                const QString normalized = record->metadata.value(QLatin1String("normalized")).toString();
                for (const MemoryRecord &candidate : current.value()) {
                    if (candidate.metadata.value(QLatin1String("normalized")).toString() == normalized)
                        keys.append(candidate.key);
                }
            }
            for (const QString &each : std::as_const(keys)) {
                if (const Result<void> done = store.deactivate(each); done.hasError() && done.error().code != QLatin1String("memory.inactive"))
                    return done.error();
            }
        }
    } else {
        return Error(QStringLiteral("memory.invalid"), Text::tr("recommendation %1 proposes \"%2\", which this Valis cannot carry out")
                                                           .arg(key, recommendation.proposal));
    }
    return decide(store, open.value(), QStringLiteral("accepted"));
}

Result<MemoryRecommendation> MemoryLedger::reject(DetailStore &store, const QString &key)
{
    const Result<MemoryRecord> open = openRecommendation(store, key);
    if (open.hasError())
        return open.error();
    return decide(store, open.value(), QStringLiteral("rejected"));
}

} // namespace valis
