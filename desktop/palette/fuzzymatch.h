#pragma once

#include <QList>
#include <QString>
#include <QStringView>

namespace valis {

/// How well a typed pattern matches one text of the command palette.
struct FuzzyMatch
{
    bool matched = false;
    /// Higher is better; only comparable between texts matched against the same pattern.
    int score = 0;
    /// The text's positions the pattern's characters matched, in order (for highlighting).
    QList<int> positions = {};
};

/// Matches `pattern` as a case-insensitive subsequence of `text` and scores the best alignment:
/// every matched character counts, a character right after the previous match counts more, one at
/// the start of a word (or of the text, or a camelCase hump) more still, and each gap between
/// matches costs a little. So "nsess" prefers "New session" to "Unsessioned", and "ses" prefers
/// "Sessions" to "Use a sandbox". Spaces in the pattern are ignored. An empty pattern matches
/// everything with score 0.
FuzzyMatch fuzzyMatch(QStringView pattern, QStringView text);

} // namespace valis
