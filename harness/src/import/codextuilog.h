#pragma once

#include "valis/import/jsonsource.h"
#include "valis/import/transcriptimporter.h"

namespace valis::codex {

/// True when `first` is a line of a Codex TUI session log: {ts, dir, kind, ...}.
bool isTuiLogLine(const QJsonObject &first);

/// Reads a Codex TUI session log (written when CODEX_TUI_RECORD_SESSION=1): lines
/// {ts, dir: meta | to_tui | from_tui, kind, payload}, one per event the TUI saw or sent.
///
/// The conversation is rebuilt from the codex events: every session_configured starts a session
/// (/new starts another one in the same file); each task_started opens a turn with the prompt
/// that was submitted for it. The log does not hold prompts as text: they are rebuilt from the
/// key events by replaying the composer (characters, Backspace/Delete, cursor keys, Ctrl+C/U,
/// Enter submits; keys typed while a task runs or an approval dialog is open never reach the
/// composer, as in the Codex versions that wrote such logs; submissions starting with "/" are
/// slash commands). A user_input op, when a log has one, wins. Final
/// agent_message / agent_reasoning texts become Text / Thinking parts; streamed deltas are only
/// used when no final text follows (gpt-oss raw reasoning). exec_command_begin/end and
/// patch_apply_begin/end become ToolCall ("shell" / "apply_patch") and ToolResult parts (one Tool
/// message per result, exit code and duration in its metadata, isError on a non-zero exit or a
/// failed patch); approvals and their decisions go into the metadata of the assistant message
/// that holds the call; token_count gives the preceding assistant message its usage. Keys,
/// redraws, history inserts, log lines and output deltas are counted in the notes.
Result<ImportedTranscript> readTuiLog(const QString &path, const QList<JsonLine> &lines);

} // namespace valis::codex
