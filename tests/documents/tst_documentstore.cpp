// The document store ("File Cabinet") on a real SqliteDetailStore in a temporary folder and on
// a real PostgreSQL server's store (it uses only the DetailStore interface): save
// and page, list, delete answered as deleted (not unknown), pin, the retention sweep with an
// injected clock, content shared with a MemoryRef, and the content sources (from_key,
// from_call through a real SessionStore).
#include "postgresserver.h"
#include "testsupport.h"

#include "valis/memory/contentsource.h"
#include "valis/memory/documentstore.h"
#include "valis/memory/postgresdetailstore.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/record/message.h"
#include "valis/store/sessionstore.h"

#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace valis;

namespace {

const QString Agent = QStringLiteral("default");

QByteArray numberedLines(int count)
{
    QByteArray text;
    for (int i = 1; i <= count; ++i)
        text += "line " + QByteArray::number(i) + '\n';
    return text;
}

} // namespace

class TestDocumentStore : public QObject
{
    Q_OBJECT

    QTemporaryDir *m_dir = nullptr;
    std::unique_ptr<test::PostgresServer> m_postgres;
    std::unique_ptr<DetailStore> m_store;
    QDateTime m_now;

    DocumentStore cabinet() { return DocumentStore(*m_store, [this] { return m_now; }); }

    NewDocument document(const QString &name, const QByteArray &content, int retentionDays = 30)
    {
        NewDocument d;
        d.agentId = Agent;
        d.sessionId = QStringLiteral("s-1");
        d.name = name;
        d.content = content;
        d.retentionDays = retentionDays;
        return d;
    }

private Q_SLOTS:
    void initTestCase_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }

    void initTestCase()
    {
        Result<std::unique_ptr<test::PostgresServer>> started = test::PostgresServer::start();
        QVERIFY2(started.ok(), qPrintable(started.ok() ? QString() : started.error().toString()));
        m_postgres = std::move(started).value();
    }

    void cleanupTestCase() { m_postgres.reset(); }

    void init()
    {
        QFETCH_GLOBAL(QString, backend);
        m_dir = new QTemporaryDir;
        if (backend == QLatin1String("postgresql")) {
            QVERIFY2(m_postgres, "the PostgreSQL server did not start (see initTestCase)");
            const Result<PostgresConnection> database = m_postgres->createDatabase();
            VALIS_VERIFY_OK(database);
            Result<std::unique_ptr<PostgresDetailStore>> opened = PostgresDetailStore::open(*database);
            VALIS_VERIFY_OK(opened);
            m_store = std::move(opened).value();
        } else {
            Result<std::unique_ptr<SqliteDetailStore>> opened = SqliteDetailStore::open(m_dir->filePath(QStringLiteral("memory.db")));
            VALIS_VERIFY_OK(opened);
            m_store = std::move(opened).value();
        }
        m_now = QDateTime(QDate(2026, 3, 1), QTime(12, 0), Qt::UTC);
    }

    void cleanup()
    {
        m_store.reset();
        delete m_dir;
    }

    void savesUnderAStableKeyAndPagesExactly()
    {
        const QByteArray content = numberedLines(500);
        DocumentStore docs = cabinet();
        const Result<DocumentInfo> saved = docs.save(document(QStringLiteral("Build log!"), content));
        VALIS_VERIFY_OK(saved);
        QVERIFY2(saved->fileKey.startsWith(QStringLiteral("doc-build-log-")), qPrintable(saved->fileKey));
        QVERIFY(DocumentStore::isDocumentKey(saved->fileKey));
        QCOMPARE(saved->sizeBytes, qint64(content.size()));
        QCOMPARE(saved->lineCount, qint64(500));
        QCOMPARE(saved->createdAt, m_now);
        QCOMPARE(saved->expiresAt, m_now.addDays(30));

        // A fresh object over the same store finds it by the file key (no state in the object).
        const Result<QByteArray> whole = cabinet().content(Agent, saved->fileKey);
        VALIS_VERIFY_OK(whole);
        QCOMPARE(*whole, content);
        const Result<DocumentInfo> found = cabinet().find(Agent, saved->fileKey);
        VALIS_VERIFY_OK(found);
        QCOMPARE(found->name, QStringLiteral("Build log!"));
        QCOMPARE(found->contentKey, saved->contentKey);

        // Paging the content record the way get_document does (DetailStore::read).
        MemoryPageRequest request;
        request.offset = 101;
        request.limit = 50;
        const Result<MemoryPage> page = m_store->read(found->contentKey, request);
        VALIS_VERIFY_OK(page);
        QByteArray expected;
        for (int i = 101; i <= 150; ++i)
            expected += "line " + QByteArray::number(i) + '\n';
        QCOMPARE(page->text, expected);

        // Another agent does not see it.
        const Result<DocumentInfo> elsewhere = cabinet().find(QStringLiteral("other"), saved->fileKey);
        QVERIFY(elsewhere.hasError());
        QCOMPARE(elsewhere.error().code, QStringLiteral("document.unknown"));
    }

    void listsNewestFirstWithTheirFacts()
    {
        DocumentStore docs = cabinet();
        VALIS_VERIFY_OK(docs.save(document(QStringLiteral("first"), "one\n")));
        m_now = m_now.addSecs(60);
        NewDocument pinned = document(QStringLiteral("second"), "two\n");
        pinned.pinned = true;
        pinned.source = DocumentSource::FromKey;
        pinned.sourceRef = QStringLiteral("m-abcdef");
        VALIS_VERIFY_OK(docs.save(pinned));
        const Result<QList<DocumentInfo>> listed = docs.list(Agent);
        VALIS_VERIFY_OK(listed);
        QCOMPARE(listed->size(), 2);
        QCOMPARE(listed->at(0).name, QStringLiteral("second"));
        QVERIFY(listed->at(0).pinned);
        QVERIFY(!listed->at(0).expiresAt.isValid());
        QCOMPARE(listed->at(0).source, DocumentSource::FromKey);
        QCOMPARE(listed->at(0).sourceRef, QStringLiteral("m-abcdef"));
        QCOMPARE(listed->at(1).name, QStringLiteral("first"));
        QCOMPARE(listed->at(1).sessionId, QStringLiteral("s-1"));
    }

    void deletedKeysAreAnsweredAsDeletedNotUnknown()
    {
        DocumentStore docs = cabinet();
        const Result<DocumentInfo> saved = docs.save(document(QStringLiteral("scratch"), "temporary\n"));
        VALIS_VERIFY_OK(saved);
        m_now = m_now.addSecs(3600);
        const Result<DocumentInfo> removed = docs.remove(Agent, saved->fileKey);
        VALIS_VERIFY_OK(removed);
        QCOMPARE(removed->state, DocumentInfo::State::Deleted);

        const Result<DocumentInfo> after = cabinet().find(Agent, saved->fileKey);
        VALIS_VERIFY_OK(after);
        QCOMPARE(after->state, DocumentInfo::State::Deleted);
        QCOMPARE(after->endedAt, m_now);
        const Result<QByteArray> content = cabinet().content(Agent, saved->fileKey);
        QVERIFY(content.hasError());
        QCOMPARE(content.error().code, QStringLiteral("document.ended"));
        VALIS_VERIFY_OK(cabinet().list(Agent));
        QVERIFY(cabinet().list(Agent)->isEmpty());
        // Its own content record left the lists too.
        const Result<MemoryRecord> bytes = m_store->find(saved->contentKey);
        VALIS_VERIFY_OK(bytes);
        QVERIFY(!bytes->active);

        // A key the cabinet never had is "unknown", not "deleted".
        const Result<DocumentInfo> never = cabinet().find(Agent, QStringLiteral("doc-never-123abc"));
        QVERIFY(never.hasError());
        QCOMPARE(never.error().code, QStringLiteral("document.unknown"));

        // The content source says the same for from_key.
        ContentSourceRequest request;
        request.fromKey = saved->fileKey;
        const Result<ResolvedContent> resolved = resolveContent(m_store.get(), request);
        QVERIFY(resolved.hasError());
        QCOMPARE(resolved.error().code, QStringLiteral("content.deleted"));
        QVERIFY2(resolved.error().message.contains(QStringLiteral("was deleted on 2026-03-01 13:00 UTC")),
                 qPrintable(resolved.error().message));
        request.fromKey = QStringLiteral("doc-never-123abc");
        QCOMPARE(resolveContent(m_store.get(), request).error().code, QStringLiteral("content.unknown-key"));
    }

    void pinnedDocumentsOutliveTheirRetention()
    {
        DocumentStore docs = cabinet();
        const Result<DocumentInfo> kept = docs.save(document(QStringLiteral("kept"), "keep me\n", 1));
        const Result<DocumentInfo> short_ = docs.save(document(QStringLiteral("short"), "let me go\n", 1));
        const Result<DocumentInfo> long_ = docs.save(document(QStringLiteral("long"), "later\n", 10));
        VALIS_VERIFY_OK(kept);
        VALIS_VERIFY_OK(short_);
        VALIS_VERIFY_OK(long_);
        const Result<DocumentInfo> pinned = docs.setPinned(Agent, kept->fileKey, true);
        VALIS_VERIFY_OK(pinned);
        QVERIFY(pinned->pinned);
        QVERIFY(cabinet().find(Agent, kept->fileKey)->pinned);

        // Not due yet: nothing happens.
        m_now = m_now.addSecs(3600);
        Result<DocumentSweep> swept = cabinet().sweep();
        VALIS_VERIFY_OK(swept);
        QVERIFY(swept->expired.isEmpty());

        // Two days on, the unpinned one-day document goes; the pinned one and the ten-day one stay.
        m_now = m_now.addDays(2);
        swept = cabinet().sweep();
        VALIS_VERIFY_OK(swept);
        QCOMPARE(swept->expired, QStringList{short_->fileKey});
        QCOMPARE(swept->purgedBytes, qint64(10));
        const Result<DocumentInfo> gone = cabinet().find(Agent, short_->fileKey);
        VALIS_VERIFY_OK(gone);
        QCOMPARE(gone->state, DocumentInfo::State::Expired);
        QCOMPARE(gone->endedAt, m_now);
        // Expired content is purged, not just hidden.
        QCOMPARE(m_store->find(short_->contentKey).error().code, QStringLiteral("memory.unknown-key"));
        QCOMPARE(*cabinet().content(Agent, kept->fileKey), QByteArray("keep me\n"));
        QCOMPARE(*cabinet().content(Agent, long_->fileKey), QByteArray("later\n"));

        // Unpinned, it expires at the next sweep (its retention counts from when it was saved).
        VALIS_VERIFY_OK(cabinet().setPinned(Agent, kept->fileKey, false));
        swept = cabinet().sweep();
        VALIS_VERIFY_OK(swept);
        QCOMPARE(swept->expired, QStringList{kept->fileKey});
        QCOMPARE(cabinet().list(Agent)->size(), 1);
    }

    void contentSharedWithAMemoryRefIsNeverTouched()
    {
        // A captured output, as ResultCapture stores it.
        NewMemory output;
        output.agentId = Agent;
        output.type = QLatin1String(MemoryType::CommandOutput);
        output.summary = QStringLiteral("npm log");
        output.content = numberedLines(2000);
        const Result<MemoryRecord> captured = m_store->put(output);
        VALIS_VERIFY_OK(captured);

        ContentSourceRequest request;
        request.fromKey = QStringLiteral("[MemoryRef: %1 - npm log]").arg(captured->key);
        const Result<ResolvedContent> resolved = resolveContent(m_store.get(), request);
        VALIS_VERIFY_OK(resolved);
        QCOMPARE(resolved->bytes, output.content);
        QCOMPARE(resolved->key, captured->key);

        NewDocument d = document(QStringLiteral("npm log"), resolved->bytes, 1);
        d.source = DocumentSource::FromKey;
        d.sourceRef = captured->key;
        const Result<DocumentInfo> saved = cabinet().save(d);
        VALIS_VERIFY_OK(saved);
        // Identical bytes are one record: the document costs no copy.
        QCOMPARE(saved->contentKey, captured->key);

        m_now = m_now.addDays(5);
        const Result<DocumentSweep> swept = cabinet().sweep();
        VALIS_VERIFY_OK(swept);
        QCOMPARE(swept->expired.size(), 1);
        QCOMPARE(swept->purgedBytes, qint64(0));
        const Result<MemoryRecord> still = m_store->get(captured->key);
        VALIS_VERIFY_OK(still);
        QVERIFY(still->active);
        QCOMPARE(still->content, output.content);
    }

    void twoDocumentsWithTheSameBytesShareThemUntilBothEnd()
    {
        DocumentStore docs = cabinet();
        const Result<DocumentInfo> a = docs.save(document(QStringLiteral("a"), "same bytes\n"));
        const Result<DocumentInfo> b = docs.save(document(QStringLiteral("b"), "same bytes\n"));
        VALIS_VERIFY_OK(a);
        VALIS_VERIFY_OK(b);
        QVERIFY(a->fileKey != b->fileKey);
        QCOMPARE(a->contentKey, b->contentKey);
        VALIS_VERIFY_OK(docs.remove(Agent, a->fileKey));
        QCOMPARE(*cabinet().content(Agent, b->fileKey), QByteArray("same bytes\n"));
        QVERIFY(m_store->find(b->contentKey)->active);
        VALIS_VERIFY_OK(docs.remove(Agent, b->fileKey));
        QVERIFY(!m_store->find(b->contentKey)->active);
    }

    void theDailySweepRunsOncePerStore()
    {
        NewDocument old = document(QStringLiteral("old"), "old\n", 1);
        // Saved by a cabinet whose clock is a week behind the real one.
        m_now = QDateTime::currentDateTimeUtc().addDays(-7);
        const Result<DocumentInfo> saved = cabinet().save(old);
        VALIS_VERIFY_OK(saved);
        Result<std::optional<DocumentSweep>> first = sweepDocumentsIfDue(*m_store);
        VALIS_VERIFY_OK(first);
        QVERIFY(first->has_value());
        QCOMPARE((*first)->expired, QStringList{saved->fileKey});
        Result<std::optional<DocumentSweep>> second = sweepDocumentsIfDue(*m_store);
        VALIS_VERIFY_OK(second);
        QVERIFY(!second->has_value());
        Result<std::optional<DocumentSweep>> forced = sweepDocumentsIfDue(*m_store, std::chrono::seconds(0));
        VALIS_VERIFY_OK(forced);
        QVERIFY(forced->has_value());
        QVERIFY((*forced)->expired.isEmpty());
    }

    void fromCallReadsTheRecordedResult()
    {
        const QString recordPath = m_dir->filePath(QStringLiteral("sessions.db"));
        Result<std::unique_ptr<SessionStore>> opened = SessionStore::open(recordPath);
        VALIS_VERIFY_OK(opened);
        std::unique_ptr<SessionStore> record = std::move(opened).value();
        SessionInfo info;
        info.id = QStringLiteral("s-1");
        VALIS_VERIFY_OK(record->createSession(info));
        Message call;
        call.role = Role::Assistant;
        call.parts = {Part::makeToolCall(QStringLiteral("call-7"), QStringLiteral("exec"), QJsonObject())};
        VALIS_VERIFY_OK(record->appendMessage(QStringLiteral("s-1"), call));
        Message result;
        result.role = Role::Tool;
        const QString output = QStringLiteral("exact output \u00e9\nsecond line");
        result.parts = {Part::makeToolResultText(QStringLiteral("call-7"), output)};
        VALIS_VERIFY_OK(record->appendMessage(QStringLiteral("s-1"), result));

        ContentSourceRequest request;
        request.fromCall = QStringLiteral("call-7");
        request.sessionId = QStringLiteral("s-1");
        request.sessionStorePath = recordPath;
        const Result<ResolvedContent> resolved = resolveContent(m_store.get(), request);
        VALIS_VERIFY_OK(resolved);
        QCOMPARE(resolved->bytes, output.toUtf8());

        request.fromCall = QStringLiteral("call-8");
        const Result<ResolvedContent> missing = resolveContent(m_store.get(), request);
        QVERIFY(missing.hasError());
        QCOMPARE(missing.error().code, QStringLiteral("content.unknown-call"));

        request.fromCall.clear();
        QCOMPARE(resolveContent(m_store.get(), request).error().code, QStringLiteral("content.invalid"));
    }
};

VALIS_TEST_MAIN(TestDocumentStore)
#include "tst_documentstore.moc"
