#pragma once

#include "threadedtool.h"

namespace valis::tools::documents {

/// `get_document(key, offset?, limit?, unit?)`: one page of a live document (paged by the memory
/// pager, as retrieve_memory is); a deleted or expired key is answered with when it ended.
class GetDocumentTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("get_document"); }
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::documents
