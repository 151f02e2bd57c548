# mcp: the Model Context Protocol as both the host (plugins/tools/mcp, valis-cli mcp) and, later,
# the server side use it: JSON-RPC framing, the stdio and HTTP transports, the client lifecycle,
# configuration (config/mcp.json and other hosts' files), names, schemas and content.
target_sources(valis_harness PRIVATE
    include/valis/mcp/jsonrpc.h
    include/valis/mcp/logring.h
    include/valis/mcp/mcptransport.h
    include/valis/mcp/mcpstdiotransport.h
    include/valis/mcp/mcphttptransport.h
    include/valis/mcp/mcpclient.h
    include/valis/mcp/mcpserverconfig.h
    include/valis/mcp/mcpserverconnection.h
    include/valis/mcp/mcptoolnames.h
    include/valis/mcp/mcpschema.h
    include/valis/mcp/mcpcontent.h
    include/valis/mcp/mcphost.h
    include/valis/mcp/mcpelicitation.h
    src/mcp/mcpelicitation.cpp
    src/mcp/mcphost.cpp
    src/mcp/jsonrpc.cpp
    src/mcp/logring.cpp
    src/mcp/processwatchdog.h src/mcp/processwatchdog.cpp
    src/mcp/mcpstdiotransport.cpp
    src/mcp/mcphttptransport.cpp
    src/mcp/mcpclient.cpp
    src/mcp/tomlsubset.h src/mcp/tomlsubset.cpp
    src/mcp/mcpserverconfig.cpp
    src/mcp/mcpcommandresolver.cpp
    src/mcp/mcpserverconnection.cpp
    src/mcp/mcptoolnames.cpp
    src/mcp/mcpschema.cpp
    src/mcp/mcpcontent.cpp)
