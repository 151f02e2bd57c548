# Issue 23's layout and first impressions (tst_layout.cpp): run at 1280x800 and 1920x1080 on a
# screen large enough for both, and again at 200 % (QT_SCALE_FACTOR=2, a 2560x1600 screen for a
# 1280x800 window). Screenshots go to tests/screenshots. Included from tests/desktop/CMakeLists.txt.
set(valis_layout_environment "QT_QPA_PLATFORM=xcb" "QT_LOGGING_RULES=qt.qpa.*=false"
    "QTWEBENGINE_CHROMIUM_FLAGS=--no-sandbox" "VALIS_SCREENSHOT_DIR=${PROJECT_BINARY_DIR}/tests/screenshots")
valis_add_test(layout SOURCES tst_layout.cpp mainwindowtestsupport.h LINK valis_desktop valis_sessiontestsupport
    DEPENDS valis_plugin_anthropic valis_iconpack
    WRAPPER xvfb-run -a -s "-screen 0 1920x1200x24")
target_compile_definitions(tst_layout PRIVATE
    VALIS_BUILT_PLUGIN_DIR="${VALIS_PLUGIN_OUTPUT_DIR}"
    VALIS_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    VALIS_ICONPACK="$<TARGET_FILE:valis_iconpack>")
file(MAKE_DIRECTORY "${PROJECT_BINARY_DIR}/tests/screenshots")
set_tests_properties(layout PROPERTIES ENVIRONMENT "${valis_layout_environment}")
add_test(NAME layout_hidpi COMMAND xvfb-run -a -s "-screen 0 2560x1600x24" $<TARGET_FILE:tst_layout>)
set_tests_properties(layout_hidpi PROPERTIES
    SKIP_REGULAR_EXPRESSION "SKIP   : " TIMEOUT 300
    ENVIRONMENT "${valis_layout_environment};QT_SCALE_FACTOR=2")
if(VALIS_SANITIZE)
    set_tests_properties(layout layout_hidpi PROPERTIES ENVIRONMENT_MODIFICATION "${VALIS_WEBENGINE_ASAN_OPTIONS}")
endif()
