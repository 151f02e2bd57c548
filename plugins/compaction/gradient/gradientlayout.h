#pragma once

#include "gradientsettings.h"

#include <QList>

namespace valis::gradient {

/// A turn's level in the gradient; Omitted: not shown at all, only counted in a range notice
/// (when even the tiny versions overflow the budget).
enum class Level { Raw = 0, Smoothed = 1, Compressed = 2, Tiny = 3, Omitted = 4 };

/// What one completed turn costs at each level, in tokens.
struct TurnCost
{
    int turn = 0;
    qint64 raw = -1;       ///< -1: the turn is no longer raw in the view, so it cannot be R
    qint64 smoothed = 0;
    qint64 compressed = 0;
    qint64 tiny = 0;
    qint64 at(Level level) const;
};

/// The levels of `turns` (oldest first) under `budget` tokens: by recency first (the newest
/// rawTurns R, then smoothedTurns S, compressedTurns C, the rest T), then, while the whole is
/// over the budget, the band furthest over its share of the budget steps its oldest turn down a
/// level (tiny turns are omitted last). A band may use what other bands leave: shares bind only
/// when the budget does. Returns one level per turn, in the order given.
QList<Level> layoutTurns(const QList<TurnCost> &turns, qint64 budget, const GradientSettings &settings);

} // namespace valis::gradient
