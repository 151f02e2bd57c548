#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace valis {

class DataLocations;
struct MemorySettings;

/// Well-known record types. Any short lower-case word is accepted; these are the ones Valis
/// itself writes.
namespace MemoryType {
inline constexpr char CommandOutput[] = "command_output";   ///< exec and other command runs
inline constexpr char ToolResult[] = "tool_result";         ///< any other captured tool output
inline constexpr char FileContent[] = "file_content";
inline constexpr char UserPreference[] = "user_preference";
inline constexpr char Note[] = "note";                      ///< store_memory's default
inline constexpr char MemoryFile[] = "memory_file";         ///< a file under /memories/
inline constexpr char ContextResult[] = "context_result";   ///< moved out of the context (/context/results/)
} // namespace MemoryType

/// One record of the DetailStore (a row of `agent_memories`). Records are immutable once
/// written; only `active` changes (a removed record, an overwritten /memories/ file).
struct VALIS_HARNESS_EXPORT MemoryRecord
{
    QString key;            ///< "m-3f9a2c": short, content-addressed, unique in the store
    QString agentId;
    QString sessionId;      ///< the `thread_id`; empty for records not tied to a session
    QString type;           ///< see MemoryType
    QString summary;        ///< one line
    QString path;           ///< memory_file records: the path under /memories/ ("notes/build.md")
    QJsonObject metadata;   ///< source tool or command, exit status, turn, call id, ...
    QDateTime createdAt;    ///< UTC
    bool active = true;
    qint64 sizeBytes = 0;   ///< of the content
    qint64 lineCount = 0;   ///< of the content (a last line without '\n' counts)
    QString sha256;         ///< hex digest of the content, checked on every read
    /// The content (UTF-8 text or JSON). Filled by content() and by calls that say they fill
    /// it; list() and search() leave it empty because records can be megabytes.
    QByteArray content;
};

/// What put() needs; the store assigns key, sha256, counts and createdAt.
struct VALIS_HARNESS_EXPORT NewMemory
{
    QString agentId = QStringLiteral("default");
    QString sessionId;
    QString type = QLatin1String(MemoryType::Note);
    QString summary;
    QByteArray content;
    QJsonObject metadata;
};

/// Which records list() and search() consider. Empty fields do not filter.
struct VALIS_HARNESS_EXPORT MemoryFilter
{
    QString agentId;
    QString sessionId;
    QString type;
    QString pathPrefix;           ///< memory_file records under this /memories/ folder ("notes/")
    bool includeInactive = false;
    int limit = 50;
    int offset = 0;
};

/// One ranked search_memory answer: the record (without content), its rank (higher is better;
/// comparable within one answer only) and a short snippet of the matching text.
struct VALIS_HARNESS_EXPORT MemoryHit
{
    MemoryRecord record;
    double score = 0;
    QString snippet;
};

/// A slice of a record's content.
struct VALIS_HARNESS_EXPORT MemoryPageRequest
{
    enum class Unit { Lines, Bytes };
    Unit unit = Unit::Lines;
    qint64 offset = 1;     ///< Lines: the first line, counting from 1. Bytes: the first byte, from 0.
    qint64 limit = 200;    ///< lines or bytes
};

struct VALIS_HARNESS_EXPORT MemoryPage
{
    MemoryRecord record;   ///< without content
    MemoryPageRequest::Unit unit = MemoryPageRequest::Unit::Lines;
    qint64 first = 0;      ///< first line (from 1) or byte (from 0) returned
    qint64 count = 0;      ///< lines or bytes returned
    qint64 total = 0;      ///< lines or bytes in the record
    qint64 remaining = 0;  ///< lines or bytes after this page
    QByteArray text;       ///< Lines: the lines with their '\n'. Bytes: exactly those bytes.
};

/// Store-wide figures for the memory browser and `valis-cli memory`.
struct VALIS_HARNESS_EXPORT MemoryStats
{
    qint64 records = 0;        ///< active ones
    qint64 inactiveRecords = 0;
    qint64 contentBytes = 0;   ///< of active records
    /// Records the store is still indexing in the background (PostgreSQL: listing the words of
    /// records written before schema 3, for prefix search), about; 0 when none.
    qint64 recordsToIndex = 0;
    /// What stopped that indexing before it was done (it is tried again when the store is next
    /// opened).
    std::optional<Error> indexingStopped;
};

/// The memory's second layer: keyed records with content, a one-line summary, a type and
/// metadata, and ranked full-text search. Tool outputs too large for the context, facts the
/// agent saved with store_memory and the agent's /memories/ files all live here.
///
/// Two backends pass the same test suite: SqliteDetailStore (the embedded default, FTS5) and
/// PostgresDetailStore (jsonb metadata, tsvector search) for teams whose agents share memory.
///
/// Keys are content-addressed: "m-" and the first six hex digits of the SHA-256 of the agent
/// id and the content (and the path, for /memories/ files), longer when a shorter key is
/// taken. Putting the same content for the
/// same agent again returns the existing active record instead of a copy.
///
/// Error codes: "memory.unknown-key" (the message lists similar keys), "memory.inactive",
/// "memory.not-found" (a /memories/ path), "memory.invalid" (bad arguments, such as a page
/// offset past the end or a type that is not a lower-case word), "memory.corrupt"
/// (content whose checksum no longer matches, a missing blob file), "memory.io" (the database
/// or the disk failed), "memory.unavailable" (cannot connect, or not a memory database),
/// "memory.future-schema" (a store written by a newer Valis, left untouched).
///
/// Thread-safe: every thread gets its own connection, so tools may call it from worker
/// threads. Calls block on the database; never call them on the GUI thread for work that can
/// be large (search, export).
class VALIS_HARNESS_EXPORT DetailStore
{
public:
    virtual ~DetailStore();

    /// For messages and the UI: "SQLite /home/me/.local/share/valis/memory.db",
    /// "PostgreSQL valis@db.example:5432/valis".
    virtual QString description() const = 0;

    /// Stores a record; returns it as stored (key assigned, content left empty). A record with
    /// this agent's identical content that is still active is returned instead of a copy.
    virtual Result<MemoryRecord> put(const NewMemory &memory) = 0;
    /// put() for many records in one transaction (import, capture of a parallel batch): all or
    /// none are stored.
    virtual Result<QList<MemoryRecord>> putMany(const QList<NewMemory> &memories) = 0;
    /// The record `key` without its content. Unknown keys fail with "memory.unknown-key",
    /// naming similar keys.
    virtual Result<MemoryRecord> find(const QString &key) const = 0;
    /// The record `key` with its whole content (checksum verified).
    virtual Result<MemoryRecord> get(const QString &key) const = 0;
    /// One page of the content of `key`. An offset past the end fails with "memory.invalid"
    /// saying how long the record is.
    virtual Result<MemoryPage> read(const QString &key, const MemoryPageRequest &request) const = 0;
    /// Records matching `filter`, newest first, without content.
    virtual Result<QList<MemoryRecord>> list(const MemoryFilter &filter) const = 0;
    /// Ranked full-text search over summaries, content and /memories/ paths. `query` is plain
    /// words (every word must match, prefix match on the last one when it has three letters or
    /// more); quotes make a phrase. Operators of the backend's own query language are not
    /// passed through. A query without a letter or digit finds nothing (no error).
    virtual Result<QList<MemoryHit>> search(const QString &query, const MemoryFilter &filter) const = 0;
    /// Marks `key` inactive: it stops showing in list() and search() but stays readable.
    virtual Result<void> deactivate(const QString &key) = 0;
    /// Deletes `key` and its content for good (`valis-cli memory rm --purge`).
    virtual Result<void> purge(const QString &key) = 0;
    /// Up to `limit` keys that look like `key` (keys it is the start of first, then by edit
    /// distance, then by shared prefix), for the message of a dangling MemoryRef.
    virtual QStringList similarKeys(const QString &key, int limit = 5) const = 0;
    virtual Result<MemoryStats> stats(const QString &agentId = {}) const = 0;

    // /memories/ files: memory_file records with a path, one active version per agent and path.

    /// The active version of /memories/`path` of `agentId`, with content.
    virtual Result<MemoryRecord> readFile(const QString &agentId, const QString &path) const = 0;
    /// Writes /memories/`path`: the new version becomes active, the previous one inactive (kept,
    /// so nothing the agent once knew is lost). `summary` empty: the file's first line. A file
    /// at one of its folders ("memory.path-under-file") or files under it ("memory.path-is-folder")
    /// refuse the write; that is checked inside the write transaction, so two processes writing
    /// "a" and "a/b" at once cannot both succeed.
    virtual Result<MemoryRecord> writeFile(const QString &agentId, const QString &path, const QByteArray &content,
                                           const QString &sessionId = {}, const QString &summary = {}) = 0;
    /// Deactivates /memories/`path`.
    virtual Result<void> removeFile(const QString &agentId, const QString &path) = 0;
    /// Active memory_file records of `agentId` whose path starts with `pathPrefix`, by path,
    /// without content.
    virtual Result<QList<MemoryRecord>> listFiles(const QString &agentId, const QString &pathPrefix = {}) const = 0;
    // Last, so the slots plugins built earlier call keep their places in the vtable.
    /// A cheap number that differs from the previous call's (made on the same thread) whenever
    /// the store may have changed since, through this object, another one or another process;
    /// it may also change when nothing did. For watchers that poll (the MCP server's
    /// list_changed) and only look closer when it moved. Fails with "memory.unsupported" where
    /// the backend has no such counter (the default): the caller then looks every time.
    virtual Result<qint64> changeCounter() const;
    /// writeFile() on a condition checked with the write as one step, against every other
    /// writer, other processes' too: /memories/`path` is written only while its active version
    /// is the one with SHA-256 `expectedSha256` (empty: while there is no such file). Otherwise
    /// "memory.conflict" and nothing changes, so a read-modify-write never silently replaces a
    /// change it did not see. Fails with "memory.unsupported" where the backend cannot (the
    /// default).
    virtual Result<MemoryRecord> writeFileIfUnchanged(const QString &agentId, const QString &path, const QByteArray &content,
                                                      const QString &expectedSha256, const QString &sessionId = {});
};

/// Opens the store `settings` choose: SQLite at DataLocations::memoryDatabasePath() (blobs in
/// memoryBlobDir()), or the PostgreSQL server of settings.postgres.
VALIS_HARNESS_EXPORT Result<std::shared_ptr<DetailStore>> openDetailStore(const MemorySettings &settings,
                                                                          const DataLocations &locations);

/// The key of `content` for `agentId` at its shortest length (before collision extension).
VALIS_HARNESS_EXPORT QString memoryKeyFor(const QString &agentId, const QByteArray &content, int hexDigits = 6);
/// The key of /memories/`path` holding `content` for `agentId`: the path is part of what is
/// hashed, so two files with the same content are two records. A backend whose key at
/// `hexDigits` is taken tries hexDigits + 1, and so on.
VALIS_HARNESS_EXPORT QString memoryFileKeyFor(const QString &agentId, const QString &path, const QByteArray &content,
                                              int hexDigits = 6);

/// Lines in `content` as MemoryRecord::lineCount counts them.
VALIS_HARNESS_EXPORT qint64 countLines(const QByteArray &content);

/// Slices `content` as read() does (shared by both backends so they page identically).
VALIS_HARNESS_EXPORT Result<MemoryPage> pageOf(const MemoryRecord &record, const QByteArray &content,
                                               const MemoryPageRequest &request);

} // namespace valis
