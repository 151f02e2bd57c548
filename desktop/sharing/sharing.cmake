# Settings > Share memory with other agents: the MCP server's snippets and "Add to …" for other
# agents' files, the OpenAI-compatible API switch (valis-cli serve as a child process) and the
# audit log of other agents' calls. Included from desktop/CMakeLists.txt; paths relative to desktop/.
target_sources(valis_desktop PRIVATE
    sharing/apiservercontroller.h sharing/apiservercontroller.cpp
    sharing/mcpauditview.h sharing/mcpauditview.cpp
    sharing/sharingpage.h sharing/sharingpage.cpp
    mainwindowsharing.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/sharing")
