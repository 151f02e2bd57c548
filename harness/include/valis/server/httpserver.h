#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArray>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QUrlQuery>

#include <functional>
#include <memory>

namespace valis {

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

/// One HTTP/1.1 request as HttpServer read it off the wire (chunked bodies already joined).
struct VALIS_HARNESS_EXPORT HttpRequest
{
    QByteArray method;  ///< "GET", "POST", "DELETE", ...
    QByteArray path;    ///< the target without its query string, not percent-decoded
    QUrlQuery query;
    HttpHeaders headers; ///< as received, in order
    QByteArray body;
    QHostAddress peer;

    /// The first header of that name (case-insensitive); empty when absent.
    QByteArray header(const QByteArray &name) const;
    bool hasHeader(const QByteArray &name) const;
};

/// The answer to one request. Owned by the HttpServer: valid until finished() or
/// clientDisconnected() has been emitted (it is deleted later), so a handler that answers
/// asynchronously keeps a QPointer.
///
/// Either respond() once, or beginStream() then write() pieces (each sent at once, as one HTTP
/// chunk: SSE events reach the client as they are written) and end().
class VALIS_HARNESS_EXPORT HttpResponder : public QObject
{
    Q_OBJECT

public:
    ~HttpResponder() override;

    /// A whole response; Content-Length is added.
    void respond(int status, const HttpHeaders &headers, const QByteArray &body);
    /// `body` as application/json.
    void respondJson(int status, const QJsonObject &body, const HttpHeaders &headers = {});
    /// Starts a streamed response (Transfer-Encoding: chunked).
    void beginStream(int status, const HttpHeaders &headers);
    /// One piece of a streamed body; false when the client is gone (nothing was sent).
    bool write(const QByteArray &bytes);
    /// Ends a streamed response.
    void end();

    bool isStarted() const;
    bool isFinished() const;
    bool isClientGone() const;
    const HttpRequest &request() const;

Q_SIGNALS:
    /// The client closed the connection before the response was finished: a cancel.
    void clientDisconnected();
    /// The response was handed to the socket completely.
    void finished();

private:
    friend class HttpServer;
    explicit HttpResponder(QObject *parent);
    class Private;
    std::unique_ptr<Private> d;
};

/// A small HTTP/1.1 server for Valis's own endpoints (the MCP server's Streamable HTTP, the
/// OpenAI-compatible API): keep-alive, requests on a connection answered in order, request
/// bodies by Content-Length or chunked, streamed responses, and a body limit enforced before a
/// handler runs (413 with a JSON error, the connection closed). Malformed requests get 400 and
/// the connection is closed. A request head that does not arrive in time gets 408, a keep-alive
/// connection left idle is closed, and connections over the cap are answered 503 and closed.
/// Lives in one thread; never blocks it.
class VALIS_HARNESS_EXPORT HttpServer : public QObject
{
    Q_OBJECT

public:
    /// Called for every whole request; answers through `responder`, now or later.
    using Handler = std::function<void(const HttpRequest &request, HttpResponder *responder)>;

    explicit HttpServer(QObject *parent = nullptr);
    ~HttpServer() override;

    void setHandler(Handler handler);
    /// Bodies over this are refused with 413 before the handler sees them (default 4 MiB).
    void setMaxBodyBytes(qint64 bytes);
    qint64 maxBodyBytes() const;

    /// A request head not whole this long after the connection opened or its first byte came
    /// (trickled, or never finished) is answered 408 and the connection closed; a connection
    /// that sent nothing is closed quietly. Default 30 s; 0: no limit.
    void setHeaderTimeout(int milliseconds);
    int headerTimeout() const;
    /// A keep-alive connection with no request and no response under way this long is closed.
    /// Streamed responses (SSE) are never idle. Default 120 s; 0: never.
    void setIdleTimeout(int milliseconds);
    int idleTimeout() const;
    /// Connections open at once; one more is answered 503 (with Retry-After) and closed.
    /// Default 256; 0: no cap.
    void setMaxConnections(int count);
    int maxConnections() const;
    /// Connections open now (those being refused not counted).
    int connectionCount() const;

    /// Makes the body of the answers HttpServer gives before any handler runs (400, 408, 413,
    /// 431, 501, 503, 505, and 404 when there is no handler), sent as application/json.
    using ErrorBody = std::function<QByteArray(int status, const QByteArray &code, const QString &message)>;
    /// Replaces the default {"error": {"message", "type", "code"}} (the OpenAI API's shape);
    /// null restores it.
    void setErrorBody(ErrorBody format);

    /// Listens on `address`:`port` (port 0: a free one). Error "server.listen" naming the
    /// address and the reason (in use, no permission).
    Result<void> listen(const QHostAddress &address, quint16 port);
    QHostAddress address() const;
    quint16 port() const;
    /// "http://127.0.0.1:8787" (IPv6 in brackets).
    QString baseUrl() const;
    /// Stops listening and drops every connection (streams end as client-gone).
    void close();

private:
    class Private;
    std::unique_ptr<Private> d;
};

/// The access rules Valis's local servers share: a browser page of another site must not reach
/// them (DNS rebinding, CSRF), and only callers holding the bearer token may.
namespace httpaccess {
/// True when the request has no Origin header, or one whose host is loopback (localhost,
/// 127.0.0.0/8, [::1]) or listed in `allowedOrigins` (exact "scheme://host[:port]" strings).
VALIS_HARNESS_EXPORT bool originAllowed(const HttpRequest &request, const QStringList &allowedOrigins = {});
/// True when "Authorization: Bearer <token>" matches `token` (compared in constant time).
/// An empty `token` never matches.
VALIS_HARNESS_EXPORT bool bearerMatches(const HttpRequest &request, const QString &token);
/// A new random token: 32 bytes from the system's CSPRNG, base64url without padding, prefixed
/// with `prefix` ("valis-mcp-", "valis-api-") so a person can tell them apart.
VALIS_HARNESS_EXPORT QString generateToken(const QString &prefix);
} // namespace httpaccess

} // namespace valis
