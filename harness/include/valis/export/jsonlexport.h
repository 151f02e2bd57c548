#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QIODevice>
#include <QStringList>

namespace valis {

class SessionStore;

/// Writes sessions as Valis JSONL, the lossless export that the "valis-jsonl" importer reads
/// back into an identical record (ids, parts, wire extras, timestamps, images included).
///
/// Lines, one JSON object each:
///   {"type":"valis-export","version":1,"exported_at":...}     always first
///   {"type":"session","session":{...}}                       per session, before its messages
///   {"type":"message","session_id":"...","message":{...}}    in seq order
///   {"type":"blob","uri":"blob:sha256-...","data":"<base64>"} per image, after the messages
/// Messages are read from the store in pages, so memory stays bounded for long sessions.
class VALIS_HARNESS_EXPORT JsonlExport
{
public:
    static constexpr int formatVersion = 1;

    static Result<void> write(const SessionStore &store, const QStringList &sessionIds, QIODevice &out);
};

/// Writes one session as readable Markdown: turns as sections, thinking folded, tool calls with
/// their arguments and results in fenced blocks (fences longer than any backtick run inside).
/// For reading and sharing; it is not re-importable (use JsonlExport for that).
class VALIS_HARNESS_EXPORT MarkdownExport
{
public:
    static Result<void> write(const SessionStore &store, const QString &sessionId, QIODevice &out);
};

} // namespace valis
