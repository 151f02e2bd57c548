#include "fuzzymatcher.h"

#include <QRegularExpression>

#include <algorithm>
#include <climits>
#include <vector>

namespace valis::tools::search {

namespace {

// The weights follow fzf's: a matched character is worth 16, a gap costs 3 to open and 1 per
// further character, and characters where a segment or word starts earn a bonus, so "tor"
// prefers "tool_orchestrator" (t, o, r at word starts) to "motor".
constexpr int ScoreMatch = 16;
constexpr int GapStart = -3;
constexpr int GapExtension = -1;
constexpr int BonusSegment = 10; // at the start, or after '/'
constexpr int BonusWord = 8;     // after '_', '-', '.', ' '
constexpr int BonusCamel = 7;    // a lower-case letter then an upper-case one; a digit after a non-digit
constexpr int BonusConsecutive = 4;
constexpr int FirstCharMultiplier = 2;
constexpr int BonusBasename = 2; // per character matched in the file's own name
constexpr int BonusExactCase = 1;
constexpr int Impossible = INT_MIN / 4;

int bonusAt(const QString &path, qsizetype j)
{
    if (j == 0)
        return BonusSegment;
    const QChar previous = path.at(j - 1);
    const QChar current = path.at(j);
    if (previous == QLatin1Char('/'))
        return BonusSegment;
    if (previous == QLatin1Char('_') || previous == QLatin1Char('-') || previous == QLatin1Char('.')
        || previous == QLatin1Char(' '))
        return current.isLetterOrNumber() ? BonusWord : 0;
    if (previous.isLower() && current.isUpper())
        return BonusCamel;
    if (!previous.isDigit() && current.isDigit())
        return BonusCamel;
    return 0;
}

QString folded(const QString &text)
{
    // Character by character, so indexes stay aligned with the original (QString::toLower may
    // change the length for a few characters).
    QString out = text;
    for (QChar &c : out)
        c = c.toLower();
    return out;
}

} // namespace

FuzzyMatcher::FuzzyMatcher(const QString &query)
{
    static const QRegularExpression spaces(QStringLiteral("\\s+"));
    m_terms = query.split(spaces, Qt::SkipEmptyParts);
    for (const QString &term : std::as_const(m_terms)) {
        if (std::any_of(term.begin(), term.end(), [](QChar c) { return c.isUpper(); }))
            m_caseSensitive = true;
    }
}

std::optional<int> FuzzyMatcher::score(const QString &path) const
{
    if (m_terms.isEmpty())
        return std::nullopt;
    const QString comparable = m_caseSensitive ? path : folded(path);
    const qsizetype basenameStart = path.lastIndexOf(QLatin1Char('/')) + 1;
    int total = 0;
    for (const QString &term : m_terms) {
        const int termScore = scoreTerm(term, path, comparable, basenameStart);
        if (termScore <= Impossible)
            return std::nullopt;
        total += termScore;
    }
    return total;
}

int FuzzyMatcher::scoreTerm(const QString &term, const QString &path, const QString &comparable,
                            qsizetype basenameStart) const
{
    const QString wanted = m_caseSensitive ? term : folded(term);
    const qsizetype m = wanted.size();
    const qsizetype n = comparable.size();
    if (m == 0 || m > n)
        return Impossible;
    // Most paths do not contain the term as a subsequence at all: reject those cheaply.
    {
        qsizetype i = 0;
        for (qsizetype j = 0; j < n && i < m; ++j) {
            if (comparable.at(j) == wanted.at(i))
                ++i;
        }
        if (i < m)
            return Impossible;
    }

    // best[j]: the best score of the term's first i+1 characters with character i matched at j;
    // run[j]: the bonus of the first character of the consecutive run ending at j (fzf carries
    // a word start's bonus along the run that follows it).
    std::vector<int> previous(size_t(n), Impossible), current(size_t(n), Impossible);
    std::vector<int> previousRun(size_t(n), 0), currentRun(size_t(n), 0);
    for (qsizetype i = 0; i < m; ++i) {
        const QChar wantedChar = wanted.at(i);
        int gapBest = Impossible; // previous[k] for k <= j-2, with the cost of the gap up to j
        for (qsizetype j = 0; j < n; ++j) {
            if (i > 0 && j >= 2) {
                const int opened = previous[size_t(j - 2)] > Impossible ? previous[size_t(j - 2)] + GapStart : Impossible;
                const int extended = gapBest > Impossible ? gapBest + GapExtension : Impossible;
                gapBest = std::max(opened, extended);
            }
            current[size_t(j)] = Impossible;
            if (comparable.at(j) != wantedChar)
                continue;
            const int bonus = bonusAt(path, j);
            const int extra = (j >= basenameStart ? BonusBasename : 0)
                              + (!m_caseSensitive && path.at(j) == term.at(i) ? BonusExactCase : 0);
            if (i == 0) {
                current[size_t(j)] = ScoreMatch + bonus * FirstCharMultiplier + extra;
                currentRun[size_t(j)] = bonus;
                continue;
            }
            int best = Impossible;
            int run = 0;
            if (j >= 1 && previous[size_t(j - 1)] > Impossible) {
                const int carried = std::max({bonus, previousRun[size_t(j - 1)], BonusConsecutive});
                best = previous[size_t(j - 1)] + ScoreMatch + carried + extra;
                run = bonus >= BonusWord ? bonus : previousRun[size_t(j - 1)];
            }
            if (gapBest > Impossible && gapBest + ScoreMatch + bonus + extra > best) {
                best = gapBest + ScoreMatch + bonus + extra;
                run = bonus;
            }
            current[size_t(j)] = best;
            currentRun[size_t(j)] = run;
        }
        std::swap(previous, current);
        std::swap(previousRun, currentRun);
    }
    return *std::max_element(previous.begin(), previous.end());
}

} // namespace valis::tools::search
