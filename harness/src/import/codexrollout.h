#pragma once

#include "valis/import/jsonsource.h"
#include "valis/import/transcriptimporter.h"

namespace valis::codex {

/// True when `first` is the first line of a rollout file: {timestamp, type: "session_meta",
/// payload}, or the bare {id, timestamp, ...} header older Codex versions wrote (only accepted
/// from a file named rollout-*.jsonl).
bool isRolloutHeader(const QJsonObject &first, const QString &fileName);

/// Reads a Codex rollout file (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl).
///
/// The model-visible conversation is in the response_item lines (Responses API items), read
/// with wire::openairesponses; consecutive assistant-side items and consecutive tool outputs are
/// grouped into one message, and a token_count event ends an assistant message and gives it its
/// usage. event_msg lines that repeat response items (user_message, agent_message, reasoning,
/// exec / patch ends, ...), turn_context lines and the rest are left out and counted in the
/// notes; turn_context supplies the model. A compacted line becomes a User message holding the
/// summary, marked "compactSummary". The session_meta's base instructions (in the bare header of
/// mid-2025 releases, its `instructions`) become the first System message. Message ids are
/// "<session id>-L<line>".
Result<ImportedTranscript> readRollout(const QString &path, const QList<JsonLine> &lines);

} // namespace valis::codex
