#include "valis/server/httpserver.h"

#include "httpconnection_p.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

#include <algorithm>

namespace valis {

using detail::HttpConnection;
using detail::HttpResponderState;

namespace {
using Field = QPair<QByteArray, QByteArray>;
} // namespace

QByteArray HttpRequest::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers)
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    return {};
}

bool HttpRequest::hasHeader(const QByteArray &name) const
{
    for (const auto &entry : headers)
        if (entry.first.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

// ---- HttpResponder

class HttpResponder::Private : public HttpResponderState
{
};

HttpResponder::HttpResponder(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
}

HttpResponder::~HttpResponder() = default;

void HttpResponder::respond(int status, const HttpHeaders &headers, const QByteArray &body)
{
    Q_ASSERT(d->phase == HttpResponderState::Phase::Idle);
    if (d->phase != HttpResponderState::Phase::Idle)
        return;
    d->phase = HttpResponderState::Phase::Done;
    if (d->clientGone || !d->connection)
        return;
    QList<QPair<QByteArray, QByteArray>> framing{{"Content-Length", QByteArray::number(body.size())}};
    if (d->closeAfter)
        framing.append(Field("Connection", "close"));
    else if (d->http10)
        framing.append(Field("Connection", "keep-alive"));
    QByteArray bytes = detail::responseHead(status, headers, framing);
    // A HEAD answer and the statuses without content carry the head alone (RFC 9110 6.4.1).
    if (d->request.method != "HEAD" && status != 204 && status != 304)
        bytes += body;
    QPointer<HttpConnection> connection = d->connection;
    connection->send(this, bytes);
    if (connection)
        connection->completed(this);
}

void HttpResponder::respondJson(int status, const QJsonObject &body, const HttpHeaders &headers)
{
    HttpHeaders all = headers;
    all.append(Field("Content-Type", "application/json"));
    respond(status, all, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

void HttpResponder::beginStream(int status, const HttpHeaders &headers)
{
    Q_ASSERT(d->phase == HttpResponderState::Phase::Idle);
    if (d->phase != HttpResponderState::Phase::Idle)
        return;
    d->phase = HttpResponderState::Phase::Streaming;
    if (d->clientGone || !d->connection)
        return;
    QList<QPair<QByteArray, QByteArray>> framing;
    if (d->http10) {
        d->closeAfter = true; // HTTP/1.0 has no chunks: the end of the stream is the close
        framing.append(Field("Connection", "close"));
    } else {
        framing.append(Field("Transfer-Encoding", "chunked"));
        if (d->closeAfter)
            framing.append(Field("Connection", "close"));
    }
    d->connection->send(this, detail::responseHead(status, headers, framing));
}

bool HttpResponder::write(const QByteArray &bytes)
{
    if (d->phase != HttpResponderState::Phase::Streaming || d->clientGone || !d->connection)
        return false;
    if (bytes.isEmpty())
        return true; // an empty chunk would end the stream
    if (d->http10)
        d->connection->send(this, bytes);
    else
        d->connection->send(this, QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n");
    return true;
}

void HttpResponder::end()
{
    if (d->phase != HttpResponderState::Phase::Streaming)
        return;
    d->phase = HttpResponderState::Phase::Done;
    if (d->clientGone || !d->connection)
        return;
    QPointer<HttpConnection> connection = d->connection;
    if (!d->http10)
        connection->send(this, QByteArrayLiteral("0\r\n\r\n"));
    if (connection)
        connection->completed(this);
}

bool HttpResponder::isStarted() const
{
    return d->phase != HttpResponderState::Phase::Idle;
}

bool HttpResponder::isFinished() const
{
    return d->phase == HttpResponderState::Phase::Done;
}

bool HttpResponder::isClientGone() const
{
    return d->clientGone;
}

const HttpRequest &HttpResponder::request() const
{
    return d->request;
}

// ---- HttpServer

class HttpServer::Private
{
public:
    QTcpServer server;
    detail::HttpConnectionSettings settings;
    detail::HttpResponderAccess access;
    QList<QPointer<HttpConnection>> connections;

    int liveConnections()
    {
        connections.removeIf([](const QPointer<HttpConnection> &each) { return each.isNull(); });
        return int(std::count_if(connections.begin(), connections.end(),
                                 [](const QPointer<HttpConnection> &each) { return !each->isLeaving(); }));
    }

    void shutDownConnections(bool quietly)
    {
        const QList<QPointer<HttpConnection>> all = std::exchange(connections, {});
        for (const QPointer<HttpConnection> &connection : all)
            if (connection)
                connection->shutDown(quietly);
    }
};

HttpServer::HttpServer(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
    // Only HttpServer may make responders and reach their state; these lambdas, written inside
    // its constructor, are how its connections do.
    d->access.create = [](QObject *responderParent) { return new HttpResponder(responderParent); };
    d->access.state = [](HttpResponder *responder) -> HttpResponderState * { return responder->d.get(); };

    connect(&d->server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket *socket = d->server.nextPendingConnection()) {
            const bool full = d->settings.maxConnections > 0 && d->liveConnections() >= d->settings.maxConnections;
            auto *connection = new HttpConnection(socket, &d->settings, d->access, this, this);
            d->connections.append(connection);
            // Accepted and answered rather than left in the backlog: a client learns at once that
            // the server is busy, not after its own timeout.
            if (full)
                connection->refuse(503, "server_busy",
                                   QCoreApplication::translate("valis::HttpServer", "The server has too many open connections; try again shortly."));
        }
    });
}

HttpServer::~HttpServer()
{
    d->server.close();
    // Quietly: whoever listens to a responder's signals may be half destroyed with us.
    d->shutDownConnections(true);
}

void HttpServer::setHandler(Handler handler)
{
    d->settings.handler = std::move(handler);
}

void HttpServer::setMaxBodyBytes(qint64 bytes)
{
    d->settings.maxBodyBytes = qMax<qint64>(0, bytes);
}

qint64 HttpServer::maxBodyBytes() const
{
    return d->settings.maxBodyBytes;
}

void HttpServer::setHeaderTimeout(int milliseconds)
{
    d->settings.headerTimeoutMs = qMax(0, milliseconds);
}

int HttpServer::headerTimeout() const
{
    return d->settings.headerTimeoutMs;
}

void HttpServer::setIdleTimeout(int milliseconds)
{
    d->settings.idleTimeoutMs = qMax(0, milliseconds);
}

int HttpServer::idleTimeout() const
{
    return d->settings.idleTimeoutMs;
}

void HttpServer::setMaxConnections(int count)
{
    d->settings.maxConnections = qMax(0, count);
}

int HttpServer::maxConnections() const
{
    return d->settings.maxConnections;
}

int HttpServer::connectionCount() const
{
    return d->liveConnections();
}

void HttpServer::setErrorBody(ErrorBody format)
{
    d->settings.errorBody = std::move(format);
}

Result<void> HttpServer::listen(const QHostAddress &address, quint16 port)
{
    if (d->server.isListening())
        d->server.close();
    if (!d->server.listen(address, port)) {
        const QString where = address.protocol() == QAbstractSocket::IPv6Protocol
                                  ? QStringLiteral("[%1]:%2").arg(address.toString()).arg(port)
                                  : QStringLiteral("%1:%2").arg(address.toString()).arg(port);
        return Error(QStringLiteral("server.listen"),
                     tr("Cannot listen on %1: %2").arg(where, d->server.errorString()));
    }
    return success();
}

QHostAddress HttpServer::address() const
{
    return d->server.serverAddress();
}

quint16 HttpServer::port() const
{
    return d->server.serverPort();
}

QString HttpServer::baseUrl() const
{
    QHostAddress host = d->server.serverAddress();
    // A server on every address is reached, from this machine, on loopback.
    if (host == QHostAddress(QHostAddress::AnyIPv4) || host == QHostAddress(QHostAddress::Any))
        host = QHostAddress(QHostAddress::LocalHost);
    else if (host == QHostAddress(QHostAddress::AnyIPv6))
        host = QHostAddress(QHostAddress::LocalHostIPv6);
    const QString name = host.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + host.toString() + u']' : host.toString();
    return QStringLiteral("http://%1:%2").arg(name).arg(d->server.serverPort());
}

void HttpServer::close()
{
    d->server.close();
    d->shutDownConnections(false);
}

} // namespace valis
