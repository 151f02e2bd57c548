# mcp/server: writing Valis's MCP server entry into other agents' configuration files (Claude
# Code, Codex, Claude Desktop), which the desktop's "Share memory with other agents" offers.
target_sources(valis_harness PRIVATE
    include/valis/mcp/mcpclientconfig.h
    src/mcp/server/mcpclientconfig.cpp
    src/mcp/server/mcpclientconfigedit.h
    src/mcp/server/mcpclientconfigedit.cpp)
