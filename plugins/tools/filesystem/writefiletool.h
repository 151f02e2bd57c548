#pragma once

#include "filetool.h"

namespace valis::tools::files {

/// `write_file`: creates or replaces a whole file (atomically, creating missing folders) and
/// says which it was, with the line count.
class WriteFileTool : public FileTool
{
public:
    WriteFileTool() : FileTool(QStringLiteral("write_file")) {}
    ToolSpec spec() const override;

protected:
    ToolOutcome runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const override;
};

} // namespace valis::tools::files
