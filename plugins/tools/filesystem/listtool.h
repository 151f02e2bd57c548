#pragma once

#include "threadedtool.h"

namespace valis::tools::files {

/// `ls` / `list_dir`: a folder's entries as an indented tree, recursive to `depth`, leaving out
/// what the ignore rules say (the workspace's .gitignore, default rules, the call's `ignore`
/// patterns), capped at `limit` entries with a count of what was left out. The same tool under
/// two names, since models know it by either.
class ListDirectoryTool : public ThreadedTool
{
public:
    explicit ListDirectoryTool(const QString &name);
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;

private:
    QString m_name;
};

} // namespace valis::tools::files
