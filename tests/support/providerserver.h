#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPair>
#include <QTcpServer>
#include <QUrl>

#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>

class QTcpSocket;

namespace valis::test {

/// One answer the ProviderTestServer gives, and how it delivers it. The server speaks real
/// HTTP/1.1 on loopback, so the code under test uses its real QNetworkAccessManager path.
struct ScriptedResponse
{
    int status = 200;
    QByteArray reason;                               ///< empty: the standard phrase for `status`
    /// Sent as given, in order. The server adds Transfer-Encoding or Content-Length itself
    /// unless one of them is here (then `body` goes out as it is, framing included).
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;

    /// How the body goes out: `chunks` when non-empty (each one a separate socket write, with
    /// `chunkDelay` between them), else split into pieces of `chunkSize` bytes (0: one write).
    /// With chunked encoding each piece is one HTTP chunk.
    QList<QByteArray> chunks;
    int chunkSize = 0;
    std::chrono::milliseconds chunkDelay{0};
    /// Wait this long before sending anything (a slow server / a timeout test).
    std::chrono::milliseconds headerDelay{0};
    /// Close the connection after this many body bytes (a drop mid-answer); -1: send it all.
    qint64 cutAfterBytes = -1;
    /// Transfer-Encoding: chunked (true) or Content-Length (false).
    bool chunkedEncoding = true;

    /// 200 text/event-stream with `body`.
    static ScriptedResponse sse(const QByteArray &body);
    /// `status` application/json with `body` and extra headers (retry-after, ...).
    static ScriptedResponse json(int status, const QByteArray &body,
                                 const QList<QPair<QByteArray, QByteArray>> &headers = {});
};

/// One request the server received, exactly as it arrived.
struct CapturedRequest
{
    QByteArray method;
    QByteArray path;                         ///< with the query string
    QList<QPair<QByteArray, QByteArray>> headers; ///< as received, in order
    QByteArray body;                         ///< exact bytes (chunked framing removed)
    QByteArray raw;                          ///< the whole request as it came off the wire
    int connection = 0;                      ///< which connection it came on (0, 1, ...)

    /// The first header of that name (case-insensitive); empty when absent.
    QByteArray header(const QByteArray &name) const;
    /// The body parsed as a JSON object (empty when it is not one).
    QJsonObject json() const;
};

/// A local HTTP/1.1 server that stands in for a provider's API: it answers requests, in order,
/// with the ScriptedResponses queued (byte for byte, with the delivery faults they describe),
/// and records every request. A request that finds the queue empty gets a 500 with a JSON
/// error saying so, and unexpectedRequests() counts it, so a test can check it asked exactly as
/// often as scripted. Connections are kept alive (several requests each, answered in order)
/// unless the request or the scripted response says `Connection: close`, or the response is
/// cut. Request bodies may come with Content-Length or chunked. Lives in the test's thread;
/// listens on 127.0.0.1 on a free port.
class ProviderTestServer : public QObject
{
    Q_OBJECT

public:
    explicit ProviderTestServer(QObject *parent = nullptr);
    ~ProviderTestServer() override;

    /// Starts listening; false (with a QWARN-free failure the test reports) when it cannot.
    bool listen();
    /// "http://127.0.0.1:<port>" (no path).
    QUrl baseUrl() const;

    void enqueue(const ScriptedResponse &response);
    /// Called with each request before its response is taken from the queue, so a test can
    /// script an answer from what the request says (a key the model was just shown).
    void setBeforeAnswer(std::function<void(int index, const CapturedRequest &request)> hook) { m_beforeAnswer = std::move(hook); }
    qsizetype pendingResponses() const;

    /// The requests received since the start or the last forgetRequests().
    QList<CapturedRequest> requests() const;
    /// Drops the requests kept so far (indexes keep counting on): a long run (bench_soak) keeps
    /// only what it has yet to look at, so the server's memory does not grow with the run.
    void forgetRequests();
    int unexpectedRequests() const;
    /// Connections accepted so far.
    int connectionCount() const { return m_connectionCount; }
    /// Connections open now.
    int openConnections() const { return int(m_connections.size()); }

Q_SIGNALS:
    /// A whole request was read (its index in requests()).
    void requestReceived(int index);
    /// The response to request `index` was written completely (or cut as scripted).
    void responseDone(int index);
    /// A connection closed (either side), after its last response.
    void connectionClosed();

private:
    struct Connection;
    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void onDisconnected(QTcpSocket *socket);
    /// Answers the next request waiting on `connection` unless one is being answered.
    void serveNext(Connection *connection);
    void sendHead(QTcpSocket *socket);
    void sendPiece(QTcpSocket *socket);
    void endResponse(QTcpSocket *socket);
    Connection *connectionOf(QTcpSocket *socket) const;

    QTcpServer m_server;
    std::deque<ScriptedResponse> m_queue;
    QList<CapturedRequest> m_requests;
    std::map<QTcpSocket *, std::unique_ptr<Connection>> m_connections;
    int m_unexpected = 0;
    int m_forgotten = 0; ///< requests dropped by forgetRequests(), still counted in indexes
    int m_connectionCount = 0;
    std::function<void(int, const CapturedRequest &)> m_beforeAnswer;
};

} // namespace valis::test
