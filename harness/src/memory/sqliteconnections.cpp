#include "memory/sqliteconnections.h"

#include "memory/sqlitememorysnippet.h"
#include "memory/sqlitesql.h"
#include "store/fts5ranking.h"

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QMutexLocker>
#include <QThread>

namespace valis::memory {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::SqliteDetailStore)
};

QString uniqueName()
{
    static QAtomicInteger<quint64> counter;
    return QStringLiteral("valis-memory-%1").arg(counter.fetchAndAddRelaxed(1));
}

} // namespace

SqliteConnections::SqliteConnections(QString path)
    : m_path(std::move(path))
    , m_context(std::make_unique<QObject>())
{}

SqliteConnections::~SqliteConnections()
{
    m_context.reset();
    QMutexLocker lock(&m_mutex);
    for (Connection &connection : m_connections)
        close(connection);
    m_connections.clear();
}

void SqliteConnections::close(Connection &connection)
{
    connection.db.close();
    connection.db = QSqlDatabase();
    QSqlDatabase::removeDatabase(connection.name);
}

Result<QSqlDatabase> SqliteConnections::forCurrentThread()
{
    QThread *thread = QThread::currentThread();
    {
        QMutexLocker lock(&m_mutex);
        const auto found = m_connections.constFind(thread);
        if (found != m_connections.constEnd())
            return found->db;
    }
    return open();
}

Result<QSqlDatabase> SqliteConnections::open()
{
    QThread *thread = QThread::currentThread();
    Connection connection;
    connection.name = uniqueName();
    connection.db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection.name);
    connection.db.setDatabaseName(m_path);
    connection.db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(busyTimeoutMs));
    auto fail = [&](const Error &error) {
        close(connection);
        return Error(QStringLiteral("memory.unavailable"), error.message, m_path);
    };
    if (!connection.db.open())
        return fail(Error({}, Text::tr("cannot open the memory database")));
    // NORMAL keeps every committed transaction across a process crash in WAL mode (an OS crash
    // may lose the last ones, never consistency). The page cache is per connection.
    for (const char *pragma : {"PRAGMA synchronous=NORMAL", "PRAGMA cache_size=-16384"}) {
        const Result<void> set = sqliteExec(connection.db, QString::fromLatin1(pragma));
        if (!set.ok())
            return fail(set.error());
    }
    const Result<void> ranking = store::registerRankingFunction(connection.db);
    if (!ranking.ok())
        return fail(ranking.error());
    const Result<void> snippets = registerSnippetFunction(connection.db);
    if (!snippets.ok())
        return fail(snippets.error());

    QSqlDatabase db = connection.db;
    {
        QMutexLocker lock(&m_mutex);
        m_connections.insert(thread, connection);
    }
    // Direct: `finished` is emitted by the finishing thread itself, so its connection is closed
    // by the thread that opened it.
    QObject::connect(thread, &QThread::finished, m_context.get(), [this, thread]() { release(thread); },
                     Qt::DirectConnection);
    return db;
}

void SqliteConnections::release(QThread *thread)
{
    Connection connection;
    {
        QMutexLocker lock(&m_mutex);
        const auto found = m_connections.find(thread);
        if (found == m_connections.end())
            return;
        connection = found.value();
        m_connections.erase(found);
    }
    close(connection);
}

} // namespace valis::memory
