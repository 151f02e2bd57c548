# server: Valis's own local endpoints (the MCP server's Streamable HTTP, the OpenAI-compatible
# API): a small HTTP/1.1 server and the access rules they share.
target_sources(valis_harness PRIVATE
    include/valis/server/httpserver.h)
include(src/server/openai/openai.cmake OPTIONAL)
