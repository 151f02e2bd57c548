# mcp/server: the serving side of MCP (valis-cli mcp serve): the protocol session, the stdio and
# Streamable HTTP transports, the audit log.
target_sources(valis_harness PRIVATE
    include/valis/mcp/mcpserversession.h
    include/valis/mcp/mcpauditlog.h
    include/valis/mcp/mcpstreamablehttpserver.h
    src/mcp/server/mcpauditlog.cpp)
include(src/mcp/server/stdio.cmake OPTIONAL)
include(src/mcp/server/http.cmake OPTIONAL)
include(src/mcp/server/clientconfig.cmake OPTIONAL)
