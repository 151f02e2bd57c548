#pragma once

#include "memory/postgresconnections.h"
#include "memory/postgresmemoryrows.h"
#include "valis/core/result.h"

#include <QSqlDatabase>
#include <QSqlQuery>

#include <QMutex>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace valis::memory {

/// Every word of the PostgreSQL DetailStore's rows (postgresschema.h, version 3: `memory_words`),
/// so that a search can turn a prefix into the few words it begins.
///
/// The GIN index answers a prefix (`'archid':*`) by merging the postings of every word it begins
/// over the whole store before it intersects them with anything: for a prefix of a word in 3% of
/// a million records that is 20 ms for every query, where the word itself, intersected with the
/// newest recency buckets, costs 0.3 ms (EXPLAIN ANALYZE). Written words are added in the write
/// transaction (sorted, so that two writers adding the same new words cannot deadlock), and
/// taken out when a purge deletes a record (a purged secret must not stay behind as a word)
/// and put back by a recheck if another record holds them; a deactivated record's words stay. `memory_words_state.complete_above`:
/// rows up to that id were written before the vocabulary existed, and their words may be
/// missing. `memory_words_state.generation` counts the purges that took words out: a process
/// whose remembered words are from an older generation forgets them.
///
/// Locks: writers, the background listing and recheck (postgresvocabularybackfill.h) and purges
/// all take `memory_pair_words` first (SHARE, SHARE, EXCLUSIVE: postgrespairwords.h), so a purge
/// never runs beside a write, a listing or a recheck that could put back a word it takes out.
///
/// Thread-safe.
class PostgresVocabulary
{
public:
    /// A prefix expands to words when it begins at most this many listed words: each costs the
    /// index a lookup that does not skip as a single word's does (at a million records, an
    /// expansion into 35 to 50 words took 5-30 ms for one recency bucket; one word 0.3 ms).
    static constexpr int maxExpansion = 16;

    /// Inside a write transaction, after the share lock on memory_pair_words: adds the words of
    /// `distinctWords` that this process has not seen committed. Returns the generation it saw.
    Result<qint64> add(PostgresConnections &connections, const QList<QStringList> &distinctWords);
    /// After that transaction committed: its words are known to be listed, unless a purge has
    /// taken words out since (`generation` is no longer this process's).
    void committed(const QList<QStringList> &distinctWords, qint64 generation);

    /// Inside a purge's transaction, after the exclusive lock on memory_pair_words and the
    /// delete: takes the purged record's `words` off the vocabulary and sets them aside in
    /// `memory_words_recheck` (words the planner's statistics list as common stay: they are in
    /// thousands of records). Until they are rechecked, a prefix that begins any of them is not
    /// expanded (Expansion::completeAbove is the highest id).
    static Result<void> setAside(PostgresConnections &connections, const QStringList &words);
    /// Rechecks up to `words` set-aside words in one transaction: those a record still holds go
    /// back to the vocabulary, the others (the purged record's own) are gone. Returns how many
    /// were rechecked (0: none was left).
    static Result<qsizetype> recheckSetAside(PostgresConnections &connections, qsizetype words);

    /// Runs `work` (returning Result<T>) in one transaction on this thread's connection, after
    /// the share lock on memory_pair_words that writers take (see the class comment), so that
    /// no purge runs beside it; rolls back when `work` or the commit fails.
    template<typename T, typename Work>
    static Result<T> besideWriters(PostgresConnections &connections, const QString &doing, Work &&work)
    {
        Result<QSqlDatabase> db = connections.database();
        if (db.hasError())
            return db.error();
        if (!db.value().transaction())
            return postgres_rows::sqlError(db.value().lastError(), doing);
        const auto fail = [&db](const Error &error) {
            db.value().rollback();
            return error;
        };
        {
            QSqlQuery lock(db.value()); // LOCK cannot be a prepared statement
            if (!lock.exec(QStringLiteral("LOCK TABLE memory_pair_words IN SHARE MODE")))
                return fail(postgres_rows::sqlError(lock, doing));
        }
        Result<T> result = work();
        if (result.hasError())
            return fail(result.error());
        if (!db.value().commit())
            return fail(postgres_rows::sqlError(db.value().lastError(), doing));
        return result;
    }

    /// What the vocabulary says about a prefix.
    struct Expansion
    {
        /// The words the prefix begins (none: the prefix begins no listed word); nothing when
        /// more than maxExpansion, or when a word it begins is set aside for a recheck.
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
    qint64 m_generation = -1;
};

} // namespace valis::memory
