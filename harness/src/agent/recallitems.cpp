#include "valis/agent/recallitems.h"

#include <QJsonArray>

#include <algorithm>

namespace valis {

namespace {
const QLatin1String KindTickler("tickler");
const QLatin1String KindLesson("lesson");
const QLatin1String KindReference("reference");

QString kindLabel(RecallItemKind kind)
{
    // For the model: English.
    switch (kind) {
    case RecallItemKind::Tickler:
        return QStringLiteral("You may want to check");
    case RecallItemKind::Lesson:
        return QStringLiteral("Lesson");
    case RecallItemKind::Reference:
        return QStringLiteral("Reference");
    }
    return {};
}

QJsonObject scoresJson(const QMap<QString, double> &scores)
{
    QJsonObject json;
    for (auto it = scores.constBegin(); it != scores.constEnd(); ++it)
        json.insert(it.key(), it.value());
    return json;
}
} // namespace

QString recallItemKindName(RecallItemKind kind)
{
    switch (kind) {
    case RecallItemKind::Tickler:
        return KindTickler;
    case RecallItemKind::Lesson:
        return KindLesson;
    case RecallItemKind::Reference:
        return KindReference;
    }
    return {};
}

QJsonObject RecallItem::toJson() const
{
    QJsonObject json{{QStringLiteral("kind"), recallItemKindName(kind)},
                     {QStringLiteral("text"), text},
                     {QStringLiteral("sourceIds"), QJsonArray::fromStringList(sourceIds)},
                     {QStringLiteral("score"), score},
                     {QStringLiteral("relevance"), relevance},
                     {QStringLiteral("scores"), scoresJson(scores)},
                     {QStringLiteral("foundBy"), foundBy},
                     {QStringLiteral("reason"), reason},
                     {QStringLiteral("late"), late}};
    if (!memoryKey.isEmpty())
        json.insert(QStringLiteral("memoryKey"), memoryKey);
    if (!memoryRef.isEmpty())
        json.insert(QStringLiteral("memoryRef"), memoryRef);
    if (!sessionId.isEmpty())
        json.insert(QStringLiteral("sessionId"), sessionId);
    if (!messageId.isEmpty())
        json.insert(QStringLiteral("messageId"), messageId);
    return json;
}

RecallItem RecallItem::fromJson(const QJsonObject &json)
{
    RecallItem item;
    const QString kind = json.value(QLatin1String("kind")).toString();
    item.kind = kind == KindLesson ? RecallItemKind::Lesson : kind == KindReference ? RecallItemKind::Reference : RecallItemKind::Tickler;
    item.text = json.value(QLatin1String("text")).toString();
    for (const QJsonValue &id : json.value(QLatin1String("sourceIds")).toArray())
        item.sourceIds << id.toString();
    item.memoryKey = json.value(QLatin1String("memoryKey")).toString();
    item.memoryRef = json.value(QLatin1String("memoryRef")).toString();
    item.sessionId = json.value(QLatin1String("sessionId")).toString();
    item.messageId = json.value(QLatin1String("messageId")).toString();
    item.score = json.value(QLatin1String("score")).toDouble();
    item.relevance = json.value(QLatin1String("relevance")).toDouble();
    const QJsonObject scores = json.value(QLatin1String("scores")).toObject();
    for (auto it = scores.constBegin(); it != scores.constEnd(); ++it)
        item.scores.insert(it.key(), it.value().toDouble());
    item.foundBy = json.value(QLatin1String("foundBy")).toString();
    item.reason = json.value(QLatin1String("reason")).toString();
    item.late = json.value(QLatin1String("late")).toBool();
    return item;
}

bool RecallOutcome::hasLateItems() const
{
    return std::any_of(items.cbegin(), items.cend(), [](const RecallItem &item) { return item.late; });
}

QJsonObject RecallOutcome::toJson() const
{
    QJsonArray list;
    for (const RecallItem &item : items)
        list.append(item.toJson());
    QJsonObject json{{QStringLiteral("items"), list},
                     {QStringLiteral("query"), query},
                     {QStringLiteral("elapsedMs"), elapsedMs},
                     {QStringLiteral("budgetMs"), budgetMs},
                     {QStringLiteral("timedOut"), timedOut},
                     {QStringLiteral("late"), hasLateItems()},
                     {QStringLiteral("filter"), filter}};
    if (!error.isEmpty())
        json.insert(QStringLiteral("error"), error);
    return json;
}

RecallOutcome RecallOutcome::fromJson(const QJsonObject &json)
{
    RecallOutcome outcome;
    for (const QJsonValue &item : json.value(QLatin1String("items")).toArray())
        outcome.items << RecallItem::fromJson(item.toObject());
    outcome.query = json.value(QLatin1String("query")).toString();
    outcome.elapsedMs = qint64(json.value(QLatin1String("elapsedMs")).toDouble());
    outcome.budgetMs = json.value(QLatin1String("budgetMs")).toInt();
    outcome.timedOut = json.value(QLatin1String("timedOut")).toBool();
    outcome.filter = json.value(QLatin1String("filter")).toString();
    outcome.error = json.value(QLatin1String("error")).toString();
    return outcome;
}

Message recallMessage(const RecallOutcome &outcome)
{
    // For the model: English. Recorded after the user's message, so it sits after the last
    // cache breakpoint of the turn's first request and is the same bytes in every later one.
    QString text = QStringLiteral("<system-reminder>\nRecalled from memory and earlier sessions for this request "
                                  "(they may not all be relevant; check before relying on one):\n");
    for (const RecallItem &item : outcome.items) {
        text += QStringLiteral("- ") + kindLabel(item.kind) + QStringLiteral(": ") + item.text;
        if (!item.memoryRef.isEmpty() && !item.text.contains(item.memoryRef))
            text += QLatin1Char(' ') + item.memoryRef;
        if (item.late)
            text += QStringLiteral(" (recalled late, for your previous request)");
        text += QLatin1Char('\n');
    }
    text += QStringLiteral("</system-reminder>");
    Message message;
    message.role = Role::User;
    message.parts.append(Part::makeText(text));
    message.metadata.insert(RecallMetadataKey, outcome.toJson());
    return message;
}

bool isRecallMessage(const Message &message)
{
    return message.role == Role::User && message.metadata.contains(RecallMetadataKey);
}

} // namespace valis
