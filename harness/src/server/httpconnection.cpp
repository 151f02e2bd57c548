#include "httpconnection_p.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTcpSocket>
#include <QTimer>

#include <cctype>
#include <utility>

namespace valis::detail {

namespace {

// Generous for any real client, small enough that a peer cannot make us buffer without end
// before a body limit even applies.
constexpr qsizetype MaxHeadBytes = 64 * 1024;
constexpr qsizetype MaxChunkLineBytes = 4096;
constexpr int MaxHeaders = 200;
// How long a connection refused mid-request goes on draining what the client sends.
constexpr int LingerMs = 2000;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100: return QByteArrayLiteral("Continue");
    case 200: return QByteArrayLiteral("OK");
    case 201: return QByteArrayLiteral("Created");
    case 202: return QByteArrayLiteral("Accepted");
    case 204: return QByteArrayLiteral("No Content");
    case 400: return QByteArrayLiteral("Bad Request");
    case 401: return QByteArrayLiteral("Unauthorized");
    case 403: return QByteArrayLiteral("Forbidden");
    case 404: return QByteArrayLiteral("Not Found");
    case 405: return QByteArrayLiteral("Method Not Allowed");
    case 406: return QByteArrayLiteral("Not Acceptable");
    case 408: return QByteArrayLiteral("Request Timeout");
    case 409: return QByteArrayLiteral("Conflict");
    case 413: return QByteArrayLiteral("Content Too Large");
    case 415: return QByteArrayLiteral("Unsupported Media Type");
    case 429: return QByteArrayLiteral("Too Many Requests");
    case 431: return QByteArrayLiteral("Request Header Fields Too Large");
    case 500: return QByteArrayLiteral("Internal Server Error");
    case 501: return QByteArrayLiteral("Not Implemented");
    case 502: return QByteArrayLiteral("Bad Gateway");
    case 503: return QByteArrayLiteral("Service Unavailable");
    case 505: return QByteArrayLiteral("HTTP Version Not Supported");
    default: return QByteArrayLiteral("Status");
    }
}

bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return QByteArrayView("!#$%&'*+-.^_`|~").contains(c);
}

bool isToken(QByteArrayView bytes)
{
    if (bytes.isEmpty())
        return false;
    for (char c : bytes)
        if (!isTokenChar(c))
            return false;
    return true;
}

bool parseDecimal(const QByteArray &text, qint64 *value)
{
    if (text.isEmpty() || text.size() > 18)
        return false;
    for (char c : text)
        if (c < '0' || c > '9')
            return false;
    *value = text.toLongLong();
    return true;
}

} // namespace

QByteArray responseHead(int status, const HttpHeaders &headers, const QList<QPair<QByteArray, QByteArray>> &framing)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    // RFC 9110 wants a Date from a server with a clock; C locale, as the format is English.
    head += "Date: "
            + QLocale::c().toString(QDateTime::currentDateTimeUtc(), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'")).toLatin1()
            + "\r\n";
    for (const auto &[name, value] : headers) {
        // The framing is HttpServer's to decide; a handler's own would contradict it.
        const QByteArray lower = name.toLower();
        if (lower == "content-length" || lower == "transfer-encoding" || lower == "connection" || lower == "date")
            continue;
        head += name + ": " + value + "\r\n";
    }
    for (const auto &[name, value] : framing)
        head += name + ": " + value + "\r\n";
    head += "\r\n";
    return head;
}

QByteArray errorBody(int status, const QByteArray &code, const QString &message)
{
    const QString type = status >= 500 ? QStringLiteral("server_error") : QStringLiteral("invalid_request_error");
    const QJsonObject error{{QStringLiteral("message"), message},
                            {QStringLiteral("type"), type},
                            {QStringLiteral("code"), QString::fromLatin1(code)}};
    return QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact);
}

HttpConnection::HttpConnection(QTcpSocket *socket, const HttpConnectionSettings *settings, HttpResponderAccess access,
                               QObject *responderParent, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_settings(settings)
    , m_timer(new QTimer(this))
    , m_access(std::move(access))
    , m_responderParent(responderParent)
{
    socket->setParent(this);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, [this] { onTimeout(); });
    updateTimer(); // a connection that says nothing at all is cut like one that trickles
    connect(socket, &QTcpSocket::readyRead, this, [this] { onReadyRead(); });
    connect(socket, &QTcpSocket::disconnected, this, [this] { onDisconnected(); });
    // readyRead may already be behind us (bytes arrived before the connection was handed over).
    if (socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, [this] { onReadyRead(); }, Qt::QueuedConnection);
}

void HttpConnection::onReadyRead()
{
    const QByteArray bytes = m_socket->readAll(); // read even when unwanted, so nothing piles up
    if (m_gone)
        return;
    if (m_closing || m_state == State::Failed)
        return; // after an answer that closes the connection nothing more is read
    m_buffer += bytes;
    QPointer<HttpConnection> self(this);
    while (self && !m_gone && !m_closing && m_state != State::Failed && parseStep()) {
    }
    if (self)
        updateTimer();
}

void HttpConnection::updateTimer()
{
    // Only a connection waiting for a request is timed: once a request is read, its handler and
    // its response (an SSE stream may last hours) take as long as they take.
    Wait wanted = Wait::None;
    if (!m_gone && !m_closing && m_state == State::Head) {
        if (!m_buffer.isEmpty() || (!m_servedAny && m_queue.isEmpty()))
            wanted = Wait::Head;
        else if (m_queue.isEmpty())
            wanted = Wait::Idle;
    }
    if (wanted == m_wait)
        return; // a head arriving byte by byte does not win itself more time
    m_wait = wanted;
    const int ms = wanted == Wait::Head ? m_settings->headerTimeoutMs : wanted == Wait::Idle ? m_settings->idleTimeoutMs : 0;
    if (ms > 0)
        m_timer->start(ms);
    else
        m_timer->stop();
}

void HttpConnection::onTimeout()
{
    if (m_gone || m_closing)
        return;
    const Wait waited = std::exchange(m_wait, Wait::None);
    if (waited == Wait::Head && !m_buffer.isEmpty()) {
        if (!m_queue.isEmpty()) {
            // Behind a response still under way a 408 could not go out: the connection goes.
            shutDown(false);
            return;
        }
        fail(408, "request_timeout", QCoreApplication::translate("valis::HttpServer", "The request's head did not arrive in time."));
        return;
    }
    if (waited == Wait::None)
        return;
    // Nothing was asked (an idle keep-alive, or a connection that never spoke): closing needs no
    // answer, and the client opens a new connection when it wants one.
    m_closing = true;
    m_socket->disconnectFromHost();
}

bool HttpConnection::parseStep()
{
    switch (m_state) {
    case State::Head: {
        // RFC 9112 2.2: empty lines before a request line are to be ignored.
        while (m_buffer.startsWith("\r\n"))
            m_buffer.remove(0, 2);
        const qsizetype end = m_buffer.indexOf("\r\n\r\n");
        if (end < 0) {
            if (m_buffer.size() > MaxHeadBytes)
                fail(431, "headers_too_large", QCoreApplication::translate("valis::HttpServer", "The request's headers are too large."));
            return false;
        }
        if (end > MaxHeadBytes) {
            fail(431, "headers_too_large", QCoreApplication::translate("valis::HttpServer", "The request's headers are too large."));
            return false;
        }
        return parseHead(end);
    }
    case State::Body: {
        const qsizetype take = qMin<qint64>(m_remaining, m_buffer.size());
        m_request.body += m_buffer.left(take);
        m_buffer.remove(0, take);
        m_remaining -= take;
        if (m_remaining > 0)
            return false;
        dispatch();
        return true;
    }
    case State::ChunkSize: {
        const qsizetype end = m_buffer.indexOf("\r\n");
        if (end < 0) {
            if (m_buffer.size() > MaxChunkLineBytes)
                fail(400, "bad_request", QCoreApplication::translate("valis::HttpServer", "A chunk size line of the request body is malformed."));
            return false;
        }
        QByteArray line = m_buffer.left(end);
        m_buffer.remove(0, end + 2);
        const qsizetype semicolon = line.indexOf(';'); // chunk extensions carry nothing for us
        if (semicolon >= 0)
            line.truncate(semicolon);
        line = line.trimmed();
        bool ok = !line.isEmpty() && line.size() <= 15;
        for (char c : std::as_const(line))
            ok = ok && std::isxdigit(static_cast<unsigned char>(c));
        const qint64 size = ok ? line.toLongLong(&ok, 16) : 0;
        if (!ok || size < 0) {
            fail(400, "bad_request", QCoreApplication::translate("valis::HttpServer", "A chunk size line of the request body is malformed."));
            return false;
        }
        if (m_request.body.size() + size > m_settings->maxBodyBytes) {
            fail(413, "request_too_large", QCoreApplication::translate("valis::HttpServer", "The request body is larger than %n bytes.", nullptr, int(m_settings->maxBodyBytes)));
            return false;
        }
        m_remaining = size;
        m_state = size == 0 ? State::Trailers : State::ChunkData;
        return true;
    }
    case State::ChunkData: {
        const qsizetype take = qMin<qint64>(m_remaining, m_buffer.size());
        m_request.body += m_buffer.left(take);
        m_buffer.remove(0, take);
        m_remaining -= take;
        if (m_remaining > 0)
            return false;
        m_state = State::ChunkDataEnd;
        return true;
    }
    case State::ChunkDataEnd:
        if (m_buffer.size() < 2)
            return false;
        if (!m_buffer.startsWith("\r\n")) {
            fail(400, "bad_request", QCoreApplication::translate("valis::HttpServer", "A chunk of the request body does not end where its size says."));
            return false;
        }
        m_buffer.remove(0, 2);
        m_state = State::ChunkSize;
        return true;
    case State::Trailers: {
        // Trailer fields are read and dropped: nothing Valis serves needs them.
        const qsizetype end = m_buffer.indexOf("\r\n");
        if (end < 0) {
            if (m_buffer.size() > MaxHeadBytes)
                fail(431, "headers_too_large", QCoreApplication::translate("valis::HttpServer", "The request's headers are too large."));
            return false;
        }
        m_buffer.remove(0, end + 2);
        if (end == 0)
            dispatch();
        return true;
    }
    case State::Failed:
        return false;
    }
    return false;
}

bool HttpConnection::parseHead(qsizetype end)
{
    // Up to and with the CRLF of the last field line, so every line ends in "\r".
    QList<QByteArray> lines = m_buffer.left(end + 2).split('\n');
    lines.removeLast();
    m_buffer.remove(0, end + 4);
    m_request = HttpRequest{};
    m_request.peer = m_socket->peerAddress();

    const auto malformed = [this](const QString &message) {
        fail(400, "bad_request", message);
        return false;
    };
    QByteArray requestLine = lines.first();
    if (!requestLine.endsWith('\r'))
        return malformed(QCoreApplication::translate("valis::HttpServer", "The request's lines must end with CRLF."));
    requestLine.chop(1);
    const QList<QByteArray> parts = requestLine.split(' ');
    if (parts.size() != 3 || !isToken(parts[0]) || parts[1].isEmpty())
        return malformed(QCoreApplication::translate("valis::HttpServer", "The request line is malformed."));
    const QByteArray &version = parts[2];
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        if (!version.startsWith("HTTP/"))
            return malformed(QCoreApplication::translate("valis::HttpServer", "The request line is malformed."));
        fail(505, "http_version_not_supported", QCoreApplication::translate("valis::HttpServer", "Only HTTP/1.1 and HTTP/1.0 are supported."));
        return false;
    }
    m_requestHttp10 = version == "HTTP/1.0";
    m_request.method = parts[0];

    QByteArray target = parts[1];
    if (target.startsWith("http://") || target.startsWith("https://")) {
        // The absolute form (RFC 9112 3.2.2): only the path matters to us.
        const qsizetype slash = target.indexOf('/', target.indexOf("//") + 2);
        target = slash < 0 ? QByteArrayLiteral("/") : target.mid(slash);
    }
    if (!target.startsWith('/') && target != "*")
        return malformed(QCoreApplication::translate("valis::HttpServer", "The request target is malformed."));
    for (char c : std::as_const(target))
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7f)
            return malformed(QCoreApplication::translate("valis::HttpServer", "The request target is malformed."));
    const qsizetype question = target.indexOf('?');
    m_request.path = question < 0 ? target : target.left(question);
    if (question >= 0)
        m_request.query = QUrlQuery(QString::fromLatin1(target.mid(question + 1)));

    if (lines.size() - 1 > MaxHeaders) {
        fail(431, "headers_too_large", QCoreApplication::translate("valis::HttpServer", "The request has too many header fields."));
        return false;
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        QByteArray line = lines[i];
        if (!line.endsWith('\r'))
            return malformed(QCoreApplication::translate("valis::HttpServer", "The request's lines must end with CRLF."));
        line.chop(1);
        if (line.startsWith(' ') || line.startsWith('\t'))
            return malformed(QCoreApplication::translate("valis::HttpServer", "Folded header lines are not accepted.")); // RFC 9112 5.2
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0 || !isToken(QByteArrayView(line).first(colon)))
            return malformed(QCoreApplication::translate("valis::HttpServer", "A header field of the request is malformed."));
        m_request.headers.append({line.left(colon), line.mid(colon + 1).trimmed()});
    }

    const QByteArray connection = m_request.header("connection").toLower();
    m_requestCloses = m_requestHttp10 ? !connection.contains("keep-alive") : connection.contains("close");

    // Both framings at once is how requests are smuggled past proxies (RFC 9112 6.1): refused.
    const bool hasTransferEncoding = m_request.hasHeader("transfer-encoding");
    QList<QByteArray> lengths;
    for (const auto &[name, value] : std::as_const(m_request.headers))
        if (name.compare("content-length", Qt::CaseInsensitive) == 0)
            lengths.append(value);
    if (hasTransferEncoding && !lengths.isEmpty())
        return malformed(QCoreApplication::translate("valis::HttpServer", "A request cannot have both Content-Length and Transfer-Encoding."));

    if (hasTransferEncoding) {
        const QByteArray encoding = m_request.header("transfer-encoding").trimmed().toLower();
        if (encoding != "chunked" || m_requestHttp10) {
            fail(501, "not_implemented", QCoreApplication::translate("valis::HttpServer", "Only the chunked transfer coding is supported."));
            return false;
        }
        m_state = State::ChunkSize;
    } else if (!lengths.isEmpty()) {
        qint64 length = 0;
        for (const QByteArray &value : std::as_const(lengths)) {
            qint64 each = 0;
            if (!parseDecimal(value, &each) || (length != 0 && each != length))
                return malformed(QCoreApplication::translate("valis::HttpServer", "The request's Content-Length is malformed."));
            length = each;
        }
        if (length > m_settings->maxBodyBytes) {
            fail(413, "request_too_large", QCoreApplication::translate("valis::HttpServer", "The request body is larger than %n bytes.", nullptr, int(m_settings->maxBodyBytes)));
            return false;
        }
        m_remaining = length;
        m_state = State::Body;
    } else {
        dispatch();
        return true;
    }

    // A client that waits for 100 Continue gets it only when no earlier response is still due,
    // as an interim answer must not land in the middle of another response.
    if (m_request.header("expect").toLower() == "100-continue" && m_queue.isEmpty() && !m_requestHttp10)
        write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
    return true;
}

void HttpConnection::dispatch()
{
    m_state = State::Head;
    HttpResponder *responder = m_access.create(m_responderParent);
    HttpResponderState *state = m_access.state(responder);
    state->request = std::move(m_request);
    m_request = HttpRequest{};
    state->connection = this;
    state->closeAfter = m_requestCloses;
    state->http10 = m_requestHttp10;
    m_closing = m_requestCloses;
    m_servedAny = true;
    m_queue.append(responder);
    updateTimer();

    if (m_settings->handler) {
        QPointer<HttpResponder> guard(responder);
        m_settings->handler(state->request, responder);
    } else {
        const QString message = QCoreApplication::translate("valis::HttpServer", "Nothing is served here.");
        responder->respond(404, {{"Content-Type", "application/json"}},
                           m_settings->errorBody ? m_settings->errorBody(404, "not_found", message)
                                                 : errorBody(404, "not_found", message));
    }
}

void HttpConnection::refuse(int status, const QByteArray &code, const QString &message)
{
    m_refused = true;
    fail(status, code, message, {{"Retry-After", "1"}});
}

void HttpConnection::fail(int status, const QByteArray &code, const QString &message, const HttpHeaders &headers)
{
    m_state = State::Failed;
    m_closing = true;
    m_buffer.clear();
    updateTimer();
    HttpResponder *responder = m_access.create(m_responderParent);
    HttpResponderState *state = m_access.state(responder);
    state->connection = this;
    state->closeAfter = true;
    state->request.peer = m_socket->peerAddress();
    m_queue.append(responder);
    HttpHeaders all = headers;
    all.append(HttpHeaders::value_type("Content-Type", "application/json"));
    responder->respond(status, all,
                       m_settings->errorBody ? m_settings->errorBody(status, code, message) : errorBody(status, code, message));
}

void HttpConnection::send(HttpResponder *responder, const QByteArray &bytes)
{
    if (m_gone)
        return;
    if (!m_queue.isEmpty() && m_queue.first() == responder)
        write(bytes);
    else
        m_access.state(responder)->pending += bytes;
}

void HttpConnection::completed(HttpResponder *)
{
    advance();
}

void HttpConnection::advance()
{
    while (!m_gone && !m_queue.isEmpty()) {
        HttpResponder *head = m_queue.first();
        if (!head) {
            // A responder deleted before its response was whole: the stream can never be
            // completed, so the client learns it from the connection closing.
            shutDown(false);
            return;
        }
        HttpResponderState *state = m_access.state(head);
        if (!state->pending.isEmpty()) {
            write(state->pending);
            state->pending.clear();
        }
        if (state->phase != HttpResponderState::Phase::Done)
            return;
        m_queue.removeFirst();
        const bool closes = state->closeAfter;
        Q_EMIT head->finished();
        head->deleteLater();
        if (closes) {
            m_gone = true;
            // Reading stopped at this request, so no responder remains. disconnectFromHost sends
            // what is buffered first; its disconnected() ends this connection (shutDown).
            if (m_state != State::Failed) {
                m_socket->disconnectFromHost();
                return;
            }
            // Refused mid-request (413, 400): the client may still be sending its body, and
            // closing a socket with unread input makes the kernel reset the connection, which can
            // destroy the answer before the client reads it. So the rest is read and dropped for
            // a while, and the client usually closes first, having read the answer.
            QTimer::singleShot(LingerMs, this, [this] {
                if (m_socket->state() == QAbstractSocket::ConnectedState)
                    m_socket->disconnectFromHost();
            });
            return;
        }
    }
    updateTimer();
}

void HttpConnection::write(const QByteArray &bytes)
{
    m_socket->write(bytes);
    // Each piece leaves now rather than when the event loop next runs: a stream's events are
    // meant to reach the client as they are written.
    m_socket->flush();
}

void HttpConnection::onDisconnected()
{
    shutDown(false);
}

void HttpConnection::shutDown(bool quietly)
{
    m_gone = true;
    m_timer->stop();
    const QList<QPointer<HttpResponder>> queue = std::exchange(m_queue, {});
    for (const QPointer<HttpResponder> &responder : queue) {
        if (!responder)
            continue;
        HttpResponderState *state = m_access.state(responder);
        state->clientGone = true;
        state->pending.clear();
        if (!quietly)
            Q_EMIT responder->clientDisconnected();
        if (responder)
            responder->deleteLater();
    }
    if (m_socket->state() != QAbstractSocket::UnconnectedState)
        m_socket->abort();
    deleteLater(); // safe to repeat
}

} // namespace valis::detail
