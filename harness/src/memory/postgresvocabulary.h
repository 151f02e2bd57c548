#pragma once

#include "valis/core/result.h"

#include <QMutex>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis::memory {

class PostgresConnections;

/// Every word of the PostgreSQL DetailStore's rows (postgresschema.h, version 3: `memory_words`),
/// so that a search can turn a prefix into the few words it begins.
///
/// The GIN index answers a prefix (`'archid':*`) by merging the postings of every word it begins
/// over the whole store before it intersects them with anything: for a prefix of a word in 3% of
/// a million records that is 20 ms for every query, where the word itself, intersected with the
/// newest recency buckets, costs 0.3 ms (EXPLAIN ANALYZE). Written words are added in the write
/// transaction (sorted, so that two writers adding the same new words cannot deadlock), and
/// never taken out: a word of a deleted record only costs the index a lookup that finds nothing.
/// `memory_words_state.complete_above`: rows up to that id were written before the vocabulary
/// existed, and their words may be missing.
///
/// Thread-safe.
class PostgresVocabulary
{
public:
    /// A prefix expands to words when it begins at most this many listed words: each costs the
    /// index a lookup that does not skip as a single word's does (at a million records, an
    /// expansion into 35 to 50 words took 5-30 ms for one recency bucket; one word 0.3 ms).
    static constexpr int maxExpansion = 16;

    /// Inside a write transaction, before its rows: adds the words of `distinctWords` that this
    /// process has not seen committed.
    Result<void> add(PostgresConnections &connections, const QList<QStringList> &distinctWords);
    /// After that transaction committed: its words are known to be listed.
    void committed(const QList<QStringList> &distinctWords);

    /// What the vocabulary says about a prefix.
    struct Expansion
    {
        /// The words the prefix begins (none: the prefix begins no listed word); nothing when
        /// more than maxExpansion.
        std::optional<QStringList> words;
        /// Whether the prefix is itself a listed word.
        bool wordListed = false;
        /// Rows up to this id may hold words the vocabulary does not list.
        qint64 completeAbove = 0;
    };
    Result<Expansion> expand(PostgresConnections &connections, const QString &prefix) const;

private:
    /// Bounds what this process remembers: a store of hashes and ids has words without end.
    static constexpr qsizetype maxKnown = 1 << 18;

    mutable QMutex m_mutex;
    QSet<QString> m_known;
};

} // namespace valis::memory
