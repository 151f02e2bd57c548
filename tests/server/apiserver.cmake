# The OpenAI-compatible API (valis-cli serve): the conversation bookkeeping, then the binary end
# to end under the official openai npm client with the scripted provider server upstream.
valis_add_test(apiconversation SOURCES tst_apiconversation.cpp LABELS server)

find_program(VALIS_API_NODE node)
if(NOT VALIS_API_NODE)
    message(STATUS "node not found: tst_apiserver (the openai npm client against valis-cli serve) is not registered")
    return()
endif()
# Inside with-keyring.sh: the bearer token is a real keychain entry, shown once on stderr.
valis_add_test(apiserver SOURCES tst_apiserver.cpp LINK valis_sessiontestsupport LABELS server
    DEPENDS valis_cli valis_plugin_anthropic valis_plugin_progressive valis_plugin_memory valis_plugin_filesystem
    WRAPPER sh "${CMAKE_CURRENT_SOURCE_DIR}/../support/with-keyring.sh")
target_compile_definitions(tst_apiserver PRIVATE VALIS_NODE="${VALIS_API_NODE}"
    VALIS_API_CLIENT="${CMAKE_CURRENT_SOURCE_DIR}/apiclient.mjs")
