# The document store ("File Cabinet", issue 22) over the DetailStore, and the content sources
# (from_key / from_call) that write_file and save_document share for zero-token moves.
target_sources(valis_harness PRIVATE
    include/valis/memory/documentstore.h
    include/valis/memory/contentsource.h
    src/memory/documentstore.cpp
    src/memory/contentsource.cpp)
