# The command palette (Ctrl+K): the widget and its fuzzy matching; MainWindow fills it
# (mainwindowpalette.cpp).
target_sources(valis_desktop PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/fuzzymatch.h ${CMAKE_CURRENT_LIST_DIR}/fuzzymatch.cpp
    ${CMAKE_CURRENT_LIST_DIR}/commandpalette.h ${CMAKE_CURRENT_LIST_DIR}/commandpalette.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/mainwindowpalette.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
