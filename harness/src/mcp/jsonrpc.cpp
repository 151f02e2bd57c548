#include "valis/mcp/jsonrpc.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::JsonRpcMessage)
};

bool isValidId(const QJsonValue &id)
{
    return id.isString() || id.isDouble();
}

QString idText(const QJsonValue &id)
{
    if (id.isString())
        return QLatin1Char('"') + id.toString() + QLatin1Char('"');
    if (id.isDouble())
        return QString::number(id.toInteger(qint64(id.toDouble())));
    return QStringLiteral("null");
}

} // namespace

QJsonObject JsonRpcError::toJson() const
{
    QJsonObject object{{QStringLiteral("code"), code}, {QStringLiteral("message"), message}};
    if (!data.isUndefined() && !data.isNull())
        object.insert(QStringLiteral("data"), data);
    return object;
}

JsonRpcMessage JsonRpcMessage::request(const QJsonValue &id, const QString &method, const QJsonObject &params)
{
    JsonRpcMessage message;
    message.kind = Kind::Request;
    message.id = id;
    message.method = method;
    message.params = params;
    return message;
}

JsonRpcMessage JsonRpcMessage::notification(const QString &method, const QJsonObject &params)
{
    JsonRpcMessage message;
    message.kind = Kind::Notification;
    message.method = method;
    message.params = params;
    return message;
}

JsonRpcMessage JsonRpcMessage::response(const QJsonValue &id, const QJsonValue &result)
{
    JsonRpcMessage message;
    message.kind = Kind::Response;
    message.id = id;
    message.result = result.isUndefined() ? QJsonValue(QJsonObject()) : result;
    return message;
}

JsonRpcMessage JsonRpcMessage::errorResponse(const QJsonValue &id, int code, const QString &text, const QJsonValue &data)
{
    JsonRpcMessage message;
    message.kind = Kind::ErrorResponse;
    message.id = id.isUndefined() ? QJsonValue(QJsonValue::Null) : id;
    message.error = {code, text, data};
    return message;
}

QJsonObject JsonRpcMessage::toJson() const
{
    QJsonObject object{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}};
    switch (kind) {
    case Kind::Request:
        object.insert(QStringLiteral("id"), id);
        object.insert(QStringLiteral("method"), method);
        if (!params.isEmpty())
            object.insert(QStringLiteral("params"), params);
        break;
    case Kind::Notification:
        object.insert(QStringLiteral("method"), method);
        if (!params.isEmpty())
            object.insert(QStringLiteral("params"), params);
        break;
    case Kind::Response:
        object.insert(QStringLiteral("id"), id);
        object.insert(QStringLiteral("result"), result);
        break;
    case Kind::ErrorResponse:
        object.insert(QStringLiteral("id"), id);
        object.insert(QStringLiteral("error"), error.toJson());
        break;
    }
    return object;
}

QByteArray JsonRpcMessage::serialize() const
{
    return QJsonDocument(toJson()).toJson(QJsonDocument::Compact);
}

JsonRpcMessage JsonRpcMessage::fromJson(const QJsonObject &object, QString *problem)
{
    JsonRpcMessage message;
    if (object.value(QLatin1String("jsonrpc")).toString() != QLatin1String("2.0")) {
        *problem = Text::tr("not a JSON-RPC 2.0 message (\"jsonrpc\" is not \"2.0\")");
        return message;
    }
    const QJsonValue method = object.value(QLatin1String("method"));
    const bool hasId = object.contains(QLatin1String("id"));
    const QJsonValue id = object.value(QLatin1String("id"));
    if (method.isString()) {
        const QJsonValue params = object.value(QLatin1String("params"));
        if (!params.isUndefined() && !params.isNull() && !params.isObject()) {
            *problem = Text::tr("the params of \"%1\" are not an object").arg(method.toString());
            return message;
        }
        message.method = method.toString();
        message.params = params.toObject();
        if (hasId) {
            if (!isValidId(id)) {
                *problem = Text::tr("the request \"%1\" has an id that is neither a string nor a number").arg(message.method);
                return message;
            }
            message.kind = Kind::Request;
            message.id = id;
        } else {
            message.kind = Kind::Notification;
        }
        return message;
    }
    if (!hasId) {
        *problem = Text::tr("a message with neither a method nor an id");
        return message;
    }
    if (object.contains(QLatin1String("error"))) {
        const QJsonObject error = object.value(QLatin1String("error")).toObject();
        if (!error.value(QLatin1String("code")).isDouble()) {
            *problem = Text::tr("an error response without a numeric error code");
            return message;
        }
        message.kind = Kind::ErrorResponse;
        message.id = id;
        message.error.code = error.value(QLatin1String("code")).toInt();
        message.error.message = error.value(QLatin1String("message")).toString();
        message.error.data = error.value(QLatin1String("data"));
        return message;
    }
    if (!object.contains(QLatin1String("result"))) {
        *problem = Text::tr("a response with neither a result nor an error");
        return message;
    }
    if (!isValidId(id)) {
        *problem = Text::tr("a response whose id is neither a string nor a number");
        return message;
    }
    message.kind = Kind::Response;
    message.id = id;
    message.result = object.value(QLatin1String("result"));
    return message;
}

QList<JsonRpcMessage> JsonRpcMessage::parse(const QByteArray &bytes, QString *problem)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *problem = Text::tr("not JSON (%1 at byte %2)").arg(parseError.errorString()).arg(parseError.offset);
        return {};
    }
    QList<JsonRpcMessage> messages;
    if (document.isObject()) {
        const JsonRpcMessage message = fromJson(document.object(), problem);
        if (problem->isEmpty())
            messages.append(message);
        return messages;
    }
    if (document.isArray()) {
        const QJsonArray batch = document.array();
        if (batch.isEmpty()) {
            *problem = Text::tr("an empty batch");
            return {};
        }
        for (const QJsonValue &item : batch) {
            if (!item.isObject()) {
                *problem = Text::tr("a batch holding something other than objects");
                return {};
            }
            const JsonRpcMessage message = fromJson(item.toObject(), problem);
            if (!problem->isEmpty())
                return {};
            messages.append(message);
        }
        return messages;
    }
    *problem = Text::tr("neither a JSON object nor an array");
    return {};
}

QString JsonRpcMessage::describe() const
{
    switch (kind) {
    case Kind::Request:
        return QStringLiteral("request %1 %2").arg(idText(id), method);
    case Kind::Notification:
        return QStringLiteral("notification %1").arg(method);
    case Kind::Response:
        return QStringLiteral("response %1").arg(idText(id));
    case Kind::ErrorResponse:
        return QStringLiteral("error %1 (%2 %3)").arg(idText(id)).arg(error.code).arg(error.message);
    }
    return {};
}

QString jsonRpcIdKey(const QJsonValue &id)
{
    if (id.isString())
        return QStringLiteral("s:") + id.toString();
    if (id.isDouble())
        return QStringLiteral("n:") + QString::number(id.toInteger(qint64(id.toDouble())));
    return QStringLiteral("null");
}

} // namespace valis
