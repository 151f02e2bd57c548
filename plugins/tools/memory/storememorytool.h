#pragma once

#include "threadedtool.h"

namespace valis::tools::memory {

/// `store_memory(content, description, type?)`: keeps a text in the DetailStore for this agent
/// and answers with its key and the `[MemoryRef: key - description]` line that stands for it.
/// Storing the same content again answers with the existing record's key.
class StoreMemoryTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("store_memory"); }
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::memory
