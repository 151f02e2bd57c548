#include "valis/context/compactionevent.h"

#include "valis/core/ids.h"
#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::CompactionEvent)
};

// The record keeps Valis's own control entries under metadata.valis, apart from what importers
// copy from other agents' formats.
constexpr QLatin1String ValisKey("valis");
constexpr QLatin1String CompactionKey("compaction");
constexpr QLatin1String PinKey("pin");
constexpr QLatin1String HistoryKey("history");
// Events carry a format version so a record written by a newer Valis is reported, not misread.
constexpr int EventFormat = 1;

Error invalid(const QString &what)
{
    return Error(QStringLiteral("context.invalid-event"), what);
}

QString kindName(ViewEdit::Kind kind)
{
    return kind == ViewEdit::Kind::ReplacePart ? QStringLiteral("replace-part") : QStringLiteral("replace-prefix");
}

qint64 integer(const QJsonObject &json, QLatin1String key, qint64 fallback = -1)
{
    const QJsonValue value = json.value(key);
    return value.isDouble() ? qint64(value.toDouble()) : fallback;
}

QJsonObject valisMetadata(const Message &message)
{
    return message.metadata.value(ValisKey).toObject();
}

} // namespace

QJsonObject ViewEdit::toJson() const
{
    QJsonObject json{{QStringLiteral("kind"), kindName(kind)},
                     {QStringLiteral("item"), item},
                     {QStringLiteral("pointer"), pointer},
                     {QStringLiteral("tokensBefore"), tokensBefore},
                     {QStringLiteral("tokensAfter"), tokensAfter}};
    if (kind == Kind::ReplacePart) {
        json.insert(QStringLiteral("messageId"), messageId);
        json.insert(QStringLiteral("partIndex"), partIndex);
        json.insert(QStringLiteral("part"), recordjson::toJson(part));
    } else {
        json.insert(QStringLiteral("lastMessageId"), lastMessageId);
        QJsonArray list;
        for (const Message &message : messages)
            list.append(recordjson::toJson(message));
        json.insert(QStringLiteral("messages"), list);
    }
    return json;
}

Result<ViewEdit> ViewEdit::fromJson(const QJsonObject &json)
{
    ViewEdit edit;
    const QString kind = json.value(QLatin1String("kind")).toString();
    if (kind == QLatin1String("replace-part")) {
        edit.kind = Kind::ReplacePart;
        edit.messageId = json.value(QLatin1String("messageId")).toString();
        edit.partIndex = int(integer(json, QLatin1String("partIndex")));
        Result<Part> part = recordjson::partFromJson(json.value(QLatin1String("part")).toObject());
        if (part.hasError())
            return invalid(Text::tr("a replaced part cannot be read: %1").arg(part.error().message));
        edit.part = part.value();
        if (edit.messageId.isEmpty() || edit.partIndex < 0)
            return invalid(Text::tr("a part replacement names no message or part"));
    } else if (kind == QLatin1String("replace-prefix")) {
        edit.kind = Kind::ReplacePrefix;
        edit.lastMessageId = json.value(QLatin1String("lastMessageId")).toString();
        if (edit.lastMessageId.isEmpty())
            return invalid(Text::tr("a prefix replacement names no last message"));
        for (const QJsonValue &value : json.value(QLatin1String("messages")).toArray()) {
            Result<Message> message = recordjson::messageFromJson(value.toObject());
            if (message.hasError())
                return invalid(Text::tr("a replacement message cannot be read: %1").arg(message.error().message));
            edit.messages.append(message.value());
        }
    } else {
        return invalid(Text::tr("unknown edit kind \"%1\"").arg(kind));
    }
    edit.item = json.value(QLatin1String("item")).toString();
    edit.pointer = json.value(QLatin1String("pointer")).toString();
    edit.tokensBefore = integer(json, QLatin1String("tokensBefore"));
    edit.tokensAfter = integer(json, QLatin1String("tokensAfter"));
    return edit;
}

bool ViewEdit::operator==(const ViewEdit &other) const
{
    return kind == other.kind && messageId == other.messageId && partIndex == other.partIndex && part == other.part
           && lastMessageId == other.lastMessageId && messages == other.messages && item == other.item
           && pointer == other.pointer && tokensBefore == other.tokensBefore && tokensAfter == other.tokensAfter;
}

QJsonObject CompactionEvent::toJson() const
{
    QJsonArray editList;
    for (const ViewEdit &edit : edits)
        editList.append(edit.toJson());
    QJsonObject json{{QStringLiteral("format"), EventFormat},
                     {QStringLiteral("id"), id},
                     {QStringLiteral("strategy"), strategy},
                     {QStringLiteral("action"), action},
                     {QStringLiteral("turn"), turn},
                     {QStringLiteral("tokensBefore"), tokensBefore},
                     {QStringLiteral("tokensAfter"), tokensAfter},
                     {QStringLiteral("replaced"), QJsonArray::fromStringList(replaced)},
                     {QStringLiteral("edits"), editList},
                     {QStringLiteral("pointers"), QJsonArray::fromStringList(pointers)},
                     {QStringLiteral("cacheInvalidatedTokens"), cacheInvalidatedTokens}};
    if (cacheCostUsd)
        json.insert(QStringLiteral("cacheCostUsd"), *cacheCostUsd);
    if (!state.isEmpty())
        json.insert(QStringLiteral("state"), state);
    return json;
}

Result<CompactionEvent> CompactionEvent::fromJson(const QJsonObject &json)
{
    const qint64 format = integer(json, QLatin1String("format"), 0);
    if (format > EventFormat)
        return Error(QStringLiteral("context.future-event"),
                     Text::tr("a compaction event was written by a newer Valis (format %1); it is left as it is").arg(format));
    CompactionEvent event;
    event.id = json.value(QLatin1String("id")).toString();
    event.strategy = json.value(QLatin1String("strategy")).toString();
    event.action = json.value(QLatin1String("action")).toString();
    if (event.strategy.isEmpty())
        return invalid(Text::tr("a compaction event names no strategy"));
    event.turn = int(integer(json, QLatin1String("turn")));
    event.tokensBefore = integer(json, QLatin1String("tokensBefore"));
    event.tokensAfter = integer(json, QLatin1String("tokensAfter"));
    for (const QJsonValue &value : json.value(QLatin1String("replaced")).toArray())
        event.replaced.append(value.toString());
    for (const QJsonValue &value : json.value(QLatin1String("edits")).toArray()) {
        Result<ViewEdit> edit = ViewEdit::fromJson(value.toObject());
        if (edit.hasError())
            return edit.error();
        event.edits.append(edit.value());
    }
    for (const QJsonValue &value : json.value(QLatin1String("pointers")).toArray())
        event.pointers.append(value.toString());
    event.cacheInvalidatedTokens = integer(json, QLatin1String("cacheInvalidatedTokens"), 0);
    const QJsonValue cost = json.value(QLatin1String("cacheCostUsd"));
    if (cost.isDouble())
        event.cacheCostUsd = cost.toDouble();
    event.state = json.value(QLatin1String("state")).toObject();
    return event;
}

bool CompactionEvent::operator==(const CompactionEvent &other) const
{
    return id == other.id && strategy == other.strategy && action == other.action && turn == other.turn
           && tokensBefore == other.tokensBefore && tokensAfter == other.tokensAfter && replaced == other.replaced
           && edits == other.edits && pointers == other.pointers
           && cacheInvalidatedTokens == other.cacheInvalidatedTokens && cacheCostUsd == other.cacheCostUsd
           && state == other.state;
}

Message CompactionEvent::toMessage() const
{
    Message message;
    message.id = newMessageId();
    message.role = Role::System;
    QJsonObject valis;
    valis.insert(CompactionKey, toJson());
    message.metadata.insert(ValisKey, valis);
    // A line a person reading the transcript (or searching it) understands; the model never
    // sees it.
    QString line = QStringLiteral("[context %1 by %2").arg(action, strategy);
    if (tokensBefore >= 0 && tokensAfter >= 0)
        line += QStringLiteral(": %1 -> %2 tokens").arg(tokensBefore).arg(tokensAfter);
    if (!edits.isEmpty())
        line += QStringLiteral(", %1 item(s) moved").arg(edits.size());
    if (!pointers.isEmpty())
        line += QStringLiteral(" to ") + pointers.mid(0, 5).join(QStringLiteral(", "))
                + (pointers.size() > 5 ? QStringLiteral(", ...") : QString());
    line += QLatin1Char(']');
    message.parts.append(Part::makeText(line));
    return message;
}

std::optional<Result<CompactionEvent>> CompactionEvent::fromMessage(const Message &message)
{
    if (message.role != Role::System)
        return std::nullopt;
    const QJsonValue value = valisMetadata(message).value(CompactionKey);
    if (value.isUndefined())
        return std::nullopt;
    if (!value.isObject())
        return Result<CompactionEvent>(invalid(Text::tr("the compaction event of message %1 is not an object").arg(message.id)));
    return CompactionEvent::fromJson(value.toObject());
}

bool isContextControlMessage(const Message &message)
{
    if (message.role != Role::System)
        return false;
    const QJsonObject valis = valisMetadata(message);
    return valis.contains(CompactionKey) || valis.contains(PinKey) || valis.contains(HistoryKey);
}

Message historyStrategyMessage(const QString &name)
{
    Message message;
    message.id = newMessageId();
    message.role = Role::System;
    QJsonObject valis;
    valis.insert(HistoryKey, QJsonObject{{QStringLiteral("strategy"), name}});
    message.metadata.insert(ValisKey, valis);
    message.parts.append(Part::makeText(QStringLiteral("[history strategy %1]").arg(name)));
    return message;
}

QString historyStrategyOf(const Message &message)
{
    if (message.role != Role::System)
        return {};
    return valisMetadata(message).value(HistoryKey).toObject().value(QLatin1String("strategy")).toString();
}

QString recordedHistoryStrategy(const QList<Message> &record)
{
    for (qsizetype i = record.size() - 1; i >= 0; --i) {
        const QString name = historyStrategyOf(record.at(i));
        if (!name.isEmpty())
            return name;
    }
    return {};
}

Message pinMessage(const QString &messageId, bool pinned)
{
    Message message;
    message.id = newMessageId();
    message.role = Role::System;
    QJsonObject valis;
    valis.insert(PinKey, QJsonObject{{QStringLiteral("messageId"), messageId}, {QStringLiteral("pinned"), pinned}});
    message.metadata.insert(ValisKey, valis);
    message.parts.append(Part::makeText(pinned ? QStringLiteral("[pinned %1]").arg(messageId)
                                               : QStringLiteral("[unpinned %1]").arg(messageId)));
    return message;
}

void updatePins(const Message &message, QSet<QString> *pinned)
{
    if (message.metadata.value(QLatin1String("pinned")).toBool())
        pinned->insert(message.id);
    if (message.role != Role::System)
        return;
    const QJsonValue pin = valisMetadata(message).value(PinKey);
    if (!pin.isObject())
        return;
    const QString id = pin.toObject().value(QLatin1String("messageId")).toString();
    if (pin.toObject().value(QLatin1String("pinned")).toBool())
        pinned->insert(id);
    else
        pinned->remove(id);
}

QSet<QString> pinnedMessageIds(const QList<Message> &record)
{
    QSet<QString> pinned;
    for (const Message &message : record)
        updatePins(message, &pinned);
    return pinned;
}

CompactionStats CompactionStats::of(const QList<Message> &record)
{
    CompactionStats stats;
    for (const Message &message : record) {
        const std::optional<Result<CompactionEvent>> event = CompactionEvent::fromMessage(message);
        if (!event)
            continue;
        if (event->hasError()) {
            stats.unreadable.append(event->error());
            continue;
        }
        const CompactionEvent &e = event->value();
        ++stats.events;
        stats.actions[e.action] += 1;
        if (e.tokensBefore >= 0 && e.tokensAfter >= 0)
            stats.tokensSaved += e.tokensBefore - e.tokensAfter;
        stats.itemsMoved += e.edits.size();
        stats.pointersCreated += e.pointers.size();
        stats.cacheInvalidatedTokens += e.cacheInvalidatedTokens;
        if (e.cacheCostUsd)
            stats.cacheCostUsd += *e.cacheCostUsd;
        else if (e.cacheInvalidatedTokens > 0)
            stats.cacheCostKnown = false;
    }
    return stats;
}

QJsonObject CompactionStats::toJson() const
{
    QJsonObject actionCounts;
    for (auto it = actions.cbegin(); it != actions.cend(); ++it)
        actionCounts.insert(it.key(), it.value());
    QJsonObject json{{QStringLiteral("events"), events},
                     {QStringLiteral("actions"), actionCounts},
                     {QStringLiteral("tokensSaved"), tokensSaved},
                     {QStringLiteral("itemsMoved"), itemsMoved},
                     {QStringLiteral("pointersCreated"), pointersCreated},
                     {QStringLiteral("cacheInvalidatedTokens"), cacheInvalidatedTokens}};
    json.insert(QStringLiteral("cacheCostUsd"), cacheCostKnown ? QJsonValue(cacheCostUsd) : QJsonValue());
    if (!unreadable.isEmpty())
        json.insert(QStringLiteral("unreadable"), qint64(unreadable.size()));
    return json;
}

} // namespace valis
