#pragma once

// What the MCP suites share: where node and the npm reference servers are, the fault server of
// tests/mcp/servers, and server configurations for them.
#include "valis/mcp/mcpclient.h"
#include "valis/mcp/mcpserverconfig.h"

#include <QString>
#include <QStringList>

namespace valis::test {

/// The node binary, or empty (the suites then fail with a message: node is part of the setup).
QString nodeProgram();
/// node_modules/<path> of the source tree.
QString nodeModule(const QString &path);
/// tests/mcp/servers/faultserver.mjs.
QString faultServerScript();
/// server-everything over stdio.
McpServerConfig everythingServer(const QString &name = QStringLiteral("everything"));
/// The fault server with `arguments`.
McpServerConfig faultServer(const QString &name, const QStringList &arguments);
/// A free TCP port on 127.0.0.1.
int freePort();
/// Process ids read from a pid file the fault server appends to.
QList<qint64> pidsIn(const QString &file);
/// Whether a process with this id is alive (and not a zombie).
bool processAlive(qint64 pid);
/// Sends a request and waits (30 s at most) for its answer; `progress` collects the progress
/// values reported meanwhile. A request that gets no answer fails with "test.no-answer".
McpResponse call(McpClient *client, const QString &method, const QJsonObject &params, const McpRequestOptions &options = {},
                 QList<double> *progress = nullptr);
/// The text content of a tools/call result, concatenated.
QString resultText(const McpResponse &response);

} // namespace valis::test
