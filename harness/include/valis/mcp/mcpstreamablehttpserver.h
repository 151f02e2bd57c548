#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/mcpserversession.h"

#include <QHostAddress>
#include <QObject>
#include <QStringList>

#include <memory>

namespace valis {

/// The Streamable HTTP transport of an MCP server (2025-11-25, basic/transports): one endpoint
/// taking POST (a client message; a request is answered as JSON or as an SSE stream that carries
/// the notifications belonging to it), GET (the standalone SSE stream for notifications of no
/// request) and DELETE (end the session). A session (McpServerSession over the shared handler)
/// starts with initialize and is named by Mcp-Session-Id; a request naming an unknown session
/// gets 404. SSE events carry ids, and a client that reconnects with Last-Event-ID gets what it
/// missed on that stream (resumption). Every request is checked first: a foreign Origin gets
/// 403 (DNS rebinding), a missing or wrong bearer token 401, a body over the limit 413,
/// malformed JSON-RPC a JSON-RPC error with 400. Every refusal, HttpServer's own (413, 400,
/// 408, 503) included, has a JSON-RPC error object as its body.
class VALIS_HARNESS_EXPORT McpStreamableHttpServer : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QHostAddress address = QHostAddress(QHostAddress::LocalHost);
        quint16 port = 0;                 ///< 0: a free port
        QString path = QStringLiteral("/mcp");
        QString bearerToken;              ///< required on every request; empty: refused to listen
        QStringList allowedOrigins;       ///< besides loopback origins
        qint64 maxBodyBytes = 4 * 1024 * 1024;
        int headerTimeoutMs = 30 * 1000;  ///< HttpServer::setHeaderTimeout
        int idleTimeoutMs = 120 * 1000;   ///< HttpServer::setIdleTimeout
        int maxConnections = 256;         ///< HttpServer::setMaxConnections
    };

    McpStreamableHttpServer(McpServerHandler *handler, QObject *parent = nullptr);
    ~McpStreamableHttpServer() override;

    /// Starts listening; Error "server.listen" (address in use, ...) or "mcp.no-token".
    Result<void> listen(const Options &options);
    /// "http://127.0.0.1:PORT/mcp".
    QString url() const;
    quint16 port() const;
    /// Sessions open now.
    int sessionCount() const;
    void close();

Q_SIGNALS:
    /// Re-emitted from every session, for the audit log.
    void called(const valis::McpCaller &caller, const QString &method, const QString &target, const QString &error,
                qint64 milliseconds);
    /// A request was refused before reaching a session (401, 403, 404, 413, 400), for the log.
    void refused(int status, const QString &reason);

private:
    class Private;
    std::unique_ptr<Private> d;
};

} // namespace valis
