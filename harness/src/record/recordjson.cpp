#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace valis::recordjson {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::recordjson)
};

Error invalid(const QString &what)
{
    return Error(QStringLiteral("record.invalid-json"), what);
}

void putIfNotEmpty(QJsonObject &json, const char *key, const QString &value)
{
    if (!value.isEmpty())
        json.insert(QLatin1String(key), value);
}

void putIfNotEmpty(QJsonObject &json, const char *key, const QJsonObject &value)
{
    if (!value.isEmpty())
        json.insert(QLatin1String(key), value);
}

QString str(const QJsonObject &json, const char *key)
{
    return json.value(QLatin1String(key)).toString();
}

QJsonObject usageToJson(const Usage &usage)
{
    QJsonObject json;
    const auto put = [&json](const char *key, qint64 value) {
        if (value >= 0)
            json.insert(QLatin1String(key), value);
    };
    put("input_tokens", usage.inputTokens);
    put("output_tokens", usage.outputTokens);
    put("cache_write_tokens", usage.cacheWriteTokens);
    put("cache_read_tokens", usage.cacheReadTokens);
    return json;
}

Usage usageFromJson(const QJsonObject &json)
{
    const auto get = [&json](const char *key) {
        const QJsonValue value = json.value(QLatin1String(key));
        return value.isDouble() ? qint64(value.toDouble()) : qint64(-1);
    };
    Usage usage;
    usage.inputTokens = get("input_tokens");
    usage.outputTokens = get("output_tokens");
    usage.cacheWriteTokens = get("cache_write_tokens");
    usage.cacheReadTokens = get("cache_read_tokens");
    return usage;
}

} // namespace

QJsonObject toJson(const Usage &usage)
{
    return usageToJson(usage);
}

QString formatTimestamp(const QDateTime &time)
{
    if (!time.isValid())
        return {};
    return time.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime parseTimestamp(const QString &text)
{
    QDateTime time = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!time.isValid())
        time = QDateTime::fromString(text, Qt::ISODate);
    return time.isValid() ? time.toUTC() : QDateTime();
}

QJsonObject toJson(const Part &part)
{
    QJsonObject json;
    json.insert(QLatin1String("type"), partKindName(part.kind));
    switch (part.kind) {
    case PartKind::Text:
        json.insert(QLatin1String("text"), part.text);
        break;
    case PartKind::Thinking:
        json.insert(QLatin1String("text"), part.text);
        putIfNotEmpty(json, "signature", part.signature);
        putIfNotEmpty(json, "redacted_data", part.redactedData);
        break;
    case PartKind::ToolCall:
        json.insert(QLatin1String("call_id"), part.callId);
        json.insert(QLatin1String("name"), part.toolName);
        if (!part.arguments.isUndefined())
            json.insert(QLatin1String("arguments"), part.arguments);
        if (part.argumentsText)
            json.insert(QLatin1String("arguments_text"), *part.argumentsText);
        break;
    case PartKind::ToolResult: {
        json.insert(QLatin1String("call_id"), part.callId);
        putIfNotEmpty(json, "name", part.toolName);
        QJsonArray content;
        for (const Part &inner : part.content)
            content.append(toJson(inner));
        json.insert(QLatin1String("content"), content);
        if (part.isError)
            json.insert(QLatin1String("is_error"), true);
        if (part.captured.isCaptured()) {
            json.insert(QLatin1String("captured"),
                        QJsonObject{{QLatin1String("key"), part.captured.key},
                                    {QLatin1String("placeholder"), part.captured.placeholder}});
        }
        break;
    }
    case PartKind::Image:
        putIfNotEmpty(json, "media_type", part.image.mediaType);
        putIfNotEmpty(json, "uri", part.image.uri);
        if (!part.image.data.isEmpty())
            json.insert(QLatin1String("data"), QString::fromLatin1(part.image.data.toBase64()));
        break;
    }
    putIfNotEmpty(json, "wire", part.wire);
    return json;
}

Result<Part> partFromJson(const QJsonObject &json)
{
    Part part;
    const QString type = str(json, "type");
    if (!partKindFromName(type, &part.kind))
        return invalid(Text::tr("unknown part type \"%1\"").arg(type));
    part.wire = json.value(QLatin1String("wire")).toObject();
    switch (part.kind) {
    case PartKind::Text:
        if (!json.value(QLatin1String("text")).isString())
            return invalid(Text::tr("a text part has no \"text\" string"));
        part.text = str(json, "text");
        break;
    case PartKind::Thinking:
        part.text = str(json, "text");
        part.signature = str(json, "signature");
        part.redactedData = str(json, "redacted_data");
        break;
    case PartKind::ToolCall:
        part.callId = str(json, "call_id");
        part.toolName = str(json, "name");
        if (part.toolName.isEmpty())
            return invalid(Text::tr("a tool call has no \"name\""));
        part.arguments = json.value(QLatin1String("arguments"));
        if (json.contains(QLatin1String("arguments_text")))
            part.argumentsText = str(json, "arguments_text");
        break;
    case PartKind::ToolResult: {
        part.callId = str(json, "call_id");
        part.toolName = str(json, "name");
        part.isError = json.value(QLatin1String("is_error")).toBool();
        const QJsonObject captured = json.value(QLatin1String("captured")).toObject();
        part.captured.key = str(captured, "key");
        part.captured.placeholder = str(captured, "placeholder");
        const QJsonArray content = json.value(QLatin1String("content")).toArray();
        for (const QJsonValue &value : content) {
            Result<Part> inner = partFromJson(value.toObject());
            if (!inner.ok())
                return inner.error();
            part.content.append(std::move(inner).value());
        }
        break;
    }
    case PartKind::Image:
        part.image.mediaType = str(json, "media_type");
        part.image.uri = str(json, "uri");
        part.image.data = QByteArray::fromBase64(str(json, "data").toLatin1());
        if (part.image.uri.isEmpty() && part.image.data.isEmpty())
            return invalid(Text::tr("an image part has neither \"uri\" nor \"data\""));
        break;
    }
    return part;
}

QJsonObject toJson(const Message &message)
{
    QJsonObject json;
    json.insert(QLatin1String("id"), message.id);
    putIfNotEmpty(json, "parent_id", message.parentId);
    json.insert(QLatin1String("role"), roleName(message.role));
    QJsonArray parts;
    for (const Part &part : message.parts)
        parts.append(toJson(part));
    json.insert(QLatin1String("parts"), parts);
    putIfNotEmpty(json, "created_at", formatTimestamp(message.createdAt));
    putIfNotEmpty(json, "model", message.model);
    putIfNotEmpty(json, "stop_reason", message.stopReason);
    putIfNotEmpty(json, "usage", usageToJson(message.usage));
    putIfNotEmpty(json, "metadata", message.metadata);
    putIfNotEmpty(json, "wire", message.wire);
    if (message.seq >= 0)
        json.insert(QLatin1String("seq"), message.seq);
    if (message.turn >= 0)
        json.insert(QLatin1String("turn"), message.turn);
    return json;
}

Result<Message> messageFromJson(const QJsonObject &json)
{
    Message message;
    message.id = str(json, "id");
    if (message.id.isEmpty())
        return invalid(Text::tr("a message has no \"id\""));
    const QString role = str(json, "role");
    if (!roleFromName(role, &message.role))
        return invalid(Text::tr("message %1 has an unknown role \"%2\"").arg(message.id, role));
    if (!json.value(QLatin1String("parts")).isArray())
        return invalid(Text::tr("message %1 has no \"parts\" array").arg(message.id));
    const QJsonArray parts = json.value(QLatin1String("parts")).toArray();
    for (const QJsonValue &value : parts) {
        if (!value.isObject())
            return invalid(Text::tr("message %1 has a part that is not an object").arg(message.id));
        Result<Part> part = partFromJson(value.toObject());
        if (!part.ok())
            return Error(part.error().code,
                         Text::tr("message %1: %2").arg(message.id, part.error().message));
        message.parts.append(std::move(part).value());
    }
    message.parentId = str(json, "parent_id");
    message.createdAt = parseTimestamp(str(json, "created_at"));
    message.model = str(json, "model");
    message.stopReason = str(json, "stop_reason");
    message.usage = usageFromJson(json.value(QLatin1String("usage")).toObject());
    message.metadata = json.value(QLatin1String("metadata")).toObject();
    message.wire = json.value(QLatin1String("wire")).toObject();
    message.seq = json.value(QLatin1String("seq")).toInteger(-1);
    message.turn = int(json.value(QLatin1String("turn")).toInteger(-1));
    return message;
}

QJsonObject toJson(const SessionInfo &session)
{
    QJsonObject json;
    json.insert(QLatin1String("id"), session.id);
    putIfNotEmpty(json, "title", session.title);
    putIfNotEmpty(json, "workspace", session.workspace);
    putIfNotEmpty(json, "model", session.model);
    putIfNotEmpty(json, "created_at", formatTimestamp(session.createdAt));
    putIfNotEmpty(json, "updated_at", formatTimestamp(session.updatedAt));
    QJsonObject origin;
    putIfNotEmpty(origin, "kind", session.originKind);
    putIfNotEmpty(origin, "path", session.originPath);
    putIfNotEmpty(origin, "id", session.originId);
    putIfNotEmpty(json, "origin", origin);
    QJsonObject parent;
    putIfNotEmpty(parent, "session_id", session.parentSessionId);
    putIfNotEmpty(parent, "message_id", session.parentMessageId);
    putIfNotEmpty(parent, "tool_call_id", session.parentToolCallId);
    putIfNotEmpty(json, "parent", parent);
    putIfNotEmpty(json, "metadata", session.metadata);
    putIfNotEmpty(json, "active_leaf", session.activeLeafId);
    return json;
}

Result<SessionInfo> sessionFromJson(const QJsonObject &json)
{
    SessionInfo session;
    session.id = str(json, "id");
    if (session.id.isEmpty())
        return invalid(Text::tr("a session has no \"id\""));
    session.title = str(json, "title");
    session.workspace = str(json, "workspace");
    session.model = str(json, "model");
    session.createdAt = parseTimestamp(str(json, "created_at"));
    session.updatedAt = parseTimestamp(str(json, "updated_at"));
    const QJsonObject origin = json.value(QLatin1String("origin")).toObject();
    session.originKind = str(origin, "kind");
    session.originPath = str(origin, "path");
    session.originId = str(origin, "id");
    const QJsonObject parent = json.value(QLatin1String("parent")).toObject();
    session.parentSessionId = str(parent, "session_id");
    session.parentMessageId = str(parent, "message_id");
    session.parentToolCallId = str(parent, "tool_call_id");
    session.metadata = json.value(QLatin1String("metadata")).toObject();
    session.activeLeafId = str(json, "active_leaf");
    return session;
}

} // namespace valis::recordjson
