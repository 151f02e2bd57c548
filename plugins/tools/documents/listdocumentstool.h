#pragma once

#include "threadedtool.h"

namespace valis::tools::documents {

/// `list_documents()`: the agent's live documents, newest first, with size, retention and source.
class ListDocumentsTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("list_documents"); }
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::documents
