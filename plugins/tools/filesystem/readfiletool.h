#pragma once

#include "threadedtool.h"

namespace valis::tools::files {

/// `read_file`: a text file's lines with their numbers (cat -n), from `offset` for `limit`
/// lines, read in pages so huge files never load whole; long lines cut; binary files refused
/// with their type and size. With `anchor_line`, the block(s) around that line by indentation
/// instead (see findBlock()).
class ReadFileTool : public ThreadedTool
{
public:
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::files
