#include "editfiletool.h"

#include "editdiagnosis.h"
#include "textcontent.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "toolsupport.h"
#include "valis/filesystem/agentfilesystem.h"

namespace valis::tools::files {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qint64 MaxEditBytes = 16 << 20;
constexpr qsizetype ContextLines = 3;
constexpr qsizetype MaxSnippetLines = 40;

QString lineList(const QList<qsizetype> &lines)
{
    QStringList numbers;
    for (const qsizetype line : lines.mid(0, 20))
        numbers.append(QString::number(line));
    QString text = numbers.join(QStringLiteral(", "));
    if (lines.size() > 20)
        text += QStringLiteral(" and %1 more").arg(lines.size() - 20);
    return text;
}

} // namespace

ToolSpec EditFileTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Replace an exact piece of text in a file: `old_string` becomes `new_string`. old_string must match "
        "the file exactly, whitespace and indentation included (copy it from read_file's output without the "
        "line numbers and the tab after them), and must occur exactly once unless `replace_all` is true; "
        "include a few surrounding lines to make it unique. If it is missing or not unique nothing changes "
        "and you are told where the closest text or each occurrence is. The file's encoding and line ends "
        "are kept. To create a file or rewrite all of it use write_file; for many changes in several places "
        "or files, apply_patch.");
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("path"), QStringLiteral("The file to change."))
            .string(QStringLiteral("old_string"), QStringLiteral("The exact text to replace (not empty)."))
            .string(QStringLiteral("new_string"), QStringLiteral("The text to put in its place (may be empty to delete)."))
            .boolean(QStringLiteral("replace_all"),
                     QStringLiteral("Replace every occurrence of old_string instead of requiring exactly one. Default false."))
            .required({QStringLiteral("path"), QStringLiteral("old_string"), QStringLiteral("new_string")})
            .build();
    return spec;
}

ToolOutcome EditFileTool::runOn(const ToolCall &, const AgentFilesystem &fs, ToolArguments &arguments) const
{
    const QString path = arguments.requiredString(QStringLiteral("path"));
    QString oldString = arguments.requiredText(QStringLiteral("old_string"));
    QString newString = arguments.requiredText(QStringLiteral("new_string"));
    const bool replaceAll = arguments.boolean(QStringLiteral("replace_all"), false);
    if (arguments.ok() && oldString.isEmpty())
        arguments.fail(QStringLiteral("`old_string` must not be empty (to create a file or replace all of it, use write_file)"));
    if (arguments.ok() && oldString == newString)
        arguments.fail(QStringLiteral("`old_string` and `new_string` are the same, so there is nothing to change"));
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());

    const Result<AgentFilesystem::Location> location = fs.resolve(path);
    if (location.hasError())
        return ToolOutcome::error(location.error().message);
    const QString shown = quoted(location->agentPath);
    const Result<TextDocument> document = readTextDocument(fs, path, MaxEditBytes);
    if (document.hasError()) {
        QString message = document.error().message;
        if (document.error().code == QLatin1String("fs.not-found"))
            message += QStringLiteral(" To create it, use write_file.");
        return ToolOutcome::error(message);
    }
    const QString &text = document->text;

    // Models write "\n"; a CRLF file still matches, and keeps its CRLF.
    QList<qsizetype> lines = occurrenceLines(text, oldString);
    if (lines.isEmpty() && usesCrlf(text) && !oldString.contains(QLatin1String("\r\n")) && oldString.contains(QLatin1Char('\n'))) {
        const QString crlfOld = QString(oldString).replace(QLatin1Char('\n'), QLatin1String("\r\n"));
        if (text.contains(crlfOld)) {
            oldString = crlfOld;
            newString.replace(QLatin1String("\r\n"), QLatin1String("\n")).replace(QLatin1Char('\n'), QLatin1String("\r\n"));
            lines = occurrenceLines(text, oldString);
        }
    } else if (lines.isEmpty() && oldString.contains(QLatin1String("\r\n")) && !usesCrlf(text)) {
        const QString lfOld = QString(oldString).replace(QLatin1String("\r\n"), QLatin1String("\n"));
        if (text.contains(lfOld)) {
            oldString = lfOld;
            newString.replace(QLatin1String("\r\n"), QLatin1String("\n"));
            lines = occurrenceLines(text, oldString);
        }
    }

    if (lines.isEmpty()) {
        return ToolOutcome::error(QStringLiteral("old_string was not found in %1, so nothing was changed.\n%2")
                                      .arg(shown, diagnoseMissing(text, oldString)));
    }
    if (lines.size() > 1 && !replaceAll) {
        return ToolOutcome::error(QStringLiteral("old_string occurs %1 times in %2 (starting at lines %3), so nothing was changed. "
                                                 "Include more of the surrounding lines to pick one, or set replace_all to true "
                                                 "to replace every occurrence.")
                                      .arg(QString::number(lines.size()), shown, lineList(lines)));
    }

    QString result = text;
    const qsizetype firstAt = result.indexOf(oldString);
    if (replaceAll)
        result.replace(oldString, newString);
    else
        result.replace(firstAt, oldString.size(), newString);

    const Result<void> written = fs.write(path, document->withText(result).encoded());
    if (written.hasError())
        return ToolOutcome::error(written.error().message);

    QString answer;
    if (lines.size() == 1)
        answer = QStringLiteral("Edited %1: replaced 1 occurrence at line %2.").arg(shown, QString::number(lines.first()));
    else
        answer = QStringLiteral("Edited %1: replaced %2 occurrences (at lines %3 of the old file).")
                     .arg(shown, QString::number(lines.size()), lineList(lines));

    // The first changed place as it reads now, so the model need not read the file again.
    const QStringList newLines = splitLines(result);
    const qsizetype startLine = QStringView(result).left(firstAt).count(QLatin1Char('\n'));
    const qsizetype endLine = startLine + newString.count(QLatin1Char('\n'));
    const qsizetype first = std::max<qsizetype>(0, startLine - ContextLines);
    qsizetype last = std::min<qsizetype>(newLines.size() - 1, endLine + ContextLines);
    const bool cut = last - first + 1 > MaxSnippetLines;
    if (cut)
        last = first + MaxSnippetLines - 1;
    answer += QStringLiteral("\nLines %1-%2 now read:\n%3")
                  .arg(QString::number(first + 1), QString::number(last + 1), numberedExcerpt(newLines, first, last));
    if (cut)
        answer += QStringLiteral("\n[…]");
    return ToolOutcome::text(answer);
}

} // namespace valis::tools::files
