# The context gauge and the context inspector in the window (issue 23): imported sessions (made
# here and the Claude Code fixtures), a compacted session built through the real valis-cli and
# plugins against the scripted provider server, "What did the model see?", a tampered record.
valis_add_test(inspectorview SOURCES tst_inspectorview.cpp inspectorviewsupport.h mainwindowtestsupport.h LINK valis_desktop valis_sessiontestsupport
    DEPENDS valis_cli valis_plugin_anthropic valis_plugin_filesystem valis_plugin_exec valis_plugin_memory
            valis_plugin_local valis_plugin_progressive valis_plugin_history
    FIXTURE_FUNCTIONS fixtureSessionsShowTheirLastPrompt WEBENGINE TIMEOUT 600)
target_compile_definitions(tst_inspectorview PRIVATE VALIS_BUILT_PLUGIN_DIR="${VALIS_PLUGIN_OUTPUT_DIR}")
target_include_directories(tst_inspectorview PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/../context")
