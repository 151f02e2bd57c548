#pragma once

#include "valis/context/turnversions.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/import/transcriptimporter.h"
#include "valis/record/message.h"
#include "valis/record/session.h"
#include "valis/store/orphansweep.h"
#include "valis/store/transcriptsearch.h"

#include <QJsonValue>
#include <QList>
#include <QSet>
#include <QString>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>

namespace valis {

/// Which sessions sessions() lists.
struct VALIS_HARNESS_EXPORT SessionFilter
{
    QString originKind;          ///< Only sessions of this origin ("claude-code", ...), if set.
    QString parentSessionId;     ///< Only children of this session, if set.
    bool includeArchived = false;
    int limit = -1;              ///< At most this many, newest first; -1 for all.
};

/// What importing a transcript did, per session.
struct VALIS_HARNESS_EXPORT ImportedSessionReport
{
    QString sessionId;
    QString title;
    int messagesAdded = 0;
    int messagesAlreadyPresent = 0;
};

struct VALIS_HARNESS_EXPORT ImportReport
{
    QString format;
    QString sourcePath;
    QList<ImportedSessionReport> sessions;
    QStringList notes;

    int messagesAdded() const;
};

/// A cached token count for one stored part: the part is named by its message's seq and its
/// depth-first index among the message's parts (tool-result content counts too).
struct VALIS_HARNESS_EXPORT PartTokenCount
{
    qint64 seq = 0;
    int partIndex = 0;
    int tokens = 0;

    bool operator==(const PartTokenCount &other) const = default;
};

/// Where a message id is recorded: its session and its seq there.
struct VALIS_HARNESS_EXPORT MessageLocation
{
    QString sessionId;
    qint64 seq = 0;

    bool operator==(const MessageLocation &other) const = default;
};

/// The canonical record: sessions and their messages in a SQLite database (WAL, foreign keys),
/// with an FTS5 transcript index and a folder of content-addressed blobs beside it.
///
/// Messages are appended in transactions and never rewritten (triggers refuse UPDATE on messages
/// and parts); the turn versions beside them are append-only too. A message is either wholly there or not at all after a crash. Several processes
/// may open the same file; writers take the write lock with BEGIN IMMEDIATE and wait up to the
/// busy timeout. One SessionStore object belongs to the thread that opened it.
///
/// A database written by a newer Valis (a higher schema version) is refused with
/// "store.future-schema" and not modified in any way.
///
/// Work that would make an append slow happens beside it: WAL checkpoints on a thread of their
/// own, and search indexing in idle time on the owning thread's event loop (see indexPending()).
class VALIS_HARNESS_EXPORT SessionStore
{
public:
    ~SessionStore();
    SessionStore(const SessionStore &) = delete;
    SessionStore &operator=(const SessionStore &) = delete;

    /// Opens (creating if needed) the database at `path`, migrating it to the current schema.
    /// Images go to `blobDir` (default: "blobs" beside the database).
    static Result<std::unique_ptr<SessionStore>> open(const QString &path, const QString &blobDir = {});
    /// The schema version this build writes.
    static int schemaVersion();

    QString path() const;

    /// Creates a session. Fills in id (when empty), createdAt/updatedAt (when invalid) and
    /// originKind ("valis" when empty); fails with "store.duplicate-session" if the id exists.
    Result<SessionInfo> createSession(SessionInfo info);
    Result<SessionInfo> session(const QString &sessionId) const;
    Result<QList<SessionInfo>> sessions(const SessionFilter &filter = {}) const;
    Result<void> renameSession(const QString &sessionId, const QString &title);
    Result<void> setArchived(const QString &sessionId, bool archived);
    /// Remembers the branch a session is on (SessionInfo::activeLeafId): `messageId` must be a
    /// message of the session ("store.no-message"); empty forgets it (the last message again).
    Result<void> setActiveLeaf(const QString &sessionId, const QString &messageId);
    /// Sets (or, with an undefined `value`, removes) one key of a session's metadata, in place:
    /// session state beside the append-only record, like the title (a background agent's state).
    Result<void> setSessionMetadata(const QString &sessionId, const QString &key, const QJsonValue &value);

    /// Appends one message to a session in its own transaction and returns it as stored (id
    /// generated when empty, createdAt set when invalid, seq and turn assigned). Images with
    /// inline data are moved to the blob folder first.
    Result<Message> appendMessage(const QString &sessionId, Message message);
    /// Appends several messages in one transaction: all or none.
    Result<QList<Message>> appendMessages(const QString &sessionId, QList<Message> messages);

    /// Stores everything an importer read, in ONE transaction: every session and message or
    /// nothing. Sessions that already exist (same id and origin) get only the messages they do
    /// not have yet, so re-importing a file that grew appends its new messages.
    Result<ImportReport> importTranscript(const ImportedTranscript &transcript);

    /// Messages of a session in order, from seq `from`, at most `count` (-1: all).
    Result<QList<Message>> messages(const QString &sessionId, qint64 from = 0, qint64 count = -1) const;
    /// Message `messageId` of `sessionId`, found through an index (no scan of the session), or
    /// nullopt when the session has no such message. Errors: "store.no-session".
    Result<std::optional<Message>> message(const QString &sessionId, const QString &messageId) const;
    /// Every session and seq where `messageId` is recorded, through the messages_by_uid index:
    /// ids are unique within a session, and an imported copy of a session may repeat them.
    Result<QList<MessageLocation>> locateMessage(const QString &messageId) const;
    /// The session's messages without their content: id, parentId, seq, turn and role only,
    /// for working out branches and paging through a long record without loading it.
    Result<QList<Message>> messageOutline(const QString &sessionId) const;
    /// The seqs of the messages on the branch the session shows: from its first message to the
    /// newest message under its remembered active leaf (see BranchIndex); every seq when the
    /// conversation never forked.
    Result<QSet<qint64>> shownBranch(const QString &sessionId) const;
    Result<QList<TurnInfo>> turns(const QString &sessionId) const;
    Result<qint64> messageCount(const QString &sessionId) const;
    /// Removes a session for good, with the sessions it started (subagents): their records,
    /// token counts and search index entries. The one exception to the append-only record, for a
    /// person's explicit delete (the desktop gives seconds to undo before it calls this).
    /// Errors: "store.no-session". Blob files the removed parts pointed to go with the next
    /// orphan sweep (sweepOrphanBlobs()), which this schedules.
    Result<int> deleteSession(const QString &sessionId);

    /// Removes image blob files no message refers to (a deleted session's; one written just
    /// before a crash kept its row from committing) once they are older than `gracePeriod`
    /// (see OrphanSweepReport::DefaultGracePeriod for why the wait). The references are read
    /// and the files removed under the write lock, so no append is between its file and its
    /// row meanwhile. It also runs by itself, with the default grace period, on the owning
    /// thread's event loop: a few minutes after open() and soon after deleteSession(); without
    /// an event loop only when called.
    Result<OrphanSweepReport> sweepOrphanBlobs(std::chrono::seconds gracePeriod = OrphanSweepReport::DefaultGracePeriod);
    /// Told, on the owning thread, what each background sweep removed or why it failed.
    void setOrphanSweepListener(std::function<void(const Result<OrphanSweepReport> &)> listener);

    /// The bytes of a `blob:` image reference.
    Result<QByteArray> readBlob(const QString &uri) const;

    /// Ranked transcript search over all text, tool arguments and tool outputs. Text appended
    /// but not yet indexed is indexed first, so a search always sees every stored message.
    Result<SearchResults> search(const SearchQuery &query) const;
    /// Messages ranked for recall (the recall index: stemmed, a message with its neighbours,
    /// any of `terms` may match), with messages appended since the last call indexed first.
    Result<QList<RecallMatch>> recallMessages(const QStringList &terms, const RecallMatchQuery &query) const;
    /// Puts text that appends left for later into the search index, about `maxBytes` of it (-1:
    /// all). Appends do not index (FTS5 indexes ~20 MB/s, too slow for a large tool output on the
    /// append path); the store does it in idle time on its thread's event loop, and search()
    /// and importTranscript() never leave anything pending. Returns true when nothing is left.
    Result<bool> indexPending(qint64 maxBytes = -1);

    /// Stores S/C/T versions of a session's turns (TurnVersion), in one transaction: all or
    /// none. The table is append-only like the record (a regenerated version is a new row, the
    /// newest wins); its rows go only with their session (deleteSession()). createdAt is set
    /// when invalid. Errors: "store.no-session", "store.bad-turn-version" (level R, no turn).
    Result<QList<TurnVersion>> appendTurnVersions(const QString &sessionId, const QList<TurnVersion> &versions);
    /// The newest version per (turn, level) of a session, ordered by turn then S, C, T; only
    /// `turn` and only `level` when given.
    Result<QList<TurnVersion>> turnVersions(const QString &sessionId, std::optional<int> turn = {},
                                            std::optional<TurnLevel> level = {}) const;
    /// Every version of one turn ever stored, oldest first.
    Result<QList<TurnVersion>> turnVersionHistory(const QString &sessionId, int turn) const;

    /// Cached token counts of a session's parts for one tokenizer family.
    Result<QList<PartTokenCount>> tokenCounts(const QString &sessionId, const QString &family) const;
    /// Stores (or replaces) cached counts; the cache is not part of the append-only record.
    Result<void> storeTokenCounts(const QString &sessionId, const QString &family,
                                  const QList<PartTokenCount> &counts);

private:
    class Private;
    explicit SessionStore(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace valis
