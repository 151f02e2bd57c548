# The MCP server's protocol core with a tiny handler: lifecycle, errors, notifications.
valis_add_test(mcpserversession SOURCES tst_mcpserversession.cpp LABELS mcp server)
