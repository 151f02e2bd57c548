#include "memory/postgresvocabularybackfill.h"

#include "memory/postgresconnections.h"
#include "memory/postgresmemoryrows.h"
#include "memory/postgresvocabulary.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QMutexLocker>
#include <QSqlQuery>
#include <QThread>

#include <utility>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

using postgres_rows::sqlError;

/// Between two chunks.
constexpr int pauseBetweenChunksMs = 50;
/// Set-aside words rechecked per transaction: a few seconds at a million records.
constexpr qsizetype recheckWords = 200;

} // namespace

PostgresVocabularyBackfill::PostgresVocabularyBackfill(PostgresConnections &connections, qint64 completeAbove,
                                                       bool recheckPending, int firstPauseMs)
    : m_connections(connections)
{
    m_progress.rowsLeft = completeAbove;
    if (completeAbove > 0 || recheckPending) {
        QMutexLocker locker(&m_mutex);
        startLocked(firstPauseMs);
    }
}

PostgresVocabularyBackfill::~PostgresVocabularyBackfill()
{
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
        m_wake.wakeAll();
    }
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
}

void PostgresVocabularyBackfill::wake()
{
    QMutexLocker locker(&m_mutex);
    if (m_stopping)
        return;
    if (m_running) {
        m_woken = true; // the thread looks again before it ends
        return;
    }
    startLocked(0);
}

void PostgresVocabularyBackfill::startLocked(int firstPauseMs)
{
    if (m_thread) {
        // Done (m_running is false): its end is at most a return away.
        m_thread->wait();
        delete m_thread;
    }
    m_running = true;
    m_progress.stopped.reset();
    m_thread = QThread::create([this, firstPauseMs]() { run(firstPauseMs); });
    m_thread->setObjectName(QStringLiteral("valis-memory-vocabulary"));
    m_thread->start(QThread::LowPriority);
}

PostgresVocabularyBackfill::Progress PostgresVocabularyBackfill::progress() const
{
    QMutexLocker locker(&m_mutex);
    return m_progress;
}

bool PostgresVocabularyBackfill::pause(int ms)
{
    QMutexLocker locker(&m_mutex);
    const QDeadlineTimer deadline(ms);
    while (!m_stopping && !deadline.hasExpired())
        m_wake.wait(&m_mutex, deadline);
    return !m_stopping;
}

void PostgresVocabularyBackfill::run(int firstPauseMs)
{
    const auto finish = [this](const std::optional<Error> &error) {
        QMutexLocker locker(&m_mutex);
        if (error)
            m_progress.stopped = error;
        m_running = false;
    };
    if (!pause(firstPauseMs))
        return finish({});
    for (;;) {
        Result<qsizetype> rechecked = PostgresVocabulary::recheckSetAside(m_connections, recheckWords);
        if (rechecked.hasError())
            return finish(rechecked.error());
        qint64 rowsLeft = progress().rowsLeft;
        if (rowsLeft > 0) {
            Result<qint64> left = listOlderWords(m_connections);
            if (left.hasError())
                return finish(left.error());
            rowsLeft = left.value();
            QMutexLocker locker(&m_mutex);
            m_progress.rowsLeft = rowsLeft;
        }
        if (rechecked.value() == 0 && rowsLeft == 0) {
            QMutexLocker locker(&m_mutex);
            if (!std::exchange(m_woken, false)) {
                m_running = false;
                return;
            }
        }
        if (!pause(pauseBetweenChunksMs))
            return finish({});
    }
}

Result<qint64> PostgresVocabularyBackfill::listOlderWords(PostgresConnections &connections, qint64 rows)
{
    // Beside writers (postgresvocabulary.h): a purge waits for this chunk, and this chunk cannot
    // list the words of a record a purge is taking out.
    const QString doing = Text::tr("list the words of older memories");
    return PostgresVocabulary::besideWriters<qint64>(connections, doing, [&]() -> Result<qint64> {
        Result<QSqlQuery *> state =
            connections.prepared(QStringLiteral("SELECT complete_above FROM memory_words_state FOR UPDATE"));
        if (state.hasError())
            return state.error();
        if (!state.value()->exec())
            return sqlError(*state.value(), doing);
        const qint64 high = state.value()->next() ? state.value()->value(0).toLongLong() : 0;
        state.value()->finish();
        const qint64 low = qMax<qint64>(0, high - qMax<qint64>(rows, 1));
        if (high > 0) {
            // Bucket lexemes ("#<n>") are the only ones that are not words.
            Result<QSqlQuery *> insert = connections.prepared(QStringLiteral(
                "INSERT INTO memory_words (word) "
                "SELECT DISTINCT u.w COLLATE \"C\" FROM agent_memories m, unnest(tsvector_to_array(m.search_vector)) AS u(w) "
                "WHERE m.id > ? AND m.id <= ? AND left(u.w, 1) <> '#' ORDER BY 1 "
                "ON CONFLICT (word) DO NOTHING"));
            if (insert.hasError())
                return insert.error();
            insert.value()->bindValue(0, low);
            insert.value()->bindValue(1, high);
            if (!insert.value()->exec())
                return sqlError(*insert.value(), doing);
            insert.value()->finish();
            Result<QSqlQuery *> update =
                connections.prepared(QStringLiteral("UPDATE memory_words_state SET complete_above = ?"));
            if (update.hasError())
                return update.error();
            update.value()->bindValue(0, low);
            if (!update.value()->exec())
                return sqlError(*update.value(), doing);
            update.value()->finish();
        }
        return low;
    });
}

} // namespace valis::memory
