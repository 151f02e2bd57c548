#include "historytext.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace valis::tools::history {

namespace {

void flattenInto(const QList<Part> &parts, int parent, const QString &inheritedTool, bool inheritedError,
                 QList<FlatPart> &flat)
{
    for (const Part &part : parts) {
        FlatPart entry;
        entry.index = int(flat.size());
        entry.parent = parent;
        entry.kind = part.kind;
        entry.toolName = part.toolName.isEmpty() ? inheritedTool : part.toolName;
        entry.isError = part.kind == PartKind::ToolResult ? part.isError : inheritedError;
        entry.capturedKey = part.captured.key;
        entry.mediaType = part.image.mediaType;
        entry.imageUri = part.image.uri;
        entry.text = part.searchText();
        const int index = entry.index;
        flat.append(std::move(entry));
        if (part.kind == PartKind::ToolResult)
            flattenInto(part.content, index, flat.at(index).toolName, flat.at(index).isError, flat);
    }
}

QString toolSuffix(const QString &toolName)
{
    return toolName.isEmpty() ? QString() : QLatin1Char(' ') + toolName;
}

} // namespace

QList<FlatPart> flattenParts(const Message &message)
{
    QList<FlatPart> flat;
    flattenInto(message.parts, -1, QString(), false, flat);
    return flat;
}

QString describePart(const Message &message, const FlatPart &part)
{
    QString what;
    switch (part.kind) {
    case PartKind::Text:
        what = message.role == Role::Tool && part.parent < 0 ? QStringLiteral("tool output")
                                                              : roleName(message.role) + QStringLiteral(" text");
        break;
    case PartKind::Thinking:
        what = roleName(message.role) + QStringLiteral(" thinking");
        break;
    case PartKind::ToolCall:
        what = QStringLiteral("tool call") + toolSuffix(part.toolName);
        break;
    case PartKind::ToolResult:
        what = part.toolName.isEmpty() ? QStringLiteral("tool result") : QStringLiteral("tool result of ") + part.toolName;
        if (part.isError)
            what += QStringLiteral(" (error)");
        break;
    case PartKind::Image:
        what = part.mediaType.isEmpty() ? QStringLiteral("image") : QStringLiteral("image (%1)").arg(part.mediaType);
        break;
    }
    if (part.parent >= 0) {
        if (part.kind == PartKind::Text)
            what = QStringLiteral("text");
        what += QStringLiteral(" of part %1 (result of %2%3)")
                    .arg(QString::number(part.parent), part.toolName.isEmpty() ? QStringLiteral("a tool") : part.toolName,
                         part.isError ? QStringLiteral(", error") : QString());
    }
    return what;
}

qint64 lineCount(const QByteArray &utf8)
{
    if (utf8.isEmpty())
        return 0;
    return utf8.count('\n') + (utf8.endsWith('\n') ? 0 : 1);
}

QString textFacts(const QString &text)
{
    if (text.isEmpty())
        return QStringLiteral("empty");
    const QByteArray utf8 = text.toUtf8();
    return plural(lineCount(utf8), QStringLiteral("line")) + QStringLiteral(", ") + sizeText(utf8.size());
}

QString callText(const QList<QPair<QString, QJsonValue>> &arguments)
{
    // Written by hand to keep the keys in a reading order (QJsonObject sorts them).
    QString out = QStringLiteral("search_history {");
    bool first = true;
    for (const auto &[key, value] : arguments) {
        if (!first)
            out += QLatin1Char(',');
        first = false;
        const QByteArray pair = QJsonDocument(QJsonArray{key, value}).toJson(QJsonDocument::Compact);
        // ["key",value] -> "key":value
        const QString inner = QString::fromUtf8(pair.mid(1, pair.size() - 2));
        const qsizetype comma = inner.indexOf(QLatin1String("\","));
        out += inner.left(comma + 1) + QLatin1Char(':') + inner.mid(comma + 2);
    }
    return out + QLatin1Char('}');
}

} // namespace valis::tools::history
