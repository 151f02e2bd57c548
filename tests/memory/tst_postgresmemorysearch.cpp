// How the PostgreSQL DetailStore searches (harness/src/memory/postgresmemorysearch.h), against a
// real server started for this run, each test in a database of its own: recency buckets and
// ranking tiers, the last word as typed first, the vocabulary that expands prefixes and what a
// purge and a stopped background listing do to it, phrases of common words through their pairs.
#include "postgresstorefixture.h"

#include <QSet>

using namespace valis;

class TestPostgresMemorySearch : public QObject, private test::PostgresStoreFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY2(startServer(), qPrintable(m_serverError)); }

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
};

VALIS_TEST_MAIN(TestPostgresMemorySearch)
#include "tst_postgresmemorysearch.moc"
