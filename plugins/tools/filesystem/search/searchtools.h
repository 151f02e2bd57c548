#pragma once

#include "threadedtool.h"

#include <memory>
#include <vector>

namespace valis::tools {

/// The filesystem plugin's read-only search tools, to add to its ThreadedToolProvider:
///
/// - `glob`: files whose path matches a glob ("src/**/*.cpp"), newest first;
/// - `grep`: a regex search of file contents, by ripgrep when it is installed and the files are
///   on this machine, else by a built-in engine that gives the same output byte for byte
///   (VALIS_GREP_BACKEND=builtin or =rg forces one; the tests and bench_grep use that);
/// - `file_search`: a fuzzy match of file paths (fzf-like subsequence scoring).
///
/// All three go through ToolContext::filesystem (so /memories/ and /context/ work and paths
/// stay confined), skip what the ignore rules leave out unless asked not to, and never follow
/// symbolic links to folders.
std::vector<std::unique_ptr<ThreadedTool>> makeSearchTools();

} // namespace valis::tools
