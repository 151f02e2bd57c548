# The Agents dock: the shown session's background agents (status, progress, tokens, cost,
# elapsed), Cancel, and opening a child session. Included from desktop/CMakeLists.txt; paths
# relative to desktop/.
target_sources(valis_desktop PRIVATE
    agents/agentspane.h agents/agentspane.cpp
    mainwindowagents.cpp)
target_include_directories(valis_desktop PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}/agents")
