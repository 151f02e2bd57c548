#include "valis/mcp/mcphost.h"

namespace valis {

McpHost::~McpHost() = default;

std::optional<McpServerStatus> McpHost::server(const QString &name) const
{
    for (const McpServerStatus &status : servers()) {
        if (status.name == name)
            return status;
    }
    return std::nullopt;
}

McpHostProvider::~McpHostProvider() = default;

} // namespace valis
