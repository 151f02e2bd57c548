#pragma once

#include "filetree.h"
#include "regexdialect.h"

#include "valis/core/result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace valis::tools::search {

enum class GrepOutputMode { Content, FilesWithMatches, Count };

/// What a grep call looks for and how much of it it shows.
struct GrepQuery
{
    QString pattern; ///< As the model wrote it (for messages).
    PreparedPattern prepared;
    bool caseInsensitive = false;
    bool multiline = false;
    int before = 0; ///< Context lines before each match (content mode).
    int after = 0;
    GrepOutputMode mode = GrepOutputMode::FilesWithMatches;
    qsizetype offset = 0;    ///< Entries (matching lines, or files) to skip.
    qsizetype headLimit = 0; ///< Entries to show after those.
};

/// One line of a file's result: a matching line or a context line.
struct GrepLine
{
    qint64 number = 0;
    QString text;         ///< Without its line terminator ("\n" or "\r\n").
    bool isMatch = false;
    qsizetype column = 0; ///< Where the first match on the line starts (UTF-16 index); 0 for context.
};

/// What one engine found in one file. Binary files never appear.
struct GrepFileResult
{
    QString backendPath;
    qint64 matchingLines = 0;
    QList<GrepLine> lines; ///< Content mode only: matching and context lines, by number.
};

/// Which engine searches. Both give the same results for the same query and files; the
/// built-in one is used when ripgrep is missing or the files are not on this machine.
enum class GrepEngine { Ripgrep, Builtin };

/// Polled during a search; true stops it (the search then fails with "grep.cancelled").
using CancelCheck = std::function<bool()>;

/// Searches `files` (backend paths of `tree`, sorted) with ripgrep; `completeFolders` (from
/// the same walk) may be handed to it as folders. `stopAfter` > 0 lets it end early once that
/// many matching lines were found (content mode). Results are sorted by path.
Result<QList<GrepFileResult>> searchWithRipgrep(const QString &executable, const FileTree &tree, const QStringList &files,
                                                const QList<CompleteFolder> &completeFolders, const GrepQuery &query,
                                                qint64 stopAfter, const CancelCheck &cancelled);
/// The same with QRegularExpression, reading the files through `tree`.
Result<QList<GrepFileResult>> searchBuiltin(const FileTree &tree, const QStringList &files, const GrepQuery &query,
                                            qint64 stopAfter, const CancelCheck &cancelled);

/// Whether a file whose first bytes are `head` is binary: a NUL byte in the first
/// BinaryProbeBytes, unless it starts with a UTF-16 byte order mark (then it is text, decoded).
bool looksBinary(const QByteArray &head);
constexpr qint64 BinaryProbeBytes = 8000;

/// The ripgrep program to use, or "" when there is none (looked up on PATH).
QString ripgrepExecutable();

} // namespace valis::tools::search
