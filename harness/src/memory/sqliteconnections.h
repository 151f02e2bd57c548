#pragma once

#include "valis/core/result.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QSqlDatabase>
#include <QString>

#include <memory>

class QThread;

namespace valis::memory {

/// One QSqlDatabase connection per thread to one SQLite file, as QtSql requires (a connection
/// may only be used by the thread that opened it). A thread's connection is opened on its first
/// call, set up (busy timeout, synchronous mode, the ranking function) and closed when the thread
/// finishes or the pool goes away, whichever comes first.
class SqliteConnections
{
public:
    explicit SqliteConnections(QString path);
    ~SqliteConnections();
    SqliteConnections(const SqliteConnections &) = delete;
    SqliteConnections &operator=(const SqliteConnections &) = delete;

    /// The calling thread's connection, opening it if needed.
    Result<QSqlDatabase> forCurrentThread();
    QString path() const { return m_path; }

    /// How long a connection waits for another writer before failing: long, since a writer may
    /// be storing a large record, and failing would lose a tool's output.
    static constexpr int busyTimeoutMs = 15000;

private:
    struct Connection
    {
        QString name;
        QSqlDatabase db;
    };
    Result<QSqlDatabase> open();
    void release(QThread *thread);
    static void close(Connection &connection);

    QString m_path;
    QMutex m_mutex;
    QHash<QThread *, Connection> m_connections;
    /// Context of the connections to QThread::finished: destroyed first, so no thread can
    /// release into a pool that is going away.
    std::unique_ptr<QObject> m_context;
};

} // namespace valis::memory
