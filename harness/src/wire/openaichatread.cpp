// OpenAI Chat Completions messages -> record.
#include "valis/wire/openaichat.h"

#include "wire/openaichatdetail.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace valis::wire::openaichat {

using namespace detail;

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::wire::openaichat)
};

Error invalid(const QString &message)
{
    return Error(QStringLiteral("wire.invalid"), message);
}

/// Takes `key` out of `object` (the keys left over are kept verbatim).
QJsonValue take(QJsonObject &object, QLatin1String key)
{
    return object.contains(key) ? object.take(key) : QJsonValue(QJsonValue::Undefined);
}

void setHints(QJsonObject &wire, const QJsonObject &hints)
{
    if (!hints.isEmpty())
        wire.insert(openAiChat, hints);
}

void keepExtra(QJsonObject &hints, const QJsonObject &rest, QLatin1String key = hint::extra)
{
    if (!rest.isEmpty())
        hints.insert(key, rest);
}

/// Reads a data: URL into bytes when it is base64, and keeps any other URL as the uri.
ImageRef imageFromUrl(const QString &url)
{
    ImageRef image;
    if (url.startsWith(QLatin1String("data:"))) {
        const qsizetype comma = url.indexOf(QLatin1Char(','));
        const QString header = comma > 0 ? url.mid(5, comma - 5) : QString();
        if (comma > 0 && header.endsWith(QLatin1String(";base64"))) {
            const auto decoded = QByteArray::fromBase64Encoding(url.mid(comma + 1).toLatin1(),
                                                                QByteArray::AbortOnBase64DecodingErrors);
            if (decoded) {
                image.mediaType = header.chopped(7);
                image.data = *decoded;
                return image;
            }
        }
    }
    image.uri = url;
    return image;
}

struct ContentRead
{
    QList<Part> parts;
    QJsonArray verbatim; ///< {at, part} for content parts the record has no kind for.
};

Result<Part> readImage(QJsonObject item)
{
    const QJsonObject imageObject = take(item, QLatin1String("image_url")).toObject();
    QJsonObject imageRest = imageObject;
    const QString url = take(imageRest, QLatin1String("url")).toString();
    const QJsonValue detail = take(imageRest, QLatin1String("detail"));
    Part part = Part::makeImage(imageFromUrl(url));
    QJsonObject hints;
    keepExtra(hints, item);
    keepExtra(hints, imageRest, hint::imageUrl);
    if (!detail.isUndefined())
        hints.insert(hint::detail, detail);
    if (imageUrl(part.image) != url)
        hints.insert(hint::url, url);
    setHints(part.wire, hints);
    return part;
}

Result<ContentRead> readContentArray(const QJsonArray &array)
{
    ContentRead read;
    for (qsizetype i = 0; i < array.size(); ++i) {
        if (!array.at(i).isObject())
            return invalid(Text::tr("content part %1 is not an object").arg(i));
        QJsonObject item = array.at(i).toObject();
        const QString type = item.value(QLatin1String("type")).toString();
        const bool isText = type == QLatin1String("text") && item.value(QLatin1String("text")).isString();
        const bool isImage = type == QLatin1String("image_url")
            && item.value(QLatin1String("image_url")).toObject().value(QLatin1String("url")).isString();
        if (isText) {
            item.remove(QLatin1String("type"));
            Part part = Part::makeText(take(item, QLatin1String("text")).toString());
            QJsonObject hints;
            keepExtra(hints, item);
            setHints(part.wire, hints);
            read.parts << part;
        } else if (isImage) {
            item.remove(QLatin1String("type"));
            Result<Part> image = readImage(item);
            if (!image.ok())
                return image.error();
            read.parts << image.value();
        } else if (item.value(QLatin1String("type")).isString()) {
            // input_audio, file, refusal, and types newer than this converter.
            read.verbatim.append(QJsonObject{{QLatin1String("at"), read.parts.size() + read.verbatim.size()},
                                             {QLatin1String("part"), item}});
        } else {
            return invalid(Text::tr("content part %1 has no type").arg(i));
        }
    }
    return read;
}

/// Reads `content` into parts and records in `hints` what the parts alone would not say.
Result<QList<Part>> readContent(QJsonObject &rest, QJsonObject &hints, EmptyContent empty)
{
    const QJsonValue content = take(rest, QLatin1String("content"));
    ContentRead read;
    if (content.isString()) {
        read.parts << Part::makeText(content.toString());
    } else if (content.isArray()) {
        Result<ContentRead> parsed = readContentArray(content.toArray());
        if (!parsed.ok())
            return parsed.error();
        read = parsed.value();
    } else if (!content.isNull() && !content.isUndefined()) {
        return invalid(Text::tr("\"content\" is neither a string, an array nor null"));
    }
    if (!read.verbatim.isEmpty())
        hints.insert(hint::parts, read.verbatim);
    if (encodeContent(read.parts, hints, empty) != content) {
        if (content.isNull())
            hints.insert(hint::content, hint::contentNull);
        else if (content.isUndefined())
            hints.insert(hint::content, hint::contentAbsent);
        else
            hints.insert(hint::content, hint::contentArray);
    }
    return read.parts;
}

Result<Part> readToolCall(const QJsonValue &value, qsizetype index, QLatin1String functionKey)
{
    if (!value.isObject())
        return invalid(Text::tr("tool call %1 is not an object").arg(index));
    QJsonObject rest = value.toObject();
    QJsonObject hints;
    QJsonArray absent;
    const QJsonValue id = take(rest, QLatin1String("id"));
    if (id.isUndefined())
        absent.append(QStringLiteral("id"));
    else if (!id.isString())
        return invalid(Text::tr("the id of tool call %1 is not a string").arg(index));
    const QJsonValue type = take(rest, QLatin1String("type"));
    if (type.isUndefined())
        absent.append(QStringLiteral("type"));
    else if (!type.isString())
        return invalid(Text::tr("the type of tool call %1 is not a string").arg(index));
    else if (type.toString() != QLatin1String("function"))
        hints.insert(hint::type, type);

    const bool custom = type.toString() == QLatin1String("custom");
    const QLatin1String bodyKey = custom ? QLatin1String("custom") : functionKey;
    const QJsonValue body = take(rest, bodyKey);
    if (!body.isObject())
        return invalid(Text::tr("tool call %1 has no \"%2\" object").arg(index).arg(QString(bodyKey)));
    QJsonObject function = body.toObject();
    const QJsonValue name = take(function, QLatin1String("name"));
    if (!name.isString())
        return invalid(Text::tr("tool call %1 has no function name").arg(index));
    const QJsonValue arguments = take(function, custom ? QLatin1String("input") : QLatin1String("arguments"));
    if (arguments.isUndefined() && !custom)
        absent.append(QStringLiteral("arguments"));
    else if (!arguments.isString())
        return invalid(Text::tr("the arguments of tool call %1 are not a string").arg(index));

    Part part = Part::makeToolCallFromText(id.toString(), name.toString(), arguments.toString());
    if (arguments.isUndefined()) {
        part.argumentsText.reset();
        part.arguments = QJsonValue(QJsonValue::Undefined);
    }
    keepExtra(hints, rest);
    keepExtra(hints, function, hint::functionExtra);
    if (!absent.isEmpty())
        hints.insert(hint::absent, absent);
    setHints(part.wire, hints);
    return part;
}

Result<void> readAssistant(QJsonObject &rest, QJsonObject &hints, Message &message)
{
    const QJsonValue reasoning = rest.value(QLatin1String("reasoning_content"));
    if (reasoning.isString()) {
        rest.remove(QLatin1String("reasoning_content"));
        message.parts << Part::makeThinking(reasoning.toString());
    }
    Result<QList<Part>> content = readContent(rest, hints, EmptyContent::Absent);
    if (!content.ok())
        return content.error();
    message.parts << content.value();

    const QJsonValue toolCalls = take(rest, QLatin1String("tool_calls"));
    if (toolCalls.isNull()) {
        hints.insert(hint::toolCalls, hint::toolCallsNull);
    } else if (toolCalls.isArray()) {
        const QJsonArray calls = toolCalls.toArray();
        if (calls.isEmpty())
            hints.insert(hint::toolCalls, hint::toolCallsEmpty);
        for (qsizetype i = 0; i < calls.size(); ++i) {
            Result<Part> call = readToolCall(calls.at(i), i, QLatin1String("function"));
            if (!call.ok())
                return call.error();
            message.parts << call.value();
        }
    } else if (!toolCalls.isUndefined()) {
        return invalid(Text::tr("\"tool_calls\" is not an array"));
    }

    // The legacy single function call, before tool_calls existed.
    const QJsonValue functionCall = rest.value(QLatin1String("function_call"));
    if (functionCall.isObject()) {
        rest.remove(QLatin1String("function_call"));
        QJsonObject asToolCall{{QLatin1String("function"), functionCall}};
        Result<Part> call = readToolCall(asToolCall, 0, QLatin1String("function"));
        if (!call.ok())
            return invalid(Text::tr("\"function_call\" is not a function call: %1").arg(call.error().message));
        Part part = call.value();
        QJsonObject partHints = hintsOf(part.wire);
        partHints.remove(hint::absent);
        partHints.insert(hint::functionCall, true);
        part.wire.insert(openAiChat, partHints);
        message.parts << part;
    }
    return success();
}

Result<void> readTool(QJsonObject &rest, QJsonObject &hints, Message &message, bool legacyFunction)
{
    Part result = Part::makeToolResult(QString(), {});
    if (legacyFunction) {
        const QJsonValue name = take(rest, QLatin1String("name"));
        if (!name.isString())
            return invalid(Text::tr("a function message needs a \"name\""));
        result.toolName = name.toString();
        hints.insert(hint::role, QStringLiteral("function"));
    } else {
        const QJsonValue callId = take(rest, QLatin1String("tool_call_id"));
        if (!callId.isString())
            return invalid(Text::tr("a tool message needs a \"tool_call_id\" string"));
        result.callId = callId.toString();
        // Some servers want the tool's name on its result; it stays in the extras too.
        result.toolName = rest.value(QLatin1String("name")).toString();
    }
    Result<QList<Part>> content = readContent(rest, hints, EmptyContent::EmptyString);
    if (!content.ok())
        return content.error();
    result.content = content.value();
    for (const Part &part : std::as_const(result.content)) {
        if (part.kind == PartKind::Image)
            hints.insert(hint::inlineImages, true);
    }
    message.parts << result;
    return success();
}

} // namespace

Result<Message> messageFromJson(const QJsonObject &json)
{
    QJsonObject rest = json;
    const QJsonValue roleValue = take(rest, QLatin1String("role"));
    if (!roleValue.isString())
        return invalid(Text::tr("the message has no \"role\""));
    const QString role = roleValue.toString();

    Message message;
    QJsonObject hints;
    Result<void> read = success();
    if (role == QLatin1String("system") || role == QLatin1String("developer")
        || role == QLatin1String("user")) {
        message.role = role == QLatin1String("user") ? Role::User : Role::System;
        if (role == QLatin1String("developer"))
            hints.insert(hint::role, role);
        Result<QList<Part>> content = readContent(rest, hints, EmptyContent::EmptyString);
        if (!content.ok())
            return content.error();
        message.parts = content.value();
    } else if (role == QLatin1String("assistant")) {
        message.role = Role::Assistant;
        read = readAssistant(rest, hints, message);
    } else if (role == QLatin1String("tool") || role == QLatin1String("function")) {
        message.role = Role::Tool;
        read = readTool(rest, hints, message, role == QLatin1String("function"));
    } else {
        return invalid(Text::tr("unknown role \"%1\"").arg(role));
    }
    if (!read.ok())
        return read.error();
    keepExtra(hints, rest);
    setHints(message.wire, hints);
    return message;
}

Result<QList<Message>> messagesFromJson(const QJsonArray &json)
{
    QList<Message> messages;
    messages.reserve(json.size());
    for (qsizetype i = 0; i < json.size(); ++i) {
        const QString where = QStringLiteral("messages[%1]").arg(i);
        if (!json.at(i).isObject())
            return Error(QStringLiteral("wire.invalid"), Text::tr("the message is not a JSON object"), where);
        Result<Message> message = messageFromJson(json.at(i).toObject());
        if (!message.ok())
            return Error(message.error().code, message.error().message, where);
        messages << message.value();
    }
    return messages;
}

} // namespace valis::wire::openaichat
