#include "readfiletool.h"

#include "indentblock.h"
#include "textcontent.h"
#include "toolarguments.h"
#include "toolschema.h"
#include "toolsupport.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QStringDecoder>

namespace valis::tools::files {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

namespace {

constexpr qint64 DefaultLimit = 2000;
constexpr qint64 MaxLimit = 10000;
constexpr qsizetype MaxLineChars = 2000;
// Every character of a cut line fits in this (UTF-8 needs at most 4 bytes per code point).
constexpr qint64 KeepBytes = MaxLineChars * 4 + 4;
// About 25,000 tokens: more in one result crowds out the rest of the context.
constexpr qsizetype MaxOutputChars = 100000;
// anchor_line mode and UTF-16 files need the whole text in memory.
constexpr qint64 MaxWholeFileBytes = 16 << 20;
// How far past the shown lines the total line count is looked for.
constexpr qint64 CountBudgetBytes = 64 << 20;

/// A line for display: decoded, cut at MaxLineChars with a note; `invalid` set when it had
/// bytes that are not UTF-8.
class LineFormatter
{
public:
    QString format(const LineReader::Line &line, bool *invalid)
    {
        QByteArray bytes = line.bytes;
        const bool cutBytes = line.fullBytes > bytes.size();
        if (cutBytes) {
            // Do not let the cut split a character and pass for invalid UTF-8.
            qsizetype end = bytes.size();
            qsizetype lead = end - 1;
            while (lead > 0 && (uchar(bytes.at(lead)) & 0xC0) == 0x80)
                --lead;
            if (lead >= 0) {
                const uchar c = uchar(bytes.at(lead));
                const qsizetype need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
                if (end - lead < need)
                    bytes.truncate(lead);
            }
        }
        QString text = m_decoder.decode(bytes);
        if (m_decoder.hasError()) {
            *invalid = true;
            m_decoder.resetState();
        }
        if (text.size() <= MaxLineChars && !cutBytes)
            return text;
        qsizetype keep = MaxLineChars;
        if (keep < text.size() && text.at(keep - 1).isHighSurrogate())
            --keep;
        return text.left(keep)
            + QStringLiteral(" … [line cut at %1 characters; the whole line is %2 bytes]")
                  .arg(QString::number(MaxLineChars), QString::number(line.fullBytes));
    }

private:
    QStringDecoder m_decoder{QStringConverter::Utf8, QStringConverter::Flag::Stateless};
};

QString invalidNote()
{
    return QStringLiteral("[Some bytes are not valid UTF-8; they are shown as \uFFFD.]");
}

} // namespace

ToolSpec ReadFileTool::spec() const
{
    ToolSpec spec;
    spec.name = name();
    spec.description = QStringLiteral(
        "Read a text file. Each line is shown with its number (right-aligned, then a tab), like cat -n; the "
        "numbers are not part of the file. Reads up to `limit` lines (default 2000) from line `offset` "
        "(default 1); a footer says how to read on. Lines longer than 2000 characters are cut with a note. "
        "Binary files are refused with their type and size. Huge files are fine: only the lines asked for "
        "are read.\n"
        "To see the code around a line (a function, a class, a loop), pass `anchor_line` instead: you get the "
        "block enclosing that line, found by indentation; `max_levels` climbs to outer blocks, "
        "`include_siblings` shows the whole parent block, `include_header` adds the comments and decorators "
        "above it.\n"
        "Paths are relative to the workspace (absolute paths inside it work too); /memories/ and /context/ "
        "are your memories and this session's saved results.");
    spec.inputSchema =
        ToolSchema()
            .string(QStringLiteral("path"), QStringLiteral("The file to read."))
            .integer(QStringLiteral("offset"), QStringLiteral("The first line to show, counting from 1. Default 1."), 1, 1000000000000LL)
            .integer(QStringLiteral("limit"), QStringLiteral("The most lines to show. Default 2000."), 1, MaxLimit)
            .integer(QStringLiteral("anchor_line"),
                     QStringLiteral("Switches to block mode: show the block around this line (counting from 1) "
                                    "instead of a range of lines."),
                     1, 1000000000000LL)
            .integer(QStringLiteral("max_levels"),
                     QStringLiteral("Block mode: how many enclosing blocks to climb. 1 (default) is the "
                                    "innermost block around anchor_line (or the block it opens); 2 its "
                                    "parent; 0 the outermost, top-level block."),
                     0, 100)
            .boolean(QStringLiteral("include_siblings"),
                     QStringLiteral("Block mode: show the whole parent block, i.e. the block and its "
                                    "neighbours at the same level. Default false."))
            .boolean(QStringLiteral("include_header"),
                     QStringLiteral("Block mode: include the comments, decorators and attributes right above "
                                    "the block. Default true."))
            .required({QStringLiteral("path")})
            .build();
    spec.readOnly = true;
    return spec;
}

namespace {

ToolOutcome readBlock(LineReader &reader, const QString &shownPath, qint64 anchorLine, qint64 limit, const BlockRequest &base)
{
    QStringList lines;
    QStringList shown;
    LineFormatter formatter;
    bool invalid = false;
    LineReader::Line line;
    while (reader.next(&line)) {
        // Indentation is measured on the decoded text; the display is cut like any line.
        lines.append(QString::fromUtf8(line.bytes));
        shown.append(formatter.format(line, &invalid));
    }
    if (reader.error())
        return ToolOutcome::error(reader.error()->message);
    if (anchorLine > lines.size()) {
        return ToolOutcome::error(QStringLiteral("anchor_line %1 is past the end of %2, which has %3.")
                                      .arg(QString::number(anchorLine), shownPath, plural(lines.size(), QStringLiteral("line"))));
    }
    BlockRequest request = base;
    request.anchor = anchorLine - 1;
    const BlockRange range = findBlock(lines, request);

    QString what;
    if (range.paragraph) {
        what = QStringLiteral("line %1 is at the top level and opens no block, so this is its paragraph").arg(anchorLine);
    } else {
        what = QStringLiteral("the block around line %1").arg(anchorLine);
        if (request.includeSiblings)
            what += QStringLiteral(" with its sibling blocks");
        if (range.levels > 1)
            what += QStringLiteral(", %1 levels up").arg(range.levels);
        if (range.reachedTop)
            what += QStringLiteral(" (there are no further enclosing blocks)");
    }
    qsizetype first = range.first;
    qsizetype last = range.last;
    const qsizetype blockLines = last - first + 1;
    bool cut = false;
    if (blockLines > limit) {
        cut = true;
        first = std::clamp<qsizetype>(request.anchor - qsizetype(limit / 2), range.first, range.last - qsizetype(limit) + 1);
        last = first + qsizetype(limit) - 1;
    }
    QStringList out;
    out.append(QStringLiteral("Lines %1-%2 of %3, %4:").arg(QString::number(range.first + 1), QString::number(range.last + 1), shownPath, what));
    for (qsizetype i = first; i <= last; ++i)
        out.append(numberedLine(i + 1, shown.at(i)));
    if (cut) {
        out.append(QStringLiteral("[The block has %1; lines %2-%3 are shown. Read the rest with offset and limit.]")
                       .arg(plural(blockLines, QStringLiteral("line")), QString::number(first + 1), QString::number(last + 1)));
    }
    if (invalid)
        out.append(invalidNote());
    return ToolOutcome::text(out.join(QLatin1Char('\n')));
}

ToolOutcome readSlice(LineReader &reader, const QString &shownPath, qint64 offset, qint64 limit, bool skipBom)
{
    LineFormatter formatter;
    LineReader::Line line;
    QStringList out;
    qsizetype chars = 0;
    qint64 number = 0;
    bool invalid = false;
    bool cutForSize = false;
    while (reader.next(&line)) {
        ++number;
        if (number == 1 && skipBom && line.bytes.startsWith("\xef\xbb\xbf")) {
            line.bytes.remove(0, 3);
            line.fullBytes -= 3;
        }
        if (number < offset)
            continue;
        const QString text = numberedLine(number, formatter.format(line, &invalid));
        if (!out.isEmpty() && chars + text.size() > MaxOutputChars) {
            cutForSize = true;
            --number; // this line is not shown
            break;
        }
        out.append(text);
        chars += text.size() + 1;
        if (qint64(out.size()) >= limit)
            break;
    }
    if (reader.error())
        return ToolOutcome::error(reader.error()->message);
    if (out.isEmpty()) {
        return ToolOutcome::error(QStringLiteral("offset %1 is past the end of %2, which has %3.")
                                      .arg(QString::number(offset), shownPath, plural(number, QStringLiteral("line"))));
    }
    const qint64 lastShown = offset + out.size() - 1;
    // Whether anything follows, and how much: the total is worth a scan, up to a budget.
    bool complete = true;
    qint64 remaining = 0;
    if (cutForSize)
        remaining = 1 + reader.countRemaining(CountBudgetBytes, &complete);
    else if (reader.next(&line))
        remaining = 1 + reader.countRemaining(CountBudgetBytes, &complete);
    const qint64 total = lastShown + remaining;
    if (remaining > 0) {
        const QString totalText = complete ? QString::number(total) : QStringLiteral("more than %1").arg(total);
        QString note = cutForSize ? QStringLiteral("[Output cut at line %1 to stay under %2 characters. ")
                                        .arg(QString::number(lastShown), QString::number(MaxOutputChars))
                                  : QStringLiteral("[");
        note += QStringLiteral("Lines %1-%2 of %3 shown. To read on, call read_file with offset %4.]")
                    .arg(QString::number(offset), QString::number(lastShown), totalText, QString::number(lastShown + 1));
        out.append(note);
    } else if (offset > 1) {
        out.append(QStringLiteral("[Lines %1-%2 of %2 shown: the end of the file.]").arg(QString::number(offset), QString::number(lastShown)));
    }
    if (invalid)
        out.append(invalidNote());
    return ToolOutcome::text(out.join(QLatin1Char('\n')));
}

} // namespace

ToolOutcome ReadFileTool::runOn(const ToolCall &, const AgentFilesystem &fs, ToolArguments &arguments) const
{
    const QString path = arguments.requiredString(QStringLiteral("path"));
    const qint64 offset = arguments.integer(QStringLiteral("offset"), 1, 1, 1000000000000LL);
    const qint64 limit = arguments.integer(QStringLiteral("limit"), DefaultLimit, 1, MaxLimit);
    const std::optional<qint64> anchor = arguments.optionalInteger(QStringLiteral("anchor_line"), 1, 1000000000000LL);
    BlockRequest block;
    block.maxLevels = int(arguments.integer(QStringLiteral("max_levels"), 1, 0, 100));
    block.includeSiblings = arguments.boolean(QStringLiteral("include_siblings"), false);
    block.includeHeader = arguments.boolean(QStringLiteral("include_header"), true);
    if (!arguments.ok())
        return ToolOutcome::error(arguments.errorMessage());

    const Result<FileEntry> entry = fs.stat(path);
    if (entry.hasError())
        return ToolOutcome::error(entry.error().message);
    const QString shownPath = quoted(fs.resolve(path).value().agentPath);
    if (entry->isDirectory())
        return ToolOutcome::error(QStringLiteral("%1 is a folder, not a file; list it with ls.").arg(shownPath));
    if (entry->type != FileEntry::Type::File)
        return ToolOutcome::error(QStringLiteral("%1 is not a regular file and cannot be read.").arg(shownPath));
    if (entry->size == 0)
        return ToolOutcome::text(QStringLiteral("%1 is empty (0 bytes).").arg(shownPath));

    const Result<QByteArray> head = fs.read(path, 0, SniffBytes);
    if (head.hasError())
        return ToolOutcome::error(head.error().message);
    const ContentKind kind = sniffContent(*head);
    if (kind.isBinary()) {
        QString message = QStringLiteral("%1 is a binary file (%2, %3); read_file shows text files only.")
                              .arg(shownPath, kind.description, humanSize(entry->size));
        if (kind.image)
            message += QStringLiteral(" To look at an image, use view_image if it is available.");
        return ToolOutcome::error(message);
    }

    const bool needsWhole = anchor.has_value() || kind.encoding != ContentKind::Encoding::Utf8;
    if (needsWhole && entry->size > MaxWholeFileBytes) {
        return ToolOutcome::error(QStringLiteral("%1 is %2; %3 works on files up to %4. Read it with offset and limit instead.")
                                      .arg(shownPath, humanSize(entry->size),
                                           anchor ? QStringLiteral("anchor_line") : QStringLiteral("reading UTF-16 text"),
                                           humanSize(MaxWholeFileBytes)));
    }
    std::optional<LineReader> reader;
    if (kind.encoding == ContentKind::Encoding::Utf8) {
        reader.emplace(fs, path, KeepBytes);
    } else {
        const Result<QByteArray> bytes = fs.read(path);
        if (bytes.hasError())
            return ToolOutcome::error(bytes.error().message);
        QStringDecoder decoder(kind.encoding == ContentKind::Encoding::Utf16LE ? QStringConverter::Utf16LE : QStringConverter::Utf16BE);
        reader.emplace(QString(decoder.decode(bytes->mid(2))).toUtf8(), KeepBytes);
    }
    if (anchor)
        return readBlock(*reader, shownPath, *anchor, limit, block);
    return readSlice(*reader, shownPath, offset, limit, kind.utf8Bom);
}

} // namespace valis::tools::files
