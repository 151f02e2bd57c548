#pragma once

#include "valis/core/result.h"

#include <QJsonObject>

#include <array>

namespace valis::gradient {

/// The gradient strategy's settings, from the session's settings (ContextSettings) over these
/// defaults: the design's example of 20 raw turns, 20 smoothed, 60 compressed and the rest tiny,
/// with 40/16/30/14 of the history budget.
struct GradientSettings
{
    /// The history's budget, as a share of the context window (the system prompt, tools and the
    /// turn in progress come out of it).
    double budgetShare = 0.70;
    /// ...and at most this many tokens (0: no cap). Every request reads the whole history from
    /// the cache, so carrying more than this costs more per request than the fidelity gains in a
    /// large window; replays put the gradient's cost beside progressive's with this cap.
    qint64 budgetTokens = 14000;
    /// Turns per band by recency (the last band, tiny, takes the rest).
    int rawTurns = 20;
    int smoothedTurns = 20;
    int compressedTurns = 60;
    /// Shares of the budget per band: R, S, C, T.
    std::array<double, 4> shares{0.40, 0.16, 0.30, 0.14};
    /// The bands are recalculated every this many turns, and otherwise only when the request
    /// would pass `overflowAt` of the pipeline's target: between recalculations the prefix stays
    /// byte-identical.
    int recalculateEvery = 10;
    double overflowAt = 0.95;
    /// How many turns what get_turn brought back stays on the announcement board.
    int boardTurns = 5;
    /// When a long turn keeps the request over overflowAt after the bands are laid out, old tool
    /// results are evicted to pointers down to this share of the usable window.
    double evictTo = 0.5;
    /// A tool result over this many tokens is moved out of the view at once (as progressive).
    qint64 offloadTokens = 20000;

    static QJsonObject defaults();
    /// `json` over the defaults; "context.bad-setting" names a value of the wrong type or range.
    static Result<GradientSettings> fromJson(const QJsonObject &json);
};

} // namespace valis::gradient
