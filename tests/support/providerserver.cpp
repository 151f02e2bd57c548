#include "providerserver.h"

#include <QHostAddress>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTimer>

namespace valis::test {

namespace {

using Headers = QList<QPair<QByteArray, QByteArray>>;

QByteArray firstHeader(const Headers &headers, const QByteArray &name)
{
    for (const auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0)
            return header.second;
    }
    return {};
}

bool hasHeader(const Headers &headers, const QByteArray &name)
{
    for (const auto &header : headers) {
        if (header.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

/// Whether a comma-separated header value (Connection, Transfer-Encoding) holds `token`.
bool hasToken(const QByteArray &value, const QByteArray &token)
{
    const QList<QByteArray> tokens = value.split(',');
    for (const QByteArray &item : tokens) {
        if (item.trimmed().compare(token, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    case 529: return "Site Overloaded";
    default: return "Unknown";
    }
}

enum class Parse { Incomplete, Complete, Malformed };

/// Reads a chunked body starting at `from`; sets `*end` past its last CRLF.
Parse parseChunkedBody(const QByteArray &buffer, qsizetype from, QByteArray *body, qsizetype *end)
{
    qsizetype at = from;
    for (;;) {
        const qsizetype lineEnd = buffer.indexOf("\r\n", at);
        if (lineEnd < 0)
            return Parse::Incomplete;
        QByteArray sizeText = buffer.mid(at, lineEnd - at);
        const qsizetype extension = sizeText.indexOf(';');
        if (extension >= 0)
            sizeText.truncate(extension);
        bool ok = false;
        const qint64 size = sizeText.trimmed().toLongLong(&ok, 16);
        if (!ok || size < 0)
            return Parse::Malformed;
        at = lineEnd + 2;
        if (size == 0) {
            // Trailer fields, then an empty line.
            for (;;) {
                const qsizetype trailerEnd = buffer.indexOf("\r\n", at);
                if (trailerEnd < 0)
                    return Parse::Incomplete;
                const bool last = trailerEnd == at;
                at = trailerEnd + 2;
                if (last) {
                    *end = at;
                    return Parse::Complete;
                }
            }
        }
        if (buffer.size() < at + size + 2)
            return Parse::Incomplete;
        if (buffer.at(at + size) != '\r' || buffer.at(at + size + 1) != '\n')
            return Parse::Malformed;
        body->append(buffer.constData() + at, size);
        at += size + 2;
    }
}

/// Reads one request from the start of `buffer`; sets `*consumed` to its length when complete.
Parse parseRequest(const QByteArray &buffer, CapturedRequest *out, qsizetype *consumed)
{
    const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
    if (headEnd < 0)
        return buffer.size() > 1024 * 1024 ? Parse::Malformed : Parse::Incomplete;
    const QList<QByteArray> lines = buffer.left(headEnd).split('\n');
    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    if (requestLine.size() != 3 || !requestLine.at(2).startsWith("HTTP/1."))
        return Parse::Malformed;
    CapturedRequest request;
    request.method = requestLine.at(0);
    request.path = requestLine.at(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        QByteArray line = lines.at(i);
        if (line.endsWith('\r'))
            line.chop(1);
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return Parse::Malformed;
        request.headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
    }
    const qsizetype bodyStart = headEnd + 4;
    qsizetype end = bodyStart;
    if (hasToken(firstHeader(request.headers, "Transfer-Encoding"), "chunked")) {
        const Parse parsed = parseChunkedBody(buffer, bodyStart, &request.body, &end);
        if (parsed != Parse::Complete)
            return parsed;
    } else if (hasHeader(request.headers, "Content-Length")) {
        bool ok = false;
        const qint64 length = firstHeader(request.headers, "Content-Length").toLongLong(&ok);
        if (!ok || length < 0)
            return Parse::Malformed;
        if (buffer.size() < bodyStart + length)
            return Parse::Incomplete;
        request.body = buffer.mid(bodyStart, length);
        end = bodyStart + length;
    }
    request.raw = buffer.left(end);
    *out = request;
    *consumed = end;
    return Parse::Complete;
}

} // namespace

ScriptedResponse ScriptedResponse::sse(const QByteArray &body)
{
    ScriptedResponse response;
    response.headers = {{"Content-Type", "text/event-stream; charset=utf-8"}, {"Cache-Control", "no-cache"}};
    response.body = body;
    return response;
}

ScriptedResponse ScriptedResponse::json(int status, const QByteArray &body, const Headers &headers)
{
    ScriptedResponse response;
    response.status = status;
    response.headers = {{"Content-Type", "application/json"}};
    response.headers += headers;
    response.body = body;
    response.chunkedEncoding = false;
    return response;
}

QByteArray CapturedRequest::header(const QByteArray &name) const
{
    return firstHeader(headers, name);
}

QJsonObject CapturedRequest::json() const
{
    return QJsonDocument::fromJson(body).object();
}

/// One accepted connection: the bytes of a request not read completely yet, the requests
/// waiting for their answer, and the answer being written.
struct ProviderTestServer::Connection
{
    struct Waiting
    {
        int index = -1;
        ScriptedResponse response;
        bool closeAfter = false;
    };

    QTcpSocket *socket = nullptr;
    int id = 0;
    QByteArray buffer;
    std::deque<Waiting> waiting;
    bool busy = false;
    bool closing = false;
    // The answer in progress.
    Waiting current;
    QList<QByteArray> pieces;
    qsizetype nextPiece = 0;
    qint64 bodySent = 0;
    bool chunkFraming = false;
};

ProviderTestServer::ProviderTestServer(QObject *parent)
    : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &ProviderTestServer::onNewConnection);
}

ProviderTestServer::~ProviderTestServer()
{
    for (const auto &entry : m_connections) {
        disconnect(entry.first, nullptr, this, nullptr);
        entry.first->abort();
    }
    m_connections.clear();
    m_server.close();
}

bool ProviderTestServer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl ProviderTestServer::baseUrl() const
{
    QUrl url;
    url.setScheme(QStringLiteral("http"));
    url.setHost(QStringLiteral("127.0.0.1"));
    url.setPort(m_server.serverPort());
    return url;
}

void ProviderTestServer::enqueue(const ScriptedResponse &response)
{
    m_queue.push_back(response);
}

qsizetype ProviderTestServer::pendingResponses() const
{
    return qsizetype(m_queue.size());
}

QList<CapturedRequest> ProviderTestServer::requests() const
{
    return m_requests;
}

void ProviderTestServer::forgetRequests()
{
    m_forgotten += int(m_requests.size());
    m_requests.clear();
}

int ProviderTestServer::unexpectedRequests() const
{
    return m_unexpected;
}

ProviderTestServer::Connection *ProviderTestServer::connectionOf(QTcpSocket *socket) const
{
    const auto found = m_connections.find(socket);
    return found == m_connections.end() ? nullptr : found->second.get();
}

void ProviderTestServer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        // Each scripted write should leave as its own segment, not wait for Nagle.
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        auto connection = std::make_unique<Connection>();
        connection->socket = socket;
        connection->id = m_connectionCount++;
        m_connections.emplace(socket, std::move(connection));
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] { onDisconnected(socket); });
        if (socket->bytesAvailable() > 0)
            onReadyRead(socket);
    }
}

void ProviderTestServer::onDisconnected(QTcpSocket *socket)
{
    if (m_connections.erase(socket) == 0)
        return;
    socket->deleteLater();
    Q_EMIT connectionClosed();
}

void ProviderTestServer::onReadyRead(QTcpSocket *socket)
{
    if (Connection *connection = connectionOf(socket))
        connection->buffer += socket->readAll();
    for (;;) {
        // Looked up each time: answering may cut and close the connection.
        Connection *connection = connectionOf(socket);
        if (!connection || connection->closing)
            return;
        CapturedRequest request;
        qsizetype consumed = 0;
        const Parse parsed = parseRequest(connection->buffer, &request, &consumed);
        if (parsed == Parse::Incomplete)
            return;
        if (parsed == Parse::Malformed) {
            connection->closing = true;
            socket->write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            socket->disconnectFromHost();
            return;
        }
        connection->buffer.remove(0, consumed);
        request.connection = connection->id;
        Connection::Waiting waiting;
        waiting.index = m_forgotten + int(m_requests.size());
        if (m_beforeAnswer)
            m_beforeAnswer(waiting.index, request);
        if (m_queue.empty()) {
            ++m_unexpected;
            waiting.response = ScriptedResponse::json(
                500, QByteArray(R"({"error":{"type":"test_server_error","message":"ProviderTestServer: no scripted response for request )")
                         + QByteArray::number(waiting.index) + "\"}}");
        } else {
            waiting.response = m_queue.front();
            m_queue.pop_front();
        }
        waiting.closeAfter = hasToken(request.header("Connection"), "close")
                             || hasToken(firstHeader(waiting.response.headers, "Connection"), "close");
        if (request.header("Expect").compare("100-continue", Qt::CaseInsensitive) == 0)
            socket->write("HTTP/1.1 100 Continue\r\n\r\n");
        m_requests.append(request);
        connection->waiting.push_back(waiting);
        Q_EMIT requestReceived(waiting.index);
        if ((connection = connectionOf(socket)))
            serveNext(connection);
    }
}

void ProviderTestServer::serveNext(Connection *connection)
{
    if (connection->busy || connection->closing || connection->waiting.empty())
        return;
    connection->busy = true;
    connection->current = connection->waiting.front();
    connection->waiting.pop_front();
    const ScriptedResponse &response = connection->current.response;
    connection->pieces.clear();
    if (!response.chunks.isEmpty()) {
        connection->pieces = response.chunks;
    } else if (response.chunkSize > 0) {
        for (qsizetype at = 0; at < response.body.size(); at += response.chunkSize)
            connection->pieces.append(response.body.mid(at, response.chunkSize));
    } else if (!response.body.isEmpty()) {
        connection->pieces.append(response.body);
    }
    connection->nextPiece = 0;
    connection->bodySent = 0;
    QTcpSocket *socket = connection->socket;
    if (response.headerDelay.count() > 0)
        QTimer::singleShot(response.headerDelay, socket, [this, socket] { sendHead(socket); });
    else
        sendHead(socket);
}

void ProviderTestServer::sendHead(QTcpSocket *socket)
{
    Connection *connection = connectionOf(socket);
    if (!connection)
        return;
    const ScriptedResponse &response = connection->current.response;
    QByteArray head = "HTTP/1.1 " + QByteArray::number(response.status) + ' '
                      + (response.reason.isEmpty() ? reasonPhrase(response.status) : response.reason) + "\r\n";
    for (const auto &header : response.headers)
        head += header.first + ": " + header.second + "\r\n";
    const bool scriptedFraming = hasHeader(response.headers, "Transfer-Encoding")
                                 || hasHeader(response.headers, "Content-Length");
    connection->chunkFraming = !scriptedFraming && response.chunkedEncoding;
    if (!scriptedFraming) {
        if (response.chunkedEncoding) {
            head += "Transfer-Encoding: chunked\r\n";
        } else {
            qint64 length = 0;
            for (const QByteArray &piece : std::as_const(connection->pieces))
                length += piece.size();
            head += "Content-Length: " + QByteArray::number(length) + "\r\n";
        }
    }
    if (connection->current.closeAfter && !hasHeader(response.headers, "Connection"))
        head += "Connection: close\r\n";
    head += "\r\n";
    socket->write(head);
    socket->flush();
    sendPiece(socket);
}

void ProviderTestServer::sendPiece(QTcpSocket *socket)
{
    Connection *connection = connectionOf(socket);
    if (!connection)
        return;
    if (connection->nextPiece >= connection->pieces.size()) {
        endResponse(socket);
        return;
    }
    const ScriptedResponse &response = connection->current.response;
    const QByteArray piece = connection->pieces.at(connection->nextPiece++);
    const qint64 cut = response.cutAfterBytes;
    const bool cutHere = cut >= 0 && connection->bodySent + piece.size() >= cut;
    const QByteArray payload = cutHere ? piece.left(cut - connection->bodySent) : piece;
    QByteArray bytes;
    if (connection->chunkFraming && !piece.isEmpty())
        bytes += QByteArray::number(piece.size(), 16) + "\r\n"; // the whole piece's size, even when cut
    bytes += payload;
    if (connection->chunkFraming && !cutHere && !piece.isEmpty())
        bytes += "\r\n";
    socket->write(bytes);
    socket->flush();
    connection->bodySent += payload.size();
    if (cutHere) {
        connection->closing = true;
        const int index = connection->current.index;
        socket->disconnectFromHost();
        Q_EMIT responseDone(index);
        return;
    }
    // Each piece goes out on its own event-loop turn, so the client reads them separately.
    QTimer::singleShot(response.chunkDelay, socket, [this, socket] { sendPiece(socket); });
}

void ProviderTestServer::endResponse(QTcpSocket *socket)
{
    Connection *connection = connectionOf(socket);
    if (!connection)
        return;
    if (connection->chunkFraming)
        socket->write("0\r\n\r\n");
    socket->flush();
    connection->busy = false;
    const int index = connection->current.index;
    if (connection->current.closeAfter) {
        connection->closing = true;
        socket->disconnectFromHost();
    }
    Q_EMIT responseDone(index);
    if ((connection = connectionOf(socket)))
        serveNext(connection);
}

} // namespace valis::test
