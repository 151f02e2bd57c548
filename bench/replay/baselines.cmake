# valis_peer_baselines: other agents' published context policies as ContextStrategies, for
# bench_replay and tests/replay (comparison baselines, not product features). Included from
# bench/replay/CMakeLists.txt and tests/replay/CMakeLists.txt, whichever comes first.
if(NOT TARGET valis_peer_baselines)
    add_library(valis_peer_baselines STATIC
        "${CMAKE_CURRENT_LIST_DIR}/baselinecommon.h" "${CMAKE_CURRENT_LIST_DIR}/baselinecommon.cpp"
        "${CMAKE_CURRENT_LIST_DIR}/peerbaselines.h"
        "${CMAKE_CURRENT_LIST_DIR}/deepagentsbaseline.cpp"
        "${CMAKE_CURRENT_LIST_DIR}/openhandsbaselines.cpp"
        "${CMAKE_CURRENT_LIST_DIR}/codexbaseline.cpp")
    target_include_directories(valis_peer_baselines PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
    target_link_libraries(valis_peer_baselines PUBLIC Valis::Harness PRIVATE valis_common_cfg)
endif()
# valis_transcript_shapes: long generated transcripts of shapes the fixtures lack, for
# bench_replay --shapes and tests/replay.
if(NOT TARGET valis_transcript_shapes)
    add_library(valis_transcript_shapes STATIC
        "${CMAKE_CURRENT_LIST_DIR}/transcriptshapes.h" "${CMAKE_CURRENT_LIST_DIR}/transcriptshapes.cpp")
    target_include_directories(valis_transcript_shapes PUBLIC "${CMAKE_CURRENT_LIST_DIR}")
    target_link_libraries(valis_transcript_shapes PUBLIC Valis::Harness PRIVATE valis_common_cfg)
endif()
