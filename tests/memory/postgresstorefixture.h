#pragma once

// What the PostgreSQL DetailStore suites share: a real server started once per suite, a fresh
// database per store, and the small helpers their tests read with.
#include "postgresserver.h"
#include "testsupport.h"

#include "valis/memory/postgresdetailstore.h"

#include <QStringList>

#include <memory>

namespace valis::test {

class PostgresStoreFixture
{
protected:
    std::unique_ptr<PostgresServer> m_server;
    QString m_serverError;
    PostgresConnection m_connection;

    /// Starts the suite's server; false (and m_serverError) when it cannot.
    bool startServer()
    {
        auto server = PostgresServer::start();
        if (!server.ok()) {
            m_serverError = server.error().toString();
            return false;
        }
        m_server = std::move(server).value();
        return true;
    }

    /// A store in a new database (which becomes m_connection).
    Result<std::unique_ptr<DetailStore>> openStore()
    {
        if (!m_server)
            return Error(QStringLiteral("test.no-server"), QStringLiteral("the PostgreSQL test server did not start"));
        auto connection = m_server->createDatabase();
        if (!connection.ok())
            return connection.error();
        m_connection = connection.value();
        return reopenStore();
    }

    /// A second, independent store on m_connection's database, as another process opens it.
    Result<std::unique_ptr<DetailStore>> reopenStore()
    {
        auto store = PostgresDetailStore::open(m_connection);
        if (!store.ok())
            return store.error();
        return std::unique_ptr<DetailStore>(std::move(store).value());
    }

    /// A store in a fresh database, or nullptr after a warning saying why.
    std::unique_ptr<DetailStore> freshStore()
    {
        auto store = openStore();
        if (!store.ok()) {
            qWarning("%s", qPrintable(store.error().toString()));
            return {};
        }
        return std::move(store).value();
    }

    static NewMemory memory(const QByteArray &content, const QString &summary = QStringLiteral("a summary"))
    {
        NewMemory m;
        m.agentId = QStringLiteral("agent");
        m.sessionId = QStringLiteral("session-1");
        m.type = QStringLiteral("command_output");
        m.summary = summary;
        m.content = content;
        return m;
    }

    static QStringList keysOf(const QList<MemoryHit> &hits)
    {
        QStringList keys;
        for (const MemoryHit &hit : hits)
            keys << hit.record.key;
        return keys;
    }

    /// The keys of the hits for `query` on one page of `filter`; the error as the only entry when
    /// the search fails.
    static QStringList pageKeys(DetailStore &store, const QString &query, const MemoryFilter &filter)
    {
        auto hits = store.search(query, filter);
        return hits.ok() ? keysOf(hits.value()) : QStringList{QStringLiteral("error: ") + hits.error().toString()};
    }
};

} // namespace valis::test
