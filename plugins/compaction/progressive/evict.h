#pragma once

#include "workingview.h"

#include <optional>

namespace valis::progressive {

/// The usable window: the context window minus the answer's room (providers refuse a prompt
/// whose max_tokens would not fit beside it).
qint64 usableWindow(const WorkingView &view);

/// The size from which the cost decision may compact before the thresholds: evictEarlyTokens,
/// at most 40% of the usable window; -1 when the setting turns the decision off.
qint64 costFloor(const WorkingView &view);

/// Step 2: replaces old tool results and old write inputs by pointers to where they are stored,
/// keeping the most recent few verbatim, in one batch from a first item to the last, so the
/// cached prefix changes rarely. It runs when the request passes evictAt of the usable window
/// (or compaction is forced), with the batch that reaches evictTo and costs least over the
/// requests expected (CostModel); and over costFloor() when a batch pays for itself. Returns the
/// event (its state's "decision" holds the figures), and sets `fellShort` when everything that
/// may go went and the request is still past halfway from evictTo to evictAt.
std::optional<CompactionEvent> evictOldItems(WorkingView &view, bool forced, bool *fellShort, QList<Error> *warnings);

} // namespace valis::progressive
