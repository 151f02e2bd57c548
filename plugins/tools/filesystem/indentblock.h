#pragma once

#include <QString>
#include <QStringList>

namespace valis::tools::files {

/// What read_file's indentation mode asks for: the block(s) around one line, found by
/// indentation alone, so it works for any language laid out the usual way.
struct BlockRequest
{
    qsizetype anchor = 0;       ///< 0-based line index.
    int maxLevels = 1;          ///< Enclosing blocks to climb; 0: up to the top level.
    bool includeSiblings = false; ///< The whole parent block, not just the block itself.
    bool includeHeader = true;  ///< Comments, decorators and attributes right above the header.
};

/// The lines found (0-based, inclusive) and how.
struct BlockRange
{
    qsizetype first = 0;
    qsizetype last = 0;
    int levels = 0;            ///< How many enclosing blocks were climbed.
    bool reachedTop = false;   ///< Fewer levels than asked existed.
    bool paragraph = false;    ///< The anchor is a top-level line that opens no block.
};

/// A block is a header line followed by the lines indented deeper than it (blank lines
/// included), plus a closing line at the header's indentation that starts with a closer ('}',
/// ')', ']', "end", ...). A line whose next non-blank line is deeper is the header of its own
/// block; otherwise the first level is the block enclosing it. An Allman-style "{" line takes
/// the signature above it as the header. Tabs count as 4 columns.
BlockRange findBlock(const QStringList &lines, const BlockRequest &request);

} // namespace valis::tools::files
