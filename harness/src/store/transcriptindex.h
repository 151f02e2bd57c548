#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"
#include "valis/store/transcriptsearch.h"

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace valis::store {

class PhrasePairIndex;
class TranscriptTokenizer;

/// A slice of a part's text, in UTF-8 bytes.
struct TextChunk
{
    qsizetype start = 0;
    qsizetype length = 0;
};

/// The FTS5 transcript index of one SessionStore database.
///
/// Appending a part stores its text as search chunks (storeChunks(), inside the append's
/// transaction); putting chunks into the FTS5 index is a separate step, indexPending(), because
/// FTS5 indexes at about 20 MB/s here and a large tool output must not make its append slow.
/// search_state.indexed_through is the highest chunk id in the index; chunk ids grow in commit
/// order, so every chunk above it is pending, also after a crash. Exported only so the tests can
/// reach chunk() and the tier budget.
class VALIS_HARNESS_EXPORT TranscriptIndex
{
public:
    /// `tokenizer` is FTS5's own (TranscriptTokenizer::create() on the same connection).
    TranscriptIndex(const QSqlDatabase &db, std::unique_ptr<TranscriptTokenizer> tokenizer);
    ~TranscriptIndex();

    /// Stores one part's text as search chunks, cut as chunk() cuts it. With `storeBodies` the
    /// chunks' text is stored in the chunk rows (the part row then holds none); otherwise it is
    /// read from the part row. `sessionRow` is the session's row id.
    Result<void> storeChunks(qint64 partRow, qint64 sessionRow, Role role, const QString &toolName,
                             const QByteArray &utf8, const QList<TextChunk> &chunks, bool storeBodies);
    /// Puts pending chunks into the FTS5 index, oldest first, stopping once about `maxBytes` of
    /// text are done (-1: all). Runs in the caller's transaction. Returns true when nothing is
    /// left pending.
    Result<bool> indexPending(qint64 maxBytes = -1);
    /// Whether chunks are waiting to be indexed.
    Result<bool> hasPending() const;
    Result<SearchResults> search(const SearchQuery &query) const;
    /// Takes an indexed chunk's word pairs out of the phrase index before the chunk is deleted
    /// (the FTS5 index itself is told by SQL, from the text still there).
    Result<void> forgetPairs(qint64 chunkId, const QString &body);

    /// Chunk boundaries for `utf8`: about `target` bytes each, cut after a newline where one is
    /// near, never inside a UTF-8 sequence.
    static QList<TextChunk> chunk(const QByteArray &utf8, qsizetype target = 2048);
    /// The FTS5 query for what a person typed (see SearchQuery::text), or an Error for input
    /// with no words in it.
    static Result<QString> ftsQueryFor(const QString &text);

    /// A tier holds at most this many matching chunks: ranking costs a few microseconds per
    /// match, so this bounds the work for a word that occurs everywhere.
    static constexpr int tierMatchBudget = 512;
    /// The prefix lengths (in characters) the FTS5 index keeps a prefix index for (schema 6,
    /// `prefix=`): a prefix query of such a length reads one doclist, newest first, and stops at
    /// the page, where any other merges the doclists of every word it matches.
    static inline const QList<int> prefixIndexLengths = {3, 4};
    /// A phrase of common words is answered from the pair index (PhrasePairIndex) when it has at
    /// most this many candidates: each costs reading and splitting its chunk (about 30 us), where
    /// FTS5, for a phrase that common, finds a tier of matches quickly itself.
    static constexpr int pairCandidateBudget = 1024;

private:
    struct PairMatches;
    Result<std::optional<PairMatches>> pairMatches(const QString &fts, const QString &filters, bool dated,
                                                   const std::function<void(QSqlQuery &)> &bindFilters, qint64 low,
                                                   qint64 high) const;

    QSqlDatabase m_db;
    QSqlQuery m_chunkInsert;
    std::unique_ptr<TranscriptTokenizer> m_tokenizer;
    std::unique_ptr<PhrasePairIndex> m_pairs;
};

} // namespace valis::store
