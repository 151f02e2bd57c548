#pragma once

#include "valis/core/result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace valis::tools::files {

/// One hunk of a unified diff.
struct DiffHunk
{
    struct Line
    {
        QChar kind;   ///< ' ' context, '-' removed, '+' added
        QString text; ///< Without the kind character and without the line end.
    };

    QString header;        ///< "@@ -12,7 +12,8 @@ int main()", as written.
    qint64 oldStart = -1;  ///< 1-based; -1 when the header gives no numbers ("@@ @@").
    qint64 oldCount = -1;
    qint64 newStart = -1;
    qint64 newCount = -1;
    QList<Line> lines;
    bool oldMissingNewline = false; ///< "\ No newline at end of file" after the old side's last line
    bool newMissingNewline = false;

    QStringList oldLines() const;
    QStringList newLines() const;
};

/// The changes to one file.
struct FileDiff
{
    QString oldPath; ///< Empty for a new file (--- /dev/null).
    QString newPath; ///< Empty for a deleted file (+++ /dev/null).
    QList<DiffHunk> hunks;

    bool isNew() const { return oldPath.isEmpty(); }
    bool isDeletion() const { return newPath.isEmpty(); }
    bool isRename() const { return !isNew() && !isDeletion() && oldPath != newPath; }
    /// The path the change is about, for messages.
    QString path() const { return isDeletion() ? oldPath : newPath; }
};

/// Parses a unified diff (`diff -u`, `git diff`, hand-written by a model) into per-file changes.
///
/// Lenient where models are sloppy and the meaning is still clear: hunk line counts that do not
/// add up, a context line that lost its leading space (an empty line), "a/" and "b/" prefixes,
/// timestamps after the file names, text between file sections, a "@@ @@" header without line
/// numbers. Strict where guessing could change the wrong thing: a hunk outside a file section,
/// a file section without hunks (unless it creates an empty file, deletes one, or renames one),
/// binary diffs. Errors name the diff line.
Result<QList<FileDiff>> parseUnifiedDiff(const QString &diff);

} // namespace valis::tools::files
