#pragma once

#include "threadedtool.h"

namespace valis::tools {

/// The memory tools (provider id "memory"): store_memory, retrieve_memory and search_memory
/// over the session's DetailStore (ToolContext::memory), and the system prompt section that
/// explains MemoryRef placeholders and the memory-first protocol.
///
/// Stateless: every call works on the store its context names. Results stay in the context
/// verbatim (ToolSpec::keepResultsInContext), so a page the model asked for is never itself
/// turned back into a MemoryRef.
class MemoryToolProvider : public ThreadedToolProvider
{
public:
    /// /memories/ files the prompt section lists at most.
    static constexpr int MaxListedFiles = 40;

    MemoryToolProvider();
    QString systemPromptSection(const ToolContext &context) const override;
};

} // namespace valis::tools
