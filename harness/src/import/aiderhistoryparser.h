#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

namespace valis::aider {

/// Who wrote a run of lines of the history.
enum class BlockKind {
    User,      ///< "#### " lines: what the person typed
    Output,    ///< "> " lines and their continuations: Aider's own output
    Assistant, ///< everything else: the model's reply, Markdown
};

/// One message-sized run of lines, with Aider's markers removed.
struct Block
{
    BlockKind kind = BlockKind::Assistant;
    int firstLine = 0; ///< 1-based line in the file
    QString text;
};

/// One "# aider chat started at" section, or (headerLine 0) the lines before the first header
/// when the file's head was cut off.
struct Section
{
    int headerLine = 0;
    QDateTime startedAt; ///< the header's wall-clock time, as UTC (Aider writes no zone)
    qsizetype begin = 0; ///< byte range of the section in the file
    qsizetype end = 0;
    QList<Block> blocks;
};

struct History
{
    QList<Section> sections;
    bool skippedModeLine = false; ///< an Emacs "-*- ... -*-" first line was skipped
    int repliesEndedInFence = 0;  ///< replies that left a code fence open (interrupted)
};

/// Splits an Aider chat history into sections and blocks, following how aider/io.py writes it:
/// a header "\n# aider chat started at <local time>\n\n"; user input as "\n#### <line>  " per
/// line (two trailing spaces, "<blank>" for an empty input); tool output as "> <text>  ", where
/// a message with several lines continues without the "> " and only its last line carries the
/// two spaces; and the model's reply as "\n<markdown>\n\n".
///
/// So, line by line:
///   1. a header starts a new section, always;
///   2. after a "> " line without the two trailing spaces, lines belong to that output until
///      one that ends with two spaces after some text; a user input line ends it early;
///   3. inside a code fence the reply opened (```, ~~~, or Aider's <source>-style tags) lines
///      are reply text, except that a user input or "> " line after a blank line ends the
///      reply: a reply cut off by ^C leaves its fence open;
///   4. "#### <text>  " is user input (so a "#### heading" in a reply is not); adjacent ones
///      form one message, a blank line separates two;
///   5. "> " or a bare ">" is output; output lines separated only by blank lines are one block;
///   6. anything else is the reply; blank lines at a block's ends are dropped.
/// It fails only for a file with no header at all, or a header whose time cannot be read.
/// Linear in the file size.
class HistoryParser
{
public:
    static Result<History> parse(const QString &path, const QByteArray &bytes);
};

} // namespace valis::aider
