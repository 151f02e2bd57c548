# The MCP server's protocol core with a tiny handler: lifecycle, errors, notifications.
valis_add_test(mcpserversession SOURCES tst_mcpserversession.cpp LABELS mcp server)

# valis-cli mcp serve --stdio driven by the official TypeScript SDK client (node_modules).
find_program(VALIS_NODE node)
if(VALIS_NODE)
    add_test(NAME mcpserve_stdio COMMAND "${VALIS_NODE}" --test "${CMAKE_CURRENT_SOURCE_DIR}/mcpserve-stdio.test.mjs"
        WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
    set_tests_properties(mcpserve_stdio PROPERTIES LABELS "mcp;server" TIMEOUT 180
        ENVIRONMENT "VALIS_CLI=$<TARGET_FILE:valis_cli>")
else()
    message(STATUS "node not found: mcpserve_stdio is not registered")
endif()
