#include "valis/wire/anthropicmessages.h"

#include "valis/wire/wireformat.h"

#include <QCoreApplication>

#include <algorithm>

namespace valis::wire::anthropic {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::wire::anthropic)
};

Error invalid(const QString &path, const QString &message)
{
    return Error(QStringLiteral("wire.invalid"), message, path);
}

QString childPath(const QString &path, QLatin1String key)
{
    return path.isEmpty() ? QString(key) : path + QLatin1Char('.') + key;
}

// Keys of the wire objects (see the header).
const QString keyExtra = QStringLiteral("extra");
const QString keyType = QStringLiteral("type");
const QString keyContentString = QStringLiteral("contentString");
const QString keyEmptyContent = QStringLiteral("emptyContent");
const QString keyRaw = QStringLiteral("raw");
const QString keyUnmerged = QStringLiteral("unmerged");

// Anthropic JSON keys used more than once.
const QString jType = QStringLiteral("type");
const QString jText = QStringLiteral("text");
const QString jContent = QStringLiteral("content");
const QString jRole = QStringLiteral("role");
const QString jSource = QStringLiteral("source");
const QString jToolUseId = QStringLiteral("tool_use_id");

QJsonObject anthropicHints(const QJsonObject &wire)
{
    return wire.value(anthropicMessages).toObject();
}

/// The block type a part becomes when its wire entry names none.
QString impliedType(const Part &part)
{
    switch (part.kind) {
    case PartKind::Text:
        return QStringLiteral("text");
    case PartKind::Thinking:
        return part.redactedData.isEmpty() ? QStringLiteral("thinking") : QStringLiteral("redacted_thinking");
    case PartKind::ToolCall:
        return QStringLiteral("tool_use");
    case PartKind::ToolResult:
        return QStringLiteral("tool_result");
    case PartKind::Image:
        return QStringLiteral("image");
    }
    Q_UNREACHABLE();
}

/// tool_result and mcp_tool_result carry model-visible content the record keeps as parts;
/// the other *_tool_result blocks are server results whose content stays verbatim.
bool hasPartContent(const QString &type)
{
    return type == QLatin1String("tool_result") || type == QLatin1String("mcp_tool_result");
}

bool isToolCallType(const QString &type)
{
    return type == QLatin1String("tool_use") || type == QLatin1String("server_tool_use")
        || type == QLatin1String("mcp_tool_use");
}

bool isServerResultType(const QString &type)
{
    return type.endsWith(QLatin1String("_tool_result")) && !hasPartContent(type);
}

/// A thinking part with nothing that ties it to Anthropic: another provider's reasoning.
bool isForeignReasoning(const Part &part)
{
    return part.kind == PartKind::Thinking && part.signature.isEmpty() && part.redactedData.isEmpty()
        && !part.wire.contains(anthropicMessages);
}

/// Readable text for web search results, so they can be read and searched in the record.
QList<Part> webSearchTextParts(const QJsonValue &content)
{
    QList<Part> parts;
    const QJsonArray results = content.toArray();
    for (const QJsonValue &value : results) {
        const QJsonObject result = value.toObject();
        if (result.value(jType).toString() != QLatin1String("web_search_result"))
            continue;
        parts.append(Part::makeText(result.value(QStringLiteral("title")).toString() + QLatin1Char('\n')
                                    + result.value(QStringLiteral("url")).toString()));
    }
    return parts;
}

/// Fills part.image from an image source when the source is in a canonical form that comes
/// back identical; returns false to keep the source verbatim instead.
bool readImageSource(const QJsonObject &source, Part *part)
{
    const QString sourceType = source.value(jType).toString();
    if (sourceType == QLatin1String("base64")) {
        const QJsonValue mediaType = source.value(QStringLiteral("media_type"));
        const QJsonValue data = source.value(QStringLiteral("data"));
        if (!mediaType.isString() || !data.isString() || source.size() != 3)
            return false;
        const QByteArray encoded = data.toString().toLatin1();
        const auto decoded = QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded || decoded.decoded.toBase64() != encoded)
            return false;
        part->image.mediaType = mediaType.toString();
        part->image.data = decoded.decoded;
        return true;
    }
    if (sourceType == QLatin1String("url")) {
        const QJsonValue url = source.value(QStringLiteral("url"));
        if (!url.isString() || source.size() != 2)
            return false;
        part->image.uri = url.toString();
        return true;
    }
    return false;
}

QJsonObject imageSourceToJson(const ImageRef &image)
{
    if (!image.data.isEmpty() || image.uri.isEmpty()) {
        return QJsonObject{{jType, QStringLiteral("base64")},
                           {QStringLiteral("media_type"), image.mediaType},
                           {QStringLiteral("data"), QString::fromLatin1(image.data.toBase64())}};
    }
    return QJsonObject{{jType, QStringLiteral("url")}, {QStringLiteral("url"), image.uri}};
}

QJsonValue toolResultContentToJson(const Part &part, const QJsonObject &hints)
{
    if (hints.value(keyContentString).toBool() && part.content.size() == 1
        && part.content.first().kind == PartKind::Text
        && !part.content.first().wire.contains(anthropicMessages)) {
        return part.content.first().text;
    }
    if (part.content.isEmpty())
        return hints.value(keyEmptyContent).toBool() ? QJsonValue(QJsonArray()) : QJsonValue(QJsonValue::Undefined);
    return contentToJson(part.content);
}

QJsonValue messageContentToJson(const Message &message)
{
    const QJsonObject hints = anthropicHints(message.wire);
    if (hints.value(keyContentString).toBool() && message.parts.size() == 1
        && message.parts.first().kind == PartKind::Text
        && !message.parts.first().wire.contains(anthropicMessages)) {
        return message.parts.first().text;
    }
    return contentToJson(message.parts);
}

QJsonArray asBlockArray(const QJsonValue &content)
{
    if (content.isString())
        return QJsonArray{QJsonObject{{jType, QStringLiteral("text")}, {jText, content.toString()}}};
    return content.toArray();
}

/// Parses the fields of a known block type into `part`, removing them from `rest`.
/// Returns false for a type this converter does not know.
Result<bool> readKnownBlock(const QString &type, const QJsonObject &block, const QString &path,
                            Part *part, QJsonObject *rest, QJsonObject *hints)
{
    if (type == QLatin1String("text")) {
        const QJsonValue text = block.value(jText);
        if (!text.isString())
            return invalid(path, Text::tr("a text block needs a \"text\" string"));
        *part = Part::makeText(text.toString());
        rest->remove(jText);
        return true;
    }
    if (type == QLatin1String("thinking")) {
        const QJsonValue thinking = block.value(QStringLiteral("thinking"));
        const QJsonValue signature = block.value(QStringLiteral("signature"));
        if (!thinking.isString())
            return invalid(path, Text::tr("a thinking block needs a \"thinking\" string"));
        if (!signature.isUndefined() && !signature.isString())
            return invalid(path, Text::tr("a thinking block's \"signature\" must be a string"));
        *part = Part::makeThinking(thinking.toString(), signature.toString());
        rest->remove(QStringLiteral("thinking"));
        // An empty signature stays in "extra": it marks the part as Anthropic's own.
        if (!signature.toString().isEmpty())
            rest->remove(QStringLiteral("signature"));
        return true;
    }
    if (type == QLatin1String("redacted_thinking")) {
        const QJsonValue data = block.value(QStringLiteral("data"));
        if (!data.isString())
            return invalid(path, Text::tr("a redacted_thinking block needs a \"data\" string"));
        *part = Part::makeThinking(QString());
        part->redactedData = data.toString();
        rest->remove(QStringLiteral("data"));
        return true;
    }
    if (isToolCallType(type)) {
        const QJsonValue id = block.value(QStringLiteral("id"));
        const QJsonValue name = block.value(QStringLiteral("name"));
        if (!id.isString() || !name.isString())
            return invalid(path, Text::tr("a %1 block needs \"id\" and \"name\" strings").arg(type));
        *part = Part::makeToolCall(id.toString(), name.toString(), block.value(QStringLiteral("input")));
        rest->remove(QStringLiteral("id"));
        rest->remove(QStringLiteral("name"));
        rest->remove(QStringLiteral("input"));
        return true;
    }
    if (hasPartContent(type) || isServerResultType(type)) {
        const QJsonValue callId = block.value(jToolUseId);
        if (!callId.isString())
            return invalid(path, Text::tr("a %1 block needs a \"tool_use_id\" string").arg(type));
        *part = Part::makeToolResult(callId.toString(), {});
        rest->remove(jToolUseId);
        const QJsonValue content = block.value(jContent);
        if (isServerResultType(type)) {
            // The server's own result format (encrypted content, error objects) stays verbatim.
            if (type == QLatin1String("web_search_tool_result"))
                part->content = webSearchTextParts(content);
            part->isError = content.isObject()
                && content.toObject().value(jType).toString().endsWith(QLatin1String("_error"));
            return true;
        }
        if (content.isString()) {
            part->content = {Part::makeText(content.toString())};
            hints->insert(keyContentString, true);
        } else if (content.isArray()) {
            Result<QList<Part>> parts = contentFromJson(content.toArray(), childPath(path, QLatin1String("content")));
            if (!parts.ok())
                return parts.error();
            part->content = std::move(parts.value());
            if (part->content.isEmpty())
                hints->insert(keyEmptyContent, true);
        } else if (!content.isUndefined()) {
            return invalid(path, Text::tr("a %1 block's \"content\" must be a string or an array").arg(type));
        }
        rest->remove(jContent);
        const QJsonValue isError = block.value(QStringLiteral("is_error"));
        // `is_error: false` is kept in "extra": the record cannot tell it from an absent flag.
        if (isError.isBool() && isError.toBool()) {
            part->isError = true;
            rest->remove(QStringLiteral("is_error"));
        }
        return true;
    }
    if (type == QLatin1String("image")) {
        const QJsonValue source = block.value(jSource);
        if (!source.isObject())
            return invalid(path, Text::tr("an image block needs a \"source\" object"));
        *part = Part::makeImage({});
        if (readImageSource(source.toObject(), part))
            rest->remove(jSource);
        else
            part->image.mediaType = source.toObject().value(QStringLiteral("media_type")).toString();
        return true;
    }
    return false;
}

} // namespace

Result<Part> contentBlockFromJson(const QJsonObject &block, const QString &path)
{
    const QJsonValue typeValue = block.value(jType);
    if (!typeValue.isString())
        return invalid(path, Text::tr("a content block needs a \"type\" string"));
    const QString type = typeValue.toString();

    Part part;
    QJsonObject rest = block;
    rest.remove(jType);
    QJsonObject hints;
    Result<bool> known = readKnownBlock(type, block, path, &part, &rest, &hints);
    if (!known.ok())
        return known.error();
    if (!known.value()) {
        // Unknown block types survive verbatim; the text, when there is one, stays readable.
        part = Part::makeText(block.value(jText).toString());
        part.wire.insert(anthropicMessages, QJsonObject{{keyRaw, block}});
        return part;
    }

    if (!rest.isEmpty())
        hints.insert(keyExtra, rest);
    if (type != impliedType(part))
        hints.insert(keyType, type);
    if (!hints.isEmpty())
        part.wire.insert(anthropicMessages, hints);
    // Safety net: a block in a shape the mapping does not reproduce is kept as it came.
    if (contentBlockToJson(part) != block) {
        hints.insert(keyRaw, block);
        part.wire.insert(anthropicMessages, hints);
    }
    return part;
}

Result<QList<Part>> contentFromJson(const QJsonArray &blocks, const QString &path)
{
    QList<Part> parts;
    parts.reserve(blocks.size());
    for (qsizetype i = 0; i < blocks.size(); ++i) {
        const QString blockPath = path + QLatin1Char('[') + QString::number(i) + QLatin1Char(']');
        if (!blocks.at(i).isObject())
            return invalid(blockPath, Text::tr("a content block must be an object"));
        Result<Part> part = contentBlockFromJson(blocks.at(i).toObject(), blockPath);
        if (!part.ok())
            return part.error();
        parts.append(std::move(part.value()));
    }
    return parts;
}

QJsonObject contentBlockToJson(const Part &part)
{
    const QJsonObject hints = anthropicHints(part.wire);
    const QJsonValue raw = hints.value(keyRaw);
    if (raw.isObject())
        return raw.toObject();

    const QString type = hints.contains(keyType) ? hints.value(keyType).toString() : impliedType(part);
    QJsonObject out{{jType, type}};
    switch (part.kind) {
    case PartKind::Text:
        out.insert(jText, part.text);
        break;
    case PartKind::Thinking:
        if (type == QLatin1String("redacted_thinking")) {
            out.insert(QStringLiteral("data"), part.redactedData);
        } else {
            out.insert(QStringLiteral("thinking"), part.text);
            out.insert(QStringLiteral("signature"), part.signature);
        }
        break;
    case PartKind::ToolCall:
        out.insert(QStringLiteral("id"), part.callId);
        out.insert(QStringLiteral("name"), part.toolName);
        if (!part.arguments.isUndefined())
            out.insert(QStringLiteral("input"), part.arguments);
        else if (part.argumentsText)
            out.insert(QStringLiteral("input"), QJsonObject()); // another format's unparsable arguments
        break;
    case PartKind::ToolResult:
        out.insert(jToolUseId, part.callId);
        if (hasPartContent(type)) {
            const QJsonValue content = toolResultContentToJson(part, hints);
            if (!content.isUndefined())
                out.insert(jContent, content);
            if (part.isError)
                out.insert(QStringLiteral("is_error"), true);
        }
        break;
    case PartKind::Image:
        out.insert(jSource, imageSourceToJson(part.image));
        break;
    }
    const QJsonObject extra = hints.value(keyExtra).toObject();
    for (auto it = extra.begin(); it != extra.end(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

QJsonArray contentToJson(const QList<Part> &parts)
{
    QJsonArray blocks;
    for (const Part &part : parts) {
        if (!isForeignReasoning(part))
            blocks.append(contentBlockToJson(part));
    }
    return blocks;
}

Result<Message> messageFromJson(const QJsonObject &message, const QString &path)
{
    const QJsonValue role = message.value(jRole);
    if (!role.isString())
        return invalid(path, Text::tr("a message needs a \"role\" string"));
    const bool assistant = role.toString() == QLatin1String("assistant");
    if (!assistant && role.toString() != QLatin1String("user"))
        return invalid(path, Text::tr("unknown message role \"%1\" (expected user or assistant)").arg(role.toString()));

    Message result;
    result.role = assistant ? Role::Assistant : Role::User;
    QJsonObject hints;
    const QJsonValue content = message.value(jContent);
    if (content.isString()) {
        result.parts = {Part::makeText(content.toString())};
        hints.insert(keyContentString, true);
    } else if (content.isArray()) {
        Result<QList<Part>> parts = contentFromJson(content.toArray(), childPath(path, QLatin1String("content")));
        if (!parts.ok())
            return parts.error();
        result.parts = std::move(parts.value());
        const QJsonArray blocks = content.toArray();
        const bool onlyToolResults = !blocks.isEmpty()
            && std::all_of(blocks.begin(), blocks.end(), [](const QJsonValue &block) {
                   return block.toObject().value(jType).toString() == QLatin1String("tool_result");
               });
        if (!assistant && onlyToolResults)
            result.role = Role::Tool;
    } else {
        return invalid(path, Text::tr("a message needs \"content\" as a string or an array of blocks"));
    }

    QJsonObject extra = message;
    extra.remove(jRole);
    extra.remove(jContent);
    if (!extra.isEmpty())
        hints.insert(keyExtra, extra);
    if (!hints.isEmpty())
        result.wire.insert(anthropicMessages, hints);
    return result;
}

Result<QList<Message>> messagesFromJson(const QJsonArray &messages)
{
    QList<Message> result;
    result.reserve(messages.size());
    QString previousRole;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QString path = QStringLiteral("messages[") + QString::number(i) + QLatin1Char(']');
        if (!messages.at(i).isObject())
            return invalid(path, Text::tr("a message must be an object"));
        const QJsonObject object = messages.at(i).toObject();
        Result<Message> message = messageFromJson(object, path);
        if (!message.ok())
            return message.error();
        const QString role = object.value(jRole).toString();
        if (role == previousRole) {
            QJsonObject hints = anthropicHints(message->wire);
            hints.insert(keyUnmerged, true);
            message->wire.insert(anthropicMessages, hints);
        }
        previousRole = role;
        result.append(std::move(message.value()));
    }
    return result;
}

QJsonObject messageToJson(const Message &message)
{
    QJsonObject out{
        {jRole, message.role == Role::Assistant ? QStringLiteral("assistant") : QStringLiteral("user")},
        {jContent, messageContentToJson(message)},
    };
    const QJsonObject extra = anthropicHints(message.wire).value(keyExtra).toObject();
    for (auto it = extra.begin(); it != extra.end(); ++it)
        out.insert(it.key(), it.value());
    return out;
}

QJsonArray messagesToJson(const QList<Message> &messages)
{
    QJsonArray out;
    QString previousRole;
    for (const Message &message : messages) {
        if (message.role == Role::System)
            continue;
        QJsonObject json = messageToJson(message);
        const QJsonValue content = json.value(jContent);
        if (!message.parts.isEmpty() && content.isArray() && content.toArray().isEmpty())
            continue; // it only held another provider's reasoning: an empty message is refused
        const QString role = json.value(jRole).toString();
        const bool keepSeparate = anthropicHints(message.wire).value(keyUnmerged).toBool();
        if (role == previousRole && !keepSeparate && !out.isEmpty()) {
            // One Anthropic message for what another format split (one tool message per result).
            QJsonObject previous = out.last().toObject();
            QJsonArray blocks = asBlockArray(previous.value(jContent));
            const QJsonArray more = asBlockArray(json.value(jContent));
            for (const QJsonValue &block : more)
                blocks.append(block);
            previous.insert(jContent, blocks);
            out[out.size() - 1] = previous;
            continue;
        }
        out.append(json);
        previousRole = role;
    }
    return out;
}

Result<Message> systemFromJson(const QJsonValue &system)
{
    Message result;
    result.role = Role::System;
    if (system.isString()) {
        result.parts = {Part::makeText(system.toString())};
        result.wire.insert(anthropicMessages, QJsonObject{{keyContentString, true}});
        return result;
    }
    if (!system.isArray())
        return invalid(QStringLiteral("system"), Text::tr("the system prompt must be a string or an array of text blocks"));
    Result<QList<Part>> parts = contentFromJson(system.toArray(), QStringLiteral("system"));
    if (!parts.ok())
        return parts.error();
    result.parts = std::move(parts.value());
    return result;
}

QJsonValue systemToJson(const Message &system)
{
    return messageContentToJson(system);
}

} // namespace valis::wire::anthropic
