#pragma once

#include "valis/core/result.h"
#include "valis/memory/memorysettings.h"

#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QVariant>

#include <memory>

namespace valis::test {

/// A real PostgreSQL server for a test run: initdb into a temporary folder, started with pg_ctl
/// on 127.0.0.1 and a free port (its unix socket in the same folder), tuned for speed rather
/// than durability (no fsync), stopped with `pg_ctl stop -m fast` and deleted when the object
/// goes. The binaries come from /usr/lib/postgresql/<highest version>/bin (Debian's layout),
/// then from PATH; $VALIS_PG_BINDIR overrides both. initdb and postgres refuse to run as root,
/// so as root the folder belongs to the `postgres` user and every binary runs through
/// `runuser -u postgres`.
///
/// The superuser is `valis` (trust authentication on loopback), and the database `valis`
/// exists. Make one server per test executable (initTestCase) and give each test a fresh
/// database with createDatabase(), which takes a fraction of a second.
class PostgresServer
{
public:
    /// Starts a server. `settings` ("shared_buffers=1GB", ...) are added to the server's own
    /// (benchmarks size it like a real one). A failure names the binary that failed and what
    /// it printed.
    static Result<std::unique_ptr<PostgresServer>> start(const QStringList &settings = {});
    ~PostgresServer();
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    /// How to reach `database` on this server as `valis`.
    PostgresConnection connection(const QString &database = QStringLiteral("valis")) const;
    /// Creates a new, empty database (named `name`, or a fresh unique name) and returns its
    /// connection.
    Result<PostgresConnection> createDatabase(const QString &name = {});
    /// Runs one statement as the superuser in `database` (administration and checks that
    /// look behind the code under test).
    Result<void> execute(const QString &statement, const QString &database = QStringLiteral("valis")) const;
    /// The first column of the first row `query` gives in `database` (an invalid QVariant for
    /// no row): for checks that look at the tables behind the store's back.
    Result<QVariant> scalar(const QString &query, const QString &database = QStringLiteral("valis")) const;
    /// Stops the server (fast shutdown: clients are disconnected) and starts it again on the same
    /// port and data folder.
    Result<void> restart();
    /// Stops the server; the destructor does this too.
    Result<void> stop();

    int port() const { return m_port; }
    QString binDir() const { return m_binDir; }
    QString folder() const { return m_dir.path(); }
    /// The server's log so far (for failure messages).
    QString log() const;

private:
    PostgresServer();
    Result<void> initialize();
    Result<void> startOnFreePort();
    Result<void> startServer();
    /// Runs `binary` from the bin folder (as `postgres` when we are root); the error names the
    /// binary and carries its output.
    Result<QString> run(const QString &binary, const QStringList &arguments, int timeoutMs = 120000) const;

    QTemporaryDir m_dir;
    QString m_binDir;
    bool m_asPostgresUser = false;
    int m_port = 0;
    bool m_running = false;
    QStringList m_settings;
    int m_databaseCounter = 0;
};

} // namespace valis::test
