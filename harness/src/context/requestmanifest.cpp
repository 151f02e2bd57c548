#include "valis/context/requestmanifest.h"

#include "valis/plugins/providerstream.h"
#include "valis/plugins/requestbodywriter.h"
#include "valis/record/recordjson.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QVariant>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(RequestManifest)
};

// A dynamic property: adding a member to ProviderStream would change the plugin ABI.
constexpr char DigestProperty[] = "valisRequestBodySha256";
constexpr char BytesProperty[] = "valisRequestBodyBytes";

QJsonArray partsJson(const QList<Part> &parts)
{
    QJsonArray out;
    for (const Part &part : parts)
        out.append(recordjson::toJson(part));
    return out;
}

QJsonObject messageJson(const Message &message)
{
    return QJsonObject{{QStringLiteral("id"), message.id},
                       {QStringLiteral("role"), roleName(message.role)},
                       {QStringLiteral("parts"), partsJson(message.parts)}};
}

QString hexOf(const QJsonValue &value)
{
    QByteArray bytes;
    if (value.isObject())
        bytes = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    else if (value.isArray())
        bytes = QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    else
        bytes = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return sha256Hex(bytes);
}

Error invalid(const QString &message)
{
    return Error(QStringLiteral("inspector.manifest-invalid"), message);
}

} // namespace

RequestBodyWriter::~RequestBodyWriter() = default;

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

void setRequestBodyDigest(ProviderStream *stream, const QByteArray &body)
{
    stream->setProperty(DigestProperty, sha256Hex(body));
    stream->setProperty(BytesProperty, qint64(body.size()));
}

std::optional<RequestBodyDigest> requestBodyDigest(const ProviderStream *stream)
{
    if (!stream)
        return std::nullopt;
    const QVariant digest = stream->property(DigestProperty);
    if (!digest.isValid())
        return std::nullopt;
    return RequestBodyDigest{digest.toString(), stream->property(BytesProperty).toLongLong()};
}

QString RequestManifest::metadataKey()
{
    return QStringLiteral("request");
}

QJsonObject RequestManifest::toJson() const
{
    QJsonArray appendedJson;
    for (const Message &message : appended)
        appendedJson.append(recordjson::toJson(message));
    QJsonObject json{{QStringLiteral("version"), version},
                     {QStringLiteral("provider"), provider},
                     {QStringLiteral("model"), model},
                     {QStringLiteral("viewSha256"), viewSha256},
                     {QStringLiteral("lastMessageId"), lastMessageId},
                     {QStringLiteral("compactions"), QJsonArray::fromStringList(compactions)},
                     {QStringLiteral("baseMessages"), baseMessages},
                     {QStringLiteral("appended"), appendedJson},
                     {QStringLiteral("appendedOrigins"), QJsonArray::fromStringList(appendedOrigins)},
                     {QStringLiteral("messageDigests"), messageDigests},
                     {QStringLiteral("pinnedTools"), QJsonArray::fromStringList(pinnedTools)},
                     {QStringLiteral("options"), options},
                     {QStringLiteral("maxOutputTokens"), maxOutputTokens},
                     {QStringLiteral("stableHistoryEnd"), stableHistoryEnd},
                     {QStringLiteral("cacheKey"), cacheKey},
                     {QStringLiteral("systemSha256"), systemSha256},
                     {QStringLiteral("toolsSha256"), toolsSha256}};
    if (!bodySha256.isEmpty()) {
        json.insert(QStringLiteral("bodySha256"), bodySha256);
        json.insert(QStringLiteral("bodyBytes"), bodyBytes);
    }
    if (!content.isEmpty())
        json.insert(QStringLiteral("content"), content);
    return json;
}

Result<RequestManifest> RequestManifest::fromJson(const QJsonObject &json)
{
    RequestManifest manifest;
    manifest.version = json.value(QLatin1String("version")).toInt(1);
    if (manifest.version != 1)
        return invalid(Text::tr("a request manifest of version %1, which this build cannot read").arg(manifest.version));
    manifest.provider = json.value(QLatin1String("provider")).toString();
    manifest.model = json.value(QLatin1String("model")).toString();
    manifest.bodySha256 = json.value(QLatin1String("bodySha256")).toString();
    manifest.bodyBytes = json.value(QLatin1String("bodyBytes")).toInteger(-1);
    manifest.viewSha256 = json.value(QLatin1String("viewSha256")).toString();
    manifest.lastMessageId = json.value(QLatin1String("lastMessageId")).toString();
    for (const QJsonValue &id : json.value(QLatin1String("compactions")).toArray())
        manifest.compactions.append(id.toString());
    manifest.baseMessages = json.value(QLatin1String("baseMessages")).toInt();
    for (const QJsonValue &value : json.value(QLatin1String("appended")).toArray()) {
        Result<Message> message = recordjson::messageFromJson(value.toObject());
        if (message.hasError())
            return invalid(Text::tr("an appended message of the request manifest cannot be read: %1").arg(message.error().message));
        manifest.appended.append(message.value());
    }
    for (const QJsonValue &origin : json.value(QLatin1String("appendedOrigins")).toArray())
        manifest.appendedOrigins.append(origin.toString());
    manifest.messageDigests = json.value(QLatin1String("messageDigests")).toString();
    for (const QJsonValue &tool : json.value(QLatin1String("pinnedTools")).toArray())
        manifest.pinnedTools.append(tool.toString());
    manifest.options = json.value(QLatin1String("options")).toObject();
    manifest.maxOutputTokens = json.value(QLatin1String("maxOutputTokens")).toInteger(-1);
    manifest.stableHistoryEnd = json.value(QLatin1String("stableHistoryEnd")).toInt(-1);
    manifest.cacheKey = json.value(QLatin1String("cacheKey")).toString();
    manifest.systemSha256 = json.value(QLatin1String("systemSha256")).toString();
    manifest.toolsSha256 = json.value(QLatin1String("toolsSha256")).toString();
    manifest.content = json.value(QLatin1String("content")).toObject();
    return manifest;
}

std::optional<Result<RequestManifest>> RequestManifest::fromMessage(const Message &message)
{
    if (message.role != Role::Assistant)
        return std::nullopt;
    const QJsonValue value = message.metadata.value(metadataKey());
    if (!value.isObject())
        return std::nullopt;
    return fromJson(value.toObject());
}

QString viewMessageSha256(const Message &message)
{
    return sha256Hex(QJsonDocument(messageJson(message)).toJson(QJsonDocument::Compact));
}

QJsonObject canonicalRequestView(const ProviderRequest &request, const QStringList &messageSha256s)
{
    QJsonArray messages;
    if (messageSha256s.size() == request.messages.size()) {
        messages = QJsonArray::fromStringList(messageSha256s);
    } else {
        for (const Message &message : request.messages)
            messages.append(viewMessageSha256(message));
    }
    return QJsonObject{{QStringLiteral("model"), request.model},
                       {QStringLiteral("system"), contentSha256(systemPromptContent(request.system))},
                       {QStringLiteral("tools"), contentSha256(request.tools)},
                       {QStringLiteral("messages"), messages},
                       {QStringLiteral("options"), request.options},
                       {QStringLiteral("maxOutputTokens"), request.maxOutputTokens},
                       {QStringLiteral("stableHistoryEnd"), request.stableHistoryEnd}};
}

QString requestViewSha256(const ProviderRequest &request, const QStringList &messageSha256s)
{
    return sha256Hex(QJsonDocument(canonicalRequestView(request, messageSha256s)).toJson(QJsonDocument::Compact));
}

QString viewMessageDigest(const Message &message)
{
    return viewMessageSha256(message).left(8);
}

QJsonValue systemPromptContent(const Message &system)
{
    return partsJson(system.parts);
}

Result<Message> systemPromptFromContent(const QJsonValue &content)
{
    Message system;
    system.role = Role::System;
    for (const QJsonValue &value : content.toArray()) {
        Result<Part> part = recordjson::partFromJson(value.toObject());
        if (part.hasError())
            return invalid(Text::tr("the stored system prompt cannot be read: %1").arg(part.error().message));
        system.parts.append(part.value());
    }
    return system;
}

QString contentSha256(const QJsonValue &content)
{
    return hexOf(content);
}

} // namespace valis
