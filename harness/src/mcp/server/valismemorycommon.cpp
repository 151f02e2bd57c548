#include "valismemorycommon.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QUrl>

namespace valis::mcpmemory {

// What this server answers is read by another agent's model: English, not tr()'d.

QJsonObject textContent(const QString &text)
{
    return {{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), text}};
}

QJsonObject toolResult(const QString &text, const QJsonObject &structured, const QJsonArray &links)
{
    QJsonArray content{textContent(text)};
    for (const QJsonValue &link : links)
        content.append(link);
    QJsonObject result{{QStringLiteral("content"), content}};
    if (!structured.isEmpty())
        result.insert(QStringLiteral("structuredContent"), structured);
    return result;
}

QJsonObject toolError(const QString &text)
{
    return {{QStringLiteral("content"), QJsonArray{textContent(text)}}, {QStringLiteral("isError"), true}};
}

QJsonObject resourceLink(const QString &uri, const QString &name, const QString &description, const QString &mimeType)
{
    QJsonObject link{{QStringLiteral("type"), QStringLiteral("resource_link")},
                     {QStringLiteral("uri"), uri},
                     {QStringLiteral("name"), name},
                     {QStringLiteral("mimeType"), mimeType}};
    if (!description.isEmpty())
        link.insert(QStringLiteral("description"), description);
    return link;
}

QString memoryUri(const QString &key)
{
    return QStringLiteral("valis://memory/") + QString::fromLatin1(QUrl::toPercentEncoding(key));
}

QString memoriesUri(const QString &path)
{
    return QStringLiteral("valis://memories/") + QString::fromLatin1(QUrl::toPercentEncoding(path, "/"));
}

QString sessionUri(const QString &sessionId, qint64 page)
{
    QString uri = QStringLiteral("valis://session/") + QString::fromLatin1(QUrl::toPercentEncoding(sessionId));
    if (page > 1)
        uri += QStringLiteral("?page=") + QString::number(page);
    return uri;
}

QString keyFrom(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.startsWith(QLatin1String("/memories/")))
        return trimmed;
    static const QRegularExpression reference(QStringLiteral("MemoryRef:\\s*([^\\s\\]]+)"));
    const QRegularExpressionMatch match = reference.match(trimmed);
    if (match.hasMatch())
        return match.captured(1);
    static const QRegularExpression bare(QStringLiteral("^[`'\"\\[]*([^\\s`'\"\\]]+)"));
    const QRegularExpressionMatch key = bare.match(trimmed);
    return key.hasMatch() ? key.captured(1) : QString();
}

QString cursorFor(qint64 offset)
{
    return QStringLiteral("o:") + QString::number(offset);
}

Result<qint64> offsetOf(const QString &cursor)
{
    if (cursor.isEmpty())
        return qint64(0);
    bool ok = false;
    const qint64 offset = cursor.startsWith(QLatin1String("o:")) ? cursor.mid(2).toLongLong(&ok) : 0;
    if (!ok || offset < 0)
        return invalidParams(QStringLiteral("Unknown cursor \"%1\": pass the nextCursor of an earlier answer.").arg(cursor));
    return offset;
}

namespace {

QString partText(const Part &part)
{
    switch (part.kind) {
    case PartKind::Text:
        return part.text;
    case PartKind::Thinking:
        return QString();
    case PartKind::ToolCall: {
        const QString arguments = part.argumentsText.has_value()
            ? *part.argumentsText
            : QString::fromUtf8(QJsonDocument(part.arguments.toObject()).toJson(QJsonDocument::Compact));
        return QStringLiteral("[tool call %1 %2]").arg(part.toolName, oneLine(arguments, 600));
    }
    case PartKind::ToolResult: {
        if (part.captured.isCaptured())
            return QStringLiteral("[tool result%1: %2]").arg(part.isError ? QStringLiteral(" (error)") : QString(), part.captured.placeholder);
        QStringList texts;
        for (const Part &inner : part.content) {
            if (inner.kind == PartKind::Text)
                texts.append(inner.text);
        }
        QString joined = texts.join(QLatin1Char('\n'));
        if (joined.size() > 2000)
            joined = joined.left(2000) + QStringLiteral("... [%1 more characters]").arg(joined.size() - 2000);
        return QStringLiteral("[tool result%1: %2]").arg(part.isError ? QStringLiteral(" (error)") : QString(), joined);
    }
    case PartKind::Image:
        return QStringLiteral("[image]");
    }
    return QString();
}

} // namespace

Result<SessionPage> sessionPage(const SessionStore &store, const QString &sessionId, qint64 from, qint64 count)
{
    const Result<SessionInfo> info = store.session(sessionId);
    if (info.hasError())
        return notFound(QStringLiteral("No session has the id \"%1\".").arg(sessionId));
    const Result<qint64> total = store.messageCount(sessionId);
    if (total.hasError())
        return total.error();
    // One more than asked: whether (and where) the session goes on.
    const Result<QList<Message>> messages = store.messages(sessionId, from, count + 1);
    if (messages.hasError())
        return messages.error();
    SessionPage page;
    page.title = info->title;
    page.from = from;
    page.total = *total;
    for (const Message &message : *messages) {
        if (page.shown == count || page.next >= 0)
            break;
        QStringList parts;
        for (const Part &part : message.parts) {
            const QString text = partText(part);
            if (!text.isEmpty())
                parts.append(text);
        }
        const QString entry = QStringLiteral("#%1 %2 (%3):\n%4\n\n")
                                  .arg(QString::number(message.seq), roleName(message.role),
                                       message.createdAt.toUTC().toString(Qt::ISODate), parts.join(QLatin1Char('\n')));
        if (page.shown > 0 && page.text.size() + entry.size() > MaxAnswerBytes) {
            page.next = message.seq;
            break;
        }
        page.text += page.shown == 0 && entry.size() > MaxAnswerBytes
            ? entry.left(MaxAnswerBytes) + QStringLiteral("... [message cut]\n\n")
            : entry;
        ++page.shown;
    }
    if (page.next < 0 && messages->size() > page.shown)
        page.next = messages->at(page.shown).seq;
    return page;
}

Error invalidParams(const QString &message)
{
    return Error(QStringLiteral("mcp.invalid-params"), message);
}

Error notFound(const QString &message)
{
    return Error(QStringLiteral("mcp.not-found"), message);
}

} // namespace valis::mcpmemory
