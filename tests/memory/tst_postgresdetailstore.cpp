// The DetailStore contract on PostgreSQL, against a real server started for this run (tests/
// support/postgresserver.h; a server that cannot start fails the suite), each test in a database
// of its own; and what only the PostgreSQL store has: the schema set up once by processes that
// open a fresh database together, jsonb metadata, reconnecting after a server restart, words
// split as FTS5 splits them, the server's words when it cannot be reached.
#include "detailstorecontract.h"
#include "postgresserver.h"
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

class TestPostgresDetailStore : public DetailStoreContract
{
    Q_OBJECT

protected:
    Result<std::unique_ptr<DetailStore>> openStore() override
    {
        if (!m_server)
            return Error(QStringLiteral("test.no-server"), QStringLiteral("the PostgreSQL test server did not start"));
        auto connection = m_server->createDatabase();
        if (!connection.ok())
            return connection.error();
        m_connection = connection.value();
        return reopenStore();
    }

    Result<std::unique_ptr<DetailStore>> reopenStore() override
    {
        auto store = PostgresDetailStore::open(m_connection);
        if (!store.ok())
            return store.error();
        return std::unique_ptr<DetailStore>(std::move(store).value());
    }

    QStringList writerArguments() const override
    {
        return {QStringLiteral("--postgres"), m_connection.toUrl()};
    }

private:
    std::unique_ptr<test::PostgresServer> m_server;
    PostgresConnection m_connection;

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

private Q_SLOTS:
    void initTestCase()
    {
        auto server = test::PostgresServer::start();
        QVERIFY2(server.ok(), qPrintable(server.ok() ? QString() : server.error().toString()));
        m_server = std::move(server).value();
    }

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

    // More records than two recency buckets (4,096 each) and than one ranking tier (512): a
    // word found only in the oldest records, a word in every other record, and a word in every
    // record paged past the first tier; before and after ANALYZE tells the store which words
    // are common (then the word in every record is found by walking the key index, the others
    // through the GIN index).
    void searchReachesPastBucketsAndTiers()
    {
        auto store = freshStore();
        QVERIFY(store);
        QList<NewMemory> batch;
        QStringList keys;
        for (int i = 0; i < 10000; ++i) {
            QByteArray content = "entry " + QByteArray::number(i) + " everywhere";
            if (i < 3)
                content += " ancientword";
            if (i % 2 == 0)
                content += " halfword";
            batch.append(memory(content));
            if (batch.size() == 1000 || i == 9999) {
                auto stored = store->putMany(batch);
                VALIS_VERIFY_OK(stored);
                for (const MemoryRecord &record : stored.value())
                    keys << record.key;
                batch.clear();
            }
        }
        QCOMPARE(keys.size(), 10000);

        auto ancient = store->search(QStringLiteral("ancientword"), {});
        VALIS_VERIFY_OK(ancient);
        const QStringList ancientKeys = keysOf(ancient.value());
        QCOMPARE(QSet<QString>(ancientKeys.cbegin(), ancientKeys.cend()),
                 (QSet<QString>{keys.at(0), keys.at(1), keys.at(2)}));

        for (const bool analyzed : {false, true}) {
            if (analyzed)
                VALIS_VERIFY_OK(m_server->execute(QStringLiteral("ANALYZE agent_memories"), m_connection.database));
            MemoryFilter all;
            all.limit = 0;
            auto half = store->search(QStringLiteral("halfword"), all);
            VALIS_VERIFY_OK(half);
            const QStringList halfKeys = keysOf(half.value());
            QCOMPARE(halfKeys.size(), 5000);
            QCOMPARE(QSet<QString>(halfKeys.cbegin(), halfKeys.cend()).size(), 5000);

            // Pages through "everywhere" past the first tier: each page continues the last one.
            QStringList paged;
            MemoryFilter page;
            page.limit = 50;
            for (page.offset = 0; page.offset < 700; page.offset += 50) {
                auto hits = store->search(QStringLiteral("everywhere"), page);
                VALIS_VERIFY_OK(hits);
                QCOMPARE(hits.value().size(), 50);
                paged << keysOf(hits.value());
            }
            QCOMPARE(QSet<QString>(paged.cbegin(), paged.cend()).size(), 700);
            // The first tier holds the newest 512 records.
            const QSet<QString> newest(keys.cend() - 512, keys.cend());
            for (qsizetype i = 0; i < 512; ++i)
                QVERIFY2(newest.contains(paged.at(i)), qPrintable(paged.at(i)));
        }
    }

    // The last word is first searched as typed, as SQLite searches it: when the records holding
    // it fill the page, newer records holding longer words it begins do not displace them.
    void theLastWordAsTypedComesFirst()
    {
        auto store = freshStore();
        QVERIFY(store);
        QStringList exact;
        QStringList longer;
        for (int i = 0; i < 12; ++i) {
            auto stored = store->put(memory("record " + QByteArray::number(i) + " about tok"));
            VALIS_VERIFY_OK(stored);
            exact << stored.value().key;
        }
        for (int i = 0; i < 5; ++i) {
            auto stored = store->put(memory("record " + QByteArray::number(i) + " about token"));
            VALIS_VERIFY_OK(stored);
            longer << stored.value().key;
        }
        MemoryFilter page;
        page.limit = 10;
        const QStringList filled = pageKeys(*store, QStringLiteral("about tok"), page);
        QCOMPARE(filled.size(), 10);
        for (const QString &key : filled)
            QVERIFY2(exact.contains(key), qPrintable(key));
        // A page the word as typed does not fill takes the longer words too.
        page.limit = 20;
        const QStringList keys = pageKeys(*store, QStringLiteral("about tok"), page);
        const QStringList both = exact + longer;
        QCOMPARE(QSet<QString>(keys.cbegin(), keys.cend()), QSet<QString>(both.cbegin(), both.cend()));
    }

    // A ranking tier ends after 128 matches or 65,536 records, as SQLite's: a word whose newest
    // window of records holds the hits wanted is ranked there, and a stronger match older than
    // that window comes after them; a session's few records are ranked together.
    void aTierEndsWithItsWindowOfRecords()
    {
        auto store = freshStore();
        QVERIFY(store);
        auto old = store->put(memory("windowword windowword windowword windowword windowword"));
        VALIS_VERIFY_OK(old);
        // 70,000 records without the word, written as the store writes them (each vector with its
        // recency bucket), but in one statement.
        VALIS_VERIFY_OK(m_server->execute(
            QStringLiteral("INSERT INTO agent_memories (id, memory_key, agent_id, memory_type, content, content_sha256, "
                           "content_size, line_count, search_vector, pair_vector, words_listed) "
                           "SELECT n.id, 'filler' || n.id, 'agent', 'command_output', CAST('filler' AS bytea), 'x', 6, 1, "
                           "array_to_tsvector(ARRAY['filler', '#' || (n.id / 4096)]), CAST('' AS tsvector), true "
                           "FROM (SELECT nextval('agent_memories_id_seq') AS id FROM generate_series(1, 70000)) n"),
            m_connection.database));
        VALIS_VERIFY_OK(m_server->execute(QStringLiteral("INSERT INTO memory_words VALUES ('filler') ON CONFLICT DO NOTHING"),
                                          m_connection.database));
        QStringList newer;
        for (int i = 0; i < 15; ++i) {
            auto weak = store->put(memory("entry " + QByteArray::number(i) + " windowword among many other words of a "
                                          "longer record that mentions it once and then goes on about other things"));
            VALIS_VERIFY_OK(weak);
            newer << weak.value().key;
        }
        // Within its window the stronger match ranks first.
        auto strong = store->put(memory("windowword windowword windowword windowword windowword again"));
        VALIS_VERIFY_OK(strong);
        newer << strong.value().key;

        MemoryFilter page;
        page.limit = 10;
        const QStringList first = pageKeys(*store, QStringLiteral("windowword"), page);
        QCOMPARE(first.size(), 10);
        QCOMPARE(first.constFirst(), strong.value().key);
        for (const QString &key : first)
            QVERIFY2(newer.contains(key), qPrintable(key));

        MemoryFilter all;
        all.limit = 0;
        const QStringList keys = pageKeys(*store, QStringLiteral("windowword"), all);
        QCOMPARE(keys.size(), 17);
        QCOMPARE(keys.constLast(), old.value().key);

        // A session's records are ranked together, however far apart they were written.
        MemoryFilter session = page;
        session.sessionId = QStringLiteral("session-1");
        const QStringList inSession = pageKeys(*store, QStringLiteral("windowword"), session);
        QCOMPARE(inSession.size(), 10);
        QCOMPARE(inSession.constFirst(), old.value().key);
    }

    // A prefix is searched as the words it begins (postgresvocabulary.h): every word written is
    // listed, and a search consults the list. Taking a word out of the list hides its record
    // from a prefix search, which shows the list is used; once the list says it is incomplete
    // for those rows (as after an upgrade from schema 2), the record is found again. A prefix
    // of more words than an expansion holds, and one of no word, are answered as before.
    void prefixesAreSearchedAsTheWordsTheyBegin()
    {
        auto store = freshStore();
        QVERIFY(store);
        QStringList archidar;
        QStringList archidex;
        QStringList many;
        for (int i = 0; i < 6; ++i) {
            auto a = store->put(memory("entry " + QByteArray::number(i) + " about archidar"));
            VALIS_VERIFY_OK(a);
            archidar << a.value().key;
            auto b = store->put(memory("entry " + QByteArray::number(i) + " about archidexlo"));
            VALIS_VERIFY_OK(b);
            archidex << b.value().key;
        }
        // More words beginning with "manyw" than a prefix expands into.
        QList<NewMemory> batch;
        for (int i = 0; i < 40; ++i)
            batch.append(memory("note manyw" + QByteArray::number(i) + "x"));
        auto stored = store->putMany(batch);
        VALIS_VERIFY_OK(stored);
        for (const MemoryRecord &record : stored.value())
            many << record.key;
        // Newer records without those words, more than a search first walks (the newest 256),
        // so that the index answers the prefix.
        VALIS_VERIFY_OK(m_server->execute(
            QStringLiteral("INSERT INTO agent_memories (id, memory_key, agent_id, memory_type, content, content_sha256, "
                           "content_size, line_count, search_vector, pair_vector, words_listed) "
                           "SELECT n.id, 'filler' || n.id, 'agent', 'command_output', CAST('filler' AS bytea), 'x', 6, 1, "
                           "array_to_tsvector(ARRAY['filler', '#' || (n.id / 4096)]), CAST('' AS tsvector), true "
                           "FROM (SELECT nextval('agent_memories_id_seq') AS id FROM generate_series(1, 400)) n"),
            m_connection.database));
        const auto listed = [this](const QString &word) {
            auto count = m_server->scalar(QStringLiteral("SELECT count(*) FROM memory_words WHERE word = '%1'").arg(word),
                                          m_connection.database);
            return count.ok() ? count.value().toInt() : -1;
        };
        QCOMPARE(listed(QStringLiteral("archidar")), 1);
        QCOMPARE(listed(QStringLiteral("archidexlo")), 1);
        QCOMPARE(listed(QStringLiteral("manyw39x")), 1);
        QCOMPARE(listed(QStringLiteral("#0")), 0);

        MemoryFilter all;
        all.limit = 0;
        const auto found = [&](const QString &query) {
            const QStringList keys = pageKeys(*store, query, all);
            return QSet<QString>(keys.cbegin(), keys.cend());
        };
        const QStringList both = archidar + archidex;
        QCOMPARE(found(QStringLiteral("archid")), QSet<QString>(both.cbegin(), both.cend()));
        QCOMPARE(found(QStringLiteral("about archide")), QSet<QString>(archidex.cbegin(), archidex.cend()));
        QCOMPARE(found(QStringLiteral("manyw")), QSet<QString>(many.cbegin(), many.cend()));
        QCOMPARE(found(QStringLiteral("archidz")), QSet<QString>());

        VALIS_VERIFY_OK(m_server->execute(QStringLiteral("DELETE FROM memory_words WHERE word = 'archidexlo'"),
                                          m_connection.database));
        QCOMPARE(found(QStringLiteral("archid")), QSet<QString>(archidar.cbegin(), archidar.cend()));
        QCOMPARE(found(QStringLiteral("archide")), QSet<QString>());

        VALIS_VERIFY_OK(m_server->execute(
            QStringLiteral("UPDATE memory_words_state SET complete_above = (SELECT max(id) FROM agent_memories)"),
            m_connection.database));
        QCOMPARE(found(QStringLiteral("archid")), QSet<QString>(both.cbegin(), both.cend()));
        QCOMPARE(found(QStringLiteral("archide")), QSet<QString>(archidex.cbegin(), archidex.cend()));

        // A row whose words were not listed (a Valis of schema 2 still running) is refused.
        auto refused = m_server->execute(
            QStringLiteral("INSERT INTO agent_memories (memory_key, agent_id, memory_type, content, content_sha256, "
                           "content_size, line_count, search_vector, pair_vector) "
                           "VALUES ('m-unlisted', 'agent', 'note', CAST('x' AS bytea), 'x', 1, 1, 'x', '')"),
            m_connection.database);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QStringLiteral("agent_memories_words_listed")),
                 qPrintable(refused.error().toString()));
    }

    // Phrases of common words (postgrespairwords.h): once a window of 4,096 records has shown
    // which words are common, the next write promotes them, and from then on rows carry the
    // pairs of adjacent common words. A phrase search must find exactly the records holding the
    // phrase, in the rows from before (no pairs) and after; and it must consult the pairs,
    // which the test shows by taking a pair out of one row (it is no longer found) and marking
    // that row's pairs incomplete (found again).
    void phrasesOfCommonWordsAreFoundThroughTheirPairs()
    {
        auto store = freshStore();
        QVERIFY(store);
        constexpr int records = 6000;
        QList<NewMemory> batch;
        QStringList keys;
        QSet<QString> phraseKeys;
        for (int i = 0; i < records; ++i) {
            const bool phrase = i % 97 == 0;
            batch.append(memory("entry " + QByteArray::number(i) + (phrase ? " delta alpha beta gamma" : " beta gamma delta alpha")));
            if (batch.size() == 500) {
                auto stored = store->putMany(batch);
                VALIS_VERIFY_OK(stored);
                for (const MemoryRecord &record : stored.value())
                    keys << record.key;
                batch.clear();
            }
        }
        QCOMPARE(keys.size(), records);
        for (int i = 0; i < records; i += 97)
            phraseKeys.insert(keys.at(i));

        // Counted in the ninth batch, promoted by the tenth: rows from id 4501 on know the words.
        auto since = m_server->scalar(QStringLiteral("SELECT since_id FROM memory_pair_words WHERE word = 'alpha'"),
                                      m_connection.database);
        VALIS_VERIFY_OK(since);
        QCOMPARE(since.value().toLongLong(), 4501);
        auto promoted = m_server->scalar(QStringLiteral("SELECT string_agg(word, ' ' ORDER BY word) FROM memory_pair_words"),
                                         m_connection.database);
        VALIS_VERIFY_OK(promoted);
        QCOMPARE(promoted.value().toString(), QStringLiteral("a alpha beta delta entry gamma summary"));
        auto paired = m_server->scalar(QStringLiteral("SELECT count(*) FROM agent_memories WHERE pair_vector @@ 'alpha_beta'"),
                                       m_connection.database);
        VALIS_VERIFY_OK(paired);
        QCOMPARE(paired.value().toInt(), 15); // i = 4559, 4656, ... 5917: the phrase records from id 4501 on
        auto unpaired = m_server->scalar(
            QStringLiteral("SELECT count(*) FROM agent_memories WHERE id < 4501 AND pair_vector @@ 'a_summary'"),
            m_connection.database);
        VALIS_VERIFY_OK(unpaired);
        QCOMPARE(unpaired.value().toInt(), 0);

        MemoryFilter all;
        all.limit = 0;
        const auto found = [&](const QString &query) -> QSet<QString> {
            auto hits = store->search(query, all);
            if (!hits.ok()) {
                qWarning("%s", qPrintable(hits.error().toString()));
                return {QStringLiteral("error")};
            }
            const QStringList hitKeys = keysOf(hits.value());
            return QSet<QString>(hitKeys.cbegin(), hitKeys.cend());
        };
        QCOMPARE(found(QStringLiteral("\"alpha beta\"")), phraseKeys);
        QCOMPARE(found(QStringLiteral("\"delta alpha beta\"")), phraseKeys);
        QCOMPARE(found(QStringLiteral("\"delta alpha beta\" entry")), phraseKeys);
        QCOMPARE(found(QStringLiteral("\"gamma delta alpha\"")).size(), records - int(phraseKeys.size()));
        QCOMPARE(found(QStringLiteral("\"beta gamma\"")).size(), records);
        QCOMPARE(found(QStringLiteral("\"gamma alpha\"")), QSet<QString>());
        // Pages of a phrase join up to the whole, newest tier first.
        QStringList paged;
        MemoryFilter page;
        page.limit = 7;
        for (page.offset = 0; page.offset < int(phraseKeys.size()) + 7; page.offset += 7) {
            auto hits = store->search(QStringLiteral("\"alpha beta\""), page);
            VALIS_VERIFY_OK(hits);
            paged << keysOf(hits.value());
        }
        QCOMPARE(paged.size(), phraseKeys.size());
        QCOMPARE(QSet<QString>(paged.cbegin(), paged.cend()), phraseKeys);

        const QString newest = keys.at(5917);
        VALIS_VERIFY_OK(m_server->execute(QStringLiteral("UPDATE agent_memories SET pair_vector = ts_delete(pair_vector, "
                                                         "'alpha_beta') WHERE memory_key = '%1'").arg(newest),
                                          m_connection.database));
        QSet<QString> withoutNewest = phraseKeys;
        withoutNewest.remove(newest);
        QCOMPARE(found(QStringLiteral("\"alpha beta\"")), withoutNewest);
        VALIS_VERIFY_OK(m_server->execute(QStringLiteral("UPDATE agent_memories SET pair_vector = pair_vector || "
                                                         "'~incomplete' WHERE memory_key = '%1'").arg(newest),
                                          m_connection.database));
        QCOMPARE(found(QStringLiteral("\"alpha beta\"")), phraseKeys);
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

    // A purged record's words leave the vocabulary with it (a purged secret must not stay
    // behind as a word); a recheck in the background puts back those another record holds, and
    // until then a prefix of them is searched without the vocabulary. A store that had seen the
    // word listed before forgets that after the purge, so writing it again lists it again.
    void purgeTakesOutTheWordsOnlyItHeld()
    {
        auto store = freshStore();
        QVERIFY(store);
        auto secret = store->put(memory("token akiaexamplesecret9 and a shared word"));
        VALIS_VERIFY_OK(secret);
        auto other = store->put(memory("another record with a shared word"));
        VALIS_VERIFY_OK(other);
        const auto listed = [this](const QString &word) {
            auto count = m_server->scalar(QStringLiteral("SELECT count(*) FROM memory_words WHERE word = '%1'").arg(word),
                                          m_connection.database);
            return count.ok() ? count.value().toInt() : -1;
        };
        QCOMPARE(listed(QStringLiteral("akiaexamplesecret9")), 1);
        QCOMPARE(listed(QStringLiteral("shared")), 1);
        VALIS_VERIFY_OK(store->purge(secret.value().key));
        QCOMPARE(listed(QStringLiteral("akiaexamplesecret9")), 0);
        QCOMPARE(listed(QStringLiteral("token")), 0);
        QCOMPARE(listed(QStringLiteral("another")), 1);
        QCOMPARE(pageKeys(*store, QStringLiteral("shar"), {}), QStringList{other.value().key});
        QTRY_COMPARE_WITH_TIMEOUT(listed(QStringLiteral("shared")), 1, 30000);
        auto pending = m_server->scalar(QStringLiteral("SELECT count(*) FROM memory_words_recheck"), m_connection.database);
        VALIS_VERIFY_OK(pending);
        QCOMPARE(pending.value().toInt(), 0);
        QCOMPARE(listed(QStringLiteral("akiaexamplesecret9")), 0);
        QCOMPARE(listed(QStringLiteral("token")), 0);
        QCOMPARE(pageKeys(*store, QStringLiteral("shar"), {}), QStringList{other.value().key});

        auto again = store->put(memory("the token akiaexamplesecret9 written again"));
        VALIS_VERIFY_OK(again);
        QCOMPARE(listed(QStringLiteral("akiaexamplesecret9")), 1);
        QCOMPARE(pageKeys(*store, QStringLiteral("akiaexample"), {}), QStringList{again.value().key});
        // A deactivated record keeps its words: it can still be read and found by key.
        VALIS_VERIFY_OK(store->deactivate(again.value().key));
        QCOMPARE(listed(QStringLiteral("akiaexamplesecret9")), 1);
    }

    // Listing the older rows' words in the background stops at an error, which the store's
    // figures then carry (the table it writes to is gone here).
    void aStoppedIndexingSaysWhy()
    {
        {
            auto store = freshStore();
            QVERIFY(store);
            VALIS_VERIFY_OK(store->put(memory("a row from before the vocabulary")));
        }
        VALIS_VERIFY_OK(m_server->execute(QStringLiteral("UPDATE memory_words_state SET complete_above = 1000;"
                                                         "ALTER TABLE memory_words RENAME TO memory_words_elsewhere"),
                                          m_connection.database));
        auto reopened = reopenStore();
        VALIS_VERIFY_OK(reopened);
        auto stats = reopened.value()->stats();
        VALIS_VERIFY_OK(stats);
        QCOMPARE(stats.value().recordsToIndex, 1000);
        QVERIFY(!stats.value().indexingStopped);
        QTRY_VERIFY_WITH_TIMEOUT(reopened.value()->stats().ok() && reopened.value()->stats().value().indexingStopped, 30000);
        const Error stopped = *reopened.value()->stats().value().indexingStopped;
        QCOMPARE(stopped.code, QStringLiteral("memory.io"));
        QVERIFY2(stopped.message.contains(QStringLiteral("memory_words")), qPrintable(stopped.toString()));
        QCOMPARE(reopened.value()->stats().value().recordsToIndex, 1000);
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
