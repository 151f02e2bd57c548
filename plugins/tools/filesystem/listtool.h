#pragma once

#include "filetool.h"

namespace valis::tools::files {

/// `ls` / `list_dir`: a folder's entries as an indented tree, recursive to `depth`, leaving out
/// what the ignore rules say (the workspace's .gitignore, default rules, the call's `ignore`
/// patterns), capped at `limit` entries with a count of what was left out. The same tool under
/// two names, since models know it by either.
class ListDirectoryTool : public FileTool
{
public:
    explicit ListDirectoryTool(const QString &name) : FileTool(name) {}
    ToolSpec spec() const override;

protected:
    ToolOutcome runOn(const ToolCall &call, const AgentFilesystem &fs, ToolArguments &arguments) const override;
};

} // namespace valis::tools::files
