#pragma once

#include "valis/core/result.h"

#include <QMutex>
#include <QWaitCondition>

#include <optional>

class QThread;

namespace valis::memory {

class PostgresConnections;

/// Keeps the vocabulary (postgresvocabulary.h) whole in the background: rechecks the words a
/// purge set aside, and lists the words of the rows written before the store had its
/// vocabulary (a store upgraded to schema 3), newest rows first, a chunk at a time
/// on a thread of its own, until `memory_words_state.complete_above` reaches 0: searches then
/// expand prefixes over every row. Each chunk is one transaction that takes the state row FOR
/// UPDATE, so several processes on the same database share the work without doing a chunk
/// twice; words go in sorted bytewise, as writers add theirs, so neither waits on the other in
/// a cycle.
///
/// The thread starts after a pause (a `valis-cli` command that is done by then never pays for
/// a chunk), pauses between chunks to leave the server to searches and writes, and stops after
/// the chunk in progress when the store goes. A failed chunk stops it; progress() says why, and
/// the next opening of the store tries again.
class PostgresVocabularyBackfill
{
public:
    /// Rows per chunk: about 0.7 s at a million records of bench_memory's text.
    static constexpr qint64 chunkRows = 2000;

    /// Starts the thread over `connections` (which must outlive this) when `completeAbove` > 0
    /// or words are set aside for a recheck (postgresvocabulary.h).
    PostgresVocabularyBackfill(PostgresConnections &connections, qint64 completeAbove, bool recheckPending,
                               int firstPauseMs = 5000);
    ~PostgresVocabularyBackfill();
    PostgresVocabularyBackfill(const PostgresVocabularyBackfill &) = delete;
    PostgresVocabularyBackfill &operator=(const PostgresVocabularyBackfill &) = delete;

    /// One chunk of `rows` rows below complete_above, in its own transaction on the calling
    /// thread's connection. Returns the new complete_above (0: every row's words are listed).
    static Result<qint64> listOlderWords(PostgresConnections &connections, qint64 rows = chunkRows);

    /// After a purge set words aside: rechecks them soon, starting the thread again if it was
    /// done.
    void wake();

    struct Progress
    {
        qint64 rowsLeft = 0;          ///< complete_above as last seen (rows may be fewer: ids have gaps)
        std::optional<Error> stopped; ///< what stopped the thread before it was done
    };
    Progress progress() const;

private:
    void run(int firstPauseMs);
    /// With m_mutex held.
    void startLocked(int firstPauseMs);
    /// Waits `ms` unless the store goes first; false when it does.
    bool pause(int ms);

    PostgresConnections &m_connections;
    mutable QMutex m_mutex;
    QWaitCondition m_wake;
    bool m_stopping = false;
    bool m_running = false;
    bool m_woken = false;
    Progress m_progress;
    QThread *m_thread = nullptr;
};

} // namespace valis::memory
