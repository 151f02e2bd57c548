#pragma once

#include "valis/core/result.h"
#include "valis/memory/detailstore.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

/// What both DetailStore backends check and normalise the same way, so that the contract test
/// suite holds for each: valid records, /memories/ paths, key spelling, similar keys, the
/// unknown-key message, and how much of a large content the full-text index sees.
namespace valis::memory {

/// The longest type name accepted.
inline constexpr int maxTypeLength = 64;
/// Only the first this many bytes of a content are indexed for search: a 20 MB log costs
/// about a second to tokenise, and what it is about is almost always said early (its summary,
/// which is indexed whole, says the rest). Cut at a character boundary.
inline constexpr qint64 indexedContentBytes = 1024 * 1024;

/// `memory` ready to store: agent id trimmed and required, type a short lower-case word
/// ([a-z][a-z0-9_]*), summary made one line (line breaks and tabs become spaces, trimmed).
/// Fails with "memory.invalid" naming the field.
Result<NewMemory> checkedMemory(NewMemory memory);
/// A /memories/ path in the form stored: relative ("notes/build.md"; a leading "/" or
/// "/memories/" is dropped), no empty, "." or ".." components, no trailing "/", no control
/// characters. Fails with "memory.invalid".
Result<QString> checkedFilePath(const QString &path);
/// A path prefix for MemoryFilter::pathPrefix / listFiles(), in the same form (may be empty,
/// may end with "/").
QString normalisedPathPrefix(const QString &prefix);
/// A summary made one line (see checkedMemory()).
QString oneLine(const QString &text);
/// The summary of a /memories/ file written without one: its first non-blank line, at most
/// 200 characters.
QString summaryFromContent(const QByteArray &content);
/// `key` as typed by a model or a person, in the form keys are stored: trimmed, and lower case
/// when it looks like a key ("M-3F9A2C" -> "m-3f9a2c"); a bare hex string gets its "m-".
QString normalisedKey(const QString &key);
/// The part of `content` the full-text index sees: the first indexedContentBytes, cut before
/// a partial UTF-8 sequence.
QByteArray indexedPart(const QByteArray &content);
/// The `limit` best of `candidates` for the mistyped `key`: keys that begin with `key` (it was
/// cut short) first, then by edit distance (a slipped digit anywhere), then by the longest shared
/// prefix, then alphabetically.
QStringList rankSimilarKeys(const QString &key, const QStringList &candidates, int limit);
/// The keys one slip away from `key` (a hex digit changed, dropped, added or two swapped), for
/// looking up similar keys by index instead of by reading every key. Empty for a `key` that
/// does not look like a key or is longer than 24 digits.
QStringList keyNeighbours(const QString &key);
/// Error "memory.unknown-key" for `key`, listing `similar` keys when there are any.
Error unknownKeyError(const QString &key, const QStringList &similar);

/// The folders above a /memories/ path, outermost first: "a", "a/b" for "a/b/c".
QStringList ancestorPaths(const QString &path);
/// The query both backends run for pathConflict(): `opening` selects m.path of the agent's
/// active files and opens a parenthesised condition with the backend's own "m.path starts with
/// ?" test; one "OR m.path = ?" per ancestor follows, then ") LIMIT 1".
QString placeCheckSql(const QString &opening, qsizetype ancestorCount);
/// What stops writing the file `path` when the active file `found` exists: `found` lies under
/// it ("memory.path-is-folder") or is one of its folders ("memory.path-under-file"). Both
/// backends check this inside their write transaction, where no other writer can interleave.
Error pathConflict(const QString &path, const QString &found, const QString &agentId);
/// Error "memory.conflict": /memories/`path` is no longer the version a conditional write
/// expected (DetailStore::writeFileIfUnchanged()).
Error writeConflict(const QString &path, const QString &agentId);

} // namespace valis::memory
