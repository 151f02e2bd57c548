#include "memory/postgresvocabularybackfill.h"

#include "memory/postgresconnections.h"
#include "memory/postgresmemoryrows.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QMutexLocker>
#include <QSqlDatabase>
#include <QThread>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

using postgres_rows::sqlError;

/// Between two chunks.
constexpr int pauseBetweenChunksMs = 50;

} // namespace

PostgresVocabularyBackfill::PostgresVocabularyBackfill(PostgresConnections &connections, qint64 completeAbove,
                                                       int firstPauseMs)
    : m_connections(connections)
{
    m_progress.rowsLeft = completeAbove;
    if (completeAbove <= 0)
        return;
    m_thread = QThread::create([this, firstPauseMs]() { run(firstPauseMs); });
    m_thread->setObjectName(QStringLiteral("valis-memory-vocabulary"));
    m_thread->start(QThread::LowPriority);
}

PostgresVocabularyBackfill::~PostgresVocabularyBackfill()
{
    if (!m_thread)
        return;
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
        m_wake.wakeAll();
    }
    m_thread->wait();
    delete m_thread;
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
    if (!pause(firstPauseMs))
        return;
    for (;;) {
        Result<qint64> left = listOlderWords(m_connections);
        {
            QMutexLocker locker(&m_mutex);
            if (left.hasError()) {
                m_progress.stopped = left.error();
                return;
            }
            m_progress.rowsLeft = left.value();
        }
        if (left.value() == 0 || !pause(pauseBetweenChunksMs))
            return;
    }
}

Result<qint64> PostgresVocabularyBackfill::listOlderWords(PostgresConnections &connections, qint64 rows)
{
    Result<QSqlDatabase> db = connections.database();
    if (db.hasError())
        return db.error();
    const QString doing = Text::tr("list the words of older memories");
    if (!db.value().transaction())
        return sqlError(db.value().lastError(), doing);
    const auto fail = [&db](const Error &error) {
        db.value().rollback();
        return error;
    };
    Result<QSqlQuery *> state =
        connections.prepared(QStringLiteral("SELECT complete_above FROM memory_words_state FOR UPDATE"));
    if (state.hasError())
        return fail(state.error());
    if (!state.value()->exec())
        return fail(sqlError(*state.value(), doing));
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
            return fail(insert.error());
        insert.value()->bindValue(0, low);
        insert.value()->bindValue(1, high);
        if (!insert.value()->exec())
            return fail(sqlError(*insert.value(), doing));
        insert.value()->finish();
        Result<QSqlQuery *> update =
            connections.prepared(QStringLiteral("UPDATE memory_words_state SET complete_above = ?"));
        if (update.hasError())
            return fail(update.error());
        update.value()->bindValue(0, low);
        if (!update.value()->exec())
            return fail(sqlError(*update.value(), doing));
        update.value()->finish();
    }
    if (!db.value().commit())
        return fail(sqlError(db.value().lastError(), doing));
    return low;
}

} // namespace valis::memory
