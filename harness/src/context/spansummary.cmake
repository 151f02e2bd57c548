# context/spans: what a summarised span keeps (artifacts, the progress ledger), the summary
# instruction, the extractive summary and the saved transcript.
target_sources(valis_harness PRIVATE
    include/valis/context/spansummary.h
    src/context/spantext.h src/context/spantext.cpp
    src/context/spanartifacts.cpp
    src/context/spansummary.cpp)
