# McpStreamableHttpServer over real loopback HTTP with the real McpServerSession and a tiny handler.
valis_add_test(mcpstreamablehttp SOURCES tst_mcpstreamablehttp.cpp rawhttpclient.h LINK Qt6::Network LABELS server mcp)

find_program(VALIS_NODE node)
if(NOT VALIS_NODE)
    message(STATUS "node not found: mcpserve_http and the MCP conformance server scenarios are not registered")
    return()
endif()

# valis-cli mcp serve --http driven by the official TypeScript SDK client. The bearer token lives
# in the keychain, so it runs inside with-keyring.sh (a private Secret Service).
add_test(NAME mcpserve_http
    COMMAND sh "${CMAKE_CURRENT_SOURCE_DIR}/../support/with-keyring.sh"
        "${VALIS_NODE}" --test "${CMAKE_CURRENT_SOURCE_DIR}/mcpserve-http.test.mjs"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}")
set_tests_properties(mcpserve_http PROPERTIES LABELS "mcp;server" TIMEOUT 180
    ENVIRONMENT "VALIS_CLI=$<TARGET_FILE:valis_cli>" SKIP_REGULAR_EXPRESSION "SKIP   : ")

# The server scenarios of @modelcontextprotocol/conformance that apply to Valis's server, each
# against a fresh valis-cli mcp serve --http 0. The others need the suite's own test tools,
# prompts and resources (test_simple_text, test://static-text, ...) and are listed with the
# reason in conformance-server-skipped.yaml rather than registered.
set(mcp_conformance_server_scenarios
    server-initialize ping logging-set-level completion-complete tools-list
    resources-list resources-subscribe resources-unsubscribe prompts-list
    server-sse-multiple-streams dns-rebinding-protection)
foreach(scenario IN LISTS mcp_conformance_server_scenarios)
    string(REGEX REPLACE "[^A-Za-z0-9]+" "_" test_name "mcp_conformance_server_${scenario}")
    add_test(NAME ${test_name}
        COMMAND sh "${CMAKE_CURRENT_SOURCE_DIR}/../support/with-keyring.sh"
            "${VALIS_NODE}" "${CMAKE_CURRENT_SOURCE_DIR}/conformance-server.mjs"
            --scenario ${scenario} --cli $<TARGET_FILE:valis_cli>)
    set_tests_properties(${test_name} PROPERTIES
        LABELS "mcp;server;conformance"
        TIMEOUT 120
        SKIP_REGULAR_EXPRESSION "SKIP   : ")
endforeach()
