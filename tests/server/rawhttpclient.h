#pragma once

// A hand-driven HTTP/1.1 client for the server tests: what it writes is exactly what the server
// reads, and a chunked response keeps its chunks apart (each SSE event the server writes is one).
// The server under test runs in the same thread, so every wait spins the event loop.

#include "valis/server/httpserver.h"

#include <QElapsedTimer>
#include <QTcpSocket>
#include <QtTest>

namespace valis::test {

/// One response as read off the socket; a chunked body keeps its chunks apart.
struct RawResponse
{
    int status = 0;
    HttpHeaders headers;
    QByteArray body;
    QList<QByteArray> chunks;

    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers)
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        return {};
    }
};

/// A hand-driven HTTP/1.1 client: what it writes is exactly what the server reads.
class RawClient
{
public:
    explicit RawClient(quint16 port)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(m_socket.waitForConnected(5000));
    }

    void send(const QByteArray &bytes)
    {
        m_socket.write(bytes);
        m_socket.flush();
    }

    /// Reads until `buffer` holds at least `bytes` more, or the socket closes; false on timeout.
    bool fill(qsizetype bytes)
    {
        QElapsedTimer timer;
        timer.start();
        while (m_buffer.size() < bytes) {
            m_buffer += m_socket.readAll();
            if (m_buffer.size() >= bytes)
                break;
            if (m_socket.state() != QAbstractSocket::ConnectedState && m_socket.bytesAvailable() == 0)
                return false;
            if (timer.elapsed() > 10000)
                return false;
            QTest::qWait(5); // the server lives in this thread: let it run
        }
        return true;
    }

    bool readLine(QByteArray *line)
    {
        qsizetype end = -1;
        while ((end = m_buffer.indexOf("\r\n")) < 0)
            if (!fill(m_buffer.size() + 1))
                return false;
        *line = m_buffer.left(end);
        m_buffer.remove(0, end + 2);
        return true;
    }

    /// The head of the next response.
    bool readHead(RawResponse *response)
    {
        QByteArray line;
        if (!readLine(&line))
            return false;
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() < 2 || !parts[0].startsWith("HTTP/1.1"))
            return false;
        response->status = parts[1].toInt();
        while (readLine(&line) && !line.isEmpty()) {
            const qsizetype colon = line.indexOf(':');
            response->headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
        }
        return true;
    }

    /// One chunk of a chunked body; an empty one is the last.
    bool readChunk(QByteArray *chunk)
    {
        QByteArray line;
        if (!readLine(&line))
            return false;
        bool ok = false;
        const qsizetype size = line.toLongLong(&ok, 16);
        if (!ok || !fill(size + 2))
            return false;
        *chunk = m_buffer.left(size);
        m_buffer.remove(0, size + 2);
        return true; // for the last chunk the two bytes were the blank line that ends the body
    }

    /// The next SSE event of a chunked stream (its lines, without the blank line that ends it);
    /// false when the stream ended or nothing came.
    bool readEvent(QByteArray *event)
    {
        while (true) {
            const qsizetype end = m_events.indexOf("\n\n");
            if (end >= 0) {
                *event = m_events.left(end);
                m_events.remove(0, end + 2);
                return true;
            }
            QByteArray chunk;
            if (!readChunk(&chunk) || chunk.isEmpty())
                return false;
            m_events += chunk;
        }
    }

    /// True when nothing arrives within `ms` (the event loop runs meanwhile).
    bool quietFor(int ms)
    {
        QTest::qWait(ms);
        m_buffer += m_socket.readAll();
        return m_buffer.isEmpty() && m_events.isEmpty();
    }

    RawResponse read()
    {
        RawResponse response;
        if (!readHead(&response))
            return response;
        if (response.header("transfer-encoding") == "chunked") {
            QByteArray chunk;
            while (readChunk(&chunk) && !chunk.isEmpty()) {
                response.chunks.append(chunk);
                response.body += chunk;
            }
        } else {
            const qsizetype length = response.header("content-length").toLongLong();
            if (fill(length)) {
                response.body = m_buffer.left(length);
                m_buffer.remove(0, length);
            }
        }
        return response;
    }

    /// True once the server has closed the connection (and nothing more was sent).
    bool waitClosed()
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < 10000) {
            m_buffer += m_socket.readAll();
            if (m_socket.state() == QAbstractSocket::UnconnectedState)
                return true;
            QTest::qWait(5);
        }
        return false;
    }

    QTcpSocket &socket() { return m_socket; }
    QByteArray leftover() const { return m_buffer; }

private:
    QTcpSocket m_socket;
    QByteArray m_buffer;
    QByteArray m_events;
};

} // namespace valis::test
