# prompts: the prompt store (issue 22): prompts by key, versioned, with {{variables}} and
# {{> includes}}, shared by the desktop composer, valis-cli prompts, llm_call and the MCP server.
target_sources(valis_harness PRIVATE
    include/valis/prompts/promptstore.h
    src/prompts/prompttemplate.h
    src/prompts/prompttemplate.cpp
    src/prompts/promptstore.cpp)
# The prompt store as MCP prompts for valis-cli mcp serve.
target_sources(valis_harness PRIVATE
    include/valis/prompts/promptmcpsource.h
    src/prompts/promptmcpsource.cpp)
