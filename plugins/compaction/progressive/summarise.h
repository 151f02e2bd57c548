#pragma once

#include "workingview.h"

#include <optional>

namespace valis::progressive {

/// What step 3 decided.
struct SummaryOutcome
{
    std::optional<CompactionEvent> event;   ///< the swap, when it happened
    std::optional<SummaryRequest> request;  ///< a summary to prepare in the background
    bool wait = false;                      ///< the view needs the summary being prepared
};

/// Step 3, the last resort. Once eviction falls short (evictOldItems()), a summary of the oldest
/// part of the view is prepared in the background (a continuation of the live prefix). When the request passes summariseAt of the usable window minus the summary's
/// room (or compaction is forced and eviction fell short), the prepared summary replaces that
/// part: first the pinned messages and the progress ledger, verbatim, then the summary, which
/// names the transcript saved under /context/transcripts/. Without a model the summary is
/// extractive, made at once, and swapped in as soon as eviction falls short. Before that, when
/// `mayPayForItself` (nothing else changed the prefix in this build) and the view is over
/// costFloor(), a summary is prepared and swapped in the same way once it pays for itself
/// (CostModel: the tokens it removes over the requests expected, against the rewritten prefix
/// and the summary call); its event's state then holds the "decision".
SummaryOutcome summariseOldest(WorkingView &view, bool forced, bool evictionFellShort, bool mayPayForItself, QList<Error> *warnings);

} // namespace valis::progressive
