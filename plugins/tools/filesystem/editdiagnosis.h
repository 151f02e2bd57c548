#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace valis::tools::files {

/// The text's lines without their ends (a CRLF's '\r' dropped), for matching and showing.
QStringList splitLines(const QString &text);

/// The 1-based line numbers at which each non-overlapping occurrence of `needle` starts.
QList<qsizetype> occurrenceLines(const QString &text, const QString &needle);

/// Why `needle` was not found in `text`, for the model: where the text is with only whitespace
/// differing, or the most similar lines and the first line that differs, or that nothing alike
/// exists. Several lines, ready to append to the error message.
QString diagnoseMissing(const QString &text, const QString &needle);

/// `lines` (0-based first..last, inclusive, clamped) numbered like read_file shows them.
QString numberedExcerpt(const QStringList &lines, qsizetype first, qsizetype last);

/// How alike two lines are, from 0 (nothing shared) to 1 (equal after trimming): the Dice
/// coefficient of their character pairs.
double lineSimilarity(const QString &a, const QString &b);

} // namespace valis::tools::files
