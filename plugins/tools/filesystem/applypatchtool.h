#pragma once

#include "filetool.h"

namespace valis::tools::files {

/// `apply_patch`: applies a unified diff (several files, new files, deletions, renames) all or
/// nothing: every hunk is checked against the current content first, and if one does not apply
/// the answer names it (file, hunk header, expected vs actual lines) and no file is touched.
/// Should a write fail midway, the files already written are restored.
class ApplyPatchTool : public FileTool
{
public:
    ApplyPatchTool() : FileTool(QStringLiteral("apply_patch")) {}
    ToolSpec spec() const override;

protected:
    ToolOutcome runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const override;
};

} // namespace valis::tools::files
