# View > Usage and cost: tokens and cost per day, model and session, the cache-read share and
# what compactions saved, drawn with Qt Charts from a UsageReport built on a worker thread.
# Included from desktop/CMakeLists.txt; paths relative to desktop/. A library of its own that
# links Qt Charts privately, so the rest of the shell compiles without Qt Charts' headers;
# the shell includes "usage/usageview.h".
add_library(valis_usage_view STATIC
    usage/usageworker.h usage/usageworker.cpp
    usage/usagecharts.h usage/usagecharts.cpp
    usage/usageview.h usage/usageview.cpp)
target_include_directories(valis_usage_view PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/usage")
target_link_libraries(valis_usage_view PUBLIC valis_common_cfg Valis::Harness Qt6::Widgets PRIVATE Qt6::Charts)
target_link_libraries(valis_desktop PRIVATE valis_usage_view)
