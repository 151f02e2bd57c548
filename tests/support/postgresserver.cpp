#include "postgresserver.h"

#include <QAtomicInteger>
#include <QCollator>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTcpServer>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace valis::test {

namespace {

Error serverError(const QString &message)
{
    return Error(QStringLiteral("postgres-server.failed"), message);
}

/// /usr/lib/postgresql/<highest version>/bin, then the folder of initdb on PATH.
QString findBinDir()
{
    const QString overridden = qEnvironmentVariable("VALIS_PG_BINDIR");
    if (!overridden.isEmpty())
        return overridden;
    QDir versions(QStringLiteral("/usr/lib/postgresql"));
    QStringList names = versions.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCollator numeric;
    numeric.setNumericMode(true);
    std::sort(names.begin(), names.end(),
              [&numeric](const QString &a, const QString &b) { return numeric.compare(a, b) > 0; });
    for (const QString &version : names) {
        const QString bin = versions.filePath(version + QStringLiteral("/bin"));
        if (QFileInfo(bin + QStringLiteral("/initdb")).isExecutable()
            && QFileInfo(bin + QStringLiteral("/pg_ctl")).isExecutable())
            return bin;
    }
    const QString initdb = QStandardPaths::findExecutable(QStringLiteral("initdb"));
    if (!initdb.isEmpty())
        return QFileInfo(QFileInfo(initdb).canonicalFilePath()).absolutePath();
    return {};
}

int freeLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

QString uniqueConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("valis-test-postgres-%1").arg(counter.fetchAndAddRelaxed(1));
}

} // namespace

PostgresServer::PostgresServer() = default;

PostgresServer::~PostgresServer()
{
    if (m_running)
        (void)stop();
}

Result<std::unique_ptr<PostgresServer>> PostgresServer::start(const QStringList &settings)
{
    std::unique_ptr<PostgresServer> server(new PostgresServer);
    server->m_settings = settings;
    Result<void> initialized = server->initialize();
    if (!initialized.ok())
        return initialized.error();
    Result<void> started = server->startOnFreePort();
    if (!started.ok())
        return started.error();
    Result<void> created = server->execute(QStringLiteral("CREATE DATABASE valis"), QStringLiteral("postgres"));
    if (!created.ok())
        return created.error();
    return server;
}

Result<void> PostgresServer::initialize()
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return serverError(QStringLiteral("Qt's QPSQL driver is not installed (Debian: libqt6sql6-psql)"));
    if (!m_dir.isValid())
        return serverError(QStringLiteral("cannot create a temporary folder: %1").arg(m_dir.errorString()));
    m_binDir = findBinDir();
    if (m_binDir.isEmpty())
        return serverError(QStringLiteral("no PostgreSQL server binaries (initdb, pg_ctl) under "
                                          "/usr/lib/postgresql/*/bin or on PATH; install the "
                                          "`postgresql` package (scripts/dev.sh setup does)"));
#ifdef Q_OS_UNIX
    if (::geteuid() == 0) {
        // initdb and postgres refuse to run as root: the folder goes to the postgres user.
        const struct passwd *account = ::getpwnam("postgres");
        if (!account)
            return serverError(QStringLiteral("running as root, but there is no `postgres` user to run "
                                              "the server as (the postgresql package creates it)"));
        const QByteArray path = QFile::encodeName(m_dir.path());
        if (::chown(path.constData(), account->pw_uid, account->pw_gid) != 0)
            return serverError(QStringLiteral("cannot give %1 to the postgres user").arg(m_dir.path()));
        m_asPostgresUser = true;
    }
#endif
    const QString data = m_dir.filePath(QStringLiteral("data"));
    QStringList arguments = {QStringLiteral("-D"), data, QStringLiteral("-A"), QStringLiteral("trust"),
                             QStringLiteral("-U"), QStringLiteral("valis"), QStringLiteral("-E"),
                             QStringLiteral("UTF8"), QStringLiteral("--no-sync"),
                             QStringLiteral("--no-instructions")};
    // A UTF-8 character classification (as on real servers) so that text search lower-cases
    // and splits non-ASCII words; plain C where that locale does not exist.
    Result<QString> made = run(QStringLiteral("initdb"), arguments + QStringList{QStringLiteral("--locale=C.UTF-8")});
    if (!made.ok()) {
        QDir(data).removeRecursively();
        made = run(QStringLiteral("initdb"), arguments + QStringList{QStringLiteral("--no-locale")});
    }
    if (!made.ok())
        return made.error();
    return success();
}

Result<void> PostgresServer::startOnFreePort()
{
    // The port is free when probed but may be taken before the server binds it: try a few.
    Error last;
    for (int attempt = 0; attempt < 4; ++attempt) {
        m_port = freeLoopbackPort();
        if (m_port == 0)
            return serverError(QStringLiteral("no free port on 127.0.0.1"));
        Result<void> started = startServer();
        if (started.ok())
            return success();
        last = started.error();
        if (!log().contains(QStringLiteral("could not bind")) && !log().contains(QStringLiteral("in use")))
            break;
    }
    return last;
}

Result<void> PostgresServer::startServer()
{
    QString options =
        QStringLiteral("-p %1 -k %2 -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
                       "-c full_page_writes=off -c max_connections=100")
            .arg(m_port)
            .arg(m_dir.path());
    for (const QString &setting : std::as_const(m_settings))
        options += QStringLiteral(" -c ") + setting;
    Result<QString> started = run(QStringLiteral("pg_ctl"),
                                  {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-o"),
                                   options, QStringLiteral("-l"), m_dir.filePath(QStringLiteral("log")),
                                   QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("60"),
                                   QStringLiteral("start")});
    if (!started.ok())
        return Error(started.error().code, started.error().message + QStringLiteral("\nserver log:\n") + log());
    m_running = true;
    return success();
}

Result<void> PostgresServer::stop()
{
    if (!m_running)
        return success();
    Result<QString> stopped = run(QStringLiteral("pg_ctl"),
                                  {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-m"),
                                   QStringLiteral("fast"), QStringLiteral("-w"), QStringLiteral("stop")});
    if (!stopped.ok())
        return stopped.error();
    m_running = false;
    return success();
}

Result<void> PostgresServer::restart()
{
    Result<void> stopped = stop();
    if (!stopped.ok())
        return stopped;
    return startServer();
}

QString PostgresServer::log() const
{
    QFile file(m_dir.filePath(QStringLiteral("log")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return QString::fromUtf8(bytes.right(4000));
}

Result<QString> PostgresServer::run(const QString &binary, const QStringList &arguments, int timeoutMs) const
{
    const QString path = m_binDir + QLatin1Char('/') + binary;
    QProcess process;
    process.setProcessChannelMode(QProcess::SeparateChannels);
    // The postgres user may not be allowed into our working folder.
    process.setWorkingDirectory(m_dir.path());
    QString program = path;
    QStringList programArguments = arguments;
    if (m_asPostgresUser) {
        QString runuser = QStandardPaths::findExecutable(QStringLiteral("runuser"));
        if (runuser.isEmpty())
            runuser = QStandardPaths::findExecutable(QStringLiteral("runuser"),
                                                     {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
        if (runuser.isEmpty())
            return serverError(QStringLiteral("running as root, but `runuser` (util-linux) is missing, so %1 "
                                              "cannot run as the postgres user")
                                   .arg(path));
        program = runuser;
        programArguments = QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--"), path}
                           + arguments;
    }
    process.start(program, programArguments);
    if (!process.waitForStarted(30000))
        return serverError(QStringLiteral("cannot run %1: %2").arg(program, process.errorString()));
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        return serverError(QStringLiteral("%1 did not finish within %2 s").arg(path).arg(timeoutMs / 1000));
    }
    const QString output = QString::fromLocal8Bit(process.readAllStandardOutput());
    const QString errors = QString::fromLocal8Bit(process.readAllStandardError());
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return serverError(QStringLiteral("%1 %2 failed (exit code %3): %4")
                               .arg(path, arguments.join(QLatin1Char(' ')))
                               .arg(process.exitCode())
                               .arg(QString(errors + output).trimmed()));
    return output;
}

PostgresConnection PostgresServer::connection(const QString &database) const
{
    PostgresConnection connection;
    connection.host = QStringLiteral("127.0.0.1");
    connection.port = m_port;
    connection.database = database;
    connection.user = QStringLiteral("valis");
    return connection;
}

Result<PostgresConnection> PostgresServer::createDatabase(const QString &name)
{
    const QString database = name.isEmpty() ? QStringLiteral("valis_test_%1").arg(++m_databaseCounter) : name;
    // Identifiers cannot be bound; these names are ours, but quote them anyway.
    QString quoted = database;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    Result<void> created = execute(QStringLiteral("CREATE DATABASE \"%1\"").arg(quoted), QStringLiteral("postgres"));
    if (!created.ok())
        return created.error();
    return connection(database);
}

Result<void> PostgresServer::execute(const QString &statement, const QString &database) const
{
    Result<QVariant> done = scalar(statement, database);
    if (done.hasError())
        return done.error();
    return success();
}

Result<QVariant> PostgresServer::scalar(const QString &statement, const QString &database) const
{
    const QString name = uniqueConnectionName();
    Result<QVariant> outcome = QVariant();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(m_port);
        db.setDatabaseName(database);
        db.setUserName(QStringLiteral("valis"));
        if (!db.open()) {
            outcome = serverError(QStringLiteral("cannot connect to the test server on port %1: %2")
                                      .arg(m_port)
                                      .arg(db.lastError().text()));
        } else {
            QSqlQuery query(db);
            if (!query.exec(statement))
                outcome = serverError(QStringLiteral("%1: %2").arg(statement, query.lastError().text()));
            else if (query.isSelect() && query.next())
                outcome = query.value(0);
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return outcome;
}

} // namespace valis::test
