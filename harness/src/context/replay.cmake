# context/replay: replays an imported transcript through a context strategy and reports tokens,
# overflows, billed cost with cache pricing, invalidations, compactions and recoverability
# (valis-cli replay and bench_replay share it).
target_sources(valis_harness PRIVATE
    include/valis/context/replayer.h
    src/context/replayitems.h src/context/replayitems.cpp
    src/context/replayarchive.cpp
    src/context/replayer.cpp
    src/context/replayreport.cpp)
