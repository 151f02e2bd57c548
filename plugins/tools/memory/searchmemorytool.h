#pragma once

#include "threadedtool.h"

namespace valis::tools::memory {

/// `search_memory(query, type?, session?, limit?)`: this agent's memories (stored notes,
/// captured outputs, /memories/ files) ranked by the DetailStore's full-text search, each with
/// its key, facts and a snippet. No hits says so and what to try instead.
class SearchMemoryTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("search_memory"); }
    static constexpr qint64 DefaultLimit = 10;
    static constexpr qint64 MaxLimit = 50;

    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::memory
