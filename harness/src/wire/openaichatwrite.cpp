// Record -> OpenAI Chat Completions messages.
#include "valis/wire/openaichat.h"

#include "wire/openaichatdetail.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace valis::wire::openaichat {

using namespace detail;

namespace {

QLatin1String roleKey() { return QLatin1String("role"); }
QLatin1String contentKey() { return QLatin1String("content"); }

bool isPlainText(const Part &part)
{
    return part.kind == PartKind::Text && !part.wire.contains(openAiChat);
}

QJsonObject textItem(const Part &part)
{
    QJsonObject item = hintsOf(part.wire).value(hint::extra).toObject();
    item.insert(QLatin1String("type"), QStringLiteral("text"));
    item.insert(QLatin1String("text"), part.text);
    return item;
}

QJsonObject imageItem(const Part &part)
{
    const QJsonObject hints = hintsOf(part.wire);
    QJsonObject item = hints.value(hint::extra).toObject();
    QJsonObject image = hints.value(hint::imageUrl).toObject();
    const QJsonValue originalUrl = hints.value(hint::url);
    image.insert(QLatin1String("url"), originalUrl.isString() ? originalUrl.toString() : imageUrl(part.image));
    if (hints.contains(hint::detail))
        image.insert(QLatin1String("detail"), hints.value(hint::detail));
    item.insert(QLatin1String("type"), QStringLiteral("image_url"));
    item.insert(QLatin1String("image_url"), image);
    return item;
}

bool hasAbsent(const QJsonObject &hints, QLatin1String key)
{
    return hints.value(hint::absent).toArray().contains(QJsonValue(QString(key)));
}

QString argumentsText(const Part &call)
{
    if (call.argumentsText)
        return *call.argumentsText;
    // Chat requires a JSON text; a call from another format without arguments sends "{}".
    const QString json = call.argumentsJson();
    return json.isEmpty() ? QStringLiteral("{}") : json;
}

QJsonObject toolCallObject(const Part &call)
{
    const QJsonObject hints = hintsOf(call.wire);
    QJsonObject object = hints.value(hint::extra).toObject();
    QJsonObject function = hints.value(hint::functionExtra).toObject();
    const QString type = hints.value(hint::type).toString(QStringLiteral("function"));
    if (type == QLatin1String("custom")) {
        function.insert(QLatin1String("name"), call.toolName);
        function.insert(QLatin1String("input"), argumentsText(call));
        object.insert(QLatin1String("custom"), function);
    } else {
        function.insert(QLatin1String("name"), call.toolName);
        if (!hasAbsent(hints, QLatin1String("arguments")))
            function.insert(QLatin1String("arguments"), argumentsText(call));
        object.insert(QLatin1String("function"), function);
    }
    if (!hasAbsent(hints, QLatin1String("type")))
        object.insert(QLatin1String("type"), type);
    if (!hasAbsent(hints, QLatin1String("id")))
        object.insert(QLatin1String("id"), call.callId);
    return object;
}

QJsonObject legacyFunctionCall(const Part &call)
{
    QJsonObject function = hintsOf(call.wire).value(hint::functionExtra).toObject();
    function.insert(QLatin1String("name"), call.toolName);
    function.insert(QLatin1String("arguments"), argumentsText(call));
    return function;
}

void putContent(QJsonObject &object, const QJsonValue &content)
{
    if (!content.isUndefined())
        object.insert(contentKey(), content);
}

QJsonObject plainMessage(const Message &message, const QString &role)
{
    const QJsonObject hints = hintsOf(message.wire);
    QJsonObject object = hints.value(hint::extra).toObject();
    object.insert(roleKey(), role);
    putContent(object, encodeContent(message.parts, hints, EmptyContent::EmptyString));
    return object;
}

QJsonObject assistantMessage(const Message &message)
{
    const QJsonObject hints = hintsOf(message.wire);
    QJsonObject object = hints.value(hint::extra).toObject();
    object.insert(roleKey(), QStringLiteral("assistant"));

    QStringList reasoning;
    bool hasReasoning = false;
    QJsonArray toolCalls;
    for (const Part &part : message.parts) {
        if (part.kind == PartKind::Thinking) {
            // Redacted or encrypted reasoning has no text chat could carry.
            if (part.text.isEmpty() && !part.redactedData.isEmpty())
                continue;
            reasoning << part.text;
            hasReasoning = true;
        } else if (part.kind == PartKind::ToolCall) {
            if (hintsOf(part.wire).value(hint::functionCall).toBool())
                object.insert(QLatin1String("function_call"), legacyFunctionCall(part));
            else
                toolCalls.append(toolCallObject(part));
        }
    }
    if (hasReasoning)
        object.insert(QLatin1String("reasoning_content"), reasoning.join(QStringLiteral("\n\n")));
    putContent(object, encodeContent(message.parts, hints, EmptyContent::Absent));
    const QString toolCallsHint = hints.value(hint::toolCalls).toString();
    if (!toolCalls.isEmpty() || toolCallsHint == hint::toolCallsEmpty)
        object.insert(QLatin1String("tool_calls"), toolCalls);
    else if (toolCallsHint == hint::toolCallsNull)
        object.insert(QLatin1String("tool_calls"), QJsonValue(QJsonValue::Null));
    return object;
}

QJsonObject toolMessage(const Message &message)
{
    const QJsonObject hints = hintsOf(message.wire);
    const Part &result = message.parts.constFirst();
    QJsonObject object = hints.value(hint::extra).toObject();
    if (hints.value(hint::role).toString() == QLatin1String("function")) {
        object.insert(roleKey(), QStringLiteral("function"));
        object.insert(QLatin1String("name"), result.toolName);
    } else {
        object.insert(roleKey(), QStringLiteral("tool"));
        object.insert(QLatin1String("tool_call_id"), result.callId);
    }
    putContent(object, encodeContent(result.content, hints, EmptyContent::EmptyString));
    return object;
}

/// A message chat cannot say in one piece (tool results from another format): each result is
/// its own tool message, in order; images they returned and the message's other parts follow in
/// one user message, since chat tool messages carry text only.
QJsonArray splitMessage(const Message &message)
{
    QJsonArray out;
    QList<Part> userParts;
    QList<Part> rest;
    for (const Part &part : message.parts) {
        if (part.kind != PartKind::ToolResult) {
            rest << part;
            continue;
        }
        QStringList texts;
        int images = 0;
        for (const Part &inner : part.content) {
            if (inner.kind == PartKind::Image) {
                userParts << inner;
                ++images;
            } else if (inner.kind == PartKind::Text) {
                texts << inner.text;
            }
        }
        QString text = texts.join(QLatin1Char('\n'));
        if (images > 0) {
            // Said even beside the tool's own text: otherwise the model sees an image arrive in a
            // user message with nothing tying it to this call.
            const QString note = QCoreApplication::translate("valis::wire::openaichat",
                                                             "(the tool returned images; they follow in the next message)");
            text = text.isEmpty() ? note : text + QLatin1Char('\n') + note;
        }
        out.append(QJsonObject{{roleKey(), QStringLiteral("tool")},
                               {QLatin1String("tool_call_id"), part.callId},
                               {contentKey(), text}});
    }
    userParts << rest;
    bool hasContent = false;
    for (const Part &part : std::as_const(userParts))
        hasContent = hasContent || part.kind == PartKind::Text || part.kind == PartKind::Image;
    if (hasContent) {
        QJsonObject user{{roleKey(), QStringLiteral("user")}};
        putContent(user, encodeContent(userParts, {}, EmptyContent::EmptyString));
        out.append(user);
    }
    return out;
}

} // namespace

namespace detail {

QString imageUrl(const ImageRef &image)
{
    if (image.data.isEmpty())
        return image.uri;
    return QStringLiteral("data:") + image.mediaType + QStringLiteral(";base64,")
        + QString::fromLatin1(image.data.toBase64());
}

QJsonValue encodeContent(const QList<Part> &parts, const QJsonObject &messageHints, EmptyContent empty)
{
    QJsonArray items;
    const Part *onlyText = nullptr;
    for (const Part &part : parts) {
        if (part.kind == PartKind::Text) {
            onlyText = items.isEmpty() ? &part : nullptr;
            items.append(textItem(part));
        } else if (part.kind == PartKind::Image) {
            onlyText = nullptr;
            items.append(imageItem(part));
        }
    }
    // Content parts the record has no kind for go back where they were.
    const QJsonArray verbatim = messageHints.value(hint::parts).toArray();
    for (const QJsonValue &entry : verbatim) {
        const QJsonObject kept = entry.toObject();
        const qsizetype at = qBound<qsizetype>(0, kept.value(QLatin1String("at")).toInteger(), items.size());
        items.insert(at, kept.value(QLatin1String("part")));
    }
    const QString form = messageHints.value(hint::content).toString();
    if (items.isEmpty()) {
        if (form == hint::contentNull)
            return QJsonValue(QJsonValue::Null);
        if (form == hint::contentAbsent)
            return QJsonValue(QJsonValue::Undefined);
        if (form == hint::contentArray)
            return items;
        return empty == EmptyContent::Absent ? QJsonValue(QJsonValue::Undefined) : QJsonValue(QString());
    }
    if (items.size() == 1 && onlyText && isPlainText(*onlyText) && verbatim.isEmpty()
        && form != hint::contentArray) {
        return onlyText->text;
    }
    return items;
}

} // namespace detail

bool mapsOneToOne(const Message &message)
{
    switch (message.role) {
    case Role::System:
    case Role::Assistant:
        return true;
    case Role::User:
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolResult)
                return false;
        }
        return true;
    case Role::Tool: {
        if (message.parts.size() != 1 || message.parts.constFirst().kind != PartKind::ToolResult)
            return false;
        // Images in a tool message are only kept inline when chat sent them that way.
        const Part &result = message.parts.constFirst();
        bool hasImage = false;
        for (const Part &inner : result.content)
            hasImage = hasImage || inner.kind == PartKind::Image;
        return !hasImage || hintsOf(message.wire).value(hint::inlineImages).toBool();
    }
    }
    Q_UNREACHABLE();
}

QJsonArray messageToJsonMessages(const Message &message)
{
    if (!mapsOneToOne(message))
        return splitMessage(message);
    switch (message.role) {
    case Role::System: {
        const bool developer = hintsOf(message.wire).value(hint::role).toString() == QLatin1String("developer");
        return {plainMessage(message, developer ? QStringLiteral("developer") : QStringLiteral("system"))};
    }
    case Role::User:
        return {plainMessage(message, QStringLiteral("user"))};
    case Role::Assistant:
        return {assistantMessage(message)};
    case Role::Tool:
        return {toolMessage(message)};
    }
    Q_UNREACHABLE();
}

QJsonObject messageToJson(const Message &message)
{
    const QJsonArray messages = messageToJsonMessages(message);
    return messages.isEmpty() ? QJsonObject() : messages.first().toObject();
}

QJsonArray messagesToJson(const QList<Message> &messages)
{
    QJsonArray out;
    for (const Message &message : messages) {
        const QJsonArray converted = messageToJsonMessages(message);
        for (const QJsonValue &value : converted)
            out.append(value);
    }
    return out;
}

} // namespace valis::wire::openaichat
