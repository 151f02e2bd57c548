// Reading half of valis::wire::openairesponses: Responses items -> record messages.
#include "valis/wire/openairesponses.h"

#include "valis/wire/wireformat.h"

#include <QCoreApplication>
#include <QJsonObject>

namespace valis::wire::openairesponses {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::wire::openairesponses)
};

Error invalid(const QString &where, const QString &text)
{
    return Error(QStringLiteral("wire.invalid"), text, where);
}

QString at(const QString &where, const char *array, qsizetype index)
{
    return where + QLatin1Char('.') + QLatin1String(array) + QLatin1Char('[') + QString::number(index)
        + QLatin1Char(']');
}

void setWire(Part &part, const QJsonObject &extras)
{
    part.wire.insert(openAiResponses, extras);
}

QJsonObject wireOf(const Part &part)
{
    return part.wire.value(openAiResponses).toObject();
}

/// Marks `part` as the first part of an item whose remaining fields are `leftover`.
void markItemStart(Part &part, const QJsonObject &leftover)
{
    QJsonObject extras = wireOf(part);
    extras.insert(key::item, leftover);
    setWire(part, extras);
}

/// A string field that must be there; `field` names it in the error.
Result<QString> requiredString(const QJsonObject &object, const char *field, const QString &where,
                               const QString &what)
{
    const QJsonValue value = object.value(QLatin1String(field));
    if (!value.isString()) {
        return invalid(where, Text::tr("%1 without a string \"%2\"").arg(what, QLatin1String(field)));
    }
    return value.toString();
}

/// Splits a base64 data URL; returns false when `url` is not one that rebuilds byte for byte.
bool parseDataUrl(const QString &url, ImageRef *image)
{
    static const QLatin1String prefix("data:");
    static const QLatin1String marker(";base64,");
    if (!url.startsWith(prefix))
        return false;
    const qsizetype markerAt = url.indexOf(marker);
    if (markerAt < 0)
        return false;
    const QString mediaType = url.mid(prefix.size(), markerAt - prefix.size());
    if (mediaType.contains(QLatin1Char(';')) || mediaType.contains(QLatin1Char(',')))
        return false;
    const QByteArray encoded = url.mid(markerAt + marker.size()).toLatin1();
    const auto decoded = QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.toBase64() != encoded)
        return false;
    image->mediaType = mediaType;
    image->data = decoded.decoded;
    return true;
}

/// One element of a message's content or of a tool output array.
Result<Part> contentPart(const QJsonValue &value, const QString &where)
{
    if (!value.isObject())
        return invalid(where, Text::tr("a content element must be an object"));
    QJsonObject element = value.toObject();
    const QJsonValue typeValue = element.value(QLatin1String("type"));
    if (!typeValue.isString())
        return invalid(where, Text::tr("a content element without a string \"type\""));
    const QString type = typeValue.toString();

    Part part;
    if (type == QLatin1String("input_text") || type == QLatin1String("output_text")
        || type == QLatin1String("refusal")) {
        const char *field = type == QLatin1String("refusal") ? "refusal" : "text";
        Result<QString> text = requiredString(element, field, where, type);
        if (!text.ok())
            return text.error();
        part = Part::makeText(text.value());
        element.remove(QLatin1String(field));
    } else if (type == QLatin1String("input_image")) {
        ImageRef image;
        const QJsonValue url = element.value(QLatin1String("image_url"));
        const QJsonValue fileId = element.value(QLatin1String("file_id"));
        if (url.isString() && !url.toString().isEmpty()) {
            if (!parseDataUrl(url.toString(), &image))
                image.uri = url.toString();
            element.remove(QLatin1String("image_url"));
        } else if (fileId.isString() && !fileId.toString().isEmpty()) {
            image.uri = openAiFileScheme + fileId.toString();
            element.remove(QLatin1String("file_id"));
        } else {
            // No image the record could point at: keep the element as it is.
            part = Part::makeText(QString());
            setWire(part, QJsonObject{{key::rawElement, element}});
            return part;
        }
        part = Part::makeImage(image);
    } else {
        // input_file, input_audio, ...: the record has no kind for these.
        part = Part::makeText(QString());
        setWire(part, QJsonObject{{key::rawElement, element}});
        return part;
    }
    setWire(part, QJsonObject{{key::element, element}});
    return part;
}

/// A run of parts that came from one item, in order, the first one marked as the item start.
using ItemParts = QList<Part>;

Result<ItemParts> readMessage(const QJsonObject &item, const QString &where)
{
    QJsonObject leftover = item;
    const QJsonValue content = item.value(QLatin1String("content"));
    ItemParts parts;
    if (content.isString()) {
        Part part = Part::makeText(content.toString());
        setWire(part, QJsonObject{{key::plainText, true}});
        parts.append(part);
        leftover.remove(QLatin1String("content"));
    } else if (content.isArray()) {
        const QJsonArray elements = content.toArray();
        for (qsizetype i = 0; i < elements.size(); ++i) {
            Result<Part> part = contentPart(elements.at(i), at(where, "content", i));
            if (!part.ok())
                return part.error();
            parts.append(part.value());
        }
        if (!parts.isEmpty())
            leftover.remove(QLatin1String("content"));
    } else {
        return invalid(where, Text::tr("a message's \"content\" must be a string or an array"));
    }
    if (parts.isEmpty()) {
        Part marker = Part::makeText(QString());
        setWire(marker, QJsonObject{{key::empty, true}});
        parts.append(marker);
    }
    markItemStart(parts.first(), leftover);
    return parts;
}

/// Resolves the call id of a call or output item; local shell items may name it by `id`.
Result<QString> callIdOf(const QJsonObject &item, const QString &type, const QString &where,
                         QJsonObject *leftover, QJsonObject *extras)
{
    const QJsonValue callId = item.value(QLatin1String("call_id"));
    if (callId.isString() && !callId.toString().isEmpty()) {
        leftover->remove(QLatin1String("call_id"));
        return callId.toString();
    }
    const bool localShell = type.startsWith(QLatin1String("local_shell_call"));
    const QJsonValue id = item.value(QLatin1String("id"));
    if (localShell && id.isString() && !id.toString().isEmpty() && !callId.isString()) {
        extras->insert(key::callIdFrom, QStringLiteral("id"));
        return id.toString();
    }
    return invalid(where, Text::tr("%1 without a \"call_id\"").arg(type));
}

Result<ItemParts> readCall(const QJsonObject &item, const QString &type, const QString &where)
{
    QJsonObject leftover = item;
    QJsonObject extras;
    Result<QString> callId = callIdOf(item, type, where, &leftover, &extras);
    if (!callId.ok())
        return callId.error();

    Part part;
    if (type == QLatin1String("local_shell_call")) {
        const QJsonValue action = item.value(QLatin1String("action"));
        if (!action.isObject())
            return invalid(where, Text::tr("local_shell_call without an \"action\" object"));
        part = Part::makeToolCall(callId.value(), QStringLiteral("local_shell"), action);
        leftover.remove(QLatin1String("action"));
    } else {
        Result<QString> name = requiredString(item, "name", where, type);
        if (!name.ok())
            return name.error();
        const char *argumentsField = type == QLatin1String("custom_tool_call") ? "input" : "arguments";
        Result<QString> arguments = requiredString(item, argumentsField, where, type);
        if (!arguments.ok())
            return arguments.error();
        part = Part::makeToolCallFromText(callId.value(), name.value(), arguments.value());
        leftover.remove(QLatin1String("name"));
        leftover.remove(QLatin1String(argumentsField));
    }
    extras.insert(key::item, leftover);
    setWire(part, extras);
    return ItemParts{part};
}

Result<ItemParts> readOutput(const QJsonObject &item, const QString &type, const QString &where)
{
    QJsonObject leftover = item;
    QJsonObject extras;
    Result<QString> callId = callIdOf(item, type, where, &leftover, &extras);
    if (!callId.ok())
        return callId.error();

    const QJsonValue output = item.value(QLatin1String("output"));
    QList<Part> content;
    if (output.isString()) {
        content.append(Part::makeText(output.toString()));
        extras.insert(key::plainText, true);
    } else if (output.isArray()) {
        const QJsonArray elements = output.toArray();
        for (qsizetype i = 0; i < elements.size(); ++i) {
            Result<Part> part = contentPart(elements.at(i), at(where, "output", i));
            if (!part.ok())
                return part.error();
            content.append(part.value());
        }
    } else {
        return invalid(where, Text::tr("%1's \"output\" must be a string or an array").arg(type));
    }
    leftover.remove(QLatin1String("output"));
    Part part = Part::makeToolResult(callId.value(), content);
    extras.insert(key::item, leftover);
    setWire(part, extras);
    return ItemParts{part};
}

/// Appends one Thinking part per element of a reasoning item's `summary` or `content` array.
Result<void> readReasoningArray(const QJsonObject &item, const char *array, const QString &where,
                                QJsonObject *leftover, ItemParts *parts)
{
    const QJsonValue value = item.value(QLatin1String(array));
    if (!value.isArray() || value.toArray().isEmpty())
        return success(); // absent, null or []: kept verbatim in the leftover
    const QJsonArray elements = value.toArray();
    for (qsizetype i = 0; i < elements.size(); ++i) {
        const QString elementWhere = at(where, array, i);
        if (!elements.at(i).isObject())
            return invalid(elementWhere, Text::tr("a reasoning element must be an object"));
        QJsonObject element = elements.at(i).toObject();
        Result<QString> text = requiredString(element, "text", elementWhere, QStringLiteral("reasoning element"));
        if (!text.ok())
            return text.error();
        element.remove(QLatin1String("text"));
        Part part = Part::makeThinking(text.value());
        setWire(part, QJsonObject{{key::element, element}, {key::array, QLatin1String(array)}});
        parts->append(part);
    }
    leftover->remove(QLatin1String(array));
    return success();
}

Result<ItemParts> readReasoning(const QJsonObject &item, const QString &where)
{
    QJsonObject leftover = item;
    ItemParts parts;
    for (const char *array : {"summary", "content"}) {
        const QJsonValue value = item.value(QLatin1String(array));
        if (!value.isUndefined() && !value.isNull() && !value.isArray())
            return invalid(where, Text::tr("a reasoning item's \"%1\" must be an array").arg(QLatin1String(array)));
        Result<void> read = readReasoningArray(item, array, where, &leftover, &parts);
        if (!read.ok())
            return read.error();
    }
    if (parts.isEmpty()) {
        Part marker = Part::makeThinking(QString());
        setWire(marker, QJsonObject{{key::empty, true}});
        parts.append(marker);
    }
    const QJsonValue encrypted = item.value(QLatin1String("encrypted_content"));
    if (encrypted.isString() && !encrypted.toString().isEmpty()) {
        parts.first().redactedData = encrypted.toString();
        leftover.remove(QLatin1String("encrypted_content"));
    }
    markItemStart(parts.first(), leftover);
    return parts;
}

/// Where an item goes in the record.
enum class Side {
    Assistant, ///< joins (or opens) the assistant message
    Tool,      ///< joins (or opens) the tool message
    Own,       ///< a message of its own (user, system, developer message items)
    Previous,  ///< rides along with the message before it
};

bool isAssistantSideOpaque(const QString &type)
{
    static const QLatin1String known[] = {
        QLatin1String("mcp_list_tools"), QLatin1String("mcp_approval_request"),
        QLatin1String("image_generation_call"), QLatin1String("compaction"),
        QLatin1String("compaction_summary"), QLatin1String("context_compaction"),
    };
    if (type.endsWith(QLatin1String("_call")))
        return true;
    for (const QLatin1String &name : known) {
        if (type == name)
            return true;
    }
    return false;
}

/// Builds the message list, applying the grouping rules.
class Grouper
{
public:
    void add(Side side, Role role, const ItemParts &parts)
    {
        switch (side) {
        case Side::Assistant:
        case Side::Tool: {
            const Role groupRole = side == Side::Assistant ? Role::Assistant : Role::Tool;
            if (m_open != side || m_messages.isEmpty())
                open(groupRole, side);
            break;
        }
        case Side::Own:
            open(role, Side::Own);
            break;
        case Side::Previous:
            if (m_messages.isEmpty())
                open(Role::User, Side::Own);
            break;
        }
        m_messages.last().parts.append(parts);
    }

    QList<Message> take() { return std::move(m_messages); }

private:
    void open(Role role, Side side)
    {
        Message message;
        message.role = role;
        m_messages.append(message);
        m_open = side;
    }

    QList<Message> m_messages;
    Side m_open = Side::Own;
};

Result<Role> messageRole(const QJsonObject &item, const QString &where)
{
    const QJsonValue role = item.value(QLatin1String("role"));
    if (!role.isString())
        return invalid(where, Text::tr("a message item without a string \"role\""));
    const QString name = role.toString();
    if (name == QLatin1String("user"))
        return Role::User;
    if (name == QLatin1String("assistant"))
        return Role::Assistant;
    if (name == QLatin1String("system") || name == QLatin1String("developer"))
        return Role::System;
    return invalid(where, Text::tr("unknown message role \"%1\"").arg(name));
}

} // namespace

Result<QList<Message>> itemsFromJson(const QJsonArray &items)
{
    Grouper grouper;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString where = QStringLiteral("items[") + QString::number(i) + QLatin1Char(']');
        if (!items.at(i).isObject())
            return invalid(where, Text::tr("an item must be an object"));
        const QJsonObject item = items.at(i).toObject();
        const QJsonValue typeValue = item.value(QLatin1String("type"));
        if (typeValue.isUndefined() && !item.contains(QLatin1String("role")))
            return invalid(where, Text::tr("an item with neither \"type\" nor \"role\""));
        if (!typeValue.isUndefined() && !typeValue.isString())
            return invalid(where, Text::tr("an item's \"type\" must be a string"));
        const QString type = typeValue.isUndefined() ? QStringLiteral("message") : typeValue.toString();

        Result<ItemParts> parts = ItemParts{};
        Side side = Side::Assistant;
        Role role = Role::Assistant;
        if (type == QLatin1String("message")) {
            Result<Role> itemRole = messageRole(item, where);
            if (!itemRole.ok())
                return itemRole.error();
            role = itemRole.value();
            side = role == Role::Assistant ? Side::Assistant : Side::Own;
            parts = readMessage(item, where);
        } else if (type == QLatin1String("function_call") || type == QLatin1String("custom_tool_call")
                   || type == QLatin1String("local_shell_call")) {
            parts = readCall(item, type, where);
        } else if (type == QLatin1String("function_call_output")
                   || type == QLatin1String("custom_tool_call_output")
                   || type == QLatin1String("local_shell_call_output")) {
            side = Side::Tool;
            parts = readOutput(item, type, where);
        } else if (type == QLatin1String("reasoning")) {
            parts = readReasoning(item, where);
        } else {
            Part opaque = Part::makeText(QString());
            setWire(opaque, QJsonObject{{key::rawItem, item}});
            parts = ItemParts{opaque};
            if (isAssistantSideOpaque(type))
                side = Side::Assistant;
            else if (type.endsWith(QLatin1String("_output")))
                side = Side::Tool;
            else
                side = Side::Previous;
        }
        if (!parts.ok())
            return parts.error();
        grouper.add(side, role, parts.value());
    }
    return grouper.take();
}

} // namespace valis::wire::openairesponses
