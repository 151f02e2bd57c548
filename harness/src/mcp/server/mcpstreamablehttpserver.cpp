#include "valis/mcp/mcpstreamablehttpserver.h"

#include <QCoreApplication>

// Placeholder until the Streamable HTTP transport lands (next commit on this branch): the
// library links, listen() refuses.
namespace valis {

class McpStreamableHttpServer::Private
{
};

McpStreamableHttpServer::McpStreamableHttpServer(McpServerHandler *, QObject *parent)
    : QObject(parent)
    , d(std::make_unique<Private>())
{
}

McpStreamableHttpServer::~McpStreamableHttpServer() = default;

Result<void> McpStreamableHttpServer::listen(const Options &)
{
    return Error(QStringLiteral("server.listen"), tr("The MCP Streamable HTTP transport is not built yet."));
}

QString McpStreamableHttpServer::url() const { return {}; }
quint16 McpStreamableHttpServer::port() const { return 0; }
int McpStreamableHttpServer::sessionCount() const { return 0; }
void McpStreamableHttpServer::close() {}

} // namespace valis
