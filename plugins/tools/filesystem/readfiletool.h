#pragma once

#include "filetool.h"

namespace valis::tools::files {

/// `read_file`: a text file's lines with their numbers (cat -n), from `offset` for `limit`
/// lines, read in pages so huge files never load whole; long lines cut; binary files refused
/// with their type and size. With `anchor_line`, the block(s) around that line by indentation
/// instead (see findBlock()).
class ReadFileTool : public FileTool
{
public:
    ReadFileTool() : FileTool(QStringLiteral("read_file")) {}
    ToolSpec spec() const override;

protected:
    ToolOutcome runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const override;
};

} // namespace valis::tools::files
