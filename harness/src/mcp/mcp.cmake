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
    include/valis/mcp/mcpoauth.h
    include/valis/mcp/mcpstoredtoken.h
    src/mcp/mcpstoredtoken.cpp
    include/valis/mcp/mcpelicitation.h
    src/mcp/mcpelicitation.cpp
    src/mcp/mcphost.cpp
    src/mcp/jsonrpc.cpp
    src/mcp/logring.cpp
    src/mcp/processwatchdog.h src/mcp/processwatchdog.cpp
    src/mcp/mcpstdiotransport.cpp
    src/mcp/mcphttptransport.cpp
    src/mcp/mcpauthchallenge.cpp
    src/mcp/mcpclient.cpp
    src/mcp/tomlsubset.h src/mcp/tomlsubset.cpp
    src/mcp/mcpserverconfig.cpp
    src/mcp/mcpcommandresolver.cpp
    src/mcp/mcpserverconnection.cpp
    src/mcp/mcptoolnames.cpp
    src/mcp/mcpschema.cpp
    src/mcp/mcpcontent.cpp)

# OAuth 2.1 for HTTP servers (McpOAuthAuthorizer, mcpoauth.h).
target_sources(valis_harness PRIVATE
    src/mcp/oauth/oauthprimitives.cpp
    src/mcp/oauth/oauthhttp.h src/mcp/oauth/oauthhttp.cpp
    src/mcp/oauth/oauthloopback.h src/mcp/oauth/oauthloopback.cpp
    src/mcp/oauth/oauthstate.h src/mcp/oauth/oauthstate.cpp
    src/mcp/oauth/oauthflow.h src/mcp/oauth/oauthflow.cpp
    src/mcp/oauth/mcpoauthauthorizer.cpp)
# The Client ID Metadata Document (resources/oauth/client-metadata.json) only works where it is
# served: a build whose packager hosts it names its https URL here; empty means no CIMD.
set(VALIS_OAUTH_CLIENT_METADATA_URL "" CACHE STRING
    "https URL where resources/oauth/client-metadata.json is served (MCP OAuth client id); empty: none")
if(VALIS_OAUTH_CLIENT_METADATA_URL)
    set_property(SOURCE src/mcp/oauth/oauthprimitives.cpp APPEND PROPERTY
        COMPILE_DEFINITIONS "VALIS_OAUTH_CLIENT_METADATA_URL=\"${VALIS_OAUTH_CLIENT_METADATA_URL}\"")
endif()
