# Background agents (issue 22): children that run while their parent goes on, bounded and
# budgeted, their state kept in the child session's metadata; and the usage record of direct
# model calls (llm_call).
target_sources(valis_harness PRIVATE
    include/valis/plugins/backgroundagents.h
    src/agent/backgroundagents.cpp
    src/agent/backgroundagenthost.h
    src/agent/backgroundagenthost.cpp
)
