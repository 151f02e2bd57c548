#include "memory/postgresconnections.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QHash>
#include <QMutex>
#include <QMutexLocker>
#include <QSqlError>
#include <QThread>

#include <unordered_map>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::PostgresDetailStore)
};

QString nextConnectionName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("valis-memory-postgres-%1").arg(counter.fetchAndAddRelaxed(1));
}

/// Set on every connection: notices (a word too long to index) are not worth stderr lines;
/// prepared statements are planned for their actual values (a text search for a rare word and
/// for a common one need different plans); timestamps travel in UTC.
constexpr char sessionSetup[] = "SET client_min_messages = warning; SET plan_cache_mode = force_custom_plan; "
                                "SET TimeZone = 'UTC'";

QString serverText(const QSqlError &error)
{
    QString text = error.databaseText().isEmpty() ? error.text() : error.databaseText();
    return text.trimmed().replace(QLatin1Char('\n'), QLatin1Char(' ')).simplified();
}

} // namespace

struct PostgresConnections::PerThread
{
    QString name;
    QSqlDatabase db;
    bool open = false;
    std::unordered_map<QString, std::unique_ptr<QSqlQuery>> statements;
    QMetaObject::Connection finishedHandler;
};

struct PostgresConnections::Shared
{
    QMutex mutex;
    QHash<QThread *, std::shared_ptr<PerThread>> threads;
};

PostgresConnections::PostgresConnections(PostgresConnection settings)
    : m_settings(std::move(settings)), m_shared(std::make_shared<Shared>())
{
}

PostgresConnections::~PostgresConnections()
{
    QHash<QThread *, std::shared_ptr<PerThread>> threads;
    {
        QMutexLocker locker(&m_shared->mutex);
        threads.swap(m_shared->threads);
    }
    for (const std::shared_ptr<PerThread> &entry : std::as_const(threads)) {
        QObject::disconnect(entry->finishedHandler);
        close(*entry);
    }
}

void PostgresConnections::close(PerThread &entry)
{
    // The driver goes first: statements that outlive it are freed without a DEALLOCATE each,
    // which on a lost connection would only print warnings (closing frees them on the server).
    entry.db = QSqlDatabase();
    entry.open = false;
    if (!entry.name.isEmpty())
        QSqlDatabase::removeDatabase(entry.name);
    entry.name.clear();
    entry.statements.clear();
}

PostgresConnections::PerThread &PostgresConnections::current()
{
    QThread *thread = QThread::currentThread();
    QMutexLocker locker(&m_shared->mutex);
    std::shared_ptr<PerThread> &slot = m_shared->threads[thread];
    if (!slot) {
        slot = std::make_shared<PerThread>();
        // A finished thread's connection would otherwise stay open on the server until the store
        // goes; the handler runs in that thread, the only one allowed to close it.
        const std::weak_ptr<Shared> shared = m_shared;
        slot->finishedHandler = QObject::connect(
            thread, &QThread::finished, thread,
            [shared, thread]() {
                const std::shared_ptr<Shared> alive = shared.lock();
                if (!alive)
                    return;
                std::shared_ptr<PerThread> entry;
                {
                    QMutexLocker threadLocker(&alive->mutex);
                    entry = alive->threads.take(thread);
                }
                if (entry)
                    close(*entry);
            },
            Qt::DirectConnection);
    }
    return *slot;
}

Error PostgresConnections::unavailable(const QString &text) const
{
    return Error(QStringLiteral("memory.unavailable"),
                 Text::tr("cannot reach the PostgreSQL memory store %1: %2").arg(m_settings.toUrl(), text));
}

Result<QSqlDatabase> PostgresConnections::database()
{
    PerThread &entry = current();
    if (entry.open)
        return entry.db;
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return unavailable(Text::tr("Qt's PostgreSQL driver (QPSQL) is not installed"));
    if (entry.name.isEmpty()) {
        entry.name = nextConnectionName();
        entry.db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), entry.name);
    }
    entry.db.setHostName(m_settings.host);
    entry.db.setPort(m_settings.port);
    entry.db.setDatabaseName(m_settings.database);
    entry.db.setUserName(m_settings.user);
    entry.db.setPassword(m_settings.password);
    // A server that does not answer must not hang a tool call for libpq's default of forever.
    QString options = m_settings.options;
    if (!options.contains(QLatin1String("connect_timeout")))
        options = QStringLiteral("connect_timeout=10;") + options;
    if (!options.contains(QLatin1String("application_name")))
        options += QStringLiteral(";application_name=valis");
    entry.db.setConnectOptions(options);
    if (!entry.db.open()) {
        const QString text = serverText(entry.db.lastError());
        close(entry);
        return unavailable(text);
    }
    QSqlQuery setup(entry.db);
    if (!setup.exec(QLatin1String(sessionSetup))) {
        const QString text = serverText(setup.lastError());
        setup = QSqlQuery();
        close(entry);
        return unavailable(text);
    }
    entry.open = true;
    return entry.db;
}

Result<QSqlQuery *> PostgresConnections::prepared(const QString &statement)
{
    Result<QSqlDatabase> db = database();
    if (db.hasError())
        return db.error();
    PerThread &entry = current();
    auto found = entry.statements.find(statement);
    if (found != entry.statements.end())
        return found->second.get();
    auto query = std::make_unique<QSqlQuery>(entry.db);
    query->setForwardOnly(true);
    if (!query->prepare(statement)) {
        return Error(QStringLiteral("memory.io"),
                     Text::tr("the PostgreSQL memory store refused a statement: %1").arg(serverText(query->lastError())));
    }
    QSqlQuery *raw = query.get();
    entry.statements.emplace(statement, std::move(query));
    return raw;
}

bool PostgresConnections::alive()
{
    PerThread &entry = current();
    if (!entry.open || !entry.db.isOpen())
        return false;
    QSqlQuery ping(entry.db);
    return ping.exec(QStringLiteral("SELECT 1")) && ping.next();
}

void PostgresConnections::reset()
{
    close(current());
}

} // namespace valis::memory
