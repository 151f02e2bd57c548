#pragma once

// Offline memory processing: what a finished session taught, as DetailStore records.
//
// Storage design (both backends, no schema of its own). Everything is a DetailStore record:
// - "lesson", "reference", "topic": the extracted items. Their metadata carries "weight"
//   (number), "layer" ("session" | "project" | "global"), "evidence" ([{sessionId, messageId}]),
//   "kind" (fix, needs, path, url, command, issue, person, procedure, keyword, ...), "sessions",
//   "workspaces", "occurrences", "firstSeen", "lastSeen", "weighedAt", "uses", "lastUsedAt",
//   "version", "normalized" and, on a new version, "supersedes" ([keys]) and "reason".
//   Records are immutable: a merge, a weight change or a contradiction writes a NEW version
//   whose "supersedes" names the old keys, then deactivates them. The pointer from an old
//   version to its successor is the reverse of that list (MemoryLedger::supersededBy()), so no
//   record is ever rewritten. The content is the item's text and an evidence line with the
//   version number, so two versions never share a content address.
// - "memory_checkpoint": per session, how far (message seq) it was processed. It is written
//   in the SAME putMany() transaction as the session's items, so a job killed at any point
//   has stored either both or neither; a rerun resumes after the checkpoint, without
//   duplicates. Checkpoints are deactivated once written (read with includeInactive), so they
//   neither show in the memory browser nor get recalled.
// - "memory_use": one record per noteRecalled() call (the runtime recall step reports what it
//   injected); consolidation folds them into the items' "uses" and deactivates them.
// - "recommendation": proposals for the person (metadata "proposal" kind agents_md | skill |
//   delete, "status" open, "targets", "evidence"). Accepting or rejecting writes a decided
//   version (status accepted | rejected, deactivated at once) and deactivates the open one;
//   active recommendation records are exactly the open ones.
// Deactivating superseded versions happens after the putMany(); a job killed in between
// leaves both active for a moment, and MemoryLedger::load() repairs that first thing.

#include "valis/agent/retrypolicy.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/detailstore.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerfailure.h"
#include "valis/record/message.h"
#include "valis/record/session.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>

class QThread;

namespace valis {

class ProviderStream;
class StreamAssembler;

/// The record types offline processing writes.
namespace ProcessedType {
inline constexpr char Lesson[] = "lesson";
inline constexpr char Reference[] = "reference";
inline constexpr char Topic[] = "topic";
inline constexpr char Recommendation[] = "recommendation";
inline constexpr char Checkpoint[] = "memory_checkpoint";
inline constexpr char Use[] = "memory_use";
} // namespace ProcessedType

/// A message an item was learned from.
struct VALIS_HARNESS_EXPORT MemoryEvidence
{
    QString sessionId;
    QString messageId;
    bool operator==(const MemoryEvidence &other) const = default;
};

/// One thing a session taught, before it is stored.
struct VALIS_HARNESS_EXPORT ExtractedItem
{
    QString type;     ///< ProcessedType::Lesson, Reference or Topic
    QString kind;     ///< fix, needs, failure, procedure, path, url, command, issue, person, keyword, ...
    QString text;     ///< one line a person (and the agent) reads
    double weight = 1.0;
    QString layer = QStringLiteral("session");
    QList<MemoryEvidence> evidence;
    int occurrences = 1;
};

/// What one session yielded.
struct VALIS_HARNESS_EXPORT SessionExtraction
{
    QString sessionId;
    QString workspace;
    qint64 throughSeq = -1;      ///< the last message seq read
    qint64 transcriptBytes = 0;  ///< UTF-8 bytes of the text read
    int messages = 0;
    QString extractor = QStringLiteral("extractive"); ///< or "model:<id>"
    QList<ExtractedItem> items;
};

/// The deterministic pipeline: references (paths, URLs, commands from tool calls, issue ids,
/// people), lessons (a failed command followed by the one that worked; "X needs Y" sentences),
/// recurring command procedures and topics (frequent keywords and phrases of the conversation).
VALIS_HARNESS_EXPORT SessionExtraction extractSession(const SessionInfo &session, const QList<Message> &messages);

/// The instruction that asks a model for topics, lessons and references (answered as JSON).
VALIS_HARNESS_EXPORT QString memoryExtractionInstruction();
/// The messages as the transcript the model reads: each message headed by its id.
VALIS_HARNESS_EXPORT QString memoryExtractionTranscript(const QList<Message> &messages, qsizetype maxChars = 120000);
/// The messages cut into runs whose transcripts fit `maxChars` each (a long session is read in
/// several requests; a message too long on its own is cut by the transcript).
VALIS_HARNESS_EXPORT QList<QList<Message>> memoryExtractionChunks(const QList<Message> &messages, qsizetype maxChars = 120000);
/// Reads a model's answer. Evidence ids not in `messageIds` are dropped (counted in
/// `droppedEvidence`), and so is an item left without evidence. nullopt-like: an error when the
/// answer holds no JSON object with the three lists.
VALIS_HARNESS_EXPORT Result<QList<ExtractedItem>> parseMemoryExtractionAnswer(const QString &answer, const QString &sessionId,
                                                                             const QSet<QString> &messageIds,
                                                                             int *droppedEvidence = nullptr);

/// What a proposal for the person is.
struct VALIS_HARNESS_EXPORT MemoryRecommendation
{
    QString key;            ///< the recommendation record
    QString proposal;       ///< "agents_md", "skill", "delete"
    QString status;         ///< "open", "accepted", "rejected"
    QString summary;
    QString text;           ///< what would be written (AGENTS.md lines, a SKILL.md) or why to delete
    QString path;           ///< agents_md, skill: the /memories/ path written on accept
    QStringList targets;    ///< the items it comes from (delete: the records to deactivate)
    QList<MemoryEvidence> evidence;
    double weight = 0;
    QDateTime createdAt;
    static MemoryRecommendation fromRecord(const MemoryRecord &record);
};

/// What applying, consolidating and recommending did.
struct VALIS_HARNESS_EXPORT LedgerReport
{
    int added = 0;        ///< new items
    int merged = 0;       ///< items that gained evidence (a new version)
    int superseded = 0;   ///< items a contradicting newer one replaced
    int decayed = 0;
    int usesFolded = 0;
    int repaired = 0;     ///< superseded versions a killed job had left active
    int recommendations = 0;
    int lessons = 0;
    int references = 0;
    int topics = 0;
    void add(const LedgerReport &other);
};

/// The store side of offline processing over one agent's records (see the header comment for
/// the design). Not thread-safe itself: one ledger per job; the DetailStore it uses is.
class VALIS_HARNESS_EXPORT MemoryLedger
{
public:
    MemoryLedger(std::shared_ptr<DetailStore> store, QString agentId = QStringLiteral("default"));

    /// Reads the active items into memory and repairs superseded versions left active.
    Result<LedgerReport> load();
    /// The last message seq of `sessionId` already processed; -1 when none was.
    Result<qint64> checkpoint(const QString &sessionId) const;
    /// Stores a session's items: new ones, merges into near-identical active ones (weights raised
    /// when they recur in another session), contradicted ones superseded; with the checkpoint in
    /// the same transaction.
    Result<LedgerReport> apply(const SessionExtraction &extraction, const QDateTime &now);
    /// Folds reported uses in and decays weights by time (half-life `halfLifeDays`).
    Result<LedgerReport> consolidate(const QDateTime &now, double halfLifeDays = 60);
    /// Proposes AGENTS.md lines, skills and deletions not proposed before.
    Result<LedgerReport> recommend(const QDateTime &now);

    /// The records whose "supersedes" names `key` (its successors).
    Result<QStringList> supersededBy(const QString &key) const;

    /// Open recommendations (all of them with `includeDecided`), newest first.
    static Result<QList<MemoryRecommendation>> recommendations(DetailStore &store, const QString &agentId,
                                                               bool includeDecided = false);
    /// Carries out an open recommendation through the agent's own paths (writeFile for
    /// /memories/AGENTS.md and skills, deactivate for deletions); returns the decided record.
    static Result<MemoryRecommendation> accept(DetailStore &store, const QString &key, const QString &sessionId = {});
    /// Records the refusal; nothing else changes.
    static Result<MemoryRecommendation> reject(DetailStore &store, const QString &key);
    /// For the runtime recall step: these records were injected into a turn. Consolidation
    /// counts them as uses (raising the weight, holding off decay).
    static Result<void> noteRecalled(DetailStore &store, const QString &agentId, const QStringList &keys,
                                     const QDateTime &when = QDateTime::currentDateTimeUtc());

private:
    struct Item
    {
        MemoryRecord record;
        QString normalized;
        QSet<QString> words;
    };
    Result<void> reload();
    const Item *findSimilar(const QString &type, const QString &normalized, const QSet<QString> &words) const;

    std::shared_ptr<DetailStore> m_store;
    QString m_agentId;
    QHash<QString, Item> m_items; ///< active items by key
};

/// What a MemoryProcessor job is asked to do.
struct VALIS_HARNESS_EXPORT MemoryProcessingOptions
{
    QString agentId = QStringLiteral("default");
    QStringList sessionIds;       ///< only these (empty: every session)
    QDateTime since;              ///< only sessions updated since (invalid: all)
    QDateTime now;                ///< invalid: the current time (tests move it)
    double halfLifeDays = 60;
    bool includeArchived = true;
    // The summary model; extractive only when provider is null.
    Provider *provider = nullptr;
    QString model;
    ProviderEndpoint endpoint;
    RetryPolicy retry;
    qsizetype maxTranscriptChars = 120000; ///< per request; a longer session takes several
    int maxRequestsPerSession = 16;       ///< beyond: the rest of the session is extractive only
};

struct VALIS_HARNESS_EXPORT MemoryProcessingResult
{
    int sessionsTotal = 0;
    int sessionsProcessed = 0;   ///< with new messages
    int sessionsUpToDate = 0;
    qint64 messagesRead = 0;
    qint64 transcriptBytes = 0;
    int modelAnswers = 0;
    int droppedEvidence = 0;     ///< evidence ids a model gave that are no message of the session
    LedgerReport ledger;
    QStringList warnings;
    bool cancelled = false;
    qint64 elapsedMs = 0;
    /// The job stopped on this (a store that failed); what was stored before it stays.
    std::optional<Error> error;
    QJsonObject toJson() const;
};

/// The background job: reads stored sessions (SessionStore at `sessionDatabasePath`, opened on
/// the job's own thread), extracts what each taught (with the summary model when one is set,
/// retried with backoff; the extractive pipeline when none is or it fails), stores it through
/// MemoryLedger, then consolidates and recommends. Resumable and idempotent (checkpoints);
/// cancel() stops between sessions or drops a running model request. Lives in its owner's
/// thread and never blocks it; the store work runs on a thread of its own.
class VALIS_HARNESS_EXPORT MemoryProcessor : public QObject
{
    Q_OBJECT

public:
    MemoryProcessor(QString sessionDatabasePath, std::shared_ptr<DetailStore> store, QObject *parent = nullptr);
    ~MemoryProcessor() override;

    /// Starts a job (false when one is running).
    bool start(const MemoryProcessingOptions &options);
    bool isRunning() const { return m_running; }
    void cancel();

Q_SIGNALS:
    /// `done` of `total` sessions handled; `sessionId` the one just finished.
    void progress(int done, int total, const QString &sessionId);
    void finished(const valis::MemoryProcessingResult &result);

private:
    struct Job;
    void next();
    void askModel();
    void askChunk();
    void sendModelRequest();
    void modelAnswered(const QString &answer);
    void modelFailed(const ProviderFailure &failure);
    void storeCurrent(const QList<ExtractedItem> &modelItems, bool fromModel);
    void finish(const Error *error);
    void dropStream();

    QString m_sessionDatabasePath;
    std::shared_ptr<DetailStore> m_store;
    QThread *m_thread = nullptr;
    QObject *m_worker = nullptr; ///< lives in m_thread: the context of the work posted there
    std::shared_ptr<Job> m_job;
    std::shared_ptr<std::atomic_bool> m_cancelled;
    bool m_running = false;
    QPointer<ProviderStream> m_stream;
    std::unique_ptr<StreamAssembler> m_assembler;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::MemoryProcessingResult)
