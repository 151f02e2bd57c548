# mcp/server, part stdio: the protocol session every transport feeds, and the stdio transport
# valis-cli mcp serve --stdio runs on.
target_sources(valis_harness PRIVATE
    src/mcp/server/mcpserversession.cpp)
# retrieve_memory's paging, shared by the built-in tool and the MCP server, and the words
# (plurals, sizes, one-line cuts) that the pager, the server and the tools share.
target_sources(valis_harness PRIVATE
    include/valis/core/modeltext.h
    src/core/modeltext.cpp
    include/valis/memory/memorypager.h
    src/memory/memorypager.cpp)
# Valis's memory and transcripts as an MCP server.
target_sources(valis_harness PRIVATE
    include/valis/mcp/valismemoryserver.h
    src/mcp/server/valismemorycommon.h
    src/mcp/server/valismemorycommon.cpp
    src/mcp/server/valismemoryserver.cpp
    src/mcp/server/valismemorytools.cpp
    src/mcp/server/valismemoryresources.cpp)
# The stdio transport of valis-cli mcp serve --stdio.
target_sources(valis_harness PRIVATE
    include/valis/mcp/mcpstdioserver.h
    src/mcp/server/mcpstdioserver.cpp)
