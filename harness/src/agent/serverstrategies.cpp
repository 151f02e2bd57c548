#include "agent/serverstrategies.h"

#include "valis/catalog/modelinfo.h"
#include "valis/core/ids.h"

#include <QJsonArray>

namespace valis::serverstrategies {

namespace {

const QString kBetas = QStringLiteral("betas");
const QString kManagement = QStringLiteral("context_management");
const QString kEdits = QStringLiteral("edits");
const QString kType = QStringLiteral("type");

QJsonArray joinNames(const QJsonArray &first, const QJsonArray &second)
{
    QJsonArray out = first;
    for (const QJsonValue &name : second) {
        if (!out.contains(name))
            out.append(name);
    }
    return out;
}

QJsonArray joinEdits(const QJsonArray &first, const QJsonArray &second)
{
    QJsonArray out;
    for (const QJsonValue &edit : first) {
        const QString type = edit.toObject().value(kType).toString();
        bool replaced = false;
        for (const QJsonValue &other : second)
            replaced = replaced || other.toObject().value(kType).toString() == type;
        if (!replaced)
            out.append(edit);
    }
    for (const QJsonValue &edit : second)
        out.append(edit);
    return out;
}

/// Whether `value` holds the string `text` anywhere (the strategy's options name an edit type).
bool mentions(const QJsonValue &value, const QString &text)
{
    if (value.isString())
        return value.toString() == text;
    if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (const QJsonValue &item : array) {
            if (mentions(item, text))
                return true;
        }
    }
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (mentions(it.value(), text))
                return true;
        }
    }
    return false;
}

qint64 promptTokens(const Usage &usage)
{
    qint64 total = 0;
    for (const qint64 part : {usage.inputTokens, usage.cacheReadTokens, usage.cacheWriteTokens})
        total += qMax<qint64>(0, part);
    return total;
}

} // namespace

QJsonObject mergeOptions(const QJsonObject &base, const QJsonObject &strategyOptions)
{
    QJsonObject out = base;
    for (auto it = strategyOptions.begin(); it != strategyOptions.end(); ++it) {
        if (it.key() == kBetas) {
            out.insert(kBetas, joinNames(out.value(kBetas).toArray(), it.value().toArray()));
        } else if (it.key() == kManagement && out.value(kManagement).isObject() && it.value().isObject()) {
            QJsonObject management = out.value(kManagement).toObject();
            const QJsonObject added = it.value().toObject();
            for (auto field = added.begin(); field != added.end(); ++field)
                management.insert(field.key(), field.key() == kEdits
                                                   ? QJsonValue(joinEdits(management.value(kEdits).toArray(), field.value().toArray()))
                                                   : QJsonValue(field.value()));
            out.insert(kManagement, management);
        } else {
            out.insert(it.key(), it.value());
        }
    }
    return out;
}

Usage compactionUsage(const QJsonObject &details)
{
    const QJsonObject used = details.value(QLatin1String("compactionUsage")).toObject();
    if (used.isEmpty())
        return {};
    Usage usage;
    usage.inputTokens = used.value(QLatin1String("inputTokens")).toInteger(-1);
    usage.outputTokens = used.value(QLatin1String("outputTokens")).toInteger(-1);
    usage.cacheReadTokens = used.value(QLatin1String("cacheReadTokens")).toInteger(-1);
    usage.cacheWriteTokens = used.value(QLatin1String("cacheWriteTokens")).toInteger(-1);
    return usage;
}

QList<CompactionEvent> eventsFor(const QJsonObject &details, const QHash<QString, QJsonObject> &strategyOptions,
                                 const Usage &usage, const ModelInfo &model, int turn)
{
    QList<CompactionEvent> events;
    const QString family = details.value(QLatin1String("family")).toString();
    const qint64 after = promptTokens(usage);
    const Usage summary = compactionUsage(details);
    const QJsonArray edits = details.value(kEdits).toArray();
    for (const QJsonValue &value : edits) {
        const QJsonObject edit = value.toObject();
        const QString type = edit.value(kType).toString();
        CompactionEvent event;
        event.id = newTimeOrderedId(u"c");
        event.strategy = QStringLiteral("provider");
        for (auto it = strategyOptions.constBegin(); it != strategyOptions.constEnd(); ++it) {
            if (mentions(it.value().value(family), type)) {
                event.strategy = it.key();
                break;
            }
        }
        event.action = edit.value(QLatin1String("action")).toString();
        event.turn = turn;
        event.tokensAfter = after;
        const qint64 cleared = edit.value(QLatin1String("clearedInputTokens")).toInteger(-1);
        event.tokensBefore = cleared >= 0 ? after + cleared : -1;
        QJsonObject state{{QStringLiteral("family"), family}, {QStringLiteral("provider"), edit}};
        if (event.action == QLatin1String("server-compaction") && !summary.isEmpty()) {
            const qint64 read = promptTokens(summary);
            event.tokensBefore = read;
            state.insert(QStringLiteral("summaryCall"),
                         QJsonObject{{QStringLiteral("inputTokens"), read},
                                     {QStringLiteral("cachedInputTokens"), qMax<qint64>(0, summary.cacheReadTokens)},
                                     {QStringLiteral("outputTokens"), qMax<qint64>(0, summary.outputTokens)}});
        }
        // The provider changed what it had cached: what it wrote to the cache again is the
        // closest figure it gives for what the edit invalidated.
        if (events.isEmpty() && usage.cacheWriteTokens > 0) {
            event.cacheInvalidatedTokens = usage.cacheWriteTokens;
            if (model.prices.cacheWrite && model.prices.cacheRead)
                event.cacheCostUsd = double(usage.cacheWriteTokens) * (*model.prices.cacheWrite - *model.prices.cacheRead) / 1e6;
        }
        event.state = state;
        events.append(event);
    }
    return events;
}

} // namespace valis::serverstrategies
