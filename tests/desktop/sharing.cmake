# Settings > Share memory with other agents (issue 21): the snippets naming the real valis-cli,
# "Add to …" on a temporary home, the audit log, the OpenAI-compatible API switch running a
# real child process, and the token from a private Secret Service (tests/support/with-keyring.sh).
valis_add_test(sharing SOURCES tst_sharing.cpp LINK valis_desktop Valis::Keychain DEPENDS valis_cli LABELS keychain mcp
    WRAPPER sh "${CMAKE_CURRENT_SOURCE_DIR}/../support/with-keyring.sh")
target_compile_definitions(tst_sharing PRIVATE VALIS_CLI_BINARY="$<TARGET_FILE:valis_cli>")
