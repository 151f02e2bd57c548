# Windows: one folder with everything Valis runs, as an NSIS installer and a portable ZIP.
# Included from packaging/CMakeLists.txt; .github/workflows/windows.yml builds it.
#   bin/                valis.exe, valis-cli.exe, valis-harness.dll, Qt's DLLs and
#                       QtWebEngineProcess.exe (windeployqt), qt.conf, qt6keychain.dll,
#                       sqlite3.dll, the MSVC runtime
#   lib/valis/plugins/  Valis's plugins (<exe folder>/../lib/valis/plugins, as on Linux)
#   plugins/            Qt's plugins; resources/, translations/: QtWebEngine's data
#   share/doc/valis/    the licences of the npm libraries compiled into the app
# The ZIP runs from wherever it is unpacked; its data goes where an installed Valis keeps it
# (%APPDATA%\valis and so on) unless VALIS_HOME or --home say otherwise.

# The icon, drawn from the SVG at build time, and version information for both programs.
set(VALIS_ICO "${CMAKE_CURRENT_BINARY_DIR}/valis.ico")
valis_draw_icon("${VALIS_ICO}")
add_custom_target(valis_windows_icon DEPENDS "${VALIS_ICO}")
foreach(entry IN ITEMS "valis|valis.exe|Valis" "valis_cli|valis-cli.exe|Valis command-line tool")
    string(REPLACE "|" ";" fields "${entry}")
    list(GET fields 0 target)
    list(GET fields 1 VALIS_RC_FILE)
    list(GET fields 2 VALIS_RC_DESCRIPTION)
    configure_file(windows/valis.rc.in "${CMAKE_CURRENT_BINARY_DIR}/${target}.rc" @ONLY)
    target_sources(${target} PRIVATE "${CMAKE_CURRENT_BINARY_DIR}/${target}.rc")
    # The resource compiler reads the .ico, which must exist first.
    add_dependencies(${target} valis_windows_icon)
endforeach()

# DLLs that are neither Qt's nor ours: QtKeychain and SQLite. The harness and QtSql's SQLite
# driver must load one and the same sqlite3.dll (the workflow rebuilds the driver against it,
# packaging/ci/build-qsqlite.sh), so a static SQLite cannot ship.
install(IMPORTED_RUNTIME_ARTIFACTS Qt6Keychain::Qt6Keychain RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
get_target_property(valis_sqlite_library SQLite::SQLite3 IMPORTED_LOCATION)
get_filename_component(valis_sqlite_library_dir "${valis_sqlite_library}" DIRECTORY)
find_file(VALIS_SQLITE_DLL NAMES sqlite3.dll
    HINTS "${valis_sqlite_library_dir}/../bin" "${valis_sqlite_library_dir}" NO_DEFAULT_PATH)
if(NOT VALIS_SQLITE_DLL)
    message(FATAL_ERROR "No sqlite3.dll beside ${valis_sqlite_library}: Valis needs SQLite as a DLL that "
                        "QtSql's SQLite driver loads too (vcpkg: sqlite3[fts5]:x64-windows).")
endif()
install(FILES "${VALIS_SQLITE_DLL}" DESTINATION "${CMAKE_INSTALL_BINDIR}")

# The MSVC runtime beside the programs (the Universal CRT is part of Windows 10 and later).
set(CMAKE_INSTALL_SYSTEM_RUNTIME_DESTINATION "${CMAKE_INSTALL_BINDIR}")
set(CMAKE_INSTALL_UCRT_LIBRARIES OFF)
include(InstallRequiredSystemLibraries)

# Qt into the folder: windeployqt through Qt's deploy script, which Qt 6.5 and newer provide.
if(Qt6_VERSION VERSION_GREATER_EQUAL 6.5)
    qt_generate_deploy_script(TARGET valis OUTPUT_SCRIPT valis_deploy_script CONTENT "
# Valis's plugins and valis-cli need Qt modules valis.exe may not (Sql drivers, Concurrent...).
file(GLOB valis_plugins LIST_DIRECTORIES false \"\${QT_DEPLOY_PREFIX}/${VALIS_PLUGIN_INSTALL_DIR}/*.dll\")
qt_deploy_runtime_dependencies(
    EXECUTABLE \"\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:valis>\"
    ADDITIONAL_EXECUTABLES \"\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:valis_cli>\"
    ADDITIONAL_LIBRARIES \"\${QT_DEPLOY_BIN_DIR}/$<TARGET_FILE_NAME:valis_harness>\"
    ADDITIONAL_MODULES \${valis_plugins}
    GENERATE_QT_CONF
    NO_COMPILER_RUNTIME)")
    install(SCRIPT "${valis_deploy_script}")
    # QtWebEngine looks for its helper in qt.conf's LibraryExecutables, which is bin\ on
    # Windows; windeployqt of some Qt versions puts it beside bin\ instead.
    install(CODE "
set(valis_prefix \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}\")
if(EXISTS \"\${valis_prefix}/QtWebEngineProcess.exe\" AND NOT EXISTS \"\${valis_prefix}/${CMAKE_INSTALL_BINDIR}/QtWebEngineProcess.exe\")
    file(RENAME \"\${valis_prefix}/QtWebEngineProcess.exe\" \"\${valis_prefix}/${CMAKE_INSTALL_BINDIR}/QtWebEngineProcess.exe\")
endif()
foreach(required ${CMAKE_INSTALL_BINDIR}/QtWebEngineProcess.exe ${CMAKE_INSTALL_BINDIR}/qt.conf resources/qtwebengine_resources.pak)
    if(NOT EXISTS \"\${valis_prefix}/\${required}\")
        message(FATAL_ERROR \"The Qt deployment left out \${required}\")
    endif()
endforeach()")
else()
    message(WARNING "Qt ${Qt6_VERSION} cannot deploy itself next to the programs (Qt 6.5 or newer "
                    "can): `cpack` will make packages that need Qt on the PATH.")
endif()

# The installer and the portable archive.
set(CPACK_PACKAGE_FILE_NAME "valis-${PROJECT_VERSION}-windows-x64")
set(CPACK_PACKAGE_INSTALL_REGISTRY_KEY "Valis")
set(CPACK_NSIS_PACKAGE_NAME "Valis")
set(CPACK_NSIS_BRANDING_TEXT "Valis ${PROJECT_VERSION}")
set(CPACK_NSIS_URL_INFO_ABOUT "${PROJECT_HOMEPAGE_URL}")
set(CPACK_NSIS_MUI_ICON "${VALIS_ICO}")
set(CPACK_NSIS_MUI_UNIICON "${VALIS_ICO}")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\valis.exe")
set(CPACK_NSIS_MUI_FINISHPAGE_RUN "valis.exe")
set(CPACK_NSIS_MANIFEST_DPI_AWARE ON)
# No licence file to show: Valis is not distributed under a public licence.
set(CPACK_NSIS_IGNORE_LICENSE_PAGE ON)
# Signs what is not signed yet in the staged folder, when a certificate is configured.
set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_CURRENT_SOURCE_DIR}/windows/sign.cmake")
