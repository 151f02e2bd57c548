#pragma once

#include "workingview.h"

#include <optional>

namespace valis::progressive {

/// The usable window: the context window minus the answer's room (providers refuse a prompt
/// whose max_tokens would not fit beside it).
qint64 usableWindow(const WorkingView &view);

/// Step 2: when the request passes evictAt of the usable window (or compaction is forced),
/// replaces old tool results and old write inputs by pointers to where they are stored,
/// oldest first, keeping the most recent few verbatim, until the request is under evictTo: one
/// batch, so the cached prefix changes rarely. Returns the event, and sets `fellShort` when
/// everything that may go went and the request is still over evictTo.
std::optional<CompactionEvent> evictOldItems(WorkingView &view, bool forced, bool *fellShort, QList<Error> *warnings);

} // namespace valis::progressive
