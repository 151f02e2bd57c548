#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace valis::tools::search {

/// Scores how well a query matches a file path, the way fzf and Codex's file_search do: every
/// character of the query must appear in the path in order (a subsequence); runs of consecutive
/// characters, characters at the start of a path segment or word (after '/', '_', '-', '.', a
/// lower-to-upper case change) and characters in the file's own name score higher; gaps cost.
///
/// The query is split on spaces into terms that must all match ("orch tool" finds
/// "toolorchestrator.cpp"); the score is their sum. Matching ignores case unless the query has
/// an upper-case letter (smart case, as fzf). Immutable and thread-safe.
class FuzzyMatcher
{
public:
    explicit FuzzyMatcher(const QString &query);

    /// True when the query has no terms (only spaces).
    bool isEmpty() const { return m_terms.isEmpty(); }
    /// The score of `path` ('/'-separated), or nothing when some term does not match.
    std::optional<int> score(const QString &path) const;

private:
    int scoreTerm(const QString &term, const QString &path, const QString &folded, qsizetype basenameStart) const;

    QStringList m_terms;
    bool m_caseSensitive = false;
};

} // namespace valis::tools::search
