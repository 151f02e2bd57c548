#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/mcp/jsonrpc.h"

#include <QObject>
#include <QString>

namespace valis {

/// How JSON-RPC messages travel between an McpClient and one MCP server: a child process's
/// stdio (McpStdioTransport) or HTTP (McpHttpTransport). Lives in one thread; asynchronous.
///
/// open() starts it: opened() follows, or failed(). send() may be called once opened (HTTP
/// transports accept it at once, their first POST is the connection). Messages from the server
/// arrive as messageReceived(), in order. Everything a person may need to see when a server
/// misbehaves (its stderr, lines that were not JSON-RPC, reconnections) arrives as logged().
/// failed() means the connection is gone (the process exited, the server cannot be reached);
/// close() ends it on purpose and closed() follows, also when it was already gone.
class VALIS_HARNESS_EXPORT McpTransport : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~McpTransport() override;

    virtual void open() = 0;
    virtual void send(const JsonRpcMessage &message) = 0;
    virtual void close() = 0;
    /// The protocol revision initialize agreed on; HTTP sends it as MCP-Protocol-Version on
    /// every later request.
    virtual void setProtocolVersion(const QString &version);
    /// "stdio: /usr/bin/node server.js" or "http: https://example.com/mcp", for messages.
    virtual QString describe() const = 0;
    /// What the server said on its own (stderr for stdio, the last error bodies for HTTP), at most
    /// the last 32 KiB, for start-up errors and the server's log view.
    virtual QString recentLog() const = 0;

Q_SIGNALS:
    void opened();
    void messageReceived(const valis::JsonRpcMessage &message);
    void logged(const QString &line);
    void failed(const valis::Error &error);
    void closed();
    /// HTTP: the server forgot the session (404 on a request carrying Mcp-Session-Id). The client
    /// initialises again; requests in flight are answered by failed requests, not by this signal.
    void sessionExpired();
};

} // namespace valis
