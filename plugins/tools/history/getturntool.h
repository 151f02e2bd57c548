#pragma once

#include "threadedtool.h"

namespace valis::tools::history {

/// `get_turn`: one earlier turn (or a range) of this session at R (the record), S (smoothed) or
/// C (compressed), each as an element `<T-12-R>…</T-12-R>` like the tags of the compression
/// gradient. S and C are the session's stored turn versions, or the extractive ones. The
/// gradient strategy shows the answer on its announcement board for a few turns, so asking never
/// invalidates the cached prefix. Captured results show their MemoryRef placeholder, as in the
/// context; very long parts are cut with the search_history call that reads them whole.
class GetTurnTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("get_turn"); }
    /// Turns one call may ask for.
    static constexpr int MaxTurns = 20;
    /// The most an answer holds, and the most one part shows before it is cut.
    static constexpr qsizetype MaxAnswerBytes = 96 * 1024;
    static constexpr qsizetype MaxPartBytes = 16 * 1024;

    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::history
