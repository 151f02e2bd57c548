# Issue 23's "living with it": the command palette, desktop notifications against a real
# notification server (dunst on a private bus, tests/support/with-notification-server.sh), and
# the session list's pins, content search, sort and export. The tray test starts trayer (a real
# system tray on the X server) itself and skips without it.
valis_add_test(palette SOURCES tst_palette.cpp LINK valis_desktop WEBENGINE)

valis_add_test(notifications SOURCES tst_notifications.cpp mainwindowtestsupport.h LINK valis_desktop valis_sessiontestsupport
    DEPENDS valis_plugin_anthropic valis_plugin_local valis_plugin_test_tools WEBENGINE LABELS keychain
    WRAPPER sh "${CMAKE_CURRENT_SOURCE_DIR}/../support/with-notification-server.sh")
target_compile_definitions(tst_notifications PRIVATE VALIS_BUILT_PLUGIN_DIR="${VALIS_PLUGIN_OUTPUT_DIR}"
    VALIS_TEST_TOOL_PLUGIN_DIR="${VALIS_TEST_TOOL_PLUGIN_DIR}")

valis_add_test(sessionlist SOURCES tst_sessionlist.cpp LINK valis_desktop DEPENDS valis_cli WEBENGINE)
target_compile_definitions(tst_sessionlist PRIVATE VALIS_CLI_BINARY="$<TARGET_FILE:valis_cli>")
