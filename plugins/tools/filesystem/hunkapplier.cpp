#include "hunkapplier.h"

#include "textcontent.h"
#include "toolsupport.h"

#include <algorithm>

namespace valis::tools::files {

// Messages here go back to the model, which reads English best; they are not tr()'d.

TextLines TextLines::split(const QString &text)
{
    TextLines result;
    result.lineEnd = usesCrlf(text) ? QStringLiteral("\r\n") : QStringLiteral("\n");
    if (text.isEmpty()) {
        result.finalNewline = false;
        return result;
    }
    result.lines = text.split(QLatin1Char('\n'));
    result.finalNewline = text.endsWith(QLatin1Char('\n'));
    if (result.finalNewline)
        result.lines.removeLast();
    for (QString &line : result.lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    return result;
}

QString TextLines::joined() const
{
    if (lines.isEmpty())
        return QString();
    QString text = lines.join(lineEnd);
    if (finalNewline)
        text += lineEnd;
    return text;
}

namespace {

constexpr qsizetype MaxLinesShown = 20;
// Beyond this many comparisons the closest partial match is not searched for.
constexpr qint64 MaxSearchWork = 20000000;

QString withoutTrailingSpace(const QString &line)
{
    qsizetype end = line.size();
    while (end > 0 && line.at(end - 1).isSpace())
        --end;
    return line.left(end);
}

enum class Match { Exact, TrailingSpace };

bool matchesAt(const QStringList &file, qsizetype at, const QStringList &expected, Match mode)
{
    if (at < 0 || at + expected.size() > file.size())
        return false;
    for (qsizetype k = 0; k < expected.size(); ++k) {
        if (mode == Match::Exact ? file.at(at + k) != expected.at(k)
                                 : withoutTrailingSpace(file.at(at + k)) != withoutTrailingSpace(expected.at(k)))
            return false;
    }
    return true;
}

/// The position nearest `expected` in [from, last] where `old` matches, or -1.
qsizetype findNearest(const QStringList &file, const QStringList &old, qsizetype expected, qsizetype from, Match mode)
{
    const qsizetype last = file.size() - old.size();
    if (last < from)
        return -1;
    expected = std::clamp(expected, from, last);
    for (qsizetype distance = 0; expected - distance >= from || expected + distance <= last; ++distance) {
        if (expected + distance <= last && matchesAt(file, expected + distance, old, mode))
            return expected + distance;
        if (distance > 0 && expected - distance >= from && matchesAt(file, expected - distance, old, mode))
            return expected - distance;
    }
    return -1;
}

QString failureReport(const QString &shownPath, int number, int count, const DiffHunk &hunk, const QStringList &file,
                      qsizetype expected, const QString &reason)
{
    const QStringList old = hunk.oldLines();
    QString report = QStringLiteral("%1: hunk %2 of %3 (%4) does not apply: %5.\n")
                         .arg(shownPath, QString::number(number), QString::number(count), hunk.header, reason);
    report += QStringLiteral("The hunk expects these lines (context and removed lines)%1:\n")
                  .arg(hunk.oldStart > 0 ? QStringLiteral(" at line %1").arg(expected + 1) : QString());
    qsizetype shown = 0;
    for (const DiffHunk::Line &line : hunk.lines) {
        if (line.kind == QLatin1Char('+'))
            continue;
        if (++shown > MaxLinesShown) {
            report += QStringLiteral("  […]\n");
            break;
        }
        report += line.kind + line.text + QLatin1Char('\n');
    }

    // Where the file is closest to those lines: the most lines equal, nearest the header.
    qsizetype best = std::clamp<qsizetype>(expected, 0, std::max<qsizetype>(0, file.size() - 1));
    qsizetype bestEqual = 0;
    if (!old.isEmpty() && qint64(old.size()) * qint64(file.size()) <= MaxSearchWork) {
        for (qsizetype at = 0; at < file.size(); ++at) {
            qsizetype equal = 0;
            for (qsizetype k = 0; k < old.size() && at + k < file.size(); ++k) {
                if (withoutTrailingSpace(file.at(at + k)) == withoutTrailingSpace(old.at(k)))
                    ++equal;
            }
            if (equal > bestEqual || (equal == bestEqual && equal > 0 && std::abs(at - expected) < std::abs(best - expected))) {
                bestEqual = equal;
                best = at;
            }
        }
    }
    if (file.isEmpty()) {
        report += QStringLiteral("The file is empty.");
        return report;
    }
    const qsizetype last = std::min(best + std::max<qsizetype>(old.size(), 1), file.size()) - 1;
    report += bestEqual > 0 ? QStringLiteral("The closest text in the file, lines %1-%2 (%3 of %4 lines equal):\n")
                                  .arg(QString::number(best + 1), QString::number(last + 1), QString::number(bestEqual),
                                       QString::number(old.size()))
                            : QStringLiteral("No line of it is in the file; the file has at lines %1-%2:\n")
                                  .arg(QString::number(best + 1), QString::number(last + 1));
    for (qsizetype at = best; at <= last && at - best < MaxLinesShown; ++at) {
        const qsizetype k = at - best;
        const bool differs = k >= old.size() || withoutTrailingSpace(file.at(at)) != withoutTrailingSpace(old.at(k));
        report += numberedLine(at + 1, file.at(at)) + (differs ? QStringLiteral("    <- differs") : QString()) + QLatin1Char('\n');
    }
    if (last - best + 1 > MaxLinesShown)
        report += QStringLiteral("  […]\n");
    return report.trimmed();
}

} // namespace

HunkResult applyHunks(const TextLines &original, const QList<DiffHunk> &hunks, const QString &shownPath)
{
    HunkResult result;
    result.text = original;
    const QStringList &file = original.lines;
    QStringList output;
    qsizetype copied = 0;   // lines of `file` already copied or replaced
    qsizetype shift = 0;    // how far the previous hunk was from its header
    bool finalNewline = original.finalNewline;
    const int count = int(hunks.size());

    for (int index = 0; index < count; ++index) {
        const DiffHunk &hunk = hunks.at(index);
        const QStringList old = hunk.oldLines();
        // For a pure insertion (-N,0) the header names the line after which to insert.
        qsizetype expected = hunk.oldStart < 0 ? copied
                             : old.isEmpty()   ? qsizetype(hunk.oldStart) + shift
                                               : qsizetype(hunk.oldStart) - 1 + shift;
        qsizetype at = -1;
        bool loose = false;
        if (old.isEmpty()) {
            if (hunk.oldStart < 0 && index > 0) {
                result.failures.append(failureReport(shownPath, index + 1, count, hunk, file, copied,
                                                     QStringLiteral("it has neither context lines nor line numbers, so its place is unknown")));
                continue;
            }
            at = std::clamp(expected, copied, file.size());
        } else {
            at = findNearest(file, old, expected, copied, Match::Exact);
            if (at < 0) {
                at = findNearest(file, old, expected, copied, Match::TrailingSpace);
                loose = at >= 0;
            }
        }
        if (at < 0) {
            QString reason = QStringLiteral("its context and removed lines are not in the file");
            const qsizetype earlier = findNearest(file, old, expected, 0, Match::TrailingSpace);
            if (earlier >= 0 && earlier < copied) {
                reason = QStringLiteral("its lines are only at line %1, which overlaps or comes before hunk %2; hunks must be in "
                                        "file order and must not overlap")
                             .arg(QString::number(earlier + 1), QString::number(index));
            }
            result.failures.append(failureReport(shownPath, index + 1, count, hunk, file, expected, reason));
            continue;
        }
        // One note per change of offset: later hunks that follow the same shift say nothing.
        if (hunk.oldStart > 0 && at != expected) {
            const qsizetype off = at - (expected - shift);
            result.notes.append(QStringLiteral("%1: hunk %2 applied at line %3, %4 %5 than its header says.")
                                    .arg(shownPath, QString::number(index + 1), QString::number(at + 1),
                                         plural(std::abs(off), QStringLiteral("line")),
                                         off > 0 ? QStringLiteral("later") : QStringLiteral("earlier")));
        }
        if (loose) {
            result.notes.append(QStringLiteral("%1: hunk %2 matched only with trailing whitespace ignored.")
                                    .arg(shownPath, QString::number(index + 1)));
        }
        if (hunk.oldStart > 0)
            shift = at - (old.isEmpty() ? qsizetype(hunk.oldStart) : qsizetype(hunk.oldStart) - 1);

        for (qsizetype i = copied; i < at; ++i)
            output.append(file.at(i));
        // Context lines are kept as the file has them (they may differ in trailing spaces).
        qsizetype source = at;
        for (const DiffHunk::Line &line : hunk.lines) {
            if (line.kind == QLatin1Char('+')) {
                output.append(line.text);
                ++result.added;
            } else if (line.kind == QLatin1Char('-')) {
                ++source;
                ++result.removed;
            } else {
                output.append(file.at(source++));
            }
        }
        copied = at + old.size();
        // The end of the file: the markers say whether it ends with a newline now.
        // Without a marker the file keeps the ending it had.
        if (copied == file.size() && (hunk.oldMissingNewline || hunk.newMissingNewline))
            finalNewline = !hunk.newMissingNewline;
    }
    for (qsizetype i = copied; i < file.size(); ++i)
        output.append(file.at(i));
    result.text.lines = output;
    result.text.finalNewline = finalNewline;
    if (original.lines.isEmpty())
        result.text.finalNewline = !output.isEmpty() && !(hunks.isEmpty() ? false : hunks.last().newMissingNewline);
    return result;
}

} // namespace valis::tools::files
