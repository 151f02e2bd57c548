# The stored prompts in the composer (issue 22): "/" offers them, "/key" sends one rendered.
# Included from desktop/CMakeLists.txt; paths relative to desktop/.
target_sources(valis_desktop PRIVATE
    prompts/promptcomposerassist.h prompts/promptcomposerassist.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/prompts")
