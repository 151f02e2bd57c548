# Desktop notifications and the tray icon (issue 23). Where there is no tray (a bare X server,
# some Wayland desktops) notifications go to the freedesktop notification server over D-Bus,
# when Qt was built with QtDBus (Linux and the BSDs).
target_sources(valis_desktop PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/desktopnotifier.h ${CMAKE_CURRENT_LIST_DIR}/desktopnotifier.cpp
    ${CMAKE_CURRENT_LIST_DIR}/notificationspage.h ${CMAKE_CURRENT_LIST_DIR}/notificationspage.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/mainwindownotifications.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
if(UNIX AND NOT APPLE)
    find_package(Qt6 6.4 QUIET COMPONENTS DBus)
    if(TARGET Qt6::DBus)
        target_link_libraries(valis_desktop PRIVATE Qt6::DBus)
        target_compile_definitions(valis_desktop PRIVATE VALIS_HAVE_QTDBUS)
    endif()
endif()
