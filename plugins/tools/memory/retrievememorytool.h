#pragma once

#include "threadedtool.h"

namespace valis::tools::memory {

/// `retrieve_memory(key, offset?, limit?, unit?)`: one page of a DetailStore record, by lines
/// (from 1) or bytes (from 0). The answer is a header line, the page's text verbatim, and a
/// footer line saying how much remains and the exact call for the next page.
class RetrieveMemoryTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("retrieve_memory"); }
    /// Lines per page when the model does not say, and the most it may ask for.
    static constexpr qint64 DefaultLines = 200;
    static constexpr qint64 MaxLines = 2000;
    static constexpr qint64 DefaultBytes = 16384;
    /// No page is larger, whatever unit and limit: the answer stays in the context for good.
    static constexpr qint64 MaxPageBytes = 65536;

    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::memory
