#pragma once

#include "threadedtool.h"

namespace valis::tools::documents {

/// `delete_document(key)`: ends a live document; later lookups say it was deleted, and when.
class DeleteDocumentTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("delete_document"); }
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::documents
