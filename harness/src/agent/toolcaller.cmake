# agent/toolcaller: nested tool calls (code mode's run_script calls the session's tools through
# a ToolCaller). Each child call runs through a ToolOrchestrator of its own with the session's
# registry, approvals and retries; the agent loop turns what they do into SessionEvents and
# records the children with their parent's result.
target_sources(valis_harness PRIVATE
    include/valis/plugins/toolcaller.h
    include/valis/agent/orchestratedtoolcaller.h
    src/agent/orchestratedtoolcaller.cpp
    src/agent/nestedcallrecord.cpp
    src/agent/agentloopnested.cpp)
