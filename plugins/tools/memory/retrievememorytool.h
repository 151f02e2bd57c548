#pragma once

#include "threadedtool.h"
#include "valis/memory/memorypager.h"

namespace valis::tools::memory {

/// `retrieve_memory(key, offset?, limit?, unit?)`: one page of a DetailStore record, by lines
/// (from 1) or bytes (from 0). The answer is a header line, the page's text verbatim, and a
/// footer line saying how much remains and the exact call for the next page.
class RetrieveMemoryTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("retrieve_memory"); }
    /// Lines per page when the model does not say, and the most it may ask for.
    static constexpr qint64 DefaultLines = memorypager::DefaultLines;
    static constexpr qint64 MaxLines = memorypager::MaxLines;
    static constexpr qint64 DefaultBytes = memorypager::DefaultBytes;
    /// No page is larger, whatever unit and limit: the answer stays in the context for good.
    static constexpr qint64 MaxPageBytes = memorypager::MaxPageBytes;

    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::memory
