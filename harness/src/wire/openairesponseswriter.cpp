// Writing half of valis::wire::openairesponses: record messages -> Responses items.
#include "valis/wire/openairesponses.h"

#include "valis/wire/wireformat.h"

#include <QJsonObject>

namespace valis::wire::openairesponses {

namespace {

QJsonObject wireOf(const Part &part)
{
    return part.wire.value(openAiResponses).toObject();
}

QString imageUrl(const ImageRef &image)
{
    if (!image.data.isEmpty()) {
        return QStringLiteral("data:") + image.mediaType + QStringLiteral(";base64,")
            + QString::fromLatin1(image.data.toBase64());
    }
    return image.uri;
}

/// The content element for a Text or Image part: its own element when it came from this format,
/// the element any Responses request accepts otherwise.
QJsonObject contentElement(const Part &part, const QJsonObject &extras, bool assistantText)
{
    if (extras.contains(key::rawElement))
        return extras.value(key::rawElement).toObject();
    const bool own = extras.contains(key::element);
    QJsonObject element = extras.value(key::element).toObject();
    if (part.kind == PartKind::Image) {
        if (!own) {
            element.insert(QStringLiteral("type"), QStringLiteral("input_image"));
            element.insert(QStringLiteral("detail"), QStringLiteral("auto"));
        }
        const QString url = imageUrl(part.image);
        if (url.startsWith(openAiFileScheme)) {
            if (!element.contains(QLatin1String("file_id")))
                element.insert(QStringLiteral("file_id"), url.mid(openAiFileScheme.size()));
        } else if (!element.contains(QLatin1String("image_url")) && !url.isEmpty()) {
            element.insert(QStringLiteral("image_url"), url);
        }
        return element;
    }
    if (own) {
        const bool refusal = element.value(QLatin1String("type")).toString() == QLatin1String("refusal");
        element.insert(refusal ? QStringLiteral("refusal") : QStringLiteral("text"), part.text);
        return element;
    }
    if (assistantText) {
        return QJsonObject{{QStringLiteral("type"), QStringLiteral("output_text")},
                           {QStringLiteral("text"), part.text},
                           {QStringLiteral("annotations"), QJsonArray()}};
    }
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("input_text")},
                       {QStringLiteral("text"), part.text}};
}

QString callIdKeyUnlessFromId(const QJsonObject &extras)
{
    return extras.value(key::callIdFrom).toString() == QLatin1String("id") ? QString()
                                                                           : QStringLiteral("call_id");
}

QJsonObject callItem(const Part &part)
{
    const QJsonObject extras = wireOf(part);
    const bool own = extras.contains(key::item);
    QJsonObject item = own ? extras.value(key::item).toObject()
                           : QJsonObject{{QStringLiteral("type"), QStringLiteral("function_call")}};
    const QString type = item.value(QLatin1String("type")).toString();
    const QString callIdKey = callIdKeyUnlessFromId(extras);
    if (!callIdKey.isEmpty())
        item.insert(callIdKey, part.callId);
    if (type == QLatin1String("local_shell_call")) {
        item.insert(QStringLiteral("action"), part.arguments.isObject() ? part.arguments : QJsonObject());
        return item;
    }
    item.insert(QStringLiteral("name"), part.toolName);
    QString arguments = part.argumentsJson();
    if (!own && arguments.isEmpty())
        arguments = QStringLiteral("{}"); // the API wants a JSON object text
    item.insert(type == QLatin1String("custom_tool_call") ? QStringLiteral("input") : QStringLiteral("arguments"),
                arguments);
    return item;
}

QJsonObject outputItem(const Part &part)
{
    const QJsonObject extras = wireOf(part);
    const bool own = extras.contains(key::item);
    QJsonObject item = own ? extras.value(key::item).toObject()
                           : QJsonObject{{QStringLiteral("type"), QStringLiteral("function_call_output")}};
    const QString callIdKey = callIdKeyUnlessFromId(extras);
    if (!callIdKey.isEmpty())
        item.insert(callIdKey, part.callId);

    bool asText = own ? extras.value(key::plainText).toBool() : true;
    if (!own) {
        for (const Part &inner : part.content) {
            if (inner.kind == PartKind::Image)
                asText = false; // only the array form carries images
        }
    }
    if (asText) {
        QString text;
        for (const Part &inner : part.content) {
            if (inner.kind != PartKind::Text)
                continue;
            if (!own && !text.isEmpty())
                text += QLatin1Char('\n');
            text += inner.text;
        }
        item.insert(QStringLiteral("output"), text);
        return item;
    }
    QJsonArray output;
    for (const Part &inner : part.content) {
        if (inner.kind == PartKind::Text || inner.kind == PartKind::Image)
            output.append(contentElement(inner, wireOf(inner), false));
    }
    item.insert(QStringLiteral("output"), output);
    return item;
}

/// Builds the item list; message and reasoning items collect several parts before they are
/// complete, so they stay open until something else starts.
class Writer
{
public:
    void write(const Message &message)
    {
        flush(); // an item never spans two record messages
        for (const Part &part : message.parts) {
            const QJsonObject extras = wireOf(part);
            if (extras.contains(key::rawItem)) {
                flush();
                m_items.append(extras.value(key::rawItem));
                continue;
            }
            switch (part.kind) {
            case PartKind::Text:
            case PartKind::Image:
                writeContent(message.role, part, extras);
                break;
            case PartKind::Thinking:
                writeThinking(part, extras);
                break;
            case PartKind::ToolCall:
                flush();
                m_items.append(callItem(part));
                break;
            case PartKind::ToolResult:
                flush();
                m_items.append(outputItem(part));
                break;
            }
        }
        flush();
    }

    QJsonArray take()
    {
        flush();
        return std::move(m_items);
    }

private:
    enum class Open { None, Message, Reasoning };

    static QString synthesizedRole(Role role, PartKind kind)
    {
        switch (role) {
        case Role::System:
            return QStringLiteral("system");
        case Role::Assistant:
            // Responses has no assistant images; they travel as user input.
            return kind == PartKind::Image ? QStringLiteral("user") : QStringLiteral("assistant");
        case Role::User:
        case Role::Tool:
            return QStringLiteral("user");
        }
        Q_UNREACHABLE();
    }

    void writeContent(Role role, const Part &part, const QJsonObject &extras)
    {
        if (extras.contains(key::item)) {
            flush();
            m_open = Open::Message;
            m_base = extras.value(key::item).toObject();
            m_plainText = extras.value(key::plainText).toBool();
            m_empty = extras.value(key::empty).toBool();
        } else if (extras.isEmpty() || m_open != Open::Message) {
            const QString wanted = synthesizedRole(role, part.kind);
            if (m_open != Open::Message || m_synthesizedRole != wanted) {
                flush();
                m_open = Open::Message;
                m_synthesizedRole = wanted;
                m_base = QJsonObject{{QStringLiteral("type"), QStringLiteral("message")},
                                     {QStringLiteral("role"), wanted}};
            }
        }
        if (m_empty)
            return;
        if (m_plainText) {
            m_text += part.text;
            return;
        }
        const bool assistant = m_base.value(QLatin1String("role")).toString() == QLatin1String("assistant");
        m_content.append(contentElement(part, extras, assistant));
    }

    void writeThinking(const Part &part, const QJsonObject &extras)
    {
        // Reasoning this format did not issue cannot be sent back: the API refuses it.
        if (extras.contains(key::item)) {
            flush();
            m_open = Open::Reasoning;
            m_base = extras.value(key::item).toObject();
            m_empty = extras.value(key::empty).toBool();
        } else if (extras.isEmpty() || m_open != Open::Reasoning) {
            return;
        }
        if (!part.redactedData.isEmpty())
            m_encrypted = part.redactedData;
        if (extras.value(key::empty).toBool())
            return;
        QJsonObject element = extras.value(key::element).toObject();
        element.insert(QStringLiteral("text"), part.text);
        if (extras.value(key::array).toString() == QLatin1String("content"))
            m_reasoningContent.append(element);
        else
            m_summary.append(element);
    }

    void flush()
    {
        QJsonObject item = m_base;
        switch (m_open) {
        case Open::None:
            return;
        case Open::Message:
            if (m_plainText)
                item.insert(QStringLiteral("content"), m_text);
            else if (!m_empty)
                item.insert(QStringLiteral("content"), m_content);
            break;
        case Open::Reasoning:
            if (!m_summary.isEmpty())
                item.insert(QStringLiteral("summary"), m_summary);
            if (!m_reasoningContent.isEmpty())
                item.insert(QStringLiteral("content"), m_reasoningContent);
            if (!m_encrypted.isEmpty())
                item.insert(QStringLiteral("encrypted_content"), m_encrypted);
            break;
        }
        m_items.append(item);
        m_open = Open::None;
        m_base = {};
        m_synthesizedRole.clear();
        m_plainText = false;
        m_empty = false;
        m_text.clear();
        m_content = {};
        m_summary = {};
        m_reasoningContent = {};
        m_encrypted.clear();
    }

    QJsonArray m_items;
    Open m_open = Open::None;
    QJsonObject m_base;
    QString m_synthesizedRole;
    bool m_plainText = false;
    bool m_empty = false;
    QString m_text;
    QJsonArray m_content;
    QJsonArray m_summary;
    QJsonArray m_reasoningContent;
    QString m_encrypted;
};

} // namespace

QJsonArray itemsToJson(const QList<Message> &messages)
{
    Writer writer;
    for (const Message &message : messages)
        writer.write(message);
    return writer.take();
}

} // namespace valis::wire::openairesponses
