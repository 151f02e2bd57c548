#pragma once

#include "threadedtool.h"

#include <memory>

namespace valis::tools::files {

/// The filesystem plugin's tool set, the ToolProvider "filesystem": ls and list_dir (the same
/// tool), read_file, write_file, edit_file and apply_patch, plus glob, grep and file_search when
/// the search library is built in. Every path goes through ToolContext::filesystem.
std::unique_ptr<ThreadedToolProvider> makeFilesystemToolProvider();

} // namespace valis::tools::files
