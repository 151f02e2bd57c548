#pragma once

// Internal to HttpServer: one client connection (parsing requests off the socket, answering them
// in order) and the state of an HttpResponder the connection drives.

#include "valis/server/httpserver.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QTcpSocket;
class QTimer;

namespace valis::detail {

class HttpConnection;

/// What an HttpResponder knows about its response; HttpResponder::Private is one.
struct HttpResponderState
{
    enum class Phase { Idle, Streaming, Done };

    HttpRequest request;
    QPointer<HttpConnection> connection;
    Phase phase = Phase::Idle;
    bool clientGone = false;
    /// The connection closes after this response (Connection: close, HTTP/1.0, an error).
    bool closeAfter = false;
    /// HTTP/1.0 has no chunked encoding: a stream is ended by closing the connection.
    bool http10 = false;
    /// Output written while earlier responses on the connection were still going out.
    QByteArray pending;
};

/// HttpResponder's constructor and private part are HttpServer's alone; HttpServer hands the
/// connection these two doors to them (lambdas written inside its own members).
struct HttpResponderAccess
{
    std::function<HttpResponder *(QObject *parent)> create;
    std::function<HttpResponderState *(HttpResponder *)> state;
};

/// What the HttpServer set, read by its connections as they go (owned by the server, which
/// outlives them).
struct HttpConnectionSettings
{
    HttpServer::Handler handler;
    qint64 maxBodyBytes = 4 * 1024 * 1024;
    int headerTimeoutMs = 30 * 1000;
    int idleTimeoutMs = 120 * 1000;
    int maxConnections = 256;
    HttpServer::ErrorBody errorBody; ///< null: detail::errorBody
};

/// One accepted socket. Requests are parsed as they arrive (pipelining included) and each gets
/// a responder; responses leave in request order, a later one's output waiting in its state
/// until the earlier ones are complete. Never deleted directly: deleteLater(), since handlers
/// and responders may call into it from inside its own read loop.
class HttpConnection : public QObject
{
public:
    HttpConnection(QTcpSocket *socket, const HttpConnectionSettings *settings, HttpResponderAccess access,
                   QObject *responderParent, QObject *parent);

    /// Output of `responder`: written now when it is the oldest unanswered response, else kept.
    void send(HttpResponder *responder, const QByteArray &bytes);
    /// `responder` has its whole response; the next one in line may go out.
    void completed(HttpResponder *responder);
    /// Drops the connection: every unanswered responder is told the client is gone (unless
    /// `quietly`, for a server being destroyed).
    void shutDown(bool quietly);
    /// Answers `status` at once, before any request is read, and closes (over the cap: 503).
    void refuse(int status, const QByteArray &code, const QString &message);
    /// Refused at once, or its response that closes it has gone out: no longer counted.
    bool isLeaving() const { return m_refused || m_gone || m_closing; }

private:
    enum class State { Head, Body, ChunkSize, ChunkData, ChunkDataEnd, Trailers, Failed };

    void onReadyRead();
    /// One step of the parser; false when it needs more bytes.
    bool parseStep();
    bool parseHead(qsizetype end);
    void dispatch();
    /// Answers `status` with an error body on its own and closes the connection after it.
    void fail(int status, const QByteArray &code, const QString &message, const HttpHeaders &headers = {});
    /// Runs the header or idle timer as the connection's state asks (see HttpServer).
    void updateTimer();
    void onTimeout();
    void advance();
    void onDisconnected();
    void write(const QByteArray &bytes);

    enum class Wait { None, Head, Idle };

    QTcpSocket *m_socket = nullptr;
    const HttpConnectionSettings *m_settings = nullptr;
    QTimer *m_timer = nullptr;
    Wait m_wait = Wait::None;
    bool m_servedAny = false; ///< a request was dispatched: silence from now on is idleness
    bool m_refused = false;
    HttpResponderAccess m_access;
    QPointer<QObject> m_responderParent;
    QList<QPointer<HttpResponder>> m_queue;
    QByteArray m_buffer;
    State m_state = State::Head;
    HttpRequest m_request;
    bool m_requestCloses = false;
    bool m_requestHttp10 = false;
    qint64 m_remaining = 0;
    bool m_closing = false; ///< a response that closes the connection is queued: read no more
    bool m_gone = false;
};

/// A whole response's head: status line, `headers`, then the framing ones HttpServer adds.
QByteArray responseHead(int status, const HttpHeaders &headers, const QList<QPair<QByteArray, QByteArray>> &framing);
/// {"error": {"message", "type", "code"}}, the shape the OpenAI API uses (and MCP's HTTP errors
/// outside JSON-RPC can share).
QByteArray errorBody(int status, const QByteArray &code, const QString &message);

} // namespace valis::detail
