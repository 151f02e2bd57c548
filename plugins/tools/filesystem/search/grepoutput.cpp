#include "grepoutput.h"

#include "searchtoolfactories.h"

#include <algorithm>

namespace valis::tools::search {

// The result text goes to the model, which reads English best; it is not tr()'d.

namespace {

QString whereSearched(const FileTree &tree, const GrepFindings &findings)
{
    QString text = QStringLiteral("%1 file%2 searched under %3")
                       .arg(QString::number(findings.filesSearched), findings.filesSearched == 1 ? QString() : QStringLiteral("s"),
                            tree.rootAgentPath());
    if (findings.ignoreRulesApplied && !tree.rootIsFile())
        text += QStringLiteral("; ") + ignoredFilesNote();
    return text;
}

QString noMatches(const GrepQuery &query, const FileTree &tree, const GrepFindings &findings)
{
    return QStringLiteral("No matches for `%1` (%2).").arg(query.pattern, whereSearched(tree, findings));
}

QString continuation(const QString &what, qsizetype first, qsizetype last, qsizetype total)
{
    if (total >= 0) {
        return QStringLiteral("[Showing %1 %2-%3 of %4. Continue with offset: %3, or narrow the pattern, path or glob.]")
            .arg(what, QString::number(first), QString::number(last), QString::number(total));
    }
    return QStringLiteral("[Showing %1 %2-%3; there are more. Continue with offset: %3, or narrow the pattern, path or glob.]")
        .arg(what, QString::number(first), QString::number(last));
}

QString contentText(const GrepQuery &query, const FileTree &tree, const GrepFindings &findings)
{
    qint64 total = 0;
    for (const GrepFileResult &file : findings.files)
        total += file.matchingLines;
    if (total == 0)
        return noMatches(query, tree, findings);
    const qint64 first = query.offset;
    const qint64 end = query.offset + query.headLimit; // exclusive
    if (first >= total) {
        return QStringLiteral("No matching lines after offset %1: the search found %2.")
            .arg(QString::number(query.offset), QString::number(total));
    }
    const bool withContext = query.before > 0 || query.after > 0;
    QStringList out;
    qint64 index = 0; // of the next matching line, over all files
    bool firstGroup = true;
    for (const GrepFileResult &file : findings.files) {
        if (index >= end)
            break;
        // The matching lines of this file that are shown.
        QList<qint64> shown;
        for (const GrepLine &line : file.lines) {
            if (!line.isMatch)
                continue;
            if (index >= first && index < end)
                shown.append(line.number);
            ++index;
        }
        if (shown.isEmpty())
            continue;
        const QString path = tree.agentPath(file.backendPath);
        qint64 previous = -1;
        for (const GrepLine &line : file.lines) {
            bool visible = line.isMatch ? std::binary_search(shown.begin(), shown.end(), line.number) : false;
            if (!line.isMatch) {
                // A context line is shown when it is near a shown match.
                const auto after = std::lower_bound(shown.begin(), shown.end(), line.number);
                visible = (after != shown.end() && *after - line.number <= query.before)
                          || (after != shown.begin() && line.number - *(after - 1) <= query.after);
            }
            if (!visible)
                continue;
            if (withContext && !firstGroup && previous != line.number - 1)
                out.append(QStringLiteral("--"));
            firstGroup = false;
            const QChar mark = line.isMatch ? QLatin1Char(':') : QLatin1Char('-');
            out.append(path + mark + QString::number(line.number) + mark + shownLine(line.text, line.isMatch ? line.column : 0));
            previous = line.number;
        }
        previous = -1;
    }
    const qint64 shownCount = std::min(end, total) - first;
    if (total > end)
        out.append(continuation(QStringLiteral("matching lines"), first + 1, first + shownCount, -1));
    return out.join(QLatin1Char('\n'));
}

QString listingText(const GrepQuery &query, const FileTree &tree, const GrepFindings &findings)
{
    const qsizetype files = findings.files.size();
    if (files == 0)
        return noMatches(query, tree, findings);
    const bool counting = query.mode == GrepOutputMode::Count;
    QStringList out;
    if (counting) {
        qint64 lines = 0;
        for (const GrepFileResult &file : findings.files)
            lines += file.matchingLines;
        out.append(QStringLiteral("Found %1 matching line%2 in %3 file%4.")
                       .arg(QString::number(lines), lines == 1 ? QString() : QStringLiteral("s"), QString::number(files),
                            files == 1 ? QString() : QStringLiteral("s")));
    } else {
        out.append(QStringLiteral("Found %1 file%2.").arg(QString::number(files), files == 1 ? QString() : QStringLiteral("s")));
    }
    if (query.offset >= files) {
        out.append(QStringLiteral("No files after offset %1.").arg(query.offset));
        return out.join(QLatin1Char('\n'));
    }
    const qsizetype end = std::min<qsizetype>(files, query.offset + query.headLimit);
    for (qsizetype i = query.offset; i < end; ++i) {
        const GrepFileResult &file = findings.files.at(i);
        const QString path = tree.agentPath(file.backendPath);
        out.append(counting ? path + QLatin1Char(':') + QString::number(file.matchingLines) : path);
    }
    if (end < files)
        out.append(continuation(QStringLiteral("files"), query.offset + 1, end, files));
    return out.join(QLatin1Char('\n'));
}

} // namespace

QString shownLine(const QString &text, qsizetype column)
{
    if (text.size() <= MaxShownLineChars)
        return text;
    // Start a little before the first match, so the match itself is in view.
    qsizetype start = std::max<qsizetype>(0, std::min(column - 100, text.size() - MaxShownLineChars));
    if (start > 0 && text.at(start).isLowSurrogate())
        --start;
    qsizetype length = MaxShownLineChars;
    if (start + length < text.size() && text.at(start + length - 1).isHighSurrogate())
        --length;
    QString shown = text.mid(start, length);
    if (start > 0)
        shown.prepend(QStringLiteral("…"));
    if (start + length < text.size())
        shown += QStringLiteral("…");
    return shown + QStringLiteral(" [line of %1 characters, shortened]").arg(text.size());
}

QString formatGrepFindings(const GrepQuery &query, const FileTree &tree, const GrepFindings &findings)
{
    if (query.mode == GrepOutputMode::Content)
        return contentText(query, tree, findings);
    return listingText(query, tree, findings);
}

} // namespace valis::tools::search
