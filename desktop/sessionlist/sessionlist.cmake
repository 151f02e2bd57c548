# The session list's pins, content search and export (issue 23): a worker on the store's thread.
target_sources(valis_desktop PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/sessionlistworker.h ${CMAKE_CURRENT_LIST_DIR}/sessionlistworker.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
