#include "valis/memory/outputsummary.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

// The summary goes to the model, not to a person: English and not translated, so the same
// output always gives the same bytes whatever the user's language.

namespace valis {

namespace {

constexpr int HeadLines = 5;
constexpr int TailLines = 5;
constexpr int MaxErrorLines = 5;
constexpr int MaxLineWidth = 160;
constexpr int MaxWhatWidth = 60;

QString cut(const QString &line, int width)
{
    const QString trimmed = line.trimmed().isEmpty() ? QString() : line;
    if (trimmed.size() <= width)
        return trimmed;
    return trimmed.left(width - 1) + QChar(0x2026);
}

/// What the call was about, from its most telling argument: the command, the path, the pattern.
QString whatOf(const OutputSource &source)
{
    const QJsonObject arguments = source.arguments.toObject();
    for (const char *name : {"command", "cmd", "path", "file_path", "pattern", "query", "url", "key"}) {
        const QJsonValue value = arguments.value(QLatin1String(name));
        QString text;
        if (value.isString()) {
            text = value.toString();
        } else if (value.isArray()) {
            QStringList words;
            for (const QJsonValue &word : value.toArray())
                words << word.toString();
            text = words.join(QLatin1Char(' '));
        }
        text = text.simplified();
        if (!text.isEmpty())
            return QStringLiteral("`") + cut(text, MaxWhatWidth) + QStringLiteral("`");
    }
    return {};
}

QString exitStatusOf(const QString &status)
{
    static const QRegularExpression exitCode(QStringLiteral("\\bExit code (-?\\d+)"));
    const QRegularExpressionMatch match = exitCode.match(status);
    if (match.hasMatch())
        return QStringLiteral("exit ") + match.captured(1);
    if (status.startsWith(QLatin1String("Timed out")))
        return QStringLiteral("timed out");
    if (status.startsWith(QLatin1String("Cancelled")))
        return QStringLiteral("cancelled");
    if (status.startsWith(QLatin1String("Killed")))
        return QStringLiteral("killed");
    return {};
}

bool looksLikeError(const QString &line)
{
    static const QRegularExpression pattern(
        QStringLiteral("\\b(error|errors|failed|failure|fail|fatal|exception|panic|panicked|traceback|segmentation fault|"
                       "undefined reference|not found|denied|cannot|assert(ion)?)\\b"),
        QRegularExpression::CaseInsensitiveOption);
    return pattern.match(line).hasMatch();
}

QString number(qint64 value)
{
    return QString::number(value);
}

QString sizeText(qint64 bytes)
{
    if (bytes < 1024)
        return QStringLiteral("%1 bytes").arg(bytes);
    if (bytes < 1024 * 1024)
        return QStringLiteral("%1 KB").arg(double(bytes) / 1024.0, 0, 'f', 1);
    return QStringLiteral("%1 MB").arg(double(bytes) / (1024.0 * 1024.0), 0, 'f', 1);
}

} // namespace

OutputSummary extractiveSummary(const QString &output, const OutputSource &source)
{
    QStringList lines = output.split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.constLast().isEmpty() && output.endsWith(QLatin1Char('\n')))
        lines.removeLast();
    const qint64 lineCount = lines.size();
    const qint64 bytes = output.toUtf8().size();

    QList<int> errorLines;
    qint64 errorCount = 0;
    for (int i = 0; i < lines.size(); ++i) {
        if (!looksLikeError(lines.at(i)))
            continue;
        ++errorCount;
        const bool inHead = i < HeadLines;
        const bool inTail = i >= lines.size() - TailLines;
        if (!inHead && !inTail && errorLines.size() < MaxErrorLines)
            errorLines.append(i);
    }

    OutputSummary summary;
    QStringList facts;
    facts << (lineCount == 1 ? QStringLiteral("1 line") : number(lineCount) + QStringLiteral(" lines"));
    const QString exit = exitStatusOf(source.status);
    if (!exit.isEmpty())
        facts << exit;
    else if (source.isError)
        facts << QStringLiteral("failed");
    if (errorCount > 0)
        facts << number(errorCount) + (errorCount == 1 ? QStringLiteral(" error line") : QStringLiteral(" error lines"));
    const QString tool = source.toolName.isEmpty() ? QStringLiteral("tool") : source.toolName;
    const QString what = whatOf(source);
    summary.line = tool + (what.isEmpty() ? QString() : QLatin1Char(' ') + what) + QStringLiteral(" output: ")
                 + facts.join(QStringLiteral(", "));

    QString details = QStringLiteral("%1 lines, %2").arg(number(lineCount), sizeText(bytes));
    if (errorCount > 0)
        details += QStringLiteral(", %1 of them look like errors").arg(number(errorCount));
    details += QStringLiteral(".\n");
    const auto show = [&](int index) {
        details += QStringLiteral("%1: %2\n").arg(index + 1).arg(cut(lines.at(index), MaxLineWidth));
    };
    if (lineCount <= HeadLines + TailLines) {
        details += QStringLiteral("Lines:\n");
        for (int i = 0; i < lines.size(); ++i)
            show(i);
    } else {
        details += QStringLiteral("First lines:\n");
        for (int i = 0; i < HeadLines; ++i)
            show(i);
        if (!errorLines.isEmpty()) {
            details += errorCount > errorLines.size() ? QStringLiteral("Some lines that look like errors:\n")
                                                      : QStringLiteral("Lines that look like errors:\n");
            for (int index : std::as_const(errorLines))
                show(index);
        }
        details += QStringLiteral("Last lines:\n");
        for (int i = int(lineCount) - TailLines; i < lineCount; ++i)
            show(i);
    }
    if (details.endsWith(QLatin1Char('\n')))
        details.chop(1);
    summary.details = details;
    return summary;
}

} // namespace valis
