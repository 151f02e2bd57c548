# Settings > Share memory with other agents (issue 21): the snippets naming the real valis-cli,
# "Add to …" on a temporary home, the audit log, the OpenAI-compatible API switch running a
# real child process, and the token from a private Secret Service (tests/support/with-keyring.sh).
# The real valis-cli serve runs with the scripted provider server upstream (Anthropic's API).
valis_add_test(sharing SOURCES tst_sharing.cpp LINK valis_desktop valis_sessiontestsupport Valis::Keychain
    DEPENDS valis_cli valis_plugin_anthropic valis_plugin_progressive LABELS keychain mcp
    WRAPPER sh "${CMAKE_CURRENT_SOURCE_DIR}/../support/with-keyring.sh")
target_compile_definitions(tst_sharing PRIVATE VALIS_CLI_BINARY="$<TARGET_FILE:valis_cli>")

# The memory browser (the Memory pane) on its own: what other agents stored through the real
# `valis-cli mcp serve` carries its origin (a chip, the details, a filter).
valis_add_test(memorybrowser SOURCES tst_memorybrowser.cpp LINK valis_desktop DEPENDS valis_cli LABELS mcp)
target_compile_definitions(tst_memorybrowser PRIVATE VALIS_CLI_BINARY="$<TARGET_FILE:valis_cli>")
