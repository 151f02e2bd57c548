// The DetailStore contract on PostgreSQL, against a real server started for this run (tests/
// support/postgresserver.h; a server that cannot start fails the suite), each test in a database
// of its own; and what only the PostgreSQL store has: the schema set up once by processes that
// open a fresh database together and migrated from older versions, jsonb metadata, reconnecting
// after a server restart, words split as FTS5 splits them, the server's words when it cannot be
// reached, pairs promoted amid another writer's rows. How it searches (recency buckets, tiers,
// the vocabulary, pairs): tst_postgresmemorysearch.cpp.
#include "detailstorecontract.h"
#include "postgresstorefixture.h"
#include "testsupport.h"

#include "valis/memory/postgresdetailstore.h"

#include <QJsonObject>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>

using namespace valis;

class TestPostgresDetailStore : public DetailStoreContract, private test::PostgresStoreFixture
{
    Q_OBJECT

protected:
    Result<std::unique_ptr<DetailStore>> openStore() override { return PostgresStoreFixture::openStore(); }
    Result<std::unique_ptr<DetailStore>> reopenStore() override { return PostgresStoreFixture::reopenStore(); }
    QStringList writerArguments() const override
    {
        return {QStringLiteral("--postgres"), m_connection.toUrl()};
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(startServer(), qPrintable(m_serverError)); }

    void searchSplitsWordsLikeFts5()
    {
        auto store = freshStore();
        QVERIFY(store);
        auto compiler = store->put(memory("g++ -c src/main.cpp\nsrc/main.cpp:12: error: exit-code not declared\n",
                                          QStringLiteral("build of the café")));
        VALIS_VERIFY_OK(compiler);
        auto other = store->put(memory("nothing to see here\n", QStringLiteral("unrelated")));
        VALIS_VERIFY_OK(other);
        const QString key = compiler.value().key;
        for (const char *query : {"main.cpp", "main", "exit-code", "\"exit code\"", "cafe", "CAFÉ", "decl",
                                  "src main error"}) {
            auto hits = store->search(QString::fromUtf8(query), {});
            VALIS_VERIFY_OK(hits);
            QVERIFY2(keysOf(hits.value()) == QStringList{key}, query);
        }
        for (const char *query : {"\"code exit\"", "\"mai\"", "see main", "d"}) {
            auto hits = store->search(QString::fromUtf8(query), {});
            VALIS_VERIFY_OK(hits);
            QVERIFY2(!keysOf(hits.value()).contains(key), query);
        }
        auto hits = store->search(QStringLiteral("declared"), {});
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits.value().size(), 1);
        QVERIFY2(hits.value().first().snippet.contains(QStringLiteral("exit-code not declared")),
                 qPrintable(hits.value().first().snippet));
    }

    void operatorsAndQuotesAreText()
    {
        auto store = freshStore();
        QVERIFY(store);
        auto stored = store->put(memory("it's a test with 'quotes' and back\\slashes & bars | !bang\n"));
        VALIS_VERIFY_OK(stored);
        for (const char *query : {"it's", "'quotes'", "back\\slashes", "bars | !bang", "a & test", "test:*",
                                  "(bang)", "test <-> bars", "'); DROP TABLE agent_memories; --"}) {
            auto hits = store->search(QString::fromUtf8(query), {});
            VALIS_VERIFY_OK(hits);
        }
        auto hits = store->search(QStringLiteral("'quotes'"), {});
        VALIS_VERIFY_OK(hits);
        QCOMPARE(keysOf(hits.value()), QStringList{stored.value().key});
        auto found = m_server->scalar(QStringLiteral("SELECT count(*) FROM agent_memories"), m_connection.database);
        VALIS_VERIFY_OK(found);
        QCOMPARE(found.value().toInt(), 1);
    }

    void hugeContentIsStoredWholeAndIndexedWithinLimits()
    {
        auto store = freshStore();
        QVERIFY(store);
        // Distinct words throughout: far more than a tsvector holds.
        QByteArray content = "needleatthestart\n";
        for (int i = 0; content.size() < 3 * 1024 * 1024; ++i)
            content += "w" + QByteArray::number(i * 7919, 36) + " x" + QByteArray::number(i, 16) + "\n";
        auto stored = store->put(memory(content));
        VALIS_VERIFY_OK(stored);
        auto whole = store->get(stored.value().key);
        VALIS_VERIFY_OK(whole);
        QCOMPARE(whole.value().content, content);
        auto hits = store->search(QStringLiteral("needleatthestart"), {});
        VALIS_VERIFY_OK(hits);
        QCOMPARE(keysOf(hits.value()), QStringList{stored.value().key});
    }

    void binaryContentRoundTrips()
    {
        auto store = freshStore();
        QVERIFY(store);
        static const char raw[] = "text\0with nul\xff\xfe invalid utf8 \xc3";
        const QByteArray content(raw, sizeof raw - 1); // its NUL included, not the terminator
        NewMemory m = memory(content);
        m.metadata = QJsonObject{{QStringLiteral("stderr"), QStringLiteral("has a %1 nul").arg(QChar(0))}};
        auto stored = store->put(m);
        VALIS_VERIFY_OK(stored);
        auto whole = store->get(stored.value().key);
        VALIS_VERIFY_OK(whole);
        QCOMPARE(whole.value().content, content);
        auto hits = store->search(QStringLiteral("invalid utf8"), {});
        VALIS_VERIFY_OK(hits);
        QCOMPARE(keysOf(hits.value()), QStringList{stored.value().key});
    }

    void metadataIsQueryableJsonb()
    {
        auto store = freshStore();
        QVERIFY(store);
        NewMemory m = memory("exit 3\n");
        m.metadata = QJsonObject{{QStringLiteral("tool"), QStringLiteral("exec")}, {QStringLiteral("exitCode"), 3}};
        auto stored = store->put(m);
        VALIS_VERIFY_OK(stored);
        auto type = m_server->scalar(QStringLiteral("SELECT jsonb_typeof(content_metadata->'exitCode') FROM agent_memories"),
                                     m_connection.database);
        VALIS_VERIFY_OK(type);
        QCOMPARE(type.value().toString(), QStringLiteral("number"));
        auto matching = m_server->scalar(
            QStringLiteral("SELECT memory_key FROM agent_memories WHERE content_metadata @> '{\"tool\": \"exec\"}'"),
            m_connection.database);
        VALIS_VERIFY_OK(matching);
        QCOMPARE(matching.value().toString(), stored.value().key);
        auto found = store->find(stored.value().key);
        VALIS_VERIFY_OK(found);
        QCOMPARE(found.value().metadata, m.metadata);
    }

    void connectionFailureNamesServerWithoutPassword()
    {
        PostgresConnection wrong = m_server->connection();
        wrong.port = m_server->port() == 1 ? 2 : 1;
        wrong.password = QStringLiteral("s3cret-pw");
        auto store = PostgresDetailStore::open(wrong);
        QVERIFY(!store.ok());
        QCOMPARE(store.error().code, QStringLiteral("memory.unavailable"));
        QVERIFY2(store.error().message.contains(QStringLiteral("127.0.0.1:%1").arg(wrong.port)),
                 qPrintable(store.error().message));
        QVERIFY2(store.error().message.contains(QStringLiteral("refused"), Qt::CaseInsensitive),
                 qPrintable(store.error().message));
        QVERIFY(!store.error().toString().contains(QStringLiteral("s3cret-pw")));

        PostgresConnection noDatabase = m_server->connection();
        noDatabase.database = QStringLiteral("no_such_database");
        auto missing = PostgresDetailStore::open(noDatabase);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, QStringLiteral("memory.unavailable"));
        QVERIFY2(missing.error().message.contains(QStringLiteral("no_such_database")), qPrintable(missing.error().message));
    }

    void usableFromWorkerThreads()
    {
        auto store = freshStore();
        QVERIFY(store);
        std::atomic<int> failures{0};
        QList<QThread *> threads;
        for (int t = 0; t < 4; ++t) {
            threads << QThread::create([&store, &failures, t]() {
                for (int i = 0; i < 20; ++i) {
                    auto stored = store->put(memory("thread " + QByteArray::number(t) + " item " + QByteArray::number(i)));
                    if (!stored.ok() || !store->get(stored.value().key).ok())
                        ++failures;
                }
            });
            threads.last()->start();
        }
        for (QThread *thread : std::as_const(threads)) {
            QVERIFY(thread->wait(60000));
            delete thread;
        }
        QCOMPARE(failures.load(), 0);
        auto stats = store->stats();
        VALIS_VERIFY_OK(stats);
        QCOMPARE(stats.value().records, 80);
        // Each finished thread closed its connection: only this thread's is left.
        auto connections = m_server->scalar(
            QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = '%1' AND application_name = 'valis'")
                .arg(m_connection.database),
            QStringLiteral("postgres"));
        VALIS_VERIFY_OK(connections);
        QCOMPARE(connections.value().toInt(), 1);
    }

    void reconnectsAfterServerRestart()
    {
        auto store = freshStore();
        QVERIFY(store);
        auto stored = store->put(memory("before the restart\n"));
        VALIS_VERIFY_OK(stored);
        VALIS_VERIFY_OK(m_server->restart());
        auto found = store->find(stored.value().key);
        VALIS_VERIFY_OK(found);
        auto after = store->put(memory("after the restart\n"));
        VALIS_VERIFY_OK(after);
        auto stats = store->stats();
        VALIS_VERIFY_OK(stats);
        QCOMPARE(stats.value().records, 2);
    }

    void schemaIsCreatedOnceWhenProcessesOpenTogether()
    {
        auto fresh = m_server->createDatabase();
        VALIS_VERIFY_OK(fresh);
        m_connection = fresh.value();
        const QString writer = writerPath();
        QVERIFY2(QFileInfo::exists(writer), qPrintable(writer));
        QList<QProcess *> processes;
        for (int i = 0; i < 4; ++i) {
            auto *process = new QProcess(this);
            process->start(writer, {QStringLiteral("--postgres"), m_connection.toUrl(), QStringLiteral("--tag"),
                                    QStringLiteral("p%1").arg(i), QStringLiteral("--count"), QStringLiteral("5")});
            processes << process;
        }
        for (QProcess *process : std::as_const(processes)) {
            QVERIFY(process->waitForFinished(60000));
            QVERIFY2(process->exitStatus() == QProcess::NormalExit && process->exitCode() == 0,
                     process->readAllStandardError().constData());
            delete process;
        }
        auto versions = m_server->scalar(QStringLiteral("SELECT count(*) FROM valis_memory_schema"), m_connection.database);
        VALIS_VERIFY_OK(versions);
        QCOMPARE(versions.value().toInt(), 1);
        auto records = m_server->scalar(QStringLiteral("SELECT count(*) FROM agent_memories"), m_connection.database);
        VALIS_VERIFY_OK(records);
        QCOMPARE(records.value().toInt(), 20);
    }

    // Two processes write one record per transaction while each promotes the common words of
    // its own first window (both windows end at about the same time, so each promotion lands
    // among the other's writes). Whatever the order, every row from a pair's since_id on that
    // holds the two words side by side holds their pair.
    void promotionAmidAnotherWritersRowsLeavesNoRowWithoutItsPairs()
    {
        auto store = freshStore();
        QVERIFY(store);
        QVERIFY2(QFileInfo::exists(writerPath()), qPrintable(writerPath()));
        const int count = 4600;
        QProcess left;
        QProcess right;
        const QString failure = runTwoWriters(left, right, count);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));

        // writerContent(): "writer TAG record N line L" on eight lines.
        const QList<std::pair<QString, QString>> pairs{{QStringLiteral("writer"), QStringLiteral("left")},
                                                        {QStringLiteral("writer"), QStringLiteral("right")},
                                                        {QStringLiteral("line"), QStringLiteral("1")},
                                                        {QStringLiteral("7"), QStringLiteral("writer")}};
        for (const auto &[first, second] : pairs) {
            const QString since = QStringLiteral("(SELECT max(since_id) FROM memory_pair_words WHERE word IN ('%1', '%2') "
                                                 "HAVING count(*) = 2)")
                                      .arg(first, second);
            auto after = m_server->scalar(QStringLiteral("SELECT count(*) FROM agent_memories m WHERE m.id >= %1 AND "
                                                         "m.search_vector @@ CAST('%2 <-> %3' AS tsquery)")
                                              .arg(since, first, second),
                                          m_connection.database);
            VALIS_VERIFY_OK(after);
            QVERIFY2(after.value().toInt() > 100, qPrintable(first + QLatin1Char(' ') + second));
            auto missing = m_server->scalar(
                QStringLiteral("SELECT count(*) FROM agent_memories m WHERE m.id >= %1 AND "
                               "m.search_vector @@ CAST('%2 <-> %3' AS tsquery) AND "
                               "NOT coalesce(m.pair_vector @@ CAST('%2_%3' AS tsquery), false)")
                    .arg(since, first, second),
                m_connection.database);
            VALIS_VERIFY_OK(missing);
            QCOMPARE(missing.value().toInt(), 0);
        }
        MemoryFilter all;
        all.limit = 0;
        auto hits = store->search(QStringLiteral("\"writer left record 4599\""), all);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits.value().size(), 1);
        hits = store->search(QStringLiteral("\"line 7 writer right\""), all);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits.value().size(), count);
    }

    // A database of schema 1 (rows without pair vectors) is migrated when a store opens it: its
    // rows are still found by phrase, new rows get pairs, and a Valis of schema 1 that was
    // already running can no longer insert rows without them.
    void schemaOneIsMigratedAndOldWritersAreStopped()
    {
        QString oldKey;
        {
            auto store = freshStore();
            QVERIFY(store);
            auto stored = store->put(memory("the old phrase of an old row"));
            VALIS_VERIFY_OK(stored);
            oldKey = stored.value().key;
        }
        // What a database of schema 1 looked like.
        VALIS_VERIFY_OK(m_server->execute(
            QStringLiteral("ALTER TABLE agent_memories DROP CONSTRAINT agent_memories_written_with_pairs;"
                           "ALTER TABLE agent_memories DROP COLUMN pair_vector; DROP TABLE memory_pair_words;"
                           "ALTER TABLE agent_memories DROP CONSTRAINT agent_memories_words_listed;"
                           "ALTER TABLE agent_memories DROP COLUMN words_listed;"
                           "DROP TABLE memory_words; DROP TABLE memory_words_state; DROP TABLE memory_words_recheck;"
                           "UPDATE valis_memory_schema SET version = 1"),
            m_connection.database));
        auto reopened = reopenStore();
        VALIS_VERIFY_OK(reopened);
        auto version = m_server->scalar(QStringLiteral("SELECT version FROM valis_memory_schema"), m_connection.database);
        VALIS_VERIFY_OK(version);
        QCOMPARE(version.value().toInt(), PostgresDetailStore::schemaVersion());
        QCOMPARE(PostgresDetailStore::schemaVersion(), 3);
        auto fresh = reopened.value()->put(memory("a new phrase of a new row"));
        VALIS_VERIFY_OK(fresh);
        auto old = reopened.value()->search(QStringLiteral("\"old phrase\""), {});
        VALIS_VERIFY_OK(old);
        QCOMPARE(keysOf(old.value()), QStringList{oldKey});
        auto both = reopened.value()->search(QStringLiteral("\"phrase of\""), {});
        VALIS_VERIFY_OK(both);
        QCOMPARE(both.value().size(), 2);
        auto nulls = m_server->scalar(QStringLiteral("SELECT count(*) FROM agent_memories WHERE pair_vector IS NULL"),
                                      m_connection.database);
        VALIS_VERIFY_OK(nulls);
        QCOMPARE(nulls.value().toInt(), 1);
        // The vocabulary starts out complete for the rows written since; a prefix search finds
        // both. After a pause the store lists the older rows' words in the background.
        auto prefixed = reopened.value()->search(QStringLiteral("phras"), {});
        VALIS_VERIFY_OK(prefixed);
        QCOMPARE(prefixed.value().size(), 2);
        const auto scalar = [this](const QString &query) {
            auto value = m_server->scalar(query, m_connection.database);
            return value.ok() ? value.value().toLongLong() : -1;
        };
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM memory_words WHERE word = 'old'")), 0);
        QTRY_COMPARE_WITH_TIMEOUT(scalar(QStringLiteral("SELECT complete_above FROM memory_words_state")), 0, 30000);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM memory_words WHERE word = 'old'")), 1);
        auto stats = reopened.value()->stats();
        VALIS_VERIFY_OK(stats);
        QCOMPARE(stats.value().recordsToIndex, 0);
        QVERIFY(!stats.value().indexingStopped);
        // The insert of a schema-1 writer (its words listed, to reach the check it fails first).
        const Result<void> oldWriter = m_server->execute(
            QStringLiteral("INSERT INTO agent_memories (agent_id, memory_key, memory_type, content, content_sha256, "
                           "content_size, line_count, search_vector, words_listed) VALUES ('agent', 'm-000000', 'note', "
                           "'x', 'x', 1, 1, 'x', true)"),
            m_connection.database);
        QVERIFY(!oldWriter.ok());
        QVERIFY2(oldWriter.error().message.contains(QStringLiteral("agent_memories_written_with_pairs")),
                 qPrintable(oldWriter.error().message));
        // The insert of a schema-2 writer, which does not list its words.
        const Result<void> schemaTwoWriter = m_server->execute(
            QStringLiteral("INSERT INTO agent_memories (agent_id, memory_key, memory_type, content, content_sha256, "
                           "content_size, line_count, search_vector, pair_vector) VALUES ('agent', 'm-000001', 'note', "
                           "'x', 'x', 1, 1, 'x', '')"),
            m_connection.database);
        QVERIFY(!schemaTwoWriter.ok());
        QVERIFY2(schemaTwoWriter.error().message.contains(QStringLiteral("agent_memories_words_listed")),
                 qPrintable(schemaTwoWriter.error().message));
    }

    // The test server's own failure names the binary and what it printed (here an initdb that
    // only complains, found through VALIS_PG_BINDIR).
    void serverStartFailureNamesTheBinary()
    {
        QTemporaryDir bin;
        QVERIFY(bin.isValid());
        const QString initdb = bin.filePath(QStringLiteral("initdb"));
        QVERIFY(test::writeFile(initdb, "#!/bin/sh\necho 'initdb: simulated disk on fire' >&2\nexit 3\n"));
        QVERIFY(test::writeFile(bin.filePath(QStringLiteral("pg_ctl")), "#!/bin/sh\nexit 0\n"));
        for (const QString &name : {initdb, bin.filePath(QStringLiteral("pg_ctl"))})
            QVERIFY(QFile::setPermissions(name, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther
                                                    | QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
        // As root the binaries run as the postgres user, who must be able to reach them.
        QVERIFY(QFile::setPermissions(bin.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
                                                      | QFile::ReadOther | QFile::ExeOther | QFile::ReadGroup
                                                      | QFile::ExeGroup));
        const QByteArray previous = qgetenv("VALIS_PG_BINDIR");
        qputenv("VALIS_PG_BINDIR", QFile::encodeName(bin.path()));
        auto server = test::PostgresServer::start();
        if (previous.isNull())
            qunsetenv("VALIS_PG_BINDIR");
        else
            qputenv("VALIS_PG_BINDIR", previous);
        QVERIFY(!server.ok());
        QVERIFY2(server.error().message.contains(initdb), qPrintable(server.error().message));
        QVERIFY2(server.error().message.contains(QStringLiteral("simulated disk on fire")), qPrintable(server.error().message));
    }

    void futureSchemaIsRefusedUntouched()
    {
        {
            auto store = freshStore();
            QVERIFY(store);
        }
        VALIS_VERIFY_OK(m_server->execute(QStringLiteral("UPDATE valis_memory_schema SET version = 99"), m_connection.database));
        auto store = PostgresDetailStore::open(m_connection);
        QVERIFY(!store.ok());
        QCOMPARE(store.error().code, QStringLiteral("memory.future-schema"));
        auto version = m_server->scalar(QStringLiteral("SELECT version FROM valis_memory_schema"), m_connection.database);
        VALIS_VERIFY_OK(version);
        QCOMPARE(version.value().toInt(), 99);
    }
};

VALIS_TEST_MAIN(TestPostgresDetailStore)
#include "tst_postgresdetailstore.moc"
