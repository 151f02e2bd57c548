#pragma once

#include "threadedtool.h"

namespace valis::tools::history {

/// `search_history`: searches this session's whole record (SessionStore::search, scoped to
/// ToolContext::sessionId) and reads any part of any earlier message back exactly as recorded,
/// paged by lines or bytes. A turn id ("T-12") lists that turn's messages and parts.
///
/// Parts are numbered as the SessionStore numbers them (depth-first, a tool result's content
/// right after it), so a hit's part index reads that very part. A read answers with one header
/// line in brackets, then the page's text verbatim: everything after the first line break is
/// the record's text.
class SearchHistoryTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("search_history"); }
    /// Hits when the model does not say, and the most it may ask for.
    static constexpr qint64 DefaultHits = 10;
    static constexpr qint64 MaxHits = 50;
    /// Lines (or bytes) per page when the model does not say, and the most it may ask for.
    static constexpr qint64 DefaultLines = 200;
    static constexpr qint64 MaxLines = 2000;
    static constexpr qint64 DefaultBytes = 16384;
    /// No page is larger, whatever unit and limit.
    static constexpr qint64 MaxPageBytes = 65536;
    /// Parts a listing (of a turn or a message) shows at most.
    static constexpr int MaxListedParts = 200;

    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::history
