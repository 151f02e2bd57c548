#include "gradientlayout.h"

#include <array>

namespace valis::gradient {

qint64 TurnCost::at(Level level) const
{
    switch (level) {
    case Level::Raw:
        return raw >= 0 ? raw : smoothed;
    case Level::Smoothed:
        return smoothed;
    case Level::Compressed:
        return compressed;
    case Level::Tiny:
        return tiny;
    case Level::Omitted:
        return 0;
    }
    return 0;
}

QList<Level> layoutTurns(const QList<TurnCost> &turns, qint64 budget, const GradientSettings &settings)
{
    const int count = int(turns.size());
    QList<Level> levels(count, Level::Tiny);
    // By recency.
    for (int i = 0; i < count; ++i) {
        const int rank = count - 1 - i; // 0: the newest completed turn
        Level level = Level::Tiny;
        if (rank < settings.rawTurns)
            level = Level::Raw;
        else if (rank < settings.rawTurns + settings.smoothedTurns)
            level = Level::Smoothed;
        else if (rank < settings.rawTurns + settings.smoothedTurns + settings.compressedTurns)
            level = Level::Compressed;
        // A turn already shortened cannot come back raw: the view no longer holds its messages.
        if (level == Level::Raw && turns.at(i).raw < 0)
            level = Level::Smoothed;
        levels[i] = level;
    }
    std::array<qint64, 4> usage{0, 0, 0, 0};
    qint64 total = 0;
    for (int i = 0; i < count; ++i) {
        const qint64 tokens = turns.at(i).at(levels.at(i));
        usage[size_t(levels.at(i))] += tokens;
        total += tokens;
    }
    // The oldest turn of each band: levels only ever step down, oldest first, so each band's
    // members stay a contiguous run and the cursor only moves forward.
    std::array<int, 4> oldest{0, 0, 0, 0};
    auto oldestOf = [&](int band) {
        int &at = oldest[size_t(band)];
        while (at < count && levels.at(at) != Level(band))
            ++at;
        return at;
    };
    while (total > budget) {
        // The band furthest over its share steps down; tiny turns go last of all.
        int worst = -1;
        double worstRatio = 0;
        for (int band = 0; band < 4; ++band) {
            if (usage[size_t(band)] <= 0 || oldestOf(band) >= count)
                continue;
            const double share = qMax(1e-6, settings.shares[size_t(band)]) * double(budget);
            const double ratio = double(usage[size_t(band)]) / share;
            if (band == 3 && worst >= 0 && worstRatio > 1.0)
                continue;
            if (worst < 0 || ratio > worstRatio) {
                worst = band;
                worstRatio = ratio;
            }
        }
        if (worst < 0)
            break;
        const int i = oldestOf(worst);
        const Level from = levels.at(i);
        const Level to = Level(int(from) + 1);
        const qint64 before = turns.at(i).at(from);
        const qint64 after = turns.at(i).at(to);
        levels[i] = to;
        usage[size_t(from)] -= before;
        if (to != Level::Omitted)
            usage[size_t(to)] += after;
        total += after - before;
        // A turn that stepped into an older band is now that band's newest member, behind its
        // older members: reset the cursor of the band it joined.
        if (to != Level::Omitted)
            oldest[size_t(to)] = qMin(oldest[size_t(to)], i);
    }
    return levels;
}

} // namespace valis::gradient
