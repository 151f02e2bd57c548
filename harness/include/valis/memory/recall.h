#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QDateTime>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>

namespace valis {

class DetailStore;

/// Where a recalled passage lives: a DetailStore record or a message of the transcript record.
enum class RecallSourceKind { Memory, Transcript };

/// One passage retrieval can offer: a memory record (a note, a lesson, a /memories/ file, a
/// captured output) or one message of an earlier session.
struct VALIS_HARNESS_EXPORT RecallPassage
{
    RecallSourceKind kind = RecallSourceKind::Transcript;

    QString memoryKey;     ///< Memory: the DetailStore key ("m-3f9a2c")
    QString memoryType;    ///< Memory: note, lesson, reference, memory_file, ...
    QString memoryPath;    ///< Memory: the /memories/ path of a memory_file record

    QString sessionId;     ///< Transcript: the session; Memory: the session that wrote it, if any
    QString sessionTitle;  ///< Transcript
    QString messageId;     ///< Transcript
    qint64 seq = -1;       ///< Transcript: the message's place in its session
    int turn = -1;         ///< Transcript
    Role role = Role::User;

    QString summary;       ///< Memory: the record's one-line summary
    QString text;          ///< The passage itself, cut to a few hundred characters
    QDateTime createdAt;   ///< UTC; drives the recency feature
    /// How much the memory layer trusts this passage (a lesson's consolidated weight, from the
    /// record's metadata "weight"); 1 for everything without one.
    double weight = 1.0;

    /// Stable across retrievers, for fusing their lists: "memory:<key>" or "message:<id>".
    QString id() const;
};

/// A passage with the evidence of how it was found.
struct VALIS_HARNESS_EXPORT RecallHit
{
    RecallPassage passage;
    double score = 0;               ///< The fused score (higher is better; comparable within one answer)
    QMap<QString, int> ranks;       ///< Retriever name ("lexical", "vector") -> its 1-based rank
    QMap<QString, double> scores;   ///< Retriever name -> its own score (higher is better)
    /// The retrievers that found it, in name order ("lexical", "lexical+vector").
    QString foundBy() const;
};

/// What to recall for. Memories are the DetailStore's active records of `agentId`; transcripts
/// are the messages of stored sessions.
struct VALIS_HARNESS_EXPORT RecallQuery
{
    QString text;
    QString agentId = QStringLiteral("default");
    QString sessionId;          ///< Only this session's messages (empty: every session)
    QString excludeSessionId;   ///< Never this session's messages (the live one: its model sees them)
    bool memories = true;
    bool transcripts = true;
    QStringList memoryTypes;    ///< Only records of these types (empty: all)
    int k = 10;
    QDateTime now;              ///< For the recency feature; invalid: the current time
    /// How much not yet indexed transcript text a retriever may index before it searches, in
    /// bytes (-1: all). The runtime step caps it so a large backlog cannot eat its budget.
    qint64 indexBudgetBytes = -1;
};

/// One way of finding passages (full text, vectors). Retrievers are called from worker threads
/// and must be safe to call from several at once.
class VALIS_HARNESS_EXPORT Retriever
{
public:
    virtual ~Retriever();
    /// "lexical", "vector", ...: the key in RecallHit::ranks.
    virtual QString name() const = 0;
    /// Up to `depth` passages for `query`, best first (RecallHit::score is this retriever's
    /// own score; ranks and fused score are filled by HybridRetriever).
    virtual Result<QList<RecallHit>> retrieve(const RecallQuery &query, int depth) const = 0;
};

/// How HybridRetriever fuses its retrievers' lists.
struct VALIS_HARNESS_EXPORT RecallFusion
{
    int depth = 50;                 ///< Passages asked of each retriever
    double rrfK = 60;               ///< Reciprocal rank fusion: sum of weight / (rrfK + rank)
    /// Recency: a passage's score is multiplied by 1 + recencyBoost * 2^(-age / halfLife).
    double recencyBoost = 0.1;
    double recencyHalfLifeDays = 30;
    /// Weight: multiplied by weight^weightExponent (0 ignores weights).
    double weightExponent = 0.5;
};

/// Hybrid retrieval: every retriever's list fused by reciprocal rank fusion, with recency and
/// the memory layer's weights as features. Works with the lexical retriever alone and gets
/// better with a vector retriever beside it. A retriever that fails is left out of the answer
/// (and named in the error only when every retriever failed), so a broken embedding server
/// never costs the person their full-text recall.
class VALIS_HARNESS_EXPORT HybridRetriever
{
public:
    explicit HybridRetriever(RecallFusion fusion = {});
    void addRetriever(std::shared_ptr<const Retriever> retriever, double weight = 1.0);
    QStringList retrieverNames() const;
    const RecallFusion &fusion() const { return m_fusion; }

    /// The fused top `query.k` passages.
    Result<QList<RecallHit>> recall(const RecallQuery &query) const;

private:
    struct Entry
    {
        std::shared_ptr<const Retriever> retriever;
        double weight = 1.0;
    };
    RecallFusion m_fusion;
    QList<Entry> m_retrievers;
};

/// What the lexical retrievers read: the DetailStore (memories) and the SessionStore's database
/// file (transcripts; each calling thread opens its own connection to it).
struct VALIS_HARNESS_EXPORT RecallSources
{
    std::shared_ptr<DetailStore> memory;
    QString sessionDatabasePath;
};

/// The ranked full-text retriever over memories and transcripts ("lexical"): the question's
/// content words (stop words dropped, stemmed), any of which may match, ranked by BM25.
VALIS_HARNESS_EXPORT std::shared_ptr<const Retriever> makeLexicalRetriever(const RecallSources &sources);

} // namespace valis
