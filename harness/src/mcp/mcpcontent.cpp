#include "valis/mcp/mcpcontent.h"

#include "valis/mcp/mcpschema.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

// Everything here is what a model reads of an MCP server's answer (tool results, resources):
// fixed English, never tr()'d, so the record and the prompt cache do not follow the UI language.
namespace valis {

namespace {

QString sizeText(qint64 bytes)
{
    return QLocale::c().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat);
}

qint64 base64Size(const QString &data)
{
    return qint64(data.size()) * 3 / 4;
}

QString structuredText(const QJsonValue &structured, QJsonDocument::JsonFormat format)
{
    if (structured.isObject())
        return QString::fromUtf8(QJsonDocument(structured.toObject()).toJson(format)).trimmed();
    if (structured.isArray())
        return QString::fromUtf8(QJsonDocument(structured.toArray()).toJson(format)).trimmed();
    return QString::fromUtf8(QJsonDocument(QJsonArray{structured}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
}

} // namespace

QString McpContent::describeResource(const QJsonObject &resource)
{
    QString name = resource.value(QLatin1String("title")).toString();
    if (name.isEmpty())
        name = resource.value(QLatin1String("name")).toString();
    const QString uri = resource.value(QLatin1String("uri")).toString();
    QStringList facts;
    if (resource.contains(QLatin1String("mimeType")))
        facts.append(resource.value(QLatin1String("mimeType")).toString());
    if (resource.value(QLatin1String("size")).isDouble())
        facts.append(sizeText(qint64(resource.value(QLatin1String("size")).toDouble())));
    QString line = name.isEmpty() ? QStringLiteral("<%1>").arg(uri) : QStringLiteral("%1 <%2>").arg(name, uri);
    if (!facts.isEmpty())
        line += QStringLiteral(" (") + facts.join(QStringLiteral(", ")) + QLatin1Char(')');
    const QString description = resource.value(QLatin1String("description")).toString();
    if (!description.isEmpty())
        line += QStringLiteral(": ") + description;
    return line;
}

Part McpContent::toolResult(const QString &callId, const QJsonObject &result, const Options &options)
{
    QList<Part> parts;
    bool anyText = false;
    const QString readHint = options.server.isEmpty()
                                 ? QString()
                                 : QStringLiteral(" (read it with mcp_read_resource {\"server\": \"%1\", \"uri\": …})").arg(options.server);
    for (const QJsonValue &itemValue : result.value(QLatin1String("content")).toArray()) {
        const QJsonObject item = itemValue.toObject();
        const QString type = item.value(QLatin1String("type")).toString();
        if (type == QLatin1String("text")) {
            parts.append(Part::makeText(item.value(QLatin1String("text")).toString()));
            anyText = true;
        } else if (type == QLatin1String("image")) {
            const QString mime = item.value(QLatin1String("mimeType")).toString();
            const QByteArray data = QByteArray::fromBase64(item.value(QLatin1String("data")).toString().toLatin1());
            if (options.modelAcceptsImages && !data.isEmpty()) {
                parts.append(Part::makeImage(ImageRef{mime, {}, data}));
            } else {
                parts.append(Part::makeText(QStringLiteral("[an image, %1, %2: this model cannot see images]").arg(mime, sizeText(data.size()))));
            }
        } else if (type == QLatin1String("audio")) {
            parts.append(Part::makeText(QStringLiteral("[audio, %1, %2: not passed to the model]")
                                            .arg(item.value(QLatin1String("mimeType")).toString(),
                                                 sizeText(base64Size(item.value(QLatin1String("data")).toString())))));
        } else if (type == QLatin1String("resource_link")) {
            parts.append(Part::makeText(QStringLiteral("Resource link: %1%2").arg(describeResource(item), readHint)));
            anyText = true;
        } else if (type == QLatin1String("resource")) {
            const QJsonObject resource = item.value(QLatin1String("resource")).toObject();
            const QString uri = resource.value(QLatin1String("uri")).toString();
            const QString mime = resource.value(QLatin1String("mimeType")).toString();
            if (resource.contains(QLatin1String("text"))) {
                parts.append(Part::makeText(QStringLiteral("Resource <%1>%2:\n%3")
                                                .arg(uri, mime.isEmpty() ? QString() : QStringLiteral(" (") + mime + QLatin1Char(')'),
                                                     resource.value(QLatin1String("text")).toString())));
                anyText = true;
            } else {
                const QByteArray blob = QByteArray::fromBase64(resource.value(QLatin1String("blob")).toString().toLatin1());
                if (options.modelAcceptsImages && mime.startsWith(QLatin1String("image/")) && !blob.isEmpty())
                    parts.append(Part::makeImage(ImageRef{mime, {}, blob}));
                else
                    parts.append(Part::makeText(QStringLiteral("Resource <%1>: binary, %2, %3%4")
                                                    .arg(uri, mime.isEmpty() ? QStringLiteral("unknown type") : mime,
                                                         sizeText(blob.size()), readHint)));
            }
        } else {
            parts.append(Part::makeText(QStringLiteral("[content of a type Valis does not know: %1]").arg(type)));
        }
    }
    bool isError = result.value(QLatin1String("isError")).toBool(false);
    const QJsonValue structured = result.value(QLatin1String("structuredContent"));
    if (!structured.isUndefined() && !structured.isNull()) {
        if (!anyText)
            parts.append(Part::makeText(structuredText(structured, QJsonDocument::Compact)));
        if (!options.outputSchema.isEmpty() && !isError) {
            const QStringList problems = McpSchema::validate(structured, options.outputSchema);
            if (!problems.isEmpty()) {
                isError = true;
                parts.append(Part::makeText(QStringLiteral("The tool's structured result does not match its declared output schema: %1")
                                                .arg(problems.join(QStringLiteral("; ")))));
            }
        }
    } else if (!options.outputSchema.isEmpty() && !isError) {
        isError = true;
        parts.append(Part::makeText(QStringLiteral("The tool declares an output schema but returned no structured result.")));
    }
    if (parts.isEmpty())
        parts.append(Part::makeText(isError ? QStringLiteral("(the tool failed without saying why)") : QStringLiteral("(no output)")));
    return Part::makeToolResult(callId, parts, isError);
}

QString McpContent::toText(const QJsonObject &result)
{
    QStringList out;
    for (const QJsonValue &itemValue : result.value(QLatin1String("content")).toArray()) {
        const QJsonObject item = itemValue.toObject();
        const QString type = item.value(QLatin1String("type")).toString();
        if (type == QLatin1String("text"))
            out.append(item.value(QLatin1String("text")).toString());
        else if (type == QLatin1String("image") || type == QLatin1String("audio"))
            out.append(QStringLiteral("[%1, %2, %3]").arg(type, item.value(QLatin1String("mimeType")).toString(),
                                                    sizeText(base64Size(item.value(QLatin1String("data")).toString()))));
        else if (type == QLatin1String("resource_link"))
            out.append(QStringLiteral("[resource link] %1").arg(describeResource(item)));
        else if (type == QLatin1String("resource")) {
            const QJsonObject resource = item.value(QLatin1String("resource")).toObject();
            if (resource.contains(QLatin1String("text")))
                out.append(QStringLiteral("[resource %1]").arg(resource.value(QLatin1String("uri")).toString()) + QLatin1Char('\n')
                           + resource.value(QLatin1String("text")).toString());
            else
                out.append(QStringLiteral("[resource %1, binary, %2]").arg(resource.value(QLatin1String("uri")).toString(),
                                                                     sizeText(base64Size(resource.value(QLatin1String("blob")).toString()))));
        } else
            out.append(QStringLiteral("[%1]").arg(type));
    }
    const QJsonValue structured = result.value(QLatin1String("structuredContent"));
    if (!structured.isUndefined() && !structured.isNull())
        out.append(QStringLiteral("structuredContent:") + QLatin1Char('\n') + structuredText(structured, QJsonDocument::Indented));
    return out.join(QLatin1Char('\n'));
}

} // namespace valis
