// The request inspector's diff: what changed in the view between two requests of a session and
// where (and why) the provider's cached prefix broke.
#include "context/requestinspectorsupport.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QSet>

namespace valis::inspector {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(RequestInspector)
};

QStringList idsOf(const QList<Message> &messages)
{
    QStringList ids;
    for (const Message &message : messages) {
        if (!message.id.isEmpty())
            ids.append(message.id);
    }
    return ids;
}

} // namespace

QJsonObject diffOf(const QList<Message> &path, const Rebuilt &previous, int previousNumber, const Rebuilt &current,
                   const ModelInfo &model)
{
    const QList<Message> &before = previous.request.messages;
    const QList<Message> &after = current.request.messages;
    const QStringList beforeIds = idsOf(before);
    const QStringList afterIds = idsOf(after);
    const QSet<QString> beforeSet(beforeIds.cbegin(), beforeIds.cend());
    const QSet<QString> afterSet(afterIds.cbegin(), afterIds.cend());

    QJsonArray added;
    for (const QString &id : afterIds) {
        if (!beforeSet.contains(id))
            added.append(id);
    }
    // What the context strategies recorded between the two requests says where things went.
    QList<CompactionEvent> events;
    for (int i = previous.ref.answerIndex + 1; i < current.ref.answerIndex; ++i) {
        if (const auto event = CompactionEvent::fromMessage(path.at(i)); event && event->ok())
            events.append(event->value());
    }
    QJsonArray evicted;
    QJsonArray summarised;
    QHash<QString, const CompactionEvent *> eventOfMessage;
    for (const CompactionEvent &event : std::as_const(events)) {
        for (const ViewEdit &edit : event.edits) {
            if (edit.kind == ViewEdit::Kind::ReplacePart) {
                evicted.append(QJsonObject{{QStringLiteral("id"), edit.messageId},
                                           {QStringLiteral("pointer"), edit.pointer},
                                           {QStringLiteral("item"), edit.item},
                                           {QStringLiteral("action"), event.action},
                                           {QStringLiteral("strategy"), event.strategy}});
                eventOfMessage.insert(edit.messageId, &event);
                continue;
            }
            QStringList ids;
            for (const QString &id : beforeIds) {
                ids.append(id);
                eventOfMessage.insert(id, &event);
                if (id == edit.lastMessageId)
                    break;
            }
            if (!beforeSet.contains(edit.lastMessageId))
                ids = event.replaced;
            summarised.append(QJsonObject{{QStringLiteral("ids"), QJsonArray::fromStringList(ids)},
                                          {QStringLiteral("pointer"), edit.pointer},
                                          {QStringLiteral("action"), event.action},
                                          {QStringLiteral("strategy"), event.strategy}});
        }
    }
    // Messages both views show, in a different order relative to each other.
    QStringList commonBefore;
    QStringList commonAfter;
    for (const QString &id : beforeIds) {
        if (afterSet.contains(id))
            commonBefore.append(id);
    }
    for (const QString &id : afterIds) {
        if (beforeSet.contains(id))
            commonAfter.append(id);
    }
    QJsonArray moved;
    for (int i = 0; i < commonAfter.size(); ++i) {
        if (commonBefore.value(i) != commonAfter.at(i))
            moved.append(commonAfter.at(i));
    }

    // The first place the new request stops repeating the previous one.
    QJsonValue breakIndex;
    QString reason;
    qint64 breakTokens = 0;
    std::optional<double> breakCost;
    bool fromEvents = false;
    if (previous.systemSha256 != current.systemSha256 || previous.toolsSha256 != current.toolsSha256) {
        breakIndex = 0;
        reason = previous.systemSha256 != current.systemSha256 ? Text::tr("the system prompt changed")
                                                               : Text::tr("the tool definitions changed");
        breakTokens = current.systemTokens + current.toolsTokens;
        for (qint64 tokens : previous.tokens)
            breakTokens += tokens;
    } else {
        int at = -1;
        for (int i = 0; i < qMin(before.size(), after.size()); ++i) {
            if (viewMessageDigest(before.at(i)) != viewMessageDigest(after.at(i))) {
                at = i;
                break;
            }
        }
        if (at < 0 && before.size() > after.size())
            at = int(after.size());
        if (at >= 0) {
            breakIndex = at;
            const Message &changed = before.at(at);
            const CompactionEvent *event = eventOfMessage.value(changed.id);
            if (!event) {
                for (const CompactionEvent &candidate : std::as_const(events)) {
                    if (!candidate.edits.isEmpty()) {
                        event = &candidate;
                        break;
                    }
                }
                if (event && previous.origins.value(at) != QLatin1String("record") && previous.origins.value(at) != QLatin1String("edited"))
                    event = nullptr;
            }
            if (event) {
                reason = Text::tr("compaction %1 by %2 (%3) changed message %4").arg(event->id, event->strategy, event->action).arg(at);
                fromEvents = true;
                for (const CompactionEvent &candidate : std::as_const(events)) {
                    breakTokens += candidate.cacheInvalidatedTokens;
                    if (candidate.cacheCostUsd)
                        breakCost = breakCost.value_or(0) + *candidate.cacheCostUsd;
                }
            } else if (previous.origins.value(at) == QLatin1String("reminder") || previous.origins.value(at) == QLatin1String("board")) {
                reason = Text::tr("the previous request's %1 after its last cache breakpoint is not repeated (expected: it is "
                                  "placed there so it never breaks the cached prefix)")
                             .arg(previous.origins.value(at));
            } else {
                reason = Text::tr("message %1 (%2) differs with no compaction recorded: the session switched branch or the "
                                  "record changed")
                             .arg(at)
                             .arg(changed.id);
            }
            if (!fromEvents) {
                for (int i = at; i < previous.tokens.size(); ++i)
                    breakTokens += previous.tokens.at(i);
            }
        }
    }
    if (!fromEvents && breakTokens > 0 && model.prices.cacheWrite && model.prices.cacheRead)
        breakCost = double(breakTokens) * (*model.prices.cacheWrite - *model.prices.cacheRead) / 1e6;

    QJsonArray compactions;
    for (const CompactionEvent &event : std::as_const(events)) {
        compactions.append(QJsonObject{{QStringLiteral("id"), event.id},
                                       {QStringLiteral("strategy"), event.strategy},
                                       {QStringLiteral("action"), event.action},
                                       {QStringLiteral("cacheInvalidatedTokens"), event.cacheInvalidatedTokens},
                                       {QStringLiteral("cacheCostUsd"), event.cacheCostUsd ? QJsonValue(*event.cacheCostUsd) : QJsonValue()}});
    }
    return QJsonObject{{QStringLiteral("previous"), previousNumber},
                       {QStringLiteral("added"), added},
                       {QStringLiteral("evicted"), evicted},
                       {QStringLiteral("summarised"), summarised},
                       {QStringLiteral("moved"), moved},
                       {QStringLiteral("compactions"), compactions},
                       {QStringLiteral("cacheBreakIndex"), breakIndex},
                       {QStringLiteral("cacheBreakReason"), breakIndex.isNull() ? QJsonValue() : QJsonValue(reason)},
                       {QStringLiteral("cacheBreakTokens"), breakTokens},
                       {QStringLiteral("cacheBreakCostUsd"), breakCost ? QJsonValue(*breakCost) : QJsonValue()}};
}

} // namespace valis::inspector
