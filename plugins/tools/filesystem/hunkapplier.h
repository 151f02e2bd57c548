#pragma once

#include "unifieddiff.h"

#include <QString>
#include <QStringList>

namespace valis::tools::files {

/// A text as lines, with what joining them back needs.
struct TextLines
{
    QStringList lines;
    bool finalNewline = true;
    QString lineEnd = QStringLiteral("\n");

    static TextLines split(const QString &text);
    QString joined() const;
};

/// What applying one file's hunks gave.
struct HunkResult
{
    TextLines text;
    /// One message per hunk that does not apply (file, hunk header, expected vs actual lines);
    /// empty when all apply.
    QStringList failures;
    /// Hunks that applied away from their header's line, or only with whitespace ignored.
    QStringList notes;
    qint64 added = 0;
    qint64 removed = 0;
};

/// Applies `hunks` to `original` in memory, in order, each at the place nearest to where its
/// header (shifted by the previous hunk's offset) says, anywhere after the previous hunk; a
/// hunk whose lines match only when trailing whitespace is ignored applies too, with a note.
/// Nothing is written: the caller writes all files or none.
HunkResult applyHunks(const TextLines &original, const QList<DiffHunk> &hunks, const QString &shownPath);

} // namespace valis::tools::files
