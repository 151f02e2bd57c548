#pragma once

#include "threadedtool.h"

namespace valis::tools::files {

/// `write_file`: creates or replaces a whole file (atomically, creating missing folders) and
/// says which it was, with the line count.
class WriteFileTool : public ThreadedTool
{
public:
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::files
