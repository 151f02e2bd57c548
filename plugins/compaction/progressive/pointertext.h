#pragma once

#include "valis/record/part.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace valis::progressive {

// What the model reads in place of what moved. English (the model's language, not the user's),
// always naming the exact call that brings the content back.


/// A large result's stand-in: its size, the archive path, the read_file call for the rest, and
/// its first `head` and last `tail` lines.
QString offloadPreview(const QString &toolName, const QString &text, qint64 tokens, const QString &path, int head,
                       int tail);

/// An old result's one-line stand-in; `lines` < 0 when unknown.
QString evictedResult(const QString &toolName, qint64 tokens, qint64 lines, const QString &path);
/// Lines of `text` as a reader counts them (a last line without '\n' counts).
qint64 lineCount(const QString &text);

/// An old captured result's stand-in: its [MemoryRef: ...] line kept as it was (the memory's
/// way back) and the retrieve_memory call.
QString evictedCapturedResult(const QString &toolName, const QString &memoryRefLine, const QString &key);

/// The arguments an old write call keeps: every argument but the written content, which becomes
/// a note naming the file it went to and the archived original input.
QJsonObject evictedInput(const QJsonObject &arguments, const QStringList &contentKeys, const QStringList &pathKeys,
                         const QString &archivePath, int turn);

/// The read_file call that reads `path` (from line `offset`).
QString readFileCall(const QString &path, qint64 offset = 0);

} // namespace valis::progressive
