#pragma once

#include <QMutex>
#include <QString>
#include <QThread>
#include <QWaitCondition>

namespace valis::store {

/// Moves the write-ahead log into the database on its own thread and connection.
///
/// SQLite's automatic checkpoint runs inside whichever commit crosses the WAL size limit, which
/// turns one append in a few hundred into a stall of tens of milliseconds (copying megabytes and
/// syncing). The store raises that limit on its writing connection to a safety valve and lets
/// this thread checkpoint (PASSIVE: it never blocks writers or readers) shortly after commits.
/// When the last connection closes, SQLite checkpoints what is left, so nothing depends on this
/// thread for durability.
class WalCheckpointer : public QThread
{
public:
    explicit WalCheckpointer(QString databasePath);
    ~WalCheckpointer() override;

    /// Called after every commit; wakes the thread at most once per interval.
    void noteCommit();
    void stop();

protected:
    void run() override;

private:
    QString m_path;
    QMutex m_mutex;
    QWaitCondition m_wake;
    bool m_stopping = false;
    int m_pendingCommits = 0;
};

} // namespace valis::store
