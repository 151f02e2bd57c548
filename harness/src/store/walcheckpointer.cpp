#include "store/walcheckpointer.h"

#include <QAtomicInteger>
#include <QSqlDatabase>
#include <QSqlQuery>

namespace valis::store {

namespace {
// Long enough to batch a burst of appends, short enough that the WAL stays a few MB.
constexpr int intervalMs = 250;
} // namespace

WalCheckpointer::WalCheckpointer(QString databasePath)
    : m_path(std::move(databasePath))
{
    setObjectName(QStringLiteral("valis-wal-checkpoint"));
}

WalCheckpointer::~WalCheckpointer()
{
    stop();
}

void WalCheckpointer::noteCommit()
{
    QMutexLocker locker(&m_mutex);
    ++m_pendingCommits;
}

void WalCheckpointer::stop()
{
    {
        QMutexLocker locker(&m_mutex);
        m_stopping = true;
        m_wake.wakeAll();
    }
    wait();
}

void WalCheckpointer::run()
{
    static QAtomicInteger<quint64> counter;
    const QString name = QStringLiteral("valis-checkpoint-%1").arg(counter.fetchAndAddRelaxed(1));
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(m_path);
        db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=1000"));
        if (db.open()) {
            QMutexLocker locker(&m_mutex);
            while (!m_stopping) {
                m_wake.wait(&m_mutex, intervalMs);
                if (m_stopping || m_pendingCommits == 0)
                    continue;
                m_pendingCommits = 0;
                locker.unlock();
                // A failed or partial checkpoint is harmless: the next one, or the last
                // connection's close, completes it.
                QSqlQuery query(db);
                query.exec(QStringLiteral("PRAGMA wal_checkpoint(PASSIVE)"));
                query.finish();
                locker.relock();
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
}

} // namespace valis::store
