#pragma once

#include "grepsearch.h"

#include <QList>
#include <QString>

namespace valis::tools::search {

/// What a grep call found, ready to be written for the model.
struct GrepFindings
{
    QList<GrepFileResult> files; ///< Sorted by path; binary files left out.
    qsizetype filesSearched = 0; ///< Files the walk listed.
    bool ignoreRulesApplied = true;
};

/// The longest line shown whole; longer ones are cut around their first match.
constexpr qsizetype MaxShownLineChars = 500;

/// The text of a grep result, the same whichever engine searched: `path:line:text` for matching
/// lines and `path-line-text` for context lines (with `--` between groups), `path` per file, or
/// `path:count`; then, when there is more than `headLimit` entries after `offset`, a note saying
/// how to see the rest.
QString formatGrepFindings(const GrepQuery &query, const FileTree &tree, const GrepFindings &findings);

/// A line as shown: cut to MaxShownLineChars around `column` when longer, saying so.
QString shownLine(const QString &text, qsizetype column);

} // namespace valis::tools::search
