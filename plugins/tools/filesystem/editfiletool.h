#pragma once

#include "filetool.h"

namespace valis::tools::files {

/// `edit_file`: replaces an exact piece of text (`old_string`) by another; refuses, with what
/// the model needs to fix the call, when it is missing (the closest lines, a whitespace hint) or
/// not unique (the line of each occurrence). Keeps the file's encoding, byte order mark and
/// line ends.
class EditFileTool : public FileTool
{
public:
    EditFileTool() : FileTool(QStringLiteral("edit_file")) {}
    ToolSpec spec() const override;

protected:
    ToolOutcome runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const override;
};

} // namespace valis::tools::files
