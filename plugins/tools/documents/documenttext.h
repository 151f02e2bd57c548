#pragma once

#include "threadedtool.h"
#include "tooltext.h"

#include "valis/memory/documentstore.h"

#include <QString>

namespace valis::tools::documents {

// Small pieces the document tools share. Everything here is read by the model: English.

/// The agent id a call works for ("default" when the context has none).
QString agentOf(const ToolCall &call);
/// "2026-12-27 14:00 UTC".
QString timeText(const QDateTime &time);
/// "12 lines, 340 bytes".
QString sizeFacts(const DocumentInfo &info);
/// "kept until 2026-12-27 14:00 UTC (30 days)" or "pinned (kept until deleted)".
QString retentionText(const DocumentInfo &info);
/// "written by the model", "from MemoryRef m-3f9a2c", "from the result of call toolu_1".
QString sourceText(const DocumentInfo &info);
/// The answer for a key that is no live document: deleted (when), expired (when), unknown.
QString notLiveText(const DocumentStore &cabinet, const QString &agentId, const QString &fileKey);
/// The answer of every document tool in a session without a DetailStore.
QString noStoreMessage(const QString &toolName);
/// Runs the daily retention sweep when it is due (on this worker thread) before a call's work.
void sweepIfDue(DetailStore &store);

} // namespace valis::tools::documents
