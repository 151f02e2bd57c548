#include "valis/record/part.h"

#include "core/enumnames.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace valis {

namespace {
constexpr EnumName<PartKind> kindNames[] = {
    {PartKind::Text, "text"},
    {PartKind::Thinking, "thinking"},
    {PartKind::ToolCall, "tool_call"},
    {PartKind::ToolResult, "tool_result"},
    {PartKind::Image, "image"},
};
} // namespace

QString partKindName(PartKind kind)
{
    return enumName(kindNames, kind);
}

bool partKindFromName(QStringView name, PartKind *kind)
{
    return enumFromName(kindNames, name, kind);
}

Part Part::makeText(const QString &text)
{
    Part part;
    part.kind = PartKind::Text;
    part.text = text;
    return part;
}

Part Part::makeThinking(const QString &text, const QString &signature)
{
    Part part;
    part.kind = PartKind::Thinking;
    part.text = text;
    part.signature = signature;
    return part;
}

Part Part::makeToolCall(const QString &callId, const QString &toolName, const QJsonValue &arguments)
{
    Part part;
    part.kind = PartKind::ToolCall;
    part.callId = callId;
    part.toolName = toolName;
    part.arguments = arguments;
    return part;
}

Part Part::makeToolCallFromText(const QString &callId, const QString &toolName, const QString &argumentsText)
{
    Part part = makeToolCall(callId, toolName, QJsonValue(QJsonValue::Undefined));
    part.argumentsText = argumentsText;
    QJsonParseError error;
    // QJsonDocument only parses objects and arrays; wrap so scalars and "" are handled too.
    const QByteArray wrapped = "[" + argumentsText.toUtf8() + "]";
    const QJsonDocument document = QJsonDocument::fromJson(wrapped, &error);
    if (error.error == QJsonParseError::NoError && document.isArray() && document.array().size() == 1)
        part.arguments = document.array().first();
    return part;
}

Part Part::makeToolResult(const QString &callId, const QList<Part> &content, bool isError)
{
    Part part;
    part.kind = PartKind::ToolResult;
    part.callId = callId;
    part.content = content;
    part.isError = isError;
    return part;
}

Part Part::makeToolResultText(const QString &callId, const QString &text, bool isError)
{
    return makeToolResult(callId, {makeText(text)}, isError);
}

Part Part::makeImage(const ImageRef &image)
{
    Part part;
    part.kind = PartKind::Image;
    part.image = image;
    return part;
}

QString Part::argumentsJson() const
{
    if (argumentsText)
        return *argumentsText;
    if (arguments.isObject())
        return QString::fromUtf8(QJsonDocument(arguments.toObject()).toJson(QJsonDocument::Compact));
    if (arguments.isArray())
        return QString::fromUtf8(QJsonDocument(arguments.toArray()).toJson(QJsonDocument::Compact));
    if (arguments.isUndefined() || arguments.isNull())
        return {};
    // A scalar: serialise through a one-element array and strip the brackets.
    const QByteArray json = QJsonDocument(QJsonArray{arguments}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(json.mid(1, json.size() - 2));
}

QString Part::resultText() const
{
    QString joined;
    for (const Part &inner : content) {
        if (inner.kind == PartKind::Text)
            joined += inner.text;
    }
    return joined;
}

QString Part::searchText() const
{
    switch (kind) {
    case PartKind::Text:
    case PartKind::Thinking:
        return text;
    case PartKind::ToolCall:
        return argumentsJson();
    case PartKind::ToolResult: {
        QString joined;
        for (const Part &inner : content) {
            const QString innerText = inner.searchText();
            if (innerText.isEmpty())
                continue;
            if (!joined.isEmpty())
                joined += QLatin1Char('\n');
            joined += innerText;
        }
        return joined;
    }
    case PartKind::Image:
        return {};
    }
    Q_UNREACHABLE();
}

bool Part::operator==(const Part &other) const
{
    return kind == other.kind && text == other.text && signature == other.signature
        && redactedData == other.redactedData && callId == other.callId
        && toolName == other.toolName && arguments == other.arguments
        && argumentsText == other.argumentsText && content == other.content
        && isError == other.isError && captured == other.captured && image == other.image
        && wire == other.wire;
}

} // namespace valis
