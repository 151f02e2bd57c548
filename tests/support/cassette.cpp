#include "cassette.h"

#include "yamlsubset.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace valis::test {

namespace {

using Headers = QList<QPair<QByteArray, QByteArray>>;

Error cassetteError(const QString &message, const QString &location)
{
    return Error(QStringLiteral("test.cassette"), message, location);
}

Result<QByteArray> readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return cassetteError(file.errorString(), path);
    return file.readAll();
}

/// go-vcr headers: `Name:` followed by a sequence of values (or, rarely, one scalar).
Headers headersOf(const YamlNode *node)
{
    Headers headers;
    if (!node || node->type != YamlNode::Type::Map)
        return headers;
    for (size_t i = 0; i < node->keys.size(); ++i) {
        const YamlNode &values = node->values[i];
        if (values.type == YamlNode::Type::Scalar) {
            headers.append({node->keys[i], values.scalar});
            continue;
        }
        for (const YamlNode &value : values.values)
            headers.append({node->keys[i], value.scalar});
    }
    return headers;
}

qint64 lengthOf(const YamlNode &node)
{
    bool ok = false;
    const qint64 length = node.scalarOf("content_length").toLongLong(&ok);
    return ok ? length : -1;
}

QByteArray jsonBytes(const QJsonValue &value)
{
    if (value.isObject())
        return QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    if (value.isArray())
        return QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    if (value.isString())
        return value.toString().toUtf8();
    return {};
}

Headers jsonHeaders(const QJsonObject &object)
{
    Headers headers;
    for (auto it = object.begin(); it != object.end(); ++it)
        headers.append({it.key().toUtf8(), it.value().toString().toUtf8()});
    return headers;
}

} // namespace

QByteArray RecordedExchange::responseHeader(const QByteArray &name) const
{
    for (const auto &header : responseHeaders) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0)
            return header.second;
    }
    return {};
}

bool RecordedExchange::isEventStream() const
{
    return responseHeader("Content-Type").toLower().contains("text/event-stream");
}

Result<QList<RecordedExchange>> readCassette(const QString &path)
{
    const Result<QByteArray> text = readAll(path);
    if (!text.ok())
        return text.error();
    const Result<YamlNode> document = readYamlSubset(*text, path);
    if (!document.ok())
        return document.error();
    const YamlNode *interactions = document->value("interactions");
    if (!interactions || interactions->type != YamlNode::Type::Sequence)
        return cassetteError(QStringLiteral("no `interactions:` sequence"), path);
    QList<RecordedExchange> exchanges;
    for (const YamlNode &interaction : interactions->values) {
        const QString location = path + QLatin1Char(':') + QString::number(interaction.line);
        const YamlNode *request = interaction.value("request");
        const YamlNode *response = interaction.value("response");
        if (!request || !response || request->type != YamlNode::Type::Map || response->type != YamlNode::Type::Map)
            return cassetteError(QStringLiteral("an interaction without request and response"), location);
        RecordedExchange exchange;
        exchange.location = location;
        exchange.method = QString::fromUtf8(request->scalarOf("method"));
        exchange.url = QString::fromUtf8(request->scalarOf("url"));
        exchange.requestHeaders = headersOf(request->value("headers"));
        exchange.requestBody = request->scalarOf("body");
        exchange.requestContentLength = lengthOf(*request);
        bool ok = false;
        exchange.status = response->scalarOf("code").toInt(&ok);
        if (!ok)
            return cassetteError(QStringLiteral("a response without a numeric `code:`"), location);
        exchange.responseHeaders = headersOf(response->value("headers"));
        exchange.responseBody = response->scalarOf("body");
        exchange.responseContentLength = lengthOf(*response);
        exchanges.append(exchange);
    }
    return exchanges;
}

Result<QList<RecordedExchange>> readClaudeTrace(const QString &path)
{
    const Result<QByteArray> text = readAll(path);
    if (!text.ok())
        return text.error();
    QList<RecordedExchange> exchanges;
    const QList<QByteArray> lines = text->split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (lines.at(i).trimmed().isEmpty())
            continue;
        const QString location = path + QLatin1Char(':') + QString::number(i + 1);
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(lines.at(i), &error);
        if (error.error != QJsonParseError::NoError || !document.isObject())
            return cassetteError(QStringLiteral("not a JSON object: %1").arg(error.errorString()), location);
        const QJsonObject request = document.object().value(QLatin1String("request")).toObject();
        const QJsonObject response = document.object().value(QLatin1String("response")).toObject();
        if (request.isEmpty() || response.isEmpty())
            return cassetteError(QStringLiteral("a line without request and response"), location);
        RecordedExchange exchange;
        exchange.location = location;
        exchange.method = request.value(QLatin1String("method")).toString();
        exchange.url = request.value(QLatin1String("url")).toString();
        exchange.requestHeaders = jsonHeaders(request.value(QLatin1String("headers")).toObject());
        exchange.requestBody = jsonBytes(request.value(QLatin1String("body")));
        exchange.status = response.value(QLatin1String("status_code")).toInt();
        exchange.responseHeaders = jsonHeaders(response.value(QLatin1String("headers")).toObject());
        const QJsonValue raw = response.value(QLatin1String("body_raw"));
        exchange.responseBody = raw.isString() ? raw.toString().toUtf8() : jsonBytes(response.value(QLatin1String("body")));
        exchanges.append(exchange);
    }
    return exchanges;
}

} // namespace valis::test
