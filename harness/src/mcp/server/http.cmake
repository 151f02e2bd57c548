# Part of mcpserver.cmake: the HTTP side of Valis as a server. The small HTTP/1.1 server and the
# access rules every local endpoint shares (declared in src/server/server.cmake), and MCP's
# Streamable HTTP transport on top of it.
target_sources(valis_harness PRIVATE
    src/server/httpserver.cpp
    src/server/httpaccess.cpp
    src/server/httpconnection_p.h
    src/server/httpconnection.cpp)
target_sources(valis_harness PRIVATE
    src/mcp/server/mcpstreamablehttpserver.cpp)
