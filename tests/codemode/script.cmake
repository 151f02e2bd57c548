# run_script (code mode): the engine against a fake ToolCaller; built where the engine is.
if(TARGET valis_codemode_engine)
    add_library(valis_codemode_faketools STATIC faketoolcaller.h faketoolcaller.cpp)
    target_link_libraries(valis_codemode_faketools PUBLIC valis_common_cfg Valis::Harness)
    target_include_directories(valis_codemode_faketools PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
    valis_add_test(scriptengine SOURCES tst_scriptengine.cpp LINK valis_codemode_engine valis_codemode_faketools)
endif()

# run_script through the real valis-cli binary and the real tool and sandbox plugins.
if(TARGET valis_plugin_codemode AND TARGET valis_sessiontestsupport)
    valis_add_test(runscriptcli SOURCES tst_runscriptcli.cpp LINK valis_sessiontestsupport
        DEPENDS valis_cli valis_plugin_codemode valis_plugin_filesystem valis_plugin_exec valis_plugin_local)
endif()

# run_script in a real Session against the local provider server.
if(TARGET valis_codemode_engine AND TARGET valis_sessiontestsupport)
    valis_add_test(runscriptsession SOURCES tst_runscriptsession.cpp LINK valis_sessiontestsupport valis_codemode_engine
        DEPENDS valis_plugin_anthropic)
endif()

# The issue's task through real model turns (valis-cli run, the provider server, bwrap): one
# run_script turn against six direct ones, and a denied edit caught inside the script.
# valis_codemode_scriptedtask drives it; bench_codemode_turns uses it too.
if(TARGET valis_plugin_codemode AND TARGET valis_sessiontestsupport)
    add_library(valis_codemode_scriptedtask STATIC scriptedtask.h scriptedtask.cpp)
    target_link_libraries(valis_codemode_scriptedtask PUBLIC valis_common_cfg valis_sessiontestsupport)
    target_include_directories(valis_codemode_scriptedtask PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
    valis_add_test(runscriptturn SOURCES tst_runscriptturn.cpp LINK valis_codemode_scriptedtask
        DEPENDS valis_cli valis_plugin_anthropic valis_plugin_codemode valis_plugin_filesystem valis_plugin_exec
        valis_plugin_local TIMEOUT 300)
endif()

# The self-hosted code cache: its file format, and valis-cli with a missing, good and damaged one.
if(TARGET valis_plugin_codemode AND TARGET valis_sessiontestsupport)
    valis_add_test(enginecache SOURCES tst_enginecache.cpp LINK valis_sessiontestsupport valis_codemode_engine
        DEPENDS valis_cli valis_plugin_codemode)
endif()
