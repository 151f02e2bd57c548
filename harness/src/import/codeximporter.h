#pragma once

#include "valis/import/transcriptimporter.h"

namespace valis {

/// Reads OpenAI Codex CLI sessions, format "codex", in the two forms Codex writes:
///  - rollout files, ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl: lines {timestamp, type:
///    session_meta | response_item | event_msg | turn_context | compacted, payload}, the
///    conversation being the response_item lines (see codex::readRollout);
///  - TUI session logs (CODEX_TUI_RECORD_SESSION=1): lines {ts, dir, kind, payload}, the
///    conversation being rebuilt from the codex events and key presses (see codex::readTuiLog).
///
/// Session ids are "codex-<Codex session id>" (or "codex-" and 12 hex digits of the file's
/// SHA-256 when the file names none); message ids are "<session id>-L<line>", so a re-import
/// yields the same ids. A line that is not JSON, or an event of the wrong shape, fails the whole
/// read with "import.malformed" at "path:line".
class CodexImporter final : public TranscriptImporter
{
public:
    QString format() const override;
    QString displayName() const override;
    bool recognises(const QString &path, QByteArrayView head) const override;
    Result<ImportedTranscript> read(const QString &path) const override;
};

} // namespace valis
