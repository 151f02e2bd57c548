#include "oauthloopback.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>

namespace valis::oauth {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpOAuthAuthorizer)
};

constexpr qsizetype MaxRequestBytes = 16 * 1024;
const QString CallbackPath = QStringLiteral("/callback");

QByteArray response(int status, const QByteArray &reason, const QString &text)
{
    const QByteArray body = QByteArrayLiteral("<!doctype html><html><head><meta charset=\"utf-8\"><title>Valis</title>"
                                              "</head><body style=\"font-family:sans-serif;margin:3em\"><p>")
        + text.toHtmlEscaped().toUtf8() + QByteArrayLiteral("</p></body></html>");
    return QByteArrayLiteral("HTTP/1.1 ") + QByteArray::number(status) + ' ' + reason
        + QByteArrayLiteral("\r\nContent-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\n"
                            "Connection: close\r\nContent-Length: ")
        + QByteArray::number(body.size()) + QByteArrayLiteral("\r\n\r\n") + body;
}

} // namespace

LoopbackReceiver::LoopbackReceiver(QObject *parent) : QObject(parent) {}

LoopbackReceiver::~LoopbackReceiver()
{
    close();
}

Result<QUrl> LoopbackReceiver::listen(quint16 preferredPort)
{
    close();
    m_done = false;
    m_server = new QTcpServer(this);
    // RFC 8252 §8.3: the loopback IP literal, not "localhost" (which may resolve elsewhere).
    if (!(preferredPort != 0 && m_server->listen(QHostAddress::LocalHost, preferredPort))
        && !m_server->listen(QHostAddress::LocalHost, 0)) {
        const QString reason = m_server->errorString();
        close();
        return Error(QStringLiteral("mcp.oauth-loopback"),
                     Text::tr("cannot listen on 127.0.0.1 for the sign-in's redirect: %1").arg(reason));
    }
    connect(m_server, &QTcpServer::newConnection, this, [this] {
        while (m_server && m_server->hasPendingConnections())
            serve(m_server->nextPendingConnection());
    });
    QUrl uri;
    uri.setScheme(QStringLiteral("http"));
    uri.setHost(QStringLiteral("127.0.0.1"));
    uri.setPort(m_server->serverPort());
    uri.setPath(CallbackPath);
    return uri;
}

void LoopbackReceiver::close()
{
    if (!m_server)
        return;
    m_server->close();
    m_server->deleteLater();
    m_server = nullptr;
}

void LoopbackReceiver::serve(QTcpSocket *socket)
{
    socket->setParent(this);
    connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
    auto buffer = std::make_shared<QByteArray>();
    connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
        buffer->append(socket->readAll());
        const qsizetype headerEnd = buffer->indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (buffer->size() > MaxRequestBytes)
                socket->abort();
            return;
        }
        const QByteArray requestLine = buffer->left(buffer->indexOf("\r\n"));
        const QList<QByteArray> parts = requestLine.split(' ');
        const QUrl target = parts.size() >= 2 ? QUrl(QString::fromLatin1(parts.at(1))) : QUrl();
        socket->disconnect(this);
        if (parts.value(0) != "GET" || target.path() != CallbackPath || m_done) {
            socket->write(response(404, "Not Found", Text::tr("Nothing here.")));
            socket->disconnectFromHost();
            return;
        }
        m_done = true;
        const QUrlQuery query(target);
        QString text = outcome ? outcome(query) : QString();
        if (text.isEmpty())
            text = Text::tr("Valis has what it needs. You can close this window.");
        socket->write(response(200, "OK", text));
        socket->disconnectFromHost();
        // The sign-in is over: no second redirect is accepted.
        close();
        if (onCallback)
            onCallback(query);
    });
}

} // namespace valis::oauth
