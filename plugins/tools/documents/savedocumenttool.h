#pragma once

#include "threadedtool.h"

namespace valis::tools::documents {

/// `save_document(name, content | from_key | from_call, retention_days?, pinned?)`: keeps content
/// in the File Cabinet under a new stable key; from_key / from_call take it from a MemoryRef, a
/// document or a recorded call result without the model copying it.
class SaveDocumentTool : public ThreadedTool
{
public:
    static QString name() { return QStringLiteral("save_document"); }
    ToolSpec spec() const override;
    ToolOutcome run(const ToolCall &call) const override;
};

} // namespace valis::tools::documents
