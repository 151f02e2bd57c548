// The DetailStore contract on SQLite, and what only the SQLite store has: blob files beside the
// database, checksums caught on read, the schema's versions, raw bytes.
#include "detailstorecontract.h"
#include "testsupport.h"

#include "valis/memory/sqlitedetailstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <vector>

using namespace valis;

namespace {

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

NewMemory memory(const QByteArray &content, const QString &agent = QStringLiteral("agent-a"))
{
    NewMemory m;
    m.agentId = agent;
    m.summary = QStringLiteral("sqlite test");
    m.content = content;
    return m;
}

QByteArray largeContent(const QByteArray &seed)
{
    QByteArray content;
    while (content.size() < 300 * 1024)
        content += seed + " line " + QByteArray::number(content.size()) + '\n';
    return content;
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Runs `statements` on the database file through a connection of its own.
bool runSql(const QString &path, const QStringList &statements, QVariant *lastValue = nullptr)
{
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString &statement : statements) {
            QSqlQuery query(db);
            ok = ok && query.exec(statement);
            if (ok && lastValue && query.next())
                *lastValue = query.value(0);
            if (!ok)
                qWarning("%s", qPrintable(statement));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return ok;
}

} // namespace

class TestSqliteDetailStore : public DetailStoreContract
{
    Q_OBJECT

protected:
    Result<std::unique_ptr<DetailStore>> openStore() override
    {
        m_dirs.push_back(std::make_unique<QTemporaryDir>());
        m_path = m_dirs.back()->filePath(QStringLiteral("memory.db"));
        m_blobDir = m_dirs.back()->filePath(QStringLiteral("blobs"));
        return reopenStore();
    }

    Result<std::unique_ptr<DetailStore>> reopenStore() override
    {
        auto store = SqliteDetailStore::open(m_path, m_blobDir);
        if (!store.ok())
            return store.error();
        return std::unique_ptr<DetailStore>(std::move(store).value());
    }

    QStringList writerArguments() const override
    {
        return {QStringLiteral("--sqlite"), m_path, QStringLiteral("--blob-dir"), m_blobDir};
    }

private:
    std::unique_ptr<SqliteDetailStore> openSqlite()
    {
        m_dirs.push_back(std::make_unique<QTemporaryDir>());
        m_path = m_dirs.back()->filePath(QStringLiteral("memory.db"));
        m_blobDir = m_dirs.back()->filePath(QStringLiteral("blobs"));
        return reopenSqlite();
    }

    std::unique_ptr<SqliteDetailStore> reopenSqlite()
    {
        auto store = SqliteDetailStore::open(m_path, m_blobDir);
        if (!store.ok()) {
            qWarning("%s", qPrintable(store.error().toString()));
            return {};
        }
        return std::move(store).value();
    }

    QString blobPath(const QString &sha) const { return m_blobDir + QLatin1Char('/') + sha.left(2) + QLatin1Char('/') + sha; }

    std::vector<std::unique_ptr<QTemporaryDir>> m_dirs;
    QString m_path;
    QString m_blobDir;

private Q_SLOTS:
    void cleanup() { m_dirs.clear(); }

    void largeContentGoesToAChecksummedFile()
    {
        auto store = openSqlite();
        QVERIFY(store);
        const QByteArray large = largeContent("blob");
        const auto stored = store->put(memory(large));
        VALIS_VERIFY_OK(stored);
        QCOMPARE(fileBytes(blobPath(stored->sha256)), large);
        const auto small = store->put(memory("small stays in the row"));
        VALIS_VERIFY_OK(small);
        QVERIFY(!QFileInfo::exists(blobPath(small->sha256)));
        QVariant inRow;
        QVERIFY(runSql(m_path, {QStringLiteral("SELECT count(*) FROM agent_memories WHERE content IS NULL AND blob_file = '%1'")
                                    .arg(stored->sha256.left(2) + QLatin1Char('/') + stored->sha256)},
                       &inRow));
        QCOMPARE(inRow.toInt(), 1);
        QCOMPARE(store->get(stored->key)->content, large);

        // The blob folder defaults to "<database>-blobs".
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("default.db"));
        auto defaults = SqliteDetailStore::open(path);
        VALIS_VERIFY_OK(defaults);
        const auto there = defaults.value()->put(memory(large));
        VALIS_VERIFY_OK(there);
        QVERIFY(QFileInfo::exists(path + QStringLiteral("-blobs/") + there->sha256.left(2) + QLatin1Char('/') + there->sha256));
        QCOMPARE(defaults.value()->databasePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(defaults.value()->description().contains(QFileInfo(path).absoluteFilePath()));
    }

    void damagedBlobIsReported()
    {
        auto store = openSqlite();
        QVERIFY(store);
        const auto stored = store->put(memory(largeContent("damage")));
        VALIS_VERIFY_OK(stored);
        VALIS_VERIFY_OK(store->get(stored->key));
        const QString path = blobPath(stored->sha256);

        // One flipped byte, same size: a fresh open reads the file and finds the checksum wrong.
        QByteArray bytes = fileBytes(path);
        bytes[1000] = bytes.at(1000) == 'x' ? 'y' : 'x';
        QVERIFY(test::writeFile(path, bytes));
        auto fresh = reopenSqlite();
        QVERIFY(fresh);
        const auto got = fresh->get(stored->key);
        QVERIFY(got.hasError());
        QCOMPARE(got.error().code, QStringLiteral("memory.corrupt"));
        QVERIFY2(got.error().message.contains(stored->key), qPrintable(got.error().message));
        const auto page = fresh->read(stored->key, {});
        QVERIFY(page.hasError());
        QCOMPARE(page.error().code, QStringLiteral("memory.corrupt"));
        // find() reads no content and still works, so the record can be shown and purged.
        VALIS_VERIFY_OK(fresh->find(stored->key));

        // A file cut short is noticed by the store that had read it whole before.
        QVERIFY(test::writeFile(path, bytes.left(100)));
        QCOMPARE(store->get(stored->key).error().code, QStringLiteral("memory.corrupt"));
        // A missing file too.
        QVERIFY(QFile::remove(path));
        QCOMPARE(store->get(stored->key).error().code, QStringLiteral("memory.corrupt"));
        QCOMPARE(store->read(stored->key, {}).error().code, QStringLiteral("memory.corrupt"));
        VALIS_VERIFY_OK(store->purge(stored->key));
    }

    void changedRowContentIsReported()
    {
        auto store = openSqlite();
        QVERIFY(store);
        const auto stored = store->put(memory("what the agent saw"));
        VALIS_VERIFY_OK(stored);
        store.reset();
        // Records are immutable: changing one takes dropping the guard first.
        QVERIFY(!runSql(m_path, {QStringLiteral("UPDATE agent_memories SET content = CAST('tampered' AS BLOB)")}));
        QVERIFY(runSql(m_path, {QStringLiteral("DROP TRIGGER agent_memories_are_immutable"),
                                QStringLiteral("UPDATE agent_memories SET content = CAST('what the agent sav' AS BLOB)")}));
        auto reopened = reopenSqlite();
        QVERIFY(reopened);
        const auto got = reopened->get(stored->key);
        QVERIFY(got.hasError());
        QCOMPARE(got.error().code, QStringLiteral("memory.corrupt"));
        QCOMPARE(reopened->read(stored->key, {}).error().code, QStringLiteral("memory.corrupt"));
    }

    void sharedBlobOutlivesOnePurge()
    {
        auto store = openSqlite();
        QVERIFY(store);
        const QByteArray large = largeContent("shared");
        const auto a = store->put(memory(large, QStringLiteral("agent-a")));
        const auto b = store->put(memory(large, QStringLiteral("agent-b")));
        VALIS_VERIFY_OK(a);
        VALIS_VERIFY_OK(b);
        QVERIFY(a->key != b->key);
        QCOMPARE(a->sha256, b->sha256);
        VALIS_VERIFY_OK(store->purge(a->key));
        QVERIFY(QFileInfo::exists(blobPath(b->sha256)));
        QCOMPARE(store->get(b->key)->content, large);
        VALIS_VERIFY_OK(store->purge(b->key));
        QVERIFY(!QFileInfo::exists(blobPath(b->sha256)));
        QCOMPARE(QDir(QFileInfo(blobPath(b->sha256)).absolutePath()).entryList(QDir::Files), QStringList());
        // Stored again, the file comes back.
        const auto again = store->put(memory(large, QStringLiteral("agent-a")));
        VALIS_VERIFY_OK(again);
        QCOMPARE(store->get(again->key)->content, large);
    }

    void rawBytesRoundTrip()
    {
        // SQLite keeps any bytes; a tool's output is not always valid UTF-8.
        auto store = openSqlite();
        QVERIFY(store);
        QByteArray bytes("nul\0inside", 10);
        bytes += "\xff\xfe invalid utf-8 \xc3\x28\n";
        const auto stored = store->put(memory(bytes));
        VALIS_VERIFY_OK(stored);
        QCOMPARE(store->get(stored->key)->content, bytes);
        QCOMPARE(stored->sha256, sha256Hex(bytes));
        QByteArray largeBytes = largeContent("binary");
        largeBytes[10] = '\0';
        largeBytes[11] = char(0xff);
        const auto large = store->put(memory(largeBytes));
        VALIS_VERIFY_OK(large);
        QCOMPARE(store->get(large->key)->content, largeBytes);
    }

    void searchSeesTheFirstMebibyte()
    {
        auto store = openSqlite();
        QVERIFY(store);
        QByteArray content = "early marker aardvark\n";
        while (content.size() < 3 * 1024 * 1024)
            content += "filler line " + QByteArray::number(content.size()) + '\n';
        content += "late marker okapi\n";
        const auto stored = store->put(memory(content));
        VALIS_VERIFY_OK(stored);
        QCOMPARE(store->search(QStringLiteral("aardvark"), {})->size(), 1);
        // Only the first MiB of a content is indexed (the rest is read, not searched).
        QCOMPARE(store->search(QStringLiteral("okapi"), {})->size(), 0);
        QVERIFY(store->get(stored->key)->content.endsWith("late marker okapi\n"));
    }

    void commonWordsRankTheNewestTier()
    {
        // A word in more records than one ranking tier: the newest tier is ranked and the
        // strongest matches in it come first; a filter with few records is ranked whole.
        auto store = openSqlite();
        QVERIFY(store);
        QList<NewMemory> batch;
        for (int i = 0; i < 1200; ++i) {
            NewMemory m = memory("common word in record " + QByteArray::number(i));
            m.sessionId = i < 10 ? QStringLiteral("old-session") : QStringLiteral("busy");
            batch.append(m);
        }
        NewMemory strong = memory("common common common, the strongest old match");
        strong.sessionId = QStringLiteral("old-session");
        batch.prepend(strong);
        const auto stored = store->putMany(batch);
        VALIS_VERIFY_OK(stored);
        MemoryFilter filter;
        filter.limit = 10;
        const auto hits = store->search(QStringLiteral("common"), filter);
        VALIS_VERIFY_OK(hits);
        QCOMPARE(hits->size(), 10);
        filter.sessionId = QStringLiteral("old-session");
        const auto old = store->search(QStringLiteral("common"), filter);
        VALIS_VERIFY_OK(old);
        QCOMPARE(old->size(), 10);
        QCOMPARE(old->first().record.key, stored->first().key);
        QVERIFY(old->first().snippet.contains(QLatin1String("strongest")));
    }

    void schemaIsVersionedAndReopens()
    {
        auto store = openSqlite();
        QVERIFY(store);
        const auto stored = store->put(memory("survives a reopen"));
        VALIS_VERIFY_OK(stored);
        store.reset();
        QVariant version;
        QVERIFY(runSql(m_path, {QStringLiteral("PRAGMA user_version")}, &version));
        QCOMPARE(version.toInt(), SqliteDetailStore::schemaVersion());
        QVariant applicationId;
        QVERIFY(runSql(m_path, {QStringLiteral("PRAGMA application_id")}, &applicationId));
        QCOMPARE(applicationId.toInt(), 0x56414c4d);
        QVariant journal;
        QVERIFY(runSql(m_path, {QStringLiteral("PRAGMA journal_mode")}, &journal));
        QCOMPARE(journal.toString(), QStringLiteral("wal"));
        auto reopened = reopenSqlite();
        QVERIFY(reopened);
        QCOMPARE(reopened->get(stored->key)->content, QByteArray("survives a reopen"));

        // An empty SQLite file (version 0) is set up like a new one.
        QTemporaryDir dir;
        const QString blank = dir.filePath(QStringLiteral("blank.db"));
        QVERIFY(runSql(blank, {QStringLiteral("PRAGMA user_version = 0")}));
        auto migrated = SqliteDetailStore::open(blank);
        VALIS_VERIFY_OK(migrated);
        VALIS_VERIFY_OK(migrated.value()->put(memory("in a migrated file")));
    }

    void changeCounterMovesWithEveryWriter()
    {
        // The MCP server's change poll trusts this counter: a write it misses is a list_changed
        // another agent never gets.
        auto store = openSqlite();
        QVERIFY(store);
        const auto counter = [&store] {
            const Result<qint64> value = store->changeCounter();
            return value.ok() ? *value : qint64(-1);
        };
        qint64 last = counter();
        QVERIFY(last != -1);
        QCOMPARE(counter(), last); // reading changes nothing
        VALIS_VERIFY_OK(store->list(MemoryFilter()));
        QCOMPARE(counter(), last);

        // Its own writes (this connection's commits, which data_version does not count).
        const auto stored = store->put(memory("a fact the counter must notice"));
        VALIS_VERIFY_OK(stored);
        QVERIFY(counter() != last);
        last = counter();
        VALIS_VERIFY_OK(store->deactivate(stored->key));
        QVERIFY(counter() != last);
        last = counter();
        VALIS_VERIFY_OK(store->writeFile(QStringLiteral("default"), QStringLiteral("notes/a.md"), "# A\n"));
        QVERIFY(counter() != last);
        last = counter();

        // Another connection in this process.
        auto other = reopenSqlite();
        QVERIFY(other);
        VALIS_VERIFY_OK(other->removeFile(QStringLiteral("default"), QStringLiteral("notes/a.md")));
        QVERIFY(counter() != last);
        last = counter();
        QCOMPARE(counter(), last);

        // Another process.
        QProcess writer;
        writer.start(writerPath(), writerArguments() << QStringLiteral("--tag") << QStringLiteral("elsewhere")
                                                     << QStringLiteral("--count") << QStringLiteral("1"));
        QVERIFY(writer.waitForFinished(120000));
        QVERIFY2(writer.exitCode() == 0, writer.readAllStandardError().constData());
        QVERIFY(counter() != last);
        last = counter();
        QCOMPARE(counter(), last);
    }

    void twoProcessesCreateOneStore()
    {
        // Neither finds a database: both create, switch to WAL and migrate the same new file.
        QTemporaryDir dir;
        m_path = dir.filePath(QStringLiteral("new.db"));
        m_blobDir = dir.filePath(QStringLiteral("blobs"));
        QProcess first;
        QProcess second;
        first.start(writerPath(), writerArguments() << QStringLiteral("--tag") << QStringLiteral("first")
                                                    << QStringLiteral("--count") << QStringLiteral("40"));
        second.start(writerPath(), writerArguments() << QStringLiteral("--tag") << QStringLiteral("second")
                                                     << QStringLiteral("--count") << QStringLiteral("40"));
        QVERIFY(first.waitForFinished(120000));
        QVERIFY(second.waitForFinished(120000));
        QVERIFY2(first.exitCode() == 0, first.readAllStandardError().constData());
        QVERIFY2(second.exitCode() == 0, second.readAllStandardError().constData());
        auto store = reopenSqlite();
        QVERIFY(store);
        MemoryFilter filter;
        filter.limit = 0;
        QCOMPARE(store->list(filter)->size(), 80);
        QVariant version;
        QVERIFY(runSql(m_path, {QStringLiteral("PRAGMA user_version")}, &version));
        QCOMPARE(version.toInt(), SqliteDetailStore::schemaVersion());
    }

    void newerSchemaIsRefusedUntouched()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("future.db"));
        QVERIFY(runSql(path, {QStringLiteral("CREATE TABLE agent_memories(id INTEGER PRIMARY KEY, future TEXT)"),
                              QStringLiteral("PRAGMA application_id = %1").arg(0x56414c4d),
                              QStringLiteral("PRAGMA user_version = 99")}));
        const QByteArray before = fileBytes(path);
        const auto opened = SqliteDetailStore::open(path);
        QVERIFY(opened.hasError());
        QCOMPARE(opened.error().code, QStringLiteral("memory.future-schema"));
        QVERIFY2(opened.error().message.contains(QLatin1String("99")), qPrintable(opened.error().message));
        QCOMPARE(fileBytes(path), before);
        QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));

        // Another application's database is not taken over either.
        const QString foreign = dir.filePath(QStringLiteral("foreign.db"));
        QVERIFY(runSql(foreign, {QStringLiteral("CREATE TABLE photos(id INTEGER PRIMARY KEY)")}));
        const QByteArray foreignBefore = fileBytes(foreign);
        const auto refused = SqliteDetailStore::open(foreign);
        QVERIFY(refused.hasError());
        QCOMPARE(refused.error().code, QStringLiteral("memory.unavailable"));
        QCOMPARE(fileBytes(foreign), foreignBefore);
    }
};

VALIS_TEST_MAIN(TestSqliteDetailStore)
#include "tst_sqlitedetailstore.moc"
