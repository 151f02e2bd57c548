#include "memory/postgrespairwords.h"

#include "memory/postgresconnections.h"
#include "memory/postgresmemoryrows.h"

#include <QCoreApplication>
#include <QMutexLocker>
#include <QSqlQuery>

#include <algorithm>
#include <utility>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

using postgres_rows::sqlError;
using postgres_rows::textArray;

Result<QHash<QString, qint64>> readWords(QSqlDatabase &db)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT word, since_id FROM memory_pair_words")))
        return sqlError(q, Text::tr("read the common words"));
    QHash<QString, qint64> words;
    while (q.next())
        words.insert(q.value(0).toString(), q.value(1).toLongLong());
    return words;
}

} // namespace

Result<QHash<QString, qint64>> PostgresPairWords::committed(PostgresConnections &connections)
{
    {
        QMutexLocker locker(&m_mutex);
        if (m_committedRead.isValid() && m_committedRead.elapsed() < 60 * 1000)
            return m_committed;
    }
    Result<QSqlDatabase> db = connections.database();
    if (db.hasError())
        return db.error();
    Result<QHash<QString, qint64>> words = readWords(db.value());
    if (words.hasError())
        return words.error();
    QMutexLocker locker(&m_mutex);
    m_committed = words.value();
    m_committedRead.start();
    return words;
}

QSet<QString> PostgresPairWords::known() const
{
    QMutexLocker locker(&m_mutex);
    return m_known;
}

Result<QSet<QString>> PostgresPairWords::beginWrite(PostgresConnections &connections)
{
    QStringList due;
    QSet<QString> known;
    bool uncertain = false;
    {
        QMutexLocker locker(&m_mutex);
        due = std::exchange(m_due, {});
        known = m_known;
        uncertain = m_knownUncertain;
    }
    Result<QSqlDatabase> db = connections.database();
    if (db.hasError())
        return db.error();
    QSqlQuery q(db.value());
    q.setForwardOnly(true);
    // No lock is held across the calls below while the mutex is: a promotion may wait here for
    // other threads' write transactions to end.
    if (!q.exec(due.isEmpty() ? QStringLiteral("LOCK TABLE memory_pair_words IN SHARE MODE")
                              : QStringLiteral("LOCK TABLE memory_pair_words IN EXCLUSIVE MODE")))
        return sqlError(q, Text::tr("lock the common words"));
    if (!q.exec(QStringLiteral("SELECT count(*) FROM memory_pair_words")) || !q.next())
        return sqlError(q, Text::tr("read the common words"));
    qint64 count = q.value(0).toLongLong();
    q.finish();
    bool promoted = false;
    if (!due.isEmpty() && count < maxWords) {
        due = due.mid(0, maxWords - count);
        // Under the exclusive lock no write is in flight: every row up to max(id) was written
        // without these words, every later one will be written with them.
        if (!q.prepare(QStringLiteral("INSERT INTO memory_pair_words (word, since_id) "
                                      "SELECT u.w, (SELECT coalesce(max(id), 0) + 1 FROM agent_memories) "
                                      "FROM unnest(CAST(? AS text[])) AS u(w) ON CONFLICT (word) DO NOTHING")))
            return sqlError(q, Text::tr("promote common words"));
        q.bindValue(0, textArray(due));
        if (!q.exec())
            return sqlError(q, Text::tr("promote common words"));
        const int inserted = q.numRowsAffected();
        q.finish();
        count += inserted;
        promoted = inserted > 0;
    }
    // The table only grows, so the same number of words is the same words, unless this
    // process's list came from a transaction that may have been rolled back.
    if (count != known.size() || uncertain || promoted) {
        Result<QHash<QString, qint64>> words = readWords(db.value());
        if (words.hasError())
            return words.error();
        known.clear();
        for (auto it = words.value().cbegin(); it != words.value().cend(); ++it)
            known.insert(it.key());
    }
    QMutexLocker locker(&m_mutex);
    m_known = known;
    m_knownUncertain = promoted;
    if (promoted)
        m_committedRead.invalidate(); // searches read the new words at once
    return known;
}

void PostgresPairWords::count(const QStringList &distinctWords)
{
    QMutexLocker locker(&m_mutex);
    for (const QString &word : distinctWords)
        ++m_windowCounts[word];
    if (++m_windowRecords < promotionWindow)
        return;
    const int needed = promotionWindow / promotionShare + 1;
    QList<std::pair<int, QString>> common;
    for (auto it = m_windowCounts.cbegin(); it != m_windowCounts.cend(); ++it) {
        if (it.value() >= needed && !m_known.contains(it.key()) && !m_due.contains(it.key()))
            common.append({it.value(), it.key()});
    }
    // The most common first, should there be more than room for.
    std::sort(common.begin(), common.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    const qsizetype room = qMax<qsizetype>(0, maxWords - m_known.size() - m_due.size());
    for (qsizetype i = 0; i < common.size() && i < room; ++i)
        m_due.append(common.at(i).second);
    m_windowCounts.clear();
    m_windowRecords = 0;
}

} // namespace valis::memory
