#include "editdiagnosis.h"

#include "toolsupport.h"

#include <QHash>

#include <algorithm>

namespace valis::tools::files {

// Messages here go back to the model, which reads English best; they are not tr()'d.

namespace {

constexpr qsizetype MaxExcerptLines = 30;

QStringList trimmedBlankEdges(QStringList lines)
{
    while (!lines.isEmpty() && lines.first().trimmed().isEmpty())
        lines.removeFirst();
    while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
        lines.removeLast();
    return lines;
}

QString rangeText(qsizetype first, qsizetype last)
{
    return first == last ? QStringLiteral("line %1").arg(first) : QStringLiteral("lines %1-%2").arg(first).arg(last);
}

} // namespace

QStringList splitLines(const QString &text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    for (QString &line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    return lines;
}

QList<qsizetype> occurrenceLines(const QString &text, const QString &needle)
{
    QList<qsizetype> lines;
    if (needle.isEmpty())
        return lines;
    qsizetype line = 1;
    qsizetype counted = 0;
    for (qsizetype at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.size())) {
        line += QStringView(text).mid(counted, at - counted).count(QLatin1Char('\n'));
        counted = at;
        lines.append(line);
    }
    return lines;
}

QString numberedExcerpt(const QStringList &lines, qsizetype first, qsizetype last)
{
    first = std::max<qsizetype>(first, 0);
    last = std::min<qsizetype>(last, lines.size() - 1);
    QStringList out;
    for (qsizetype i = first; i <= last; ++i)
        out.append(numberedLine(i + 1, lines.at(i)));
    return out.join(QLatin1Char('\n'));
}

double lineSimilarity(const QString &a, const QString &b)
{
    const QString x = a.trimmed();
    const QString y = b.trimmed();
    if (x == y)
        return 1.0;
    if (x.size() < 2 || y.size() < 2)
        return 0.0;
    QHash<quint32, int> pairs;
    for (qsizetype i = 0; i + 1 < x.size(); ++i)
        ++pairs[(quint32(x.at(i).unicode()) << 16) | x.at(i + 1).unicode()];
    int shared = 0;
    for (qsizetype i = 0; i + 1 < y.size(); ++i) {
        auto it = pairs.find((quint32(y.at(i).unicode()) << 16) | y.at(i + 1).unicode());
        if (it != pairs.end() && it.value() > 0) {
            --it.value();
            ++shared;
        }
    }
    return 2.0 * shared / double(x.size() - 1 + y.size() - 1);
}

QString diagnoseMissing(const QString &text, const QString &needle)
{
    const QStringList fileLines = splitLines(text);
    const QStringList wanted = trimmedBlankEdges(splitLines(needle));
    if (wanted.isEmpty())
        return QStringLiteral("old_string holds only whitespace; include the text around the place to change.");

    // 1. The same text with other whitespace: the usual mistake (tabs for spaces, indentation
    //    lost in transit, trailing spaces).
    QStringList simplifiedWanted;
    for (const QString &line : wanted)
        simplifiedWanted.append(line.simplified());
    QList<qsizetype> whitespaceMatches;
    for (qsizetype p = 0; p + wanted.size() <= fileLines.size() && whitespaceMatches.size() < 5; ++p) {
        bool same = true;
        for (qsizetype k = 0; k < wanted.size() && same; ++k) {
            // old_string may start and end inside a line.
            const QString line = fileLines.at(p + k).simplified();
            if (wanted.size() == 1)
                same = line.contains(simplifiedWanted.at(0));
            else if (k == 0)
                same = line.endsWith(simplifiedWanted.at(0));
            else if (k == wanted.size() - 1)
                same = line.startsWith(simplifiedWanted.at(k));
            else
                same = line == simplifiedWanted.at(k);
        }
        if (same)
            whitespaceMatches.append(p);
    }
    if (!whitespaceMatches.isEmpty()) {
        QStringList places;
        for (const qsizetype p : whitespaceMatches)
            places.append(rangeText(p + 1, p + wanted.size()));
        const qsizetype p = whitespaceMatches.first();
        return QStringLiteral("The text is there with different whitespace (indentation, tabs or trailing spaces) at %1. The file has:\n%2\n"
                              "Copy old_string exactly as the file has it (without the line numbers and the tab after them).")
            .arg(places.join(QStringLiteral(", ")), numberedExcerpt(fileLines, p, std::min(p + wanted.size(), p + MaxExcerptLines) - 1));
    }

    // 2. The most similar window: candidates by their first line, then scored whole.
    const qsizetype span = wanted.size();
    QList<std::pair<double, qsizetype>> candidates;
    for (qsizetype p = 0; p < fileLines.size(); ++p) {
        const double score = lineSimilarity(fileLines.at(p), wanted.first());
        if (score > 0.3)
            candidates.append({score, p});
    }
    std::sort(candidates.begin(), candidates.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    if (candidates.size() > 20)
        candidates.resize(20);
    double bestScore = 0;
    qsizetype best = -1;
    for (const auto &candidate : std::as_const(candidates)) {
        double total = 0;
        for (qsizetype k = 0; k < span; ++k) {
            const qsizetype at = candidate.second + k;
            total += at < fileLines.size() ? lineSimilarity(fileLines.at(at), wanted.at(k)) : 0.0;
        }
        const double score = total / double(span);
        if (score > bestScore) {
            bestScore = score;
            best = candidate.second;
        }
    }
    if (best < 0 || bestScore < 0.5) {
        return QStringLiteral("Nothing in the file resembles it; the file may have changed since you read it. Read it again "
                              "with read_file and copy the text to replace exactly.");
    }
    const qsizetype last = std::min(best + span, fileLines.size()) - 1;
    QString message = QStringLiteral("The most similar text is at %1:\n%2\n")
                          .arg(rangeText(best + 1, last + 1), numberedExcerpt(fileLines, best, std::min(last, best + MaxExcerptLines - 1)));
    for (qsizetype k = 0; k < span; ++k) {
        const qsizetype at = best + k;
        const QString actual = at < fileLines.size() ? fileLines.at(at) : QStringLiteral("(end of file)");
        if (actual != wanted.at(k)) {
            const bool whitespaceOnly = actual.simplified() == wanted.at(k).simplified();
            message += QStringLiteral("First difference, line %1%2: the file has\n%3\nwhere old_string has\n%4\n")
                           .arg(QString::number(at + 1), whitespaceOnly ? QStringLiteral(" (whitespace only)") : QString(), actual,
                                wanted.at(k));
            break;
        }
    }
    return message + QStringLiteral("Copy old_string exactly from the file (read it again with read_file if it may have changed).");
}

} // namespace valis::tools::files
