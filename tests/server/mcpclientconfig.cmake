# Valis's MCP server entry written into other agents' configuration files (Claude Code, Codex,
# Claude Desktop), on real files in a temporary folder.
valis_add_test(mcpclientconfig SOURCES tst_mcpclientconfig.cpp LABELS mcp)
