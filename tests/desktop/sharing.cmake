# Settings > Share memory with other agents (issue 21): the snippets naming the real valis-cli,
# "Add to …" on a temporary home (planned off the GUI thread), the audit log.
valis_add_test(sharing SOURCES tst_sharing.cpp sharingtestsupport.h LINK valis_desktop DEPENDS valis_cli LABELS mcp)
target_compile_definitions(tst_sharing PRIVATE VALIS_CLI_BINARY="$<TARGET_FILE:valis_cli>")

# The OpenAI-compatible API switch: a stand-in child process, then the real valis-cli serve with
# the scripted provider server upstream (Anthropic's API) and its token from a private Secret
# Service (tests/support/with-keyring.sh); served sessions in the session list.
valis_add_test(sharingapi SOURCES tst_sharingapi.cpp sharingtestsupport.h LINK valis_desktop valis_sessiontestsupport Valis::Keychain
    DEPENDS valis_cli valis_plugin_anthropic valis_plugin_progressive LABELS keychain mcp
    WRAPPER sh "${CMAKE_CURRENT_SOURCE_DIR}/../support/with-keyring.sh")
target_compile_definitions(tst_sharingapi PRIVATE VALIS_CLI_BINARY="$<TARGET_FILE:valis_cli>")

# The memory browser (the Memory pane) on its own: what other agents stored through the real
# `valis-cli mcp serve` carries its origin (a chip, the details, a filter).
valis_add_test(memorybrowser SOURCES tst_memorybrowser.cpp LINK valis_desktop DEPENDS valis_cli LABELS mcp)
target_compile_definitions(tst_memorybrowser PRIVATE VALIS_CLI_BINARY="$<TARGET_FILE:valis_cli>")
