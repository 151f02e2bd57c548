#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/logring.h"
#include "valis/mcp/mcptransport.h"
#include "valis/provider/sseparser.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPair>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QNetworkRequest;

namespace valis {

/// Why an HTTP MCP server refused a request for want of authorisation: a 401, or a 403 whose
/// WWW-Authenticate says `insufficient_scope`. `parameters` are the challenge's auth-params
/// (resource_metadata, scope, error, ...) with lowercase names.
struct VALIS_HARNESS_EXPORT McpAuthChallenge
{
    int status = 401;
    QByteArray header;                  ///< the WWW-Authenticate header as received
    QHash<QString, QString> parameters; ///< of the Bearer challenge
    QUrl resource;                      ///< the MCP endpoint that refused
    /// The Authorization header the refused request carried (empty: none), so an authoriser
    /// can tell a request sent with an older token from one its current token failed.
    QByteArray authorization;

    /// Reads the Bearer challenge's parameters out of a WWW-Authenticate header (RFC 9110
    /// auth-params: token=token or token="quoted string", several challenges comma-separated).
    static QHash<QString, QString> parseParameters(const QByteArray &header);
};

/// Where an HTTP transport gets its Authorization header and what it asks when refused. The
/// OAuth client (McpOAuthAuthorizer) and a fixed bearer token both implement it.
class VALIS_HARNESS_EXPORT McpHttpAuthorizer
{
public:
    virtual ~McpHttpAuthorizer();

    /// Called once before the connection's first request: load stored credentials (an OS
    /// keychain answers asynchronously), refresh a token that is about to expire. `done` runs
    /// once, after this returns. The default is ready at once.
    virtual void prepare(std::function<void()> done);
    /// The Authorization header's value for the next request ("Bearer abc"), empty for none.
    virtual QByteArray authorization() const = 0;
    /// The server refused: get (new) credentials. `done` runs once, on the caller's thread, after
    /// this returns; success means authorization() now has something worth trying.
    virtual void authorize(const McpAuthChallenge &challenge, std::function<void(const Result<void> &)> done) = 0;
};

/// An MCP server over HTTP: the Streamable HTTP transport (2025-03-26 and later), falling back to
/// the older HTTP+SSE transport (2024-11-05) when the first POST is answered 400, 404 or 405.
///
/// Streamable HTTP, as the spec says: every message is a POST to the endpoint with
/// `Accept: application/json, text/event-stream`; the answer is JSON, an SSE stream (which may
/// carry the server's requests and notifications before the response), or 202 for notifications
/// and responses. The `Mcp-Session-Id` the server assigns is echoed on every request and
/// `MCP-Protocol-Version` is sent once initialize agreed on it. A GET stream carries what the
/// server sends on its own (405: it has none). A stream that drops before its responses came is
/// resumed with GET and `Last-Event-ID` after the `retry` the server asked for (a drop is not a
/// cancellation). A 404 on a request that carried a session id means the server forgot the
/// session: sessionExpired() is emitted and the request fails with data {"valis":
/// "session-expired"}, so the client can initialise again and resend. close() sends DELETE.
///
/// A request's HTTP failure is reported as a JSON-RPC error response to that request (code
/// -32603, the status and the server's message), so the caller's request fails and the
/// connection lives; only a server that cannot be reached at all fails the transport.
class VALIS_HARNESS_EXPORT McpHttpTransport : public McpTransport
{
    Q_OBJECT

public:
    /// How long to wait before resuming when the server named no `retry`.
    static constexpr int DefaultRetryMs = 1000;
    /// Authorisation attempts per request before the refusal stands (an endless step-up loop is
    /// the server's bug, not a reason to open the browser forever).
    static constexpr int MaxAuthorizations = 3;

    McpHttpTransport(const QUrl &endpoint, const QList<QPair<QByteArray, QByteArray>> &headers,
                     QObject *parent = nullptr);
    ~McpHttpTransport() override;

    /// Not owned; must outlive the transport. nullptr: no authorisation (a 401 fails the request).
    void setAuthorizer(McpHttpAuthorizer *authorizer) { m_authorizer = authorizer; }
    /// Uses `manager` instead of a manager of its own (not owned).
    void setNetworkAccessManager(QNetworkAccessManager *manager);

    void open() override;
    void send(const JsonRpcMessage &message) override;
    void close() override;
    void setProtocolVersion(const QString &version) override;
    QString describe() const override;
    QString recentLog() const override { return m_log.text(); }

    QString sessionId() const { return QString::fromLatin1(m_sessionId); }
    /// Whether the server turned out to speak the old HTTP+SSE transport.
    bool isLegacySse() const { return m_mode == Mode::LegacySse; }

private:
    enum class Mode { Unknown, Streamable, LegacySse };
    struct Post;
    struct Stream;

    void post(const std::shared_ptr<Post> &post);
    void onPostFinished(const std::shared_ptr<Post> &post, QNetworkReply *reply);
    void handleRefusal(const std::shared_ptr<Post> &post, QNetworkReply *reply, int status);
    void failPost(const std::shared_ptr<Post> &post, int status, const QString &message, const QJsonValue &data = {});
    void deliver(const QByteArray &json, const QString &origin);
    void readStream(Stream *stream);
    void onStreamFinished(Stream *stream);
    void openGetStream(const QByteArray &lastEventId, const QList<QJsonValue> &awaited);
    /// A GET event stream, registered and read as it arrives; the caller adds its end.
    Stream *openEventStream(const QNetworkRequest &request);
    void dropStream(Stream *stream);
    void scheduleResume(Stream *stream);
    void startLegacy(const std::shared_ptr<Post> &initialize);
    void onLegacyEndpoint(const QByteArray &data);
    QNetworkRequest baseRequest(const QUrl &url, bool eventStream) const;
    void log(const QString &line);
    void settleAwaited(const JsonRpcMessage &message);

    QUrl m_endpoint;
    QUrl m_legacyPostUrl;
    QList<QPair<QByteArray, QByteArray>> m_headers;
    QNetworkAccessManager *m_network = nullptr;
    std::unique_ptr<QNetworkAccessManager> m_ownNetwork;
    McpHttpAuthorizer *m_authorizer = nullptr;
    Mode m_mode = Mode::Unknown;
    QByteArray m_sessionId;
    QByteArray m_protocolVersion;
    bool m_everSucceeded = false;
    bool m_closing = false;
    bool m_closedEmitted = false;
    bool m_getStreamRefused = false;
    LogRing m_log;
    QList<std::shared_ptr<Post>> m_legacyQueue;
    std::vector<std::unique_ptr<Stream>> m_streams;
    QSet<QNetworkReply *> m_replies;
    /// Request ids sent whose responses have not come yet, with the stream that should carry them.
    QHash<QString, QJsonValue> m_awaited;
};

} // namespace valis
