#include "fuzzymatch.h"

#include <QVarLengthArray>

#include <limits>

namespace valis {

namespace {

constexpr int matchScore = 1;
constexpr int consecutiveBonus = 5;
constexpr int wordStartBonus = 8;
constexpr int gapPenalty = 3;
constexpr int unreachable = std::numeric_limits<int>::min() / 4;

bool isWordStart(QStringView text, qsizetype at)
{
    if (at == 0)
        return true;
    const QChar before = text.at(at - 1);
    const QChar here = text.at(at);
    if (!before.isLetterOrNumber())
        return true;
    return before.isLower() && here.isUpper(); // camelCase
}

} // namespace

FuzzyMatch fuzzyMatch(QStringView pattern, QStringView text)
{
    QString wanted;
    wanted.reserve(pattern.size());
    for (const QChar c : pattern) {
        if (!c.isSpace())
            wanted.append(c.toCaseFolded());
    }
    FuzzyMatch result;
    if (wanted.isEmpty()) {
        result.matched = true;
        return result;
    }
    const qsizetype n = wanted.size();
    const qsizetype m = text.size();
    if (n > m)
        return result;
    QString folded;
    folded.reserve(m);
    for (const QChar c : text)
        folded.append(c.toCaseFolded());

    // best[i][j]: the best score of wanted[0..i] with wanted[i] matched at text position j;
    // from[i][j]: where wanted[i-1] was matched on that alignment (for the positions).
    QVarLengthArray<int, 512> best(n * m, unreachable);
    QVarLengthArray<int, 512> from(n * m, -1);
    for (qsizetype i = 0; i < n; ++i) {
        // The best alignment of wanted[0..i-1] ending strictly before j - 1, as j moves right.
        int runningBest = unreachable;
        int runningAt = -1;
        for (qsizetype j = i; j < m; ++j) {
            if (i > 0 && j >= 2 && best[(i - 1) * m + j - 2] > runningBest) {
                runningBest = best[(i - 1) * m + j - 2];
                runningAt = int(j - 2);
            }
            if (folded.at(j) != wanted.at(i))
                continue;
            const int here = matchScore + (isWordStart(text, j) ? wordStartBonus : 0);
            if (i == 0) {
                // A match late in the text costs a little, so earlier starts win ties.
                best[j] = here - int(qMin<qsizetype>(j, 3));
                continue;
            }
            const int consecutive = best[(i - 1) * m + j - 1];
            int score = unreachable;
            int at = -1;
            if (consecutive > unreachable) {
                score = consecutive + here + consecutiveBonus;
                at = int(j - 1);
            }
            if (runningBest > unreachable && runningBest + here - gapPenalty > score) {
                score = runningBest + here - gapPenalty;
                at = runningAt;
            }
            best[i * m + j] = score;
            from[i * m + j] = at;
        }
    }
    int end = -1;
    int top = unreachable;
    for (qsizetype j = n - 1; j < m; ++j) {
        if (best[(n - 1) * m + j] > top) {
            top = best[(n - 1) * m + j];
            end = int(j);
        }
    }
    if (end < 0)
        return result;
    result.matched = true;
    result.score = top;
    result.positions.resize(n);
    for (qsizetype i = n - 1, j = end; i >= 0; --i) {
        result.positions[i] = int(j);
        j = from[i * m + j];
    }
    return result;
}

} // namespace valis
