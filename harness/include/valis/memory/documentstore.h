#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/memory/detailstore.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <chrono>
#include <functional>
#include <optional>

namespace valis {

namespace MemoryType {
inline constexpr char Document[] = "document";            ///< a document's bytes (the File Cabinet)
inline constexpr char DocumentEntry[] = "document_entry"; ///< one revision of a document's facts
} // namespace MemoryType

/// Where a document's content came from.
enum class DocumentSource { Content, FromCall, FromKey };

/// "content", "from_call", "from_key".
VALIS_HARNESS_EXPORT QString documentSourceName(DocumentSource source);

/// One document as the cabinet knows it: its stable key, its facts and where its bytes are.
struct VALIS_HARNESS_EXPORT DocumentInfo
{
    enum class State { Active, Deleted, Expired };

    QString fileKey;            ///< "doc-build-log-3f9a2c": stable for the document's whole life
    QString name;
    QString agentId;
    QString sessionId;          ///< the session that saved it
    QString contentKey;         ///< the DetailStore record holding the bytes
    QString entryKey;           ///< the document_entry record of this revision
    int retentionDays = 30;
    bool pinned = false;
    QDateTime createdAt = {};   ///< UTC, when first saved (revisions keep it)
    QDateTime expiresAt = {};   ///< createdAt + retentionDays; invalid when pinned
    DocumentSource source = DocumentSource::Content;
    QString sourceRef;          ///< the call id (from_call) or key (from_key); empty for content
    qint64 sizeBytes = 0;
    qint64 lineCount = 0;
    State state = State::Active;
    QDateTime endedAt = {};     ///< Deleted/Expired: when
};

/// What save() needs. The cabinet assigns the file key, the times and the expiry.
struct VALIS_HARNESS_EXPORT NewDocument
{
    QString agentId = QStringLiteral("default");
    QString sessionId;
    QString name;
    QByteArray content;
    int retentionDays = 30;
    bool pinned = false;
    DocumentSource source = DocumentSource::Content;
    QString sourceRef;
};

/// What one retention sweep did.
struct VALIS_HARNESS_EXPORT DocumentSweep
{
    QStringList expired;        ///< file keys of the documents it ended
    qint64 purgedBytes = 0;     ///< content no other document or MemoryRef needed any more
};

/// The document store ("File Cabinet"): documents kept by a stable key with a retention, over
/// any DetailStore (it uses only that interface, so SQLite and PostgreSQL both hold it).
///
/// DetailStore records are immutable and content-addressed (the same bytes for the same agent
/// are one record), so a document is two kinds of record:
///  - its content: a "document" record (or, when identical bytes are already stored, that
///    record, e.g. the MemoryRef of an exec output: a document saved from a key costs nothing);
///  - its entry: a small "document_entry" record whose metadata holds the facts (fileKey, name,
///    contentKey, retention, pinned, createdAt, source, state). Changing a fact (pin, delete,
///    expiry) puts a new entry and deactivates the previous one. The newest entry for a
///    fileKey, active or not, is the document's state: active ones are live documents, an
///    inactive newest entry with state "deleted"/"expired" answers "deleted on <date>".
/// Content is deactivated (deleted) or purged (expired) only when it is a "document" record no
/// other live document uses; MemoryRefs it shares are never touched.
///
/// Thread-safe as the DetailStore is; every call blocks on it, so call it on worker threads.
/// `now` is the clock (tests inject one to make documents old).
class VALIS_HARNESS_EXPORT DocumentStore
{
public:
    using Clock = std::function<QDateTime()>;

    explicit DocumentStore(DetailStore &store, Clock now = {});

    /// Stores a new document; its content is `document.content` exactly.
    Result<DocumentInfo> save(const NewDocument &document);
    /// The document `fileKey` of `agentId` (active, or the newest state of an ended one).
    /// "document.unknown" when the cabinet never held it; "document.invalid" for a key that is
    /// not a document key.
    Result<DocumentInfo> find(const QString &agentId, const QString &fileKey) const;
    /// The whole content of a live document ("document.ended" for a deleted or expired one).
    Result<QByteArray> content(const QString &agentId, const QString &fileKey) const;
    /// Live documents of `agentId` (all agents when empty), newest first.
    Result<QList<DocumentInfo>> list(const QString &agentId = {}) const;
    /// Ends a live document as Deleted; returns its last state.
    Result<DocumentInfo> remove(const QString &agentId, const QString &fileKey);
    /// Pins (kept past its retention) or unpins a live document.
    Result<DocumentInfo> setPinned(const QString &agentId, const QString &fileKey, bool pinned);
    /// Ends every live, unpinned document whose expiry has passed and purges content that only
    /// ended documents used.
    Result<DocumentSweep> sweep();

    /// Whether `key` has the form of a document key ("doc-...").
    static bool isDocumentKey(const QString &key);
    /// A new file key for a document called `name`: "doc-<slug>-<6 hex>".
    static QString newFileKey(const QString &name);
    static constexpr int DefaultRetentionDays = 30;
    static constexpr int MaxRetentionDays = 3650;

private:
    QDateTime now() const;
    Result<QList<DocumentInfo>> entries(const QString &agentId, bool includeEnded) const;
    Result<DocumentInfo> putEntry(DocumentInfo info, const QString &previousEntryKey);
    Result<DocumentInfo> end(const QString &agentId, const QString &fileKey, DocumentInfo::State state);
    Result<qint64> releaseContent(const DocumentInfo &ended, bool purge);

    DetailStore &m_store;
    Clock m_now;
};

/// The background retention sweep: runs DocumentStore(store).sweep() on the calling thread (a
/// worker thread: the document tools' first call, the desktop's Documents view) when this
/// process has not swept a store of this description() within `interval`; nullopt when it was
/// not due. A failed sweep is not counted, so the next caller tries again.
VALIS_HARNESS_EXPORT Result<std::optional<DocumentSweep>>
sweepDocumentsIfDue(DetailStore &store, std::chrono::seconds interval = std::chrono::hours(24));

} // namespace valis
