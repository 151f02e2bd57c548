// Matching an API client's whole history to the record it extends.
#include "valis/server/apiconversation.h"

#include "valis/agent/recallitems.h"
#include "valis/context/compactionevent.h"

#include <QCryptographicHash>
#include <QHash>
#include <QSet>

namespace valis::apiserver {

namespace {

QString squeezed(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        if (!c.isSpace())
            out.append(c);
    }
    return out;
}

QString digest(const QString &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex().left(32));
}

QString textOf(const QList<Part> &parts)
{
    QString text;
    for (const Part &part : parts) {
        if (part.kind == PartKind::Text)
            text += part.text;
    }
    return text;
}

/// The units of one message, each with the index of the part it stands for (-1: the message).
void unitsOf(const Message &message, QList<QPair<QString, qsizetype>> *units)
{
    switch (message.role) {
    case Role::Tool:
    case Role::User: {
        bool any = false;
        for (qsizetype i = 0; i < message.parts.size(); ++i) {
            const Part &part = message.parts.at(i);
            if (part.kind == PartKind::ToolResult) {
                units->append({QStringLiteral("t:") + part.callId, i});
                any = true;
            }
        }
        if (message.role == Role::Tool)
            return;
        if (any && textOf(message.parts).trimmed().isEmpty())
            return;
        const QString text = squeezed(textOf(message.parts));
        units->append({QStringLiteral("u:%1:%2").arg(digest(text)).arg(message.countParts(PartKind::Image)), -1});
        return;
    }
    case Role::Assistant: {
        QString calls;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                calls += QLatin1Char(',') + part.callId;
        }
        units->append({QStringLiteral("a:%1%2").arg(digest(squeezed(textOf(message.parts))), calls), -1});
        return;
    }
    case Role::System:
        units->append({QStringLiteral("s:") + digest(squeezed(textOf(message.parts))), -1});
        return;
    }
}

} // namespace

QString conversationKey(const QString &systemText, const QList<Message> &messages, const QString &explicitKey)
{
    if (!explicitKey.isEmpty())
        return QStringLiteral("k-") + digest(QStringLiteral("explicit\n") + explicitKey);
    QString firstUser;
    for (const Message &message : messages) {
        if (message.role == Role::User && message.startsTurn()) {
            firstUser = squeezed(textOf(message.parts));
            break;
        }
    }
    return QStringLiteral("k-") + digest(squeezed(systemText) + QStringLiteral("\n\x1f\n") + firstUser);
}

QStringList clientUnits(const QList<Message> &messages)
{
    QList<QPair<QString, qsizetype>> units;
    for (const Message &message : messages)
        unitsOf(message, &units);
    QStringList out;
    for (const auto &unit : std::as_const(units))
        out.append(unit.first);
    return out;
}

QStringList recordUnits(const QList<Message> &activePath, const QSet<QString> &ownTools)
{
    // The calls Valis ran itself: an own tool's, answered in a Tool message the client did not send.
    QSet<QString> hidden;
    if (!ownTools.isEmpty()) {
        QHash<QString, QString> names;
        for (const Message &message : activePath) {
            if (message.role == Role::Assistant) {
                for (const Part &part : message.parts) {
                    if (part.kind == PartKind::ToolCall)
                        names.insert(part.callId, part.toolName);
                }
            } else if (message.role == Role::Tool && !message.metadata.value(ClientResultKey).toBool()) {
                for (const Part &part : message.parts) {
                    if (part.kind == PartKind::ToolResult && ownTools.contains(names.value(part.callId)))
                        hidden.insert(part.callId);
                }
            }
        }
    }
    QSet<QString> unseenCalls; // calls of answers the client never received
    QList<QPair<QString, qsizetype>> units;
    // The answer a hidden call continues: its text so far, and where its unit stands.
    qsizetype openAnswer = -1;
    QString openText;
    for (const Message &message : activePath) {
        if (isContextControlMessage(message) || isRecallMessage(message))
            continue;
        if (message.role == Role::Assistant && message.metadata.value(QLatin1String("interrupted")).toBool()) {
            for (const Part &part : message.parts) {
                if (part.kind == PartKind::ToolCall)
                    unseenCalls.insert(part.callId);
            }
            openAnswer = -1;
            continue;
        }
        if (message.role == Role::Assistant) {
            QString calls;
            bool continues = false;
            for (const Part &part : message.parts) {
                if (part.kind != PartKind::ToolCall)
                    continue;
                if (hidden.contains(part.callId))
                    continues = true;
                else
                    calls += QLatin1Char(',') + part.callId;
            }
            const QString text = (openAnswer >= 0 ? openText : QString()) + squeezed(textOf(message.parts));
            const QString unit = QStringLiteral("a:%1%2").arg(digest(text), calls);
            if (openAnswer >= 0)
                units[openAnswer].first = unit;
            else
                units.append({unit, -1});
            // Only calls of own tools: the answer goes on after their results.
            openAnswer = continues && calls.isEmpty() ? units.size() - 1 : -1;
            openText = text;
            continue;
        }
        QList<QPair<QString, qsizetype>> own;
        unitsOf(message, &own);
        bool visible = false;
        for (const auto &unit : std::as_const(own)) {
            if (unit.first.startsWith(QLatin1String("t:"))
                && (unseenCalls.contains(unit.first.mid(2)) || hidden.contains(unit.first.mid(2))))
                continue;
            units.append(unit);
            visible = true;
        }
        if (visible)
            openAnswer = -1;
    }
    QStringList out;
    for (const auto &unit : std::as_const(units))
        out.append(unit.first);
    return out;
}

AppendPlan planAppend(const QList<Message> &activePath, const QList<Message> &clientMessages, const QSet<QString> &ownTools)
{
    AppendPlan plan;
    const QStringList recorded = recordUnits(activePath, ownTools);
    QList<QPair<QString, qsizetype>> units; // unit, part index
    QList<qsizetype> owners;                // the client message of each unit
    for (qsizetype m = 0; m < clientMessages.size(); ++m) {
        const qsizetype before = units.size();
        unitsOf(clientMessages.at(m), &units);
        for (qsizetype i = before; i < units.size(); ++i)
            owners.append(m);
    }
    if (units.size() < recorded.size())
        return plan;
    for (qsizetype i = 0; i < recorded.size(); ++i) {
        if (units.at(i).first != recorded.at(i))
            return plan;
    }
    plan.extends = true;
    plan.matchedUnits = recorded.size();
    if (plan.matchedUnits == units.size())
        return plan;
    const qsizetype firstNew = plan.matchedUnits;
    const qsizetype owner = owners.at(firstNew);
    Message first = clientMessages.at(owner);
    if (firstNew > 0 && owners.at(firstNew - 1) == owner && units.at(firstNew).second >= 0) {
        // Part of this tool message is recorded already: only its other results are new.
        QSet<qsizetype> fresh;
        for (qsizetype i = firstNew; i < units.size() && owners.at(i) == owner; ++i)
            fresh.insert(units.at(i).second);
        QList<Part> parts;
        for (qsizetype i = 0; i < first.parts.size(); ++i) {
            if (fresh.contains(i))
                parts.append(first.parts.at(i));
        }
        first.parts = parts;
    }
    plan.newMessages.append(first);
    for (qsizetype m = owner + 1; m < clientMessages.size(); ++m)
        plan.newMessages.append(clientMessages.at(m));
    return plan;
}

} // namespace valis::apiserver
