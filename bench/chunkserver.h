#pragma once

// The scripted upstream the latency benchmarks share: a minimal HTTP/1.1 server that answers each
// request with an Anthropic Messages stream whose text deltas go out one HTTP chunk each, and
// stamps when each was written, so a benchmark can measure what reached its client and when.

#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <chrono>
#include <vector>

namespace valis::bench {

using Clock = std::chrono::steady_clock;

inline QByteArray httpChunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}

inline QByteArray sse(const QByteArray &name, const QByteArray &json)
{
    return "event: " + name + "\ndata: " + json + "\n\n";
}

/// An Anthropic Messages stand-in for benchmarks: streams `chunks` text deltas ("d<index> "),
/// one per HTTP chunk, `interval` apart; stamps each write.
class ChunkServer : public QObject
{
public:
    ChunkServer(int chunks, int intervalMs, std::vector<Clock::time_point> *sent)
        : m_chunks(chunks), m_interval(intervalMs), m_sent(sent)
    {
    }

    quint16 listen()
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            QTcpSocket *socket = m_server.nextPendingConnection();
            socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onRequest(socket); });
        });
        return m_server.serverPort();
    }

private:
    void onRequest(QTcpSocket *socket)
    {
        m_request += socket->readAll();
        const qsizetype headerEnd = m_request.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const qsizetype lengthAt = m_request.toLower().indexOf("content-length:");
        const qsizetype length = lengthAt < 0 ? 0 : m_request.mid(lengthAt + 15, m_request.indexOf("\r\n", lengthAt) - lengthAt - 15).trimmed().toLongLong();
        if (m_request.size() < headerEnd + 4 + length)
            return;
        m_request.clear();
        socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
        socket->write(httpChunk(sse("message_start", R"({"type":"message_start","message":{"id":"msg_bench","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"usage":{"input_tokens":10,"output_tokens":1}}})")
                                + sse("content_block_start", R"({"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})")));
        socket->flush();
        auto *timer = new QTimer(socket);
        timer->setTimerType(Qt::PreciseTimer);
        auto next = std::make_shared<int>(0);
        connect(timer, &QTimer::timeout, socket, [this, socket, timer, next] {
            const int index = (*next)++;
            if (index < m_chunks) {
                const QByteArray data = sse("content_block_delta", R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"d)"
                                                                       + QByteArray::number(index) + R"( "}})");
                (*m_sent)[size_t(index)] = Clock::now();
                socket->write(httpChunk(data));
                socket->flush();
                return;
            }
            timer->stop();
            socket->write(httpChunk(sse("content_block_stop", R"({"type":"content_block_stop","index":0})")
                                    + sse("message_delta", R"({"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":5}})")
                                    + sse("message_stop", R"({"type":"message_stop"})"))
                          + "0\r\n\r\n");
            socket->flush();
        });
        timer->start(m_interval);
    }

    QTcpServer m_server{this}; // a child, so it moves to the server thread with us
    QByteArray m_request;
    int m_chunks;
    int m_interval;
    std::vector<Clock::time_point> *m_sent;
};

} // namespace valis::bench
