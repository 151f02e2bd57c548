# The window's arrangement (conversation first, docks that come forward), the composer's
# readiness and draft estimate, and the shared look (design tokens). Included from
# desktop/CMakeLists.txt, so paths are relative to desktop/.
target_sources(valis_desktop PRIVATE
    layout/windowlayout.h layout/windowlayout.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/layout")
target_sources(valis_desktop PRIVATE composer/composersendstate.cpp)
target_sources(valis_desktop PRIVATE composer/composerreadiness.h composer/composerreadiness.cpp)
