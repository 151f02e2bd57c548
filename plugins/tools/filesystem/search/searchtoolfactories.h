#pragma once

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

} // namespace valis::tools::search
