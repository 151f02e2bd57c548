#pragma once

#include "valis/core/modeltext.h"

namespace valis::tools {

// Small pieces of text that tool results share, from the harness so the memory pager and the
// MCP server word things the same: "12 lines", "12.4 KB", a summary cut to one line.
using modeltext::oneLine;
using modeltext::plural;
using modeltext::sizeText;

} // namespace valis::tools
