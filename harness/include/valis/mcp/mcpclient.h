#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/jsonrpc.h"
#include "valis/mcp/mcptransport.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace valis {

/// The protocol revisions this client speaks, newest first. It asks for the first; a server
/// that answers with another one of these is accepted, anything else is refused (the spec's
/// SHOULD-disconnect). 2026-07-28 drops initialize altogether and needs a client of its own
/// shape (server/discover, per-request _meta); McpClient keeps the handshake in one place
/// (initialize()) so a dual-era probe can go there.
namespace McpProtocol {
VALIS_HARNESS_EXPORT QStringList supportedVersions();
VALIS_HARNESS_EXPORT QString latestVersion();
} // namespace McpProtocol

/// How one request of an McpClient ends: a result object, or an Error whose code says what
/// happened. Codes: "mcp.remote-error" (the server answered with a JSON-RPC error; rpcCode and
/// errorData hold it), "mcp.timeout", "mcp.cancelled", "mcp.disconnected" (the connection
/// ended first), "mcp.transport" (HTTP failed for this request; errorData holds details).
struct VALIS_HARNESS_EXPORT McpResponse
{
    QJsonObject result;
    std::optional<Error> error;
    int rpcCode = 0;
    QJsonValue errorData;

    bool ok() const { return !error.has_value(); }
};

/// Options of one request.
struct VALIS_HARNESS_EXPORT McpRequestOptions
{
    /// Milliseconds without an answer (or, with resetOnProgress, without progress) before the
    /// request is cancelled and fails with "mcp.timeout". 0: no limit.
    int timeoutMs = 60000;
    /// Progress notifications restart the timeout, up to maxTotalMs in all (the spec's hard
    /// maximum; 0: timeoutMs * 10).
    bool resetOnProgress = false;
    int maxTotalMs = 0;
    /// Attach a progress token (_meta.progressToken), so the server may report progress.
    bool wantsProgress = false;
};

/// One request in flight. Emits finished() exactly once, never from inside McpClient::request().
/// Owned by the client until it finishes, then deleted later; hold it in a QPointer.
class VALIS_HARNESS_EXPORT McpRequest : public QObject
{
    Q_OBJECT

public:
    QJsonValue id() const { return m_id; }
    QString method() const { return m_method; }
    /// Tells the server (notifications/cancelled with `reason`) and finishes with
    /// "mcp.cancelled". Does nothing once finished.
    void cancel(const QString &reason);

Q_SIGNALS:
    /// notifications/progress for this request; total < 0 when the server gave none.
    void progressed(double progress, double total, const QString &message);
    void finished(const valis::McpResponse &response);

private:
    friend class McpClient;
    explicit McpRequest(QObject *parent) : QObject(parent) {}

    QJsonValue m_id;
    QString m_method;
    QJsonObject m_params;
    McpRequestOptions m_options;
    QTimer m_timer;
    qint64 m_startedMs = 0;
    QJsonValue m_progressToken;
    double m_lastProgress = -1;
    bool m_done = false;
    bool m_resent = false;
    bool m_timerConnected = false;
};

/// Answers one request the server sent (sampling/createMessage, elicitation/create, roots/list).
/// Copyable; the first answer counts, later ones are ignored; an answer after the connection
/// ended goes nowhere.
class VALIS_HARNESS_EXPORT McpResponder
{
public:
    McpResponder() = default;
    McpResponder(class McpClient *client, const QJsonValue &id, std::shared_ptr<bool> cancelled);

    void result(const QJsonObject &result) const;
    void error(int code, const QString &message, const QJsonValue &data = {}) const;
    QJsonValue id() const { return m_id; }
    /// Whether the server cancelled the request (notifications/cancelled) meanwhile.
    bool isCancelled() const { return m_cancelled && *m_cancelled; }

private:
    QPointer<McpClient> m_client;
    QJsonValue m_id;
    std::shared_ptr<bool> m_answered = std::make_shared<bool>(false);
    std::shared_ptr<bool> m_cancelled;
};

/// What this client offers the server in initialize, and who it is.
struct VALIS_HARNESS_EXPORT McpClientOptions
{
    QString clientName = QStringLiteral("valis");
    QString clientTitle = QStringLiteral("Valis");
    QString clientVersion;         ///< empty: Valis's version
    bool roots = false;            ///< answers roots/list, sends roots/list_changed
    bool sampling = false;         ///< answers sampling/createMessage
    bool samplingTools = false;    ///< ...with tools (2025-11-25)
    bool elicitationForm = false;  ///< answers elicitation/create in form mode
    bool elicitationUrl = false;   ///< ...and in URL mode (2025-11-25)
    /// For initialize itself (the start-up timeout covers more, see McpServerConnection).
    int initializeTimeoutMs = 30000;
};

/// The client side of one MCP connection: the lifecycle (initialize, initialized, shutdown),
/// requests with ids, timeouts, progress and cancellation, pings both ways, and the server's
/// own requests and notifications. Speaks JSON-RPC over any McpTransport. Lives in one thread.
///
/// connectToServer() opens the transport and runs the handshake; ready() or failed() follows.
/// Notifications that arrive before the initialize answer are kept and passed on after it (some
/// servers announce tools/list_changed first). Requests made before ready() wait for it. A
/// server that agrees on a revision this client does not speak is refused
/// ("mcp.version-unsupported"). When an HTTP server forgets the session (404) the client
/// initialises again and resends what the server never saw.
class VALIS_HARNESS_EXPORT McpClient : public QObject
{
    Q_OBJECT

public:
    enum class State { Idle, Connecting, Initializing, Ready, Closing, Closed, Failed };
    Q_ENUM(State)

    using RequestHandler = std::function<void(const JsonRpcMessage &request, const McpResponder &responder)>;

    McpClient(std::unique_ptr<McpTransport> transport, const McpClientOptions &options = {}, QObject *parent = nullptr);
    ~McpClient() override;

    McpTransport *transport() const { return m_transport.get(); }
    State state() const { return m_state; }
    bool isReady() const { return m_state == State::Ready; }

    void connectToServer();
    /// Ends the connection as the spec says (stdio: close stdin, wait, SIGTERM, SIGKILL; HTTP:
    /// DELETE); requests still waiting fail with "mcp.disconnected". closed() follows.
    void close();

    /// What initialize told: the agreed revision, the server's name and version, its
    /// capabilities and instructions.
    QString protocolVersion() const { return m_protocolVersion; }
    QJsonObject serverInfo() const { return m_serverInfo; }
    QJsonObject serverCapabilities() const { return m_serverCapabilities; }
    QString instructions() const { return m_instructions; }
    bool serverHas(const QString &capability) const { return m_serverCapabilities.contains(capability); }

    /// Sends a request; the returned object reports its end. Never null.
    McpRequest *request(const QString &method, const QJsonObject &params = {}, const McpRequestOptions &options = {});
    void notify(const QString &method, const QJsonObject &params = {});
    /// Fetches every page of a list method (tools/list, resources/list, ...) following nextCursor
    /// (at most 100 pages) and hands the concatenated `key` arrays to `done`.
    void listAll(const QString &method, const QString &key, const McpRequestOptions &options,
                 QObject *context, std::function<void(const Result<QJsonArray> &)> done);

    /// Handles the server's requests of `method` (ping is answered already). Unhandled methods
    /// get -32601.
    void setRequestHandler(const QString &method, RequestHandler handler);

Q_SIGNALS:
    void ready();
    void failed(const valis::Error &error);
    void closed();
    void stateChanged(valis::McpClient::State state);
    /// Every notification from the server after initialisation (progress and cancellation
    /// included), for whoever cares.
    void notificationReceived(const QString &method, const QJsonObject &params);
    void logged(const QString &line);

private:
    friend class McpResponder;
    friend class McpRequest;
    void setState(State state);
    void initialize();
    void onMessage(const JsonRpcMessage &message);
    void onResponse(const JsonRpcMessage &message);
    void onServerRequest(const JsonRpcMessage &message);
    void onNotification(const JsonRpcMessage &message);
    void onTransportFailed(const Error &error);
    void onSessionExpired();
    void transmit(McpRequest *request);
    void finish(McpRequest *request, const McpResponse &response);
    void failAll(const Error &error);
    void respond(const JsonRpcMessage &message);
    void armTimer(McpRequest *request);
    QJsonObject clientCapabilities() const;

    std::unique_ptr<McpTransport> m_transport;
    McpClientOptions m_options;
    State m_state = State::Idle;
    qint64 m_nextId = 1;
    QHash<QString, McpRequest *> m_pending;          ///< by jsonRpcIdKey
    QHash<QString, McpRequest *> m_byProgressToken;
    QList<McpRequest *> m_waitingForReady;
    QList<JsonRpcMessage> m_earlyNotifications;
    QHash<QString, RequestHandler> m_handlers;
    QHash<QString, std::shared_ptr<bool>> m_incomingCancelled; ///< the server's requests we answer
    QPointer<McpRequest> m_initializeRequest;
    QString m_protocolVersion;
    QJsonObject m_serverInfo;
    QJsonObject m_serverCapabilities;
    QString m_instructions;
    bool m_reinitializing = false;
};

} // namespace valis
