#pragma once

#include "valis/core/result.h"

#include <QElapsedTimer>
#include <QHash>
#include <QMutex>
#include <QSet>
#include <QString>
#include <QStringList>

namespace valis::memory {

class PostgresConnections;

/// The common words of the PostgreSQL DetailStore, whose adjacent pairs go into each record's
/// pair vector (postgresschema.h, version 2), as the SQLite transcript index keeps pairs of its
/// common words (store/phrasepairindex.h). PostgreSQL answers a phrase by the records holding
/// all its words and then checks the word order on each one's whole vector: for two common
/// words that rarely stand together that is hundreds of thousands of vectors (seconds on a
/// million records); their pair's postings are only the records that hold the phrase.
///
/// A word becomes common once it is in at least 1/promotionShare of a window of
/// promotionWindow records this process wrote. `memory_pair_words` holds each common word
/// with `since_id`: every row from that id on was written knowing the word. Promotion makes
/// that true with the table's locks: a write transaction takes memory_pair_words in SHARE mode
/// and writes its pairs with the words the table holds then; a promotion takes it in EXCLUSIVE
/// mode (waiting for every write in flight, holding back every new one) and sets since_id past
/// the newest row. Rows written before a word's since_id are searched the old way.
///
/// Thread-safe.
class PostgresPairWords
{
public:
    static constexpr int promotionWindow = 4096;
    static constexpr int promotionShare = 20;
    /// At most this many common words: the pairs of more would cost as much as the word index.
    static constexpr int maxWords = 4096;

    /// The words a search may narrow by, as committed (word -> since_id). Read again when the
    /// last read is older than a minute or this process promoted words since: a stale list only
    /// narrows fewer phrases.
    Result<QHash<QString, qint64>> committed(PostgresConnections &connections);

    /// The common words this process last saw, for records prepared outside a transaction.
    QSet<QString> known() const;

    /// Inside a write transaction, before its rows: promotes the words that are due (see
    /// count()), else takes the share lock; returns the words this transaction's rows must
    /// pair, as the table holds them now. A rollback loses that promotion: the words are
    /// promoted again once another window finds them common.
    Result<QSet<QString>> beginWrite(PostgresConnections &connections);

    /// Counts the distinct words of records this process wrote; a full window makes the words
    /// in enough of its records due for promotion by the next beginWrite().
    void count(const QStringList &distinctWords);

private:
    mutable QMutex m_mutex;
    QHash<QString, qint64> m_committed;
    QElapsedTimer m_committedRead; ///< invalid: read at the next search
    QSet<QString> m_known;
    bool m_knownUncertain = false; ///< m_known was read in a transaction that promoted words
    QHash<QString, int> m_windowCounts;
    int m_windowRecords = 0;
    QStringList m_due;
};

} // namespace valis::memory
