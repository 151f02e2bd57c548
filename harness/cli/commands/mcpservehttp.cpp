// PLACEHOLDER of branch h21-mcp so valis-cli links: part A's branch (h21-http) replaces this file
// with the Streamable HTTP server at merge.
#include "clicontext.h"
#include "mcpserve.h"

namespace valis::cli {

int serveMcpHttp(CliContext &context, McpServerHandler *, const McpServeOptions &, const McpAuditLog &)
{
    return context.fail(QStringLiteral("mcp serve"),
                        Error(QStringLiteral("mcp.serve-http"), QStringLiteral("--http is not built yet")));
}

} // namespace valis::cli
