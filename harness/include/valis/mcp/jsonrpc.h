#pragma once

#include "valis/harness_export.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QMetaType>
#include <QString>

namespace valis {

/// The JSON-RPC 2.0 error codes MCP uses, plus its own.
namespace JsonRpcCode {
constexpr int ParseError = -32700;
constexpr int InvalidRequest = -32600;
constexpr int MethodNotFound = -32601;
constexpr int InvalidParams = -32602;
constexpr int InternalError = -32603;
/// MCP: the request needs the person to open a URL first (URL-mode elicitation, 2025-11-25).
constexpr int UrlElicitationRequired = -32042;
/// MCP: a resource that does not exist (resources/read).
constexpr int ResourceNotFound = -32002;
} // namespace JsonRpcCode

/// The error member of a JSON-RPC response.
struct VALIS_HARNESS_EXPORT JsonRpcError
{
    int code = 0;
    QString message;
    QJsonValue data;

    QJsonObject toJson() const;
};

/// One JSON-RPC 2.0 message: a request (method and id), a notification (method, no id), or a
/// response (id with a result or an error).
///
/// The id keeps its JSON type: a server that sends "id": "a1" gets "a1" back, one that sends 7
/// gets 7 (Qt keeps integral JSON numbers as 64-bit integers, so they round-trip exactly).
struct VALIS_HARNESS_EXPORT JsonRpcMessage
{
    enum class Kind { Request, Notification, Response, ErrorResponse };

    Kind kind = Kind::Notification;
    QJsonValue id;          ///< Request and responses: a string or a number (null for an error about no request)
    QString method;         ///< Request, Notification
    QJsonObject params;     ///< Request, Notification (may be empty)
    QJsonValue result;      ///< Response
    JsonRpcError error;     ///< ErrorResponse

    static JsonRpcMessage request(const QJsonValue &id, const QString &method, const QJsonObject &params = {});
    static JsonRpcMessage notification(const QString &method, const QJsonObject &params = {});
    static JsonRpcMessage response(const QJsonValue &id, const QJsonValue &result);
    static JsonRpcMessage errorResponse(const QJsonValue &id, int code, const QString &message,
                                        const QJsonValue &data = {});

    bool isRequest() const { return kind == Kind::Request; }
    bool isNotification() const { return kind == Kind::Notification; }
    bool isResponse() const { return kind == Kind::Response || kind == Kind::ErrorResponse; }

    QJsonObject toJson() const;
    /// Compact JSON with no newline in it (JSON escapes newlines inside strings), so it can be one
    /// line of a stdio stream.
    QByteArray serialize() const;

    /// Reads one JSON value off the wire: an object is one message, an array a batch (servers of
    /// the 2025-03-26 revision may send them). An empty list and `*problem` set for anything
    /// else: not JSON, not an object or array, or an object that is no JSON-RPC 2.0 message.
    static QList<JsonRpcMessage> parse(const QByteArray &bytes, QString *problem);
    /// One object; `*problem` set and an empty notification returned when it is none.
    static JsonRpcMessage fromJson(const QJsonObject &object, QString *problem);

    /// A short description for logs: "request 3 tools/call", "response 3", "notification ...".
    QString describe() const;
};

/// A JSON-RPC id as a stable hash key ("n:3", "s:3"), so 3 and "3" stay different requests.
VALIS_HARNESS_EXPORT QString jsonRpcIdKey(const QJsonValue &id);

} // namespace valis

Q_DECLARE_METATYPE(valis::JsonRpcMessage)
