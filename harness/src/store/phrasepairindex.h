#pragma once

#include "store/phrasematcher.h"
#include "store/transcripttokenizer.h"

#include <QHash>
#include <QSqlDatabase>
#include <QStringList>

#include <optional>

namespace valis::store {

/// A side index of adjacent word pairs (the `search_pairs` FTS5 table, schema 7) that answers
/// phrases of common words, which FTS5 answers by walking the position lists of every word in
/// them ("test in module" on 1 GB: 40 ms, whatever the limit).
///
/// Only pairs of common words are kept: a word becomes common once it is in at least 5% of a
/// window of chunks indexed together, and its pairs are indexed from the next chunk on (its
/// `since` in search_pair_words). Rows are never changed, so the pairs of a chunk can be worked
/// out again to take them out (a contentless FTS5 table needs them for a delete). A phrase whose
/// words are all common is looked up by its pairs (`"test_in" "in_module"`) over the chunks from
/// the newest `since` of its words on; the candidates are then checked by PhraseMatcher, and
/// older chunks are left to FTS5.
class PhrasePairIndex
{
public:
    PhrasePairIndex(const QSqlDatabase &db, const TranscriptTokenizer &tokenizer);

    /// Indexes chunk `id`'s pairs as the chunk goes into the FTS5 index (same transaction), and
    /// counts its words for the next promotion.
    Result<void> add(qint64 id, const QByteArray &utf8);
    /// Takes chunk `id`'s pairs out of the index; `utf8` is the text it was indexed with.
    Result<void> remove(qint64 id, const QByteArray &utf8);
    /// Reloads the common words when the table holds others than this object knows (another
    /// process promoted some, or a transaction that did was rolled back).
    Result<void> refresh();

    struct Plan
    {
        QString pairQuery; ///< the FTS5 query on search_pairs
        qint64 since = 0;  ///< the first chunk whose pairs are all indexed
    };
    /// The pair lookup for a query's terms: all pairs of every term that is a phrase of common
    /// words. Nothing when no term is.
    std::optional<Plan> plan(const QList<QueryTerm> &terms) const;
    /// Chunks in [low, high] that hold every pair of `plan`, newest first, at most `cap` + 1.
    Result<QList<qint64>> candidates(const Plan &plan, qint64 low, qint64 high, int cap) const;

    /// Chunks per promotion window, and the share of them (1/n) a word must be in. FTS5 answers
    /// a phrase in time that grows with its rarest word's doclist (1 GB, 620,000 chunks: a whole
    /// phrase scan takes 2 ms when that word is in 2% of the chunks, 4 ms at 5%, 6 ms at 10%,
    /// 20 ms at 30%), so only the pairs of words in 5% or more are worth their indexing.
    static constexpr int promotionWindow = 4096;
    static constexpr int promotionShare = 20;
    /// At most this many common words: pairs of more would make the index as large as FTS5's.
    static constexpr int maxWords = 4096;

private:
    QByteArray pairsOf(qint64 id, const TokenizedText &tokens) const;
    Result<void> promote(qint64 nextId);

    QSqlDatabase m_db;
    const TranscriptTokenizer &m_tokenizer;
    QHash<QByteArray, qint64> m_since;
    QHash<QByteArray, int> m_windowCounts;
    int m_windowChunks = 0;
};

} // namespace valis::store
