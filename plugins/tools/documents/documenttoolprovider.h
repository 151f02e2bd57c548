#pragma once

#include "threadedtool.h"

namespace valis::tools {

/// The document tools (provider id "documents"): save_document, get_document, list_documents
/// and delete_document over the session's DetailStore (ToolContext::memory) through
/// DocumentStore. No system prompt section: the tool descriptions (and write_file's) say how
/// content moves by key, and every session's cached prompt prefix stays as it was.
///
/// Stateless: every call works on the store its context names. The first call of a day runs
/// the retention sweep on its worker thread before its own work (sweepDocumentsIfDue()).
class DocumentToolProvider : public ThreadedToolProvider
{
public:
    DocumentToolProvider();
};

} // namespace valis::tools
