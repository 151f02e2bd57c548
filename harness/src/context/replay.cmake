# context/replay: replays an imported transcript through a context strategy and reports tokens,
# overflows, billed cost with cache pricing, invalidations, compactions, recoverability and old facts
# still visible, and writes each request's view on request
# (valis-cli replay and bench_replay share it).
target_sources(valis_harness PRIVATE
    include/valis/context/replayer.h
    src/context/replayitems.h src/context/replayitems.cpp
    src/context/replayfacts.h src/context/replayfacts.cpp
    src/context/replayviews.h src/context/replayviews.cpp
    src/context/replayarchive.cpp
    src/context/replayer.cpp
    src/context/replayreport.cpp)
