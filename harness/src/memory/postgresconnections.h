#pragma once

#include "valis/core/result.h"
#include "valis/memory/memorysettings.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>

class QThread;

namespace valis::memory {

/// The PostgreSQL connections of one PostgresDetailStore: one per thread (a QSqlDatabase may
/// only be used from the thread that opened it), opened on a thread's first call, closed when
/// that thread finishes or the store goes. Each connection keeps its prepared statements, so a
/// statement is parsed by the server once per connection, not once per call.
///
/// Thread-safe; every call acts on the calling thread's connection.
class PostgresConnections
{
public:
    explicit PostgresConnections(PostgresConnection settings);
    ~PostgresConnections();
    PostgresConnections(const PostgresConnections &) = delete;
    PostgresConnections &operator=(const PostgresConnections &) = delete;

    /// This thread's connection, opened (and its session set up) on first use. Failure:
    /// "memory.unavailable" with the server's words and the address without the password.
    Result<QSqlDatabase> database();
    /// A prepared statement on this thread's connection, prepared on first use. Bind values
    /// and exec() it; it stays prepared for the next call.
    Result<QSqlQuery *> prepared(const QString &statement);
    /// Whether this thread's connection still reaches the server (after a failed statement:
    /// tells a lost connection from an SQL error).
    bool alive();
    /// Drops this thread's connection so that the next database() connects anew.
    void reset();

    const PostgresConnection &settings() const { return m_settings; }
    /// "memory.unavailable": `serverText` with the address (never the password).
    Error unavailable(const QString &serverText) const;

private:
    struct PerThread;
    struct Shared;
    /// This thread's entry, created (not yet connected) on first use.
    PerThread &current();
    static void close(PerThread &entry);

    PostgresConnection m_settings;
    /// Shared with the thread-finished handlers, which may run after the store is gone.
    std::shared_ptr<Shared> m_shared;
};

} // namespace valis::memory
