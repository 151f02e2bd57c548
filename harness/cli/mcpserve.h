#pragma once

#include <QHostAddress>
#include <QString>

#include <functional>

namespace valis {
class McpAuditLog;
class McpServerHandler;
struct McpCaller;
} // namespace valis

namespace valis::cli {

class CliContext;

/// What `valis-cli mcp serve` was asked for.
struct McpServeOptions
{
    bool http = false;           ///< --http PORT; else stdio
    quint16 port = 0;
    QHostAddress address = QHostAddress(QHostAddress::LocalHost); ///< --bind ADDRESS
    QString agentId;             ///< --agent ID (empty: the configured one)
    bool readOnly = false;       ///< --read-only: no store_memory
    bool rotateToken = false;    ///< --new-token: replace the bearer token in the keychain
    QStringList allowedOrigins;  ///< --allow-origin ORIGIN (repeatable)
};

/// Receives what McpServerSession::called and McpStreamableHttpServer::called report.
using McpCallSink = std::function<void(const McpCaller &caller, const QString &method, const QString &target,
                                       const QString &error, qint64 milliseconds)>;

/// A sink that appends each call to `audit` (a successful store_memory marked as a write); a log
/// that cannot be written is said once on stderr, and serving goes on. `context` and `audit`
/// must outlive it. Shared by the stdio and HTTP transports of `mcp serve`.
McpCallSink mcpAuditWriter(CliContext &context, const McpAuditLog &audit);

/// Serves `handler` over Streamable HTTP until SIGINT/SIGTERM: the bearer token from the OS
/// keychain (account "mcp-server-token"; generated and printed once on stderr when there is
/// none or --new-token), every call appended to `audit`. Returns the exit code.
int serveMcpHttp(CliContext &context, McpServerHandler *handler, const McpServeOptions &options,
                 const McpAuditLog &audit);

} // namespace valis::cli
