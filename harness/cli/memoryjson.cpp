#include "memoryjson.h"

#include "clicontext.h"

#include <QCryptographicHash>
#include <QJsonValue>
#include <QStringDecoder>

#include <optional>

namespace valis::cli::memoryjson {

namespace {
const QString MalformedCode = QStringLiteral("memory-import.malformed");

Error malformed(const QString &message)
{
    return Error(MalformedCode, message);
}

Result<QString> stringField(const QJsonObject &object, const char *name, bool required)
{
    const QJsonValue value = object.value(QLatin1String(name));
    if (value.isUndefined() || value.isNull()) {
        if (required)
            return malformed(Text::tr("\"%1\" is missing").arg(QLatin1String(name)));
        return QString();
    }
    if (!value.isString())
        return malformed(Text::tr("\"%1\" must be a string").arg(QLatin1String(name)));
    return value.toString();
}
} // namespace

namespace {
/// `bytes` as text when they are exactly UTF-8. ConvertInitialBom keeps a leading BOM as
/// U+FEFF instead of dropping it; the round trip then catches anything the decoder replaced.
std::optional<QString> exactText(const QByteArray &bytes)
{
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
    QString text = decoder.decode(bytes);
    if (decoder.hasError() || text.toUtf8() != bytes)
        return std::nullopt;
    return text;
}
} // namespace

bool isExactUtf8(const QByteArray &bytes)
{
    return exactText(bytes).has_value();
}

void insertContent(QJsonObject &object, const QByteArray &content)
{
    if (const std::optional<QString> text = exactText(content))
        object.insert(QStringLiteral("content"), *text);
    else
        object.insert(QStringLiteral("content_base64"), QString::fromLatin1(content.toBase64()));
}

QJsonObject toJson(const MemoryRecord &record)
{
    QJsonObject object{
        {QStringLiteral("key"), record.key},
        {QStringLiteral("agent_id"), record.agentId},
        {QStringLiteral("session_id"), record.sessionId},
        {QStringLiteral("type"), record.type},
        {QStringLiteral("summary"), record.summary},
        {QStringLiteral("metadata"), record.metadata},
        {QStringLiteral("created_at"), record.createdAt.toUTC().toString(Qt::ISODateWithMs)},
        {QStringLiteral("active"), record.active},
        {QStringLiteral("size_bytes"), double(record.sizeBytes)},
        {QStringLiteral("line_count"), double(record.lineCount)},
        {QStringLiteral("sha256"), record.sha256},
    };
    if (!record.path.isEmpty())
        object.insert(QStringLiteral("path"), record.path);
    return object;
}

Result<MemoryRecord> fromJson(const QJsonObject &object)
{
    MemoryRecord record;
    Result<QString> key = stringField(object, "key", false);
    Result<QString> agent = stringField(object, "agent_id", true);
    Result<QString> session = stringField(object, "session_id", false);
    Result<QString> type = stringField(object, "type", true);
    Result<QString> summary = stringField(object, "summary", false);
    Result<QString> path = stringField(object, "path", false);
    Result<QString> created = stringField(object, "created_at", false);
    Result<QString> sha = stringField(object, "sha256", false);
    for (const Result<QString> *field : {&key, &agent, &session, &type, &summary, &path, &created, &sha}) {
        if (field->hasError())
            return field->error();
    }
    if (agent->isEmpty())
        return malformed(Text::tr("\"agent_id\" must not be empty"));
    if (type->isEmpty())
        return malformed(Text::tr("\"type\" must not be empty"));
    record.key = key.value();
    record.agentId = agent.value();
    record.sessionId = session.value();
    record.type = type.value();
    record.summary = summary.value();
    record.path = path.value();
    if (!created->isEmpty()) {
        record.createdAt = QDateTime::fromString(created.value(), Qt::ISODateWithMs);
        if (!record.createdAt.isValid())
            return malformed(Text::tr("\"created_at\" must be an ISO 8601 time"));
        record.createdAt = record.createdAt.toUTC();
    }
    const QJsonValue metadata = object.value(QLatin1String("metadata"));
    if (!metadata.isUndefined() && !metadata.isNull() && !metadata.isObject())
        return malformed(Text::tr("\"metadata\" must be an object"));
    record.metadata = metadata.toObject();
    const QJsonValue active = object.value(QLatin1String("active"));
    if (!active.isUndefined() && !active.isBool())
        return malformed(Text::tr("\"active\" must be true or false"));
    record.active = active.toBool(true);

    const QJsonValue text = object.value(QLatin1String("content"));
    const QJsonValue base64 = object.value(QLatin1String("content_base64"));
    if (text.isUndefined() == base64.isUndefined())
        return malformed(Text::tr("a record needs exactly one of \"content\" and \"content_base64\""));
    if (!text.isUndefined()) {
        if (!text.isString())
            return malformed(Text::tr("\"content\" must be a string"));
        record.content = text.toString().toUtf8();
    } else {
        if (!base64.isString())
            return malformed(Text::tr("\"content_base64\" must be a string"));
        const QByteArray::FromBase64Result decoded =
            QByteArray::fromBase64Encoding(base64.toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded)
            return malformed(Text::tr("\"content_base64\" is not valid base64"));
        record.content = decoded.decoded;
    }
    record.sizeBytes = record.content.size();
    record.lineCount = countLines(record.content);
    const QString digest = QString::fromLatin1(QCryptographicHash::hash(record.content, QCryptographicHash::Sha256).toHex());
    if (!sha->isEmpty() && sha->toLower() != digest)
        return malformed(Text::tr("the content does not match its sha256: the file was changed or cut"));
    record.sha256 = digest;
    return record;
}

} // namespace valis::cli::memoryjson
