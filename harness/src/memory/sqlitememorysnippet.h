#pragma once

#include "valis/core/result.h"

#include <QSqlDatabase>

namespace valis::memory {

/// Registers `valis_memory_snippet(agent_memories_search)` on the SQLite connection behind `db`:
/// a few words of text around a record's first match, cut at token boundaries, with "…" where
/// it cuts. FTS5's own snippet() tokenises every matching column whole to choose its fragment,
/// which for a hit whose content is a megabyte log costs milliseconds per hit; this function
/// tokenises only up to the end of its fragment. It prefers a match in the content (col 1),
/// then the summary (col 0), then the path (col 2).
Result<void> registerSnippetFunction(const QSqlDatabase &db);

/// Tokens shown before and after the first token of the match.
inline constexpr int snippetTokensBefore = 6;
inline constexpr int snippetTokensAfter = 18;

} // namespace valis::memory
