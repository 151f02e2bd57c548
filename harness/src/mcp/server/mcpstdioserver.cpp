#include "valis/mcp/mcpstdioserver.h"

#include <QJsonDocument>
#include <QPointer>

#include <functional>

#include <cstdio>
#include <mutex>
#include <thread>

#if defined(Q_OS_WIN)
#include <fcntl.h>
#include <io.h>
#else
#include <cerrno>
#include <unistd.h>
#endif

namespace valis {

// The reader thread outlives the server when stdin never ends (the process exits around it):
// it reaches the server only through this bridge, which forgets the server when it goes.
struct McpStdioServer::Bridge
{
    std::mutex mutex;
    QPointer<McpStdioServer> server;

    void post(std::function<void(McpStdioServer *)> call)
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (!server)
            return;
        QPointer<McpStdioServer> target = server;
        QMetaObject::invokeMethod(server.data(), [target, call = std::move(call)] {
            if (target)
                call(target.data());
        }, Qt::QueuedConnection);
    }
};

McpStdioServer::McpStdioServer(McpServerHandler *handler, QObject *parent)
    : QObject(parent), m_bridge(std::make_shared<Bridge>()), m_session(new McpServerSession(handler, QStringLiteral("stdio"), this))
{
    m_bridge->server = this;
    connect(m_session, &McpServerSession::outgoing, this,
            [this](const JsonRpcMessage &message, const QJsonValue &) { write(message); });
}

McpStdioServer::~McpStdioServer()
{
    std::lock_guard<std::mutex> lock(m_bridge->mutex);
    m_bridge->server = nullptr;
}

McpServerSession *McpStdioServer::session() const
{
    return m_session;
}

void McpStdioServer::start()
{
#if defined(Q_OS_WIN)
    // Bytes as they are: no CRLF translation on either stream.
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
#endif
    std::thread([bridge = m_bridge] {
        QByteArray line;
        char buffer[65536];
        for (;;) {
            // A plain read() returns what the pipe holds (fread would wait for a full buffer).
#if defined(Q_OS_WIN)
            const int read = _read(0, buffer, unsigned(sizeof buffer));
#else
            const ssize_t read = ::read(0, buffer, sizeof buffer);
            if (read < 0 && errno == EINTR)
                continue;
#endif
            if (read <= 0)
                break;
            qsizetype start = 0;
            const QByteArray chunk(buffer, qsizetype(read));
            for (qsizetype newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', start)) {
                line += chunk.mid(start, newline - start);
                bridge->post([whole = line](McpStdioServer *server) { server->handleLine(whole); });
                line.clear();
                start = newline + 1;
            }
            line += chunk.mid(start);
        }
        if (!line.trimmed().isEmpty())
            bridge->post([whole = line](McpStdioServer *server) { server->handleLine(whole); });
        bridge->post([](McpStdioServer *server) { Q_EMIT server->finished(); });
    }).detach();
}

void McpStdioServer::handleLine(const QByteArray &raw)
{
    const QByteArray line = raw.trimmed();
    if (line.isEmpty())
        return;
    QString problem;
    const QList<JsonRpcMessage> messages = JsonRpcMessage::parse(line, &problem);
    if (messages.isEmpty()) {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError) {
            write(JsonRpcMessage::errorResponse(QJsonValue(QJsonValue::Null), JsonRpcCode::ParseError,
                                                QStringLiteral("Parse error: ") + error.errorString()));
        } else {
            // JSON, but no JSON-RPC message: answer the id it carries, if any.
            const QJsonValue id = document.object().value(QStringLiteral("id"));
            write(JsonRpcMessage::errorResponse(id.isString() || id.isDouble() ? id : QJsonValue(QJsonValue::Null),
                                                JsonRpcCode::InvalidRequest, QStringLiteral("Invalid request: ") + problem));
        }
        return;
    }
    for (const JsonRpcMessage &message : messages)
        m_session->receive(message);
}

void McpStdioServer::write(const JsonRpcMessage &message)
{
    QByteArray bytes = message.serialize();
    bytes.append('\n');
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

} // namespace valis
