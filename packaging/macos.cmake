# macOS: Valis.app with everything it runs inside it, for a drag-and-drop disk image. Included
# from packaging/CMakeLists.txt; .github/workflows/macos.yml builds, signs and notarises it.
#
# The bundle (DataLocations::systemPluginDirs() looks for the plugins where it puts them):
#   Contents/MacOS/         Valis, valis-cli
#   Contents/Frameworks/    libvalis-harness, QtKeychain, Qt's frameworks (macdeployqt)
#   Contents/PlugIns/valis/ Valis's plugins (Qt's own plugins go to PlugIns/<type>/)
#   Contents/Resources/     valis.icns, qt.conf, doc/ (the licences of bundled npm libraries)
# Everything installs in the usual layout first (bin/, lib/, share/) and bundle-layout.cmake
# moves it into the bundle at the end of the installation, so the rest of the build needs no
# macOS branches. Then macdeployqt copies Qt in, and packaging/macos/sign.sh signs the result.
set(VALIS_BUNDLE "Valis.app")
set_target_properties(valis PROPERTIES OUTPUT_NAME Valis)

if(CMAKE_OSX_DEPLOYMENT_TARGET)
    set(VALIS_MINIMUM_MACOS "${CMAKE_OSX_DEPLOYMENT_TARGET}")
else()
    set(VALIS_MINIMUM_MACOS "12.0") # the oldest macOS Qt 6.8 supports
endif()
set(VALIS_BUNDLE_EXECUTABLE Valis)
configure_file(macos/Info.plist.in "${CMAKE_CURRENT_BINARY_DIR}/Info.plist" @ONLY)
set_target_properties(valis PROPERTIES MACOSX_BUNDLE_INFO_PLIST "${CMAKE_CURRENT_BINARY_DIR}/Info.plist")

# Where each piece finds the others once it is in the bundle.
get_property(valis_shipped_plugins GLOBAL PROPERTY VALIS_INSTALLED_PLUGINS)
set_target_properties(valis valis_cli PROPERTIES INSTALL_RPATH "@executable_path/../Frameworks")
set_target_properties(valis_harness PROPERTIES INSTALL_RPATH "@loader_path")
set_target_properties(${valis_shipped_plugins} PROPERTIES INSTALL_RPATH "@loader_path/../../Frameworks")

# The icon, drawn from the SVG at build time.
set(valis_icns "${CMAKE_CURRENT_BINARY_DIR}/valis.icns")
valis_draw_icon("${valis_icns}")
add_custom_target(valis_macos_icon ALL DEPENDS "${valis_icns}")

install(CODE "
set(VALIS_BUNDLE \"${VALIS_BUNDLE}\")
set(VALIS_BINDIR \"${CMAKE_INSTALL_BINDIR}\")
set(VALIS_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
set(VALIS_DATADIR \"${CMAKE_INSTALL_DATADIR}\")
set(VALIS_PLUGIN_INSTALL_DIR \"${VALIS_PLUGIN_INSTALL_DIR}\")
include(\"${CMAKE_CURRENT_SOURCE_DIR}/macos/bundle-layout.cmake\")")
install(FILES "${valis_icns}" DESTINATION "${VALIS_BUNDLE}/Contents/Resources")
install(IMPORTED_RUNTIME_ARTIFACTS Qt6Keychain::Qt6Keychain
    LIBRARY DESTINATION "${VALIS_BUNDLE}/Contents/Frameworks"
    FRAMEWORK DESTINATION "${VALIS_BUNDLE}/Contents/Frameworks")

# Qt into the bundle: the deploy script runs macdeployqt, which only Qt 6.5 and newer drive
# from CMake; with an older Qt the bundle still installs, without Qt inside.
if(Qt6_VERSION VERSION_GREATER_EQUAL 6.5)
    qt_generate_deploy_script(TARGET valis OUTPUT_SCRIPT valis_deploy_script CONTENT "
# Valis's own libraries and plugins go through macdeployqt too, so their references to Qt
# point into the bundle.
set(valis_contents \"\${QT_DEPLOY_PREFIX}/${VALIS_BUNDLE}/Contents\")
file(GLOB valis_libraries LIST_DIRECTORIES false \"\${valis_contents}/Frameworks/*.dylib\")
file(GLOB valis_plugins LIST_DIRECTORIES false \"\${valis_contents}/PlugIns/valis/*.dylib\")
set(valis_real_libraries \"\")
foreach(library IN LISTS valis_libraries)
    if(NOT IS_SYMLINK \"\${library}\")
        list(APPEND valis_real_libraries \"\${library}\")
    endif()
endforeach()
qt_deploy_runtime_dependencies(
    EXECUTABLE \"${VALIS_BUNDLE}\"
    ADDITIONAL_EXECUTABLES \"\${valis_contents}/MacOS/valis-cli\"
    ADDITIONAL_LIBRARIES \${valis_real_libraries}
    ADDITIONAL_MODULES \${valis_plugins})")
    install(SCRIPT "${valis_deploy_script}")
else()
    message(WARNING "Qt ${Qt6_VERSION} cannot deploy itself into the app bundle (Qt 6.5 or newer "
                    "can): `cpack` will make a disk image that needs Qt installed on the Mac.")
endif()

# `cpack` (DragNDrop) signs the staged bundle the way the workflow does.
set(CPACK_DMG_VOLUME_NAME "Valis")
set(CPACK_DMG_FORMAT "UDZO")
set(CPACK_PACKAGE_FILE_NAME "valis-${PROJECT_VERSION}-macos")
set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_CURRENT_SOURCE_DIR}/macos/cpack-sign.cmake")
