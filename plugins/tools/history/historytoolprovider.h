#pragma once

#include "threadedtool.h"

namespace valis::tools {

/// The history tool (provider id "history"): search_history, which searches the session's whole
/// record (the SessionStore named by ToolContext::sessionStorePath) and reads any earlier message
/// back exactly as it was recorded, however the context was compacted since.
///
/// Stateless as far as the model can tell: every call opens (or reuses, per worker thread) the
/// store its context names. Results may be compacted again like any tool result
/// (ToolSpec::keepResultsInContext is false): the record still holds them.
class HistoryToolProvider : public ThreadedToolProvider
{
public:
    HistoryToolProvider();
};

} // namespace valis::tools
