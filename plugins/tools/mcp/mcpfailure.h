#pragma once

#include "valis/mcp/mcpclient.h"

#include <QString>

namespace valis::mcp {

/// What the model is told when an MCP tool call does not come back with a result, and whether
/// the orchestrator may try it again. One place decides, as classifyProviderFailure() does for
/// model requests: a call that timed out or lost its connection may have run on the server,
/// so only a read-only tool is retried; a JSON-RPC error is the server's answer and stands.
struct CallFailure
{
    QString text;
    bool retryable = false;
};

CallFailure classifyCallFailure(const QString &server, const QString &tool, const McpResponse &response,
                                bool readOnly, const QString &serverLogTail);

} // namespace valis::mcp
