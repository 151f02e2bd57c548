#pragma once

#include "valis/harness_export.h"
#include "valis/memory/detailstore.h"

#include <QString>

namespace valis {

/// What retrieve_memory reads: one page of a DetailStore record by lines (from 1) or bytes
/// (from 0). Shared by the built-in tool (plugins/tools/memory) and Valis's MCP server, so the
/// two page the same record the same way.
struct VALIS_HARNESS_EXPORT MemoryPagerRequest
{
    QString key;                 ///< a record key, or a /memories/ path ("/memories/notes/a.md")
    QString agentId;             ///< whose /memories/ a path names ("default" when empty)
    MemoryPageRequest::Unit unit = MemoryPageRequest::Unit::Lines;
    qint64 offset = 1;           ///< already checked against the bounds below
    qint64 limit = 200;
};

/// The answer: the text the model reads (a header line, the page verbatim, a footer line with
/// the exact call for the next page), or an error message; and the page itself for callers
/// that give it structured (the MCP server).
struct VALIS_HARNESS_EXPORT MemoryPagerAnswer
{
    bool isError = false;
    QString text;
    QString key;                 ///< the record's key (a path resolved)
    MemoryPageRequest::Unit unit = MemoryPageRequest::Unit::Lines;
    qint64 first = 0;            ///< in `unit`
    qint64 count = 0;
    qint64 total = 0;
    QByteArray bytes;            ///< the page's bytes exactly as stored
    /// Where the next page starts, in `nextUnit` (a line longer than a page goes on by
    /// bytes); -1: this was the last page.
    qint64 nextOffset = -1;
    MemoryPageRequest::Unit nextUnit = MemoryPageRequest::Unit::Lines;
};

namespace memorypager {
/// Lines per page when the caller does not say, and the most it may ask for.
inline constexpr qint64 DefaultLines = 200;
inline constexpr qint64 MaxLines = 2000;
inline constexpr qint64 DefaultBytes = 16384;
/// No page is larger, whatever unit and limit.
inline constexpr qint64 MaxPageBytes = 65536;
inline constexpr qint64 MaxOffset = 1000000000000LL;
} // namespace memorypager

/// Reads one page of `request.key` from `store` (the caller has checked the arguments' ranges).
VALIS_HARNESS_EXPORT MemoryPagerAnswer readMemoryPage(const DetailStore &store, const MemoryPagerRequest &request);

} // namespace valis
