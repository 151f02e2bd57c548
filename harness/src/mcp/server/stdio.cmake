# mcp/server, part stdio: the protocol session every transport feeds, and the stdio transport
# valis-cli mcp serve --stdio runs on.
target_sources(valis_harness PRIVATE
    src/mcp/server/mcpserversession.cpp)
