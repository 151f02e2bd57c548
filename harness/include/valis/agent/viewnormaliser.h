#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QList>
#include <QStringList>

namespace valis {

/// What normalising a view changed, for the context pipeline's report.
struct VALIS_HARNESS_EXPORT NormaliseReport
{
    QStringList syntheticResults;   ///< call ids answered with a synthetic "interrupted" result
    QStringList droppedOrphans;     ///< call ids of results that answered no call
    QStringList droppedIncomplete;  ///< call ids of calls cut off before their arguments were complete
    int droppedEmptyMessages = 0;

    bool isEmpty() const;
};

/// Makes a view valid for any provider before each request, without touching the record:
/// every tool call has a result right after it (a synthetic "interrupted" one when the record
/// has none: the session was stopped or crashed while it ran), results that answer no call are
/// dropped, tool calls whose arguments never completed (the stream stopped mid-JSON) are
/// replaced by a short note saying so, and messages left empty are dropped. System messages
/// are left for the caller (they form the system prompt).
VALIS_HARNESS_EXPORT NormaliseReport normaliseView(QList<Message> &view);

/// True when a tool call arrived whole: the agent loop did not list it in its message's
/// "incompleteCalls" metadata (the stream stopped before the call's end). Whole arguments that
/// are not valid JSON still count: the tool orchestrator answers them with an error.
VALIS_HARNESS_EXPORT bool toolCallIsComplete(const Message &message, const Part &call);

} // namespace valis
