#pragma once

#include "valis/import/transcriptimporter.h"

namespace valis {

/// Reads Claude Code sessions: ~/.claude/projects/<project>/<session-uuid>.jsonl and the
/// subagent transcripts beside it in <session-uuid>/subagents/agent-*.jsonl.
///
/// Claude Code writes one line per streamed content block; lines that share an API message id
/// are merged into one record Message (id = the first line's uuid). Every user and assistant
/// line is kept, with parentId following the parentUuid tree through the lines that are left
/// out (progress, file-history snapshots, queue operations, hook and timing system lines),
/// which are counted in ImportedTranscript::notes. compact_boundary and local_command system
/// lines become System messages with a "marker" in their metadata. Each subagent file becomes
/// its own ImportedSession ("cc-<uuid>-agent-<agentId>") linked to the Task tool call that
/// started it; the compaction helper's transcripts (agent-acompact-*) are children marked with
/// "compactionHelper". Any line that cannot be read fails the whole read (import.malformed,
/// "path:line").
class ClaudeCodeImporter final : public TranscriptImporter
{
public:
    QString format() const override;
    QString displayName() const override;
    bool recognises(const QString &path, QByteArrayView head) const override;
    Result<ImportedTranscript> read(const QString &path) const override;
};

} // namespace valis
