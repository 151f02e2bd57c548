#pragma once

#include "valis/core/result.h"
#include "valis/memory/detailstore.h"

#include <QJsonObject>

namespace valis::cli::memoryjson {

/// The JSON form of DetailStore records that `valis-cli memory` prints (--json) and that
/// `memory export` writes and `memory import` reads, one object per line:
///
///     {"key": "m-3f9a2c", "agent_id": "default", "session_id": "...", "type": "note",
///      "summary": "...", "path": "notes/build.md", "metadata": {...},
///      "created_at": "2026-01-01T10:00:00.000Z", "active": true, "size_bytes": 412,
///      "line_count": 12, "sha256": "...", "content": "..."}
///
/// Content that is exactly UTF-8 (a leading byte-order mark included, as U+FEFF) travels as the
/// string "content"; any other bytes (binary, invalid UTF-8) as "content_base64", so every
/// record round-trips byte for byte. An export starts with a header line {"format": "valis-memory", "version": 1, ...}.

inline constexpr char Format[] = "valis-memory";
inline constexpr int FormatVersion = 1;

QJsonObject toJson(const MemoryRecord &record);
/// Adds "content" or "content_base64" to `object`.
void insertContent(QJsonObject &object, const QByteArray &content);
/// Whether `bytes` decode as UTF-8 and encode back to the same bytes.
bool isExactUtf8(const QByteArray &bytes);

/// Reads one export line into a record with its content (size, line count and sha256
/// recomputed; a "sha256" that does not match is an error). Errors ("memory-import.malformed") name the field; the caller adds
/// the file and line.
Result<MemoryRecord> fromJson(const QJsonObject &object);

} // namespace valis::cli::memoryjson
