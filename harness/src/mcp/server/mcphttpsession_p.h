#pragma once

// Internal to McpStreamableHttpServer: one MCP session over HTTP and its SSE streams.

#include "valis/mcp/jsonrpc.h"
#include "valis/mcp/mcpserversession.h"
#include "valis/server/httpserver.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QSet>

#include <deque>
#include <map>
#include <memory>

namespace valis::detail {

/// One SSE stream of a session: the standalone GET stream (id 0) or the stream answering one
/// POST. Every event gets the id "<stream>-<sequence>" and is kept in a bounded buffer, so a
/// client that reconnects with Last-Event-ID gets what came after that event on this stream and
/// nothing from another one (2025-11-25, transports, "Resumability and Redelivery").
class McpSseStream
{
public:
    /// Events a stream keeps for resumption; older ones are dropped first.
    static constexpr int Capacity = 256;

    explicit McpSseStream(int id) : m_id(id) {}

    int id() const { return m_id; }
    /// Sends `message` as the next event (to the reader, if one is connected) and keeps it.
    void push(const JsonRpcMessage &message);
    /// An event with an id and no data, so the client holds a cursor before any message (what
    /// 2025-11-25 servers send first; earlier clients would take the empty data for a message).
    void prime();
    /// Makes `responder` (a started SSE response) the reader and replays every kept event after
    /// sequence `after`; a finished request stream then ends it.
    void attach(HttpResponder *responder, quint64 after);
    /// The stream has nothing more to say (a POST's responses are all sent): its reader ends.
    void finish();
    /// Ends the reader's response, if any, as the session or server goes away.
    void detach();
    /// A comment line, so dead connections are noticed and proxies keep idle streams open.
    void keepAlive();

    bool isFinished() const { return m_finished; }
    bool hasReader() const { return m_reader && !m_reader->isClientGone(); }
    /// Request ids (jsonRpcIdKey) whose responses this stream still owes.
    QSet<QString> awaiting;

private:
    QByteArray frame(quint64 sequence, const QByteArray &data) const;
    void send(const QByteArray &event);

    int m_id = 0;
    quint64 m_sequence = 0;
    std::deque<std::pair<quint64, QByteArray>> m_events;
    QPointer<HttpResponder> m_reader;
    bool m_finished = false;
};

/// One session: the protocol session over the shared handler and the streams it speaks on.
struct McpHttpSession
{
    /// The request streams kept for resumption after they are finished.
    static constexpr int KeptRequestStreams = 32;

    QString id;
    std::unique_ptr<McpServerSession> protocol;
    McpSseStream standalone{0};
    std::map<int, std::unique_ptr<McpSseStream>> requestStreams;
    int nextStreamId = 1;
    /// Which stream answers which request (jsonRpcIdKey of its id).
    QHash<QString, int> streamOfRequest;
    QElapsedTimer lastUse;

    /// While a POST's messages are fed to the protocol session, what it says about them is
    /// collected here first: only then is it known whether a plain JSON answer will do.
    QList<JsonRpcMessage> *capture = nullptr;
    QSet<QString> captureKeys;

    /// Delivers one message McpServerSession emitted.
    void route(const JsonRpcMessage &message, const QJsonValue &relatedRequest);
    McpSseStream *openRequestStream();
    McpSseStream *stream(int id);
    bool primes() const;
    void detachAll();
};

/// "<stream>-<sequence>" back into its parts; false when it is not one of ours.
bool parseEventId(const QByteArray &eventId, int *stream, quint64 *sequence);

} // namespace valis::detail
