#pragma once

#include "filetree.h"
#include "threadedtool.h"

#include <QString>

#include <memory>

namespace valis::tools::search {

// One factory per tool, each in its own source file; makeSearchTools() collects them.
std::unique_ptr<ThreadedTool> makeGlobTool();
std::unique_ptr<ThreadedTool> makeGrepTool();
std::unique_ptr<ThreadedTool> makeFileSearchTool();

/// The note for a walk that left ignored files out, for "nothing found" answers.
QString ignoredFilesNote();

/// The tree a search call looks in, below `path` in the call's file view; the error answers
/// the model (the session gives tools no files, or `path` does not resolve).
Result<FileTree> openSearchTree(const ToolCall &call, const QString &toolName, const QString &path);

/// A walk that leaves out what the ignore rules say unless `includeIgnored`, and stops when
/// the call is cancelled.
WalkOptions searchWalk(const ToolCall &call, bool includeIgnored);

/// The files `walk` finds in `tree`; an error naming `toolName` when the call was cancelled
/// meanwhile.
Result<QStringList> walkFiles(const FileTree &tree, const WalkOptions &walk, const QString &toolName);

} // namespace valis::tools::search
