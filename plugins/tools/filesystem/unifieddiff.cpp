#include "unifieddiff.h"

#include <QRegularExpression>

namespace valis::tools::files {

// Messages here go back to the model, which reads English best; they are not tr()'d.

QStringList DiffHunk::oldLines() const
{
    QStringList result;
    for (const Line &line : lines) {
        if (line.kind != QLatin1Char('+'))
            result.append(line.text);
    }
    return result;
}

QStringList DiffHunk::newLines() const
{
    QStringList result;
    for (const Line &line : lines) {
        if (line.kind != QLatin1Char('-'))
            result.append(line.text);
    }
    return result;
}

namespace {

const QString DevNull = QStringLiteral("/dev/null");

Error parseError(qsizetype lineIndex, const QString &problem)
{
    return Error(QStringLiteral("patch.invalid"), QStringLiteral("line %1 of the patch: %2").arg(QString::number(lineIndex + 1), problem));
}

/// A file name from a "---" / "+++" line or a git header: without a timestamp, unquoted.
QString cleanPath(QString path)
{
    const qsizetype tab = path.indexOf(QLatin1Char('\t'));
    if (tab >= 0)
        path.truncate(tab);
    path = path.trimmed();
    if (path.size() >= 2 && path.startsWith(QLatin1Char('"')) && path.endsWith(QLatin1Char('"'))) {
        // git quotes names with unusual characters, C style.
        QString unquoted;
        for (qsizetype i = 1; i + 1 < path.size(); ++i) {
            QChar c = path.at(i);
            if (c == QLatin1Char('\\') && i + 2 < path.size()) {
                const QChar next = path.at(++i);
                c = next == QLatin1Char('t') ? QChar(u'\t') : next == QLatin1Char('n') ? QChar(u'\n') : next;
            }
            unquoted += c;
        }
        path = unquoted;
    }
    return path;
}

/// Drops git's "a/" and "b/" when both sides use them (or one side is /dev/null), so a file
/// that really lives in a folder called "a" is not mangled by a diff written without prefixes.
void stripPrefixes(QString *oldPath, QString *newPath, bool gitStyle)
{
    const bool oldPrefixed = *oldPath == DevNull || oldPath->startsWith(QLatin1String("a/"));
    const bool newPrefixed = *newPath == DevNull || newPath->startsWith(QLatin1String("b/"));
    if (!(gitStyle || (oldPrefixed && newPrefixed)) || (*oldPath == DevNull && *newPath == DevNull))
        return;
    if (oldPath->startsWith(QLatin1String("a/")))
        oldPath->remove(0, 2);
    if (newPath->startsWith(QLatin1String("b/")))
        newPath->remove(0, 2);
}

bool isFileHeader(const QStringList &lines, qsizetype i)
{
    return lines.at(i).startsWith(QLatin1String("--- ")) && i + 1 < lines.size() && lines.at(i + 1).startsWith(QLatin1String("+++ "));
}

/// What a "diff --git" section said before its "---" / "+++" lines (or instead of them).
struct GitSection
{
    bool open = false;
    bool sawFileHeader = false;
    QString oldPath;
    QString newPath;
    bool newFile = false;
    bool deletedFile = false;
    QString renameFrom;
    QString renameTo;
};

Result<DiffHunk> parseHunk(const QStringList &lines, qsizetype *index)
{
    static const QRegularExpression headerPattern(
        QStringLiteral("^@@\\s*-(\\d+)(?:,(\\d+))?\\s+\\+(\\d+)(?:,(\\d+))?\\s*@@(.*)$"));
    const qsizetype headerIndex = *index;
    DiffHunk hunk;
    hunk.header = lines.at(headerIndex);
    const QRegularExpressionMatch match = headerPattern.match(hunk.header);
    const bool counted = match.hasMatch();
    if (counted) {
        hunk.oldStart = match.captured(1).toLongLong();
        hunk.oldCount = match.captured(2).isEmpty() ? 1 : match.captured(2).toLongLong();
        hunk.newStart = match.captured(3).toLongLong();
        hunk.newCount = match.captured(4).isEmpty() ? 1 : match.captured(4).toLongLong();
    }

    qint64 oldSeen = 0;
    qint64 newSeen = 0;
    QList<bool> fromEmpty; // per line: an empty diff line taken as blank context
    qsizetype i = headerIndex + 1;
    for (; i < lines.size(); ++i) {
        const QString &line = lines.at(i);
        const bool countsMet = counted && oldSeen >= hunk.oldCount && newSeen >= hunk.newCount;
        if (line.startsWith(QLatin1String("@@")) || line.startsWith(QLatin1String("diff --git ")) || isFileHeader(lines, i))
            break;
        if (line.startsWith(QLatin1Char('\\'))) {
            // "\ No newline at end of file": about the line before it.
            if (!hunk.lines.isEmpty()) {
                const QChar kind = hunk.lines.last().kind;
                if (kind != QLatin1Char('+'))
                    hunk.oldMissingNewline = true;
                if (kind != QLatin1Char('-'))
                    hunk.newMissingNewline = true;
            }
            continue;
        }
        if (line.isEmpty()) {
            if (countsMet)
                break; // a blank line after a complete hunk separates, it is not content
            hunk.lines.append({QLatin1Char(' '), QString()});
            fromEmpty.append(true);
            ++oldSeen;
            ++newSeen;
            continue;
        }
        const QChar kind = line.at(0);
        if (kind != QLatin1Char(' ') && kind != QLatin1Char('-') && kind != QLatin1Char('+'))
            break; // prose after the hunk
        // Past the counts, further lines still count: models miscount, and dropping a '+' line
        // silently would be worse than accepting it.
        hunk.lines.append({kind, line.mid(1)});
        fromEmpty.append(false);
        if (kind != QLatin1Char('+'))
            ++oldSeen;
        if (kind != QLatin1Char('-'))
            ++newSeen;
    }
    // Empty lines at the very end are separators the counts (or their absence) did not ask for.
    while (!hunk.lines.isEmpty() && fromEmpty.last()
           && (!counted || oldSeen > hunk.oldCount || newSeen > hunk.newCount)) {
        hunk.lines.removeLast();
        fromEmpty.removeLast();
        --oldSeen;
        --newSeen;
    }
    if (hunk.lines.isEmpty())
        return parseError(headerIndex, QStringLiteral("the hunk \"%1\" has no lines").arg(hunk.header));
    *index = i;
    return hunk;
}

} // namespace

Result<QList<FileDiff>> parseUnifiedDiff(const QString &diff)
{
    QStringList lines = diff.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    for (const QString &line : std::as_const(lines)) {
        if (line.trimmed() == QLatin1String("*** Begin Patch")) {
            return Error(QStringLiteral("patch.invalid"),
                         QStringLiteral("This is the \"*** Begin Patch\" format; apply_patch takes a unified diff instead: for each "
                                        "file a \"--- a/path\" and a \"+++ b/path\" line, then hunks that start with "
                                        "\"@@ -old,count +new,count @@\" and whose lines start with ' ' (context), '-' "
                                        "(removed) or '+' (added). New files use \"--- /dev/null\", deleted files "
                                        "\"+++ /dev/null\"."));
        }
    }

    QList<FileDiff> files;
    GitSection git;
    // Returns false when the section names a change but its "diff --git" line gave no file name
    // for it (a file diff with no path at all; found by fuzz_unifieddiff).
    const auto closeGitSection = [&files, &git] {
        // A git section without "---"/"+++": an empty new file, a deletion without content, or
        // a pure rename. Mode changes alone are nothing to apply.
        if (git.open && !git.sawFileHeader) {
            if ((git.newFile && git.newPath.isEmpty()) || (git.deletedFile && git.oldPath.isEmpty()))
                return false;
            FileDiff file;
            if (git.newFile) {
                file.newPath = git.newPath;
                files.append(file);
            } else if (git.deletedFile) {
                file.oldPath = git.oldPath;
                files.append(file);
            } else if (!git.renameFrom.isEmpty() && !git.renameTo.isEmpty()) {
                file.oldPath = git.renameFrom;
                file.newPath = git.renameTo;
                files.append(file);
            }
        }
        git = GitSection();
        return true;
    };
    const QString unnamedSection = QStringLiteral("a \"diff --git\" section creates or deletes a file but its "
                                                  "\"diff --git a/path b/path\" line names none");

    qsizetype i = 0;
    while (i < lines.size()) {
        const QString &line = lines.at(i);
        if (line.startsWith(QLatin1String("diff --git "))) {
            if (!closeGitSection())
                return parseError(i, unnamedSection);
            git.open = true;
            const QString names = line.mid(11);
            const qsizetype split = names.lastIndexOf(QLatin1String(" b/"));
            if (split > 0) {
                git.oldPath = cleanPath(names.left(split));
                git.newPath = cleanPath(names.mid(split + 1));
                stripPrefixes(&git.oldPath, &git.newPath, true);
            }
            ++i;
            continue;
        }
        if (line.startsWith(QLatin1String("Binary files ")) || line.startsWith(QLatin1String("GIT binary patch"))) {
            return parseError(i, QStringLiteral("binary diffs cannot be applied; write the file with write_file or a command instead"));
        }
        if (git.open && !git.sawFileHeader) {
            if (line.startsWith(QLatin1String("new file mode"))) {
                git.newFile = true;
            } else if (line.startsWith(QLatin1String("deleted file mode"))) {
                git.deletedFile = true;
            } else if (line.startsWith(QLatin1String("rename from "))) {
                git.renameFrom = cleanPath(line.mid(12));
            } else if (line.startsWith(QLatin1String("rename to "))) {
                git.renameTo = cleanPath(line.mid(10));
            } else if (line.startsWith(QLatin1String("copy from ")) || line.startsWith(QLatin1String("copy to "))) {
                return parseError(i, QStringLiteral("copies are not supported; create the copy as a new file (--- /dev/null)"));
            }
        }
        if (isFileHeader(lines, i)) {
            QString oldPath = cleanPath(line.mid(4));
            QString newPath = cleanPath(lines.at(i + 1).mid(4));
            stripPrefixes(&oldPath, &newPath, git.open);
            // An empty name (or a bare "a/") would make a diff that touches no file at all
            // (found by fuzz_unifieddiff).
            if (oldPath.isEmpty())
                return parseError(i, QStringLiteral("the \"---\" line names no file (use --- /dev/null for a new file)"));
            if (newPath.isEmpty())
                return parseError(i + 1, QStringLiteral("the \"+++\" line names no file (use +++ /dev/null for a deleted file)"));
            if (oldPath == DevNull && newPath == DevNull)
                return parseError(i, QStringLiteral("both file names are /dev/null"));
            FileDiff file;
            file.oldPath = oldPath == DevNull ? QString() : oldPath;
            file.newPath = newPath == DevNull ? QString() : newPath;
            if (git.open) {
                git.sawFileHeader = true;
                // git names a rename in its header; "---"/"+++" then carry the two names too.
            }
            files.append(file);
            i += 2;
            continue;
        }
        if (line.startsWith(QLatin1String("@@"))) {
            if (files.isEmpty() || (git.open && !git.sawFileHeader)) {
                return parseError(i, QStringLiteral("a hunk (%1) comes before any \"--- a/path\" / \"+++ b/path\" file header").arg(line));
            }
            Result<DiffHunk> hunk = parseHunk(lines, &i);
            if (hunk.hasError())
                return hunk.error();
            files.last().hunks.append(std::move(hunk).value());
            continue;
        }
        ++i; // prose, "Index:", "===", "index 1234..5678"
    }
    if (!closeGitSection())
        return parseError(lines.size() - 1, unnamedSection);

    if (files.isEmpty()) {
        return Error(QStringLiteral("patch.invalid"),
                     QStringLiteral("No file changes were found. A unified diff needs, for each file, a \"--- a/path\" line and a "
                                    "\"+++ b/path\" line, then hunks starting with \"@@ -old,count +new,count @@\"."));
    }
    for (const FileDiff &file : std::as_const(files)) {
        if (file.hunks.isEmpty() && !file.isNew() && !file.isDeletion() && !file.isRename()) {
            return Error(QStringLiteral("patch.invalid"),
                         QStringLiteral("The section for \"%1\" has no hunks (no \"@@\" lines), so it changes nothing.").arg(file.path()));
        }
        if (file.isNew()) {
            for (const DiffHunk &hunk : file.hunks) {
                for (const DiffHunk::Line &line : hunk.lines) {
                    if (line.kind != QLatin1Char('+')) {
                        return Error(QStringLiteral("patch.invalid"),
                                     QStringLiteral("\"%1\" is created (--- /dev/null) but its hunk %2 has context or removed lines; "
                                                    "every line of a new file starts with '+'.")
                                         .arg(file.newPath, hunk.header));
                    }
                }
            }
        }
    }
    return files;
}

} // namespace valis::tools::files
