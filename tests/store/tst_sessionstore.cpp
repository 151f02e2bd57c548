#include "testsupport.h"

#include "valis/store/sessionstore.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

using namespace valis;

namespace {

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

/// Runs `sql` on a plain connection of its own and returns column `column` of every row, or the
/// driver's error text as the one row.
QStringList rawColumn(const QString &db, const QString &sql, int column)
{
    QStringList rows;
    {
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        raw.setDatabaseName(db);
        raw.open();
        QSqlQuery query(raw);
        if (!query.exec(sql))
            rows << QStringLiteral("ERROR: ") + query.lastError().text();
        while (query.next())
            rows << query.value(column).toString();
        query.finish();
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return rows;
}

/// The first column of the first row of `sql`, or the driver's error text.
QString rawQuery(const QString &db, const QString &sql)
{
    return rawColumn(db, sql, 0).value(0);
}

/// The `detail` lines of EXPLAIN QUERY PLAN for `sql`, joined with "; ".
QString queryPlan(const QString &db, const QString &sql)
{
    return rawColumn(db, QStringLiteral("EXPLAIN QUERY PLAN ") + sql, 3).join(QStringLiteral("; "));
}

Message userText(const QString &text)
{
    Message message;
    message.role = Role::User;
    message.parts = {Part::makeText(text)};
    return message;
}


} // namespace

class TestSessionStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createsDatabaseWithWalAndSchema();
    void appendsAndReadsBackExactly();
    void assignsTurns();
    void recordIsAppendOnly();
    void refusesFutureSchemaUntouched();
    void refusesForeignFiles();
    void duplicateMessageChangesNothing();
    void batchIsAllOrNothing();
    void importIsAtomicAndIncremental();
    void tokenCountCache();
    void sessionsListAndRename();
    void indexingWaitsForIdleTime();
    void activeLeafIsKeptAndMigrated();
    void looksMessagesUpByIdThroughAnIndex();
};

void TestSessionStore::createsDatabaseWithWalAndSchema()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("sub/dir/sessions.db"));
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
    }
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA journal_mode")), QStringLiteral("wal"));
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version")).toInt(), SessionStore::schemaVersion());
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA application_id")).toInt(), 0x56414c53);
    // Reopening an up-to-date database migrates nothing and works.
    auto again = SessionStore::open(db);
    VALIS_VERIFY_OK(again);
}

void TestSessionStore::appendsAndReadsBackExactly()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    QVERIFY(session->id.startsWith(QLatin1String("s-")));
    QCOMPARE(session->originKind, QStringLiteral("valis"));

    Message system;
    system.role = Role::System;
    system.parts = {Part::makeText(QStringLiteral("You are careful."))};
    Message assistant;
    assistant.role = Role::Assistant;
    assistant.model = QStringLiteral("claude-opus-4-6");
    assistant.stopReason = QStringLiteral("tool_use");
    assistant.usage.inputTokens = 10;
    assistant.usage.cacheReadTokens = 0;
    assistant.metadata.insert(QStringLiteral("requestId"), QStringLiteral("req_1"));
    assistant.wire.insert(QStringLiteral("anthropic"), QJsonObject{{QStringLiteral("id"), QStringLiteral("msg_1")}});
    Part thinking = Part::makeThinking(QStringLiteral("hmm"), QStringLiteral("sig"));
    thinking.wire.insert(QStringLiteral("anthropic"), QJsonObject{{QStringLiteral("cache_control"), QJsonObject{}}});
    assistant.parts = {thinking, Part::makeText(QString()),
                       Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("Bash"),
                                          QJsonObject{{QStringLiteral("command"), QStringLiteral("ls")},
                                                      {QStringLiteral("n"), 1.5}}),
                       Part::makeToolCallFromText(QStringLiteral("c2"), QStringLiteral("f"), QStringLiteral("{\"a\": [1,")),
                       Part::makeToolCallFromText(QStringLiteral("c3"), QStringLiteral("g"), QStringLiteral(" {\"b\" : 2} "))};
    const QByteArray png("\x89PNG\r\n\x1a\nfake image bytes", 24);
    Message tool;
    tool.role = Role::Tool;
    tool.parts = {Part::makeToolResult(QStringLiteral("c1"),
                                       {Part::makeText(QStringLiteral("a\nb\n")),
                                        Part::makeImage({QStringLiteral("image/png"), QString(), png})},
                                       true),
                  Part::makeToolResultText(QStringLiteral("c2"), QStringLiteral("second"))};

    auto appended = store.value()->appendMessages(session->id, {system, userText(QStringLiteral("hello")), assistant, tool});
    VALIS_VERIFY_OK(appended);
    QCOMPARE(appended->size(), 4);
    const QString imageUri = appended->at(3).parts.at(0).content.at(1).image.uri;
    QVERIFY2(imageUri.startsWith(QLatin1String("blob:sha256-")), qPrintable(imageUri));
    QVERIFY(appended->at(3).parts.at(0).content.at(1).image.data.isEmpty());

    auto read = store.value()->messages(session->id);
    VALIS_VERIFY_OK(read);
    QCOMPARE(read->size(), 4);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(read->at(i), appended->at(i));
        QCOMPARE(read->at(i).seq, qint64(i));
        QVERIFY(!read->at(i).id.isEmpty());
        QVERIFY(read->at(i).createdAt.isValid());
    }
    QCOMPARE(read->at(2).parts.at(2).arguments.toObject().value(QStringLiteral("n")).toDouble(), 1.5);
    QVERIFY(read->at(2).parts.at(3).arguments.isUndefined());
    QCOMPARE(*read->at(2).parts.at(4).argumentsText, QStringLiteral(" {\"b\" : 2} "));
    auto blob = store.value()->readBlob(imageUri);
    VALIS_VERIFY_OK(blob);
    QCOMPARE(blob.value(), png);

    // Paging.
    auto page = store.value()->messages(session->id, 1, 2);
    VALIS_VERIFY_OK(page);
    QCOMPARE(page->size(), 2);
    QCOMPARE(page->at(0).seq, 1);
    QCOMPARE(page->at(1), read->at(2));

    auto missing = store.value()->messages(QStringLiteral("nope"));
    QVERIFY(missing.hasError());
    QCOMPARE(missing.error().code, QStringLiteral("store.no-session"));
}

void TestSessionStore::assignsTurns()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    Message system;
    system.role = Role::System;
    system.parts = {Part::makeText(QStringLiteral("sys"))};
    Message call;
    call.role = Role::Assistant;
    call.parts = {Part::makeToolCall(QStringLiteral("t"), QStringLiteral("x"), QJsonObject{})};
    Message result;
    result.role = Role::Tool;
    result.parts = {Part::makeToolResultText(QStringLiteral("t"), QStringLiteral("ok"))};
    Message answer;
    answer.role = Role::Assistant;
    answer.parts = {Part::makeText(QStringLiteral("done"))};
    VALIS_VERIFY_OK(store.value()->appendMessages(session->id, {system, userText(QStringLiteral("one")), call, result, answer}));
    VALIS_VERIFY_OK(store.value()->appendMessage(session->id, userText(QStringLiteral("two"))));
    VALIS_VERIFY_OK(store.value()->appendMessage(session->id, answer));
    auto turns = store.value()->turns(session->id);
    VALIS_VERIFY_OK(turns);
    QCOMPARE(turns->size(), 3);
    QCOMPARE(turns->at(0).index, 0); // the system prompt precedes the first turn
    QCOMPARE(turns->at(1).id(), QStringLiteral("T-1"));
    QCOMPARE(turns->at(1).firstSeq, 1);
    QCOMPARE(turns->at(1).lastSeq, 4);
    QCOMPARE(turns->at(2).firstSeq, 5);
    QCOMPARE(turns->at(2).lastSeq, 6);
}

void TestSessionStore::recordIsAppendOnly()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("s.db"));
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        auto session = store.value()->createSession({});
        VALIS_VERIFY_OK(session);
        VALIS_VERIFY_OK(store.value()->appendMessage(session->id, userText(QStringLiteral("original"))));
    }
    QVERIFY(rawQuery(db, QStringLiteral("UPDATE parts SET text = 'forged'")).contains(QLatin1String("append-only")));
    QVERIFY(rawQuery(db, QStringLiteral("UPDATE messages SET role = 'assistant'")).contains(QLatin1String("append-only")));
    QCOMPARE(rawQuery(db, QStringLiteral("SELECT text FROM parts")), QStringLiteral("original"));
}

void TestSessionStore::refusesFutureSchemaUntouched()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("s.db"));
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        auto session = store.value()->createSession({});
        VALIS_VERIFY_OK(session);
    }
    rawQuery(db, QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    rawQuery(db, QStringLiteral("PRAGMA journal_mode=DELETE"));
    rawQuery(db, QStringLiteral("PRAGMA user_version = %1").arg(SessionStore::schemaVersion() + 7));
    const QByteArray before = fileHash(db);
    QVERIFY(!before.isEmpty());

    auto store = SessionStore::open(db);
    QVERIFY(store.hasError());
    QCOMPARE(store.error().code, QStringLiteral("store.future-schema"));
    QVERIFY2(store.error().message.contains(QString::number(SessionStore::schemaVersion() + 7)), qPrintable(store.error().message));
    QVERIFY(store.error().message.contains(QLatin1String("untouched")));
    QCOMPARE(store.error().location, QFileInfo(db).absoluteFilePath());
    QCOMPARE(fileHash(db), before);
    QVERIFY(!QFile::exists(db + QStringLiteral("-wal")));
}

void TestSessionStore::refusesForeignFiles()
{
    test::TemporaryHome home;
    const QString text = home.filePath(QStringLiteral("notes.db"));
    {
        QFile file(text);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(4096, 'x'));
    }
    const QByteArray textBefore = fileHash(text);
    auto store = SessionStore::open(text);
    QVERIFY(store.hasError());
    QCOMPARE(store.error().code, QStringLiteral("store.not-a-database"));
    QCOMPARE(fileHash(text), textBefore);

    const QString other = home.filePath(QStringLiteral("other.db"));
    rawQuery(other, QStringLiteral("CREATE TABLE recipes(name TEXT)"));
    const QByteArray otherBefore = fileHash(other);
    auto foreign = SessionStore::open(other);
    QVERIFY(foreign.hasError());
    QCOMPARE(foreign.error().code, QStringLiteral("store.not-a-database"));
    QVERIFY(foreign.error().message.contains(QLatin1String("another application")));
    QCOMPARE(fileHash(other), otherBefore);
}

void TestSessionStore::duplicateMessageChangesNothing()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    Message first = userText(QStringLiteral("first"));
    first.id = QStringLiteral("fixed-id");
    VALIS_VERIFY_OK(store.value()->appendMessage(session->id, first));
    Message again = userText(QStringLiteral("second"));
    again.id = QStringLiteral("fixed-id");
    auto duplicate = store.value()->appendMessage(session->id, again);
    QVERIFY(duplicate.hasError());
    QCOMPARE(duplicate.error().code, QStringLiteral("store.duplicate-message"));
    QVERIFY(duplicate.error().message.contains(QLatin1String("fixed-id")));
    auto messages = store.value()->messages(session->id);
    VALIS_VERIFY_OK(messages);
    QCOMPARE(messages->size(), 1);
    QCOMPARE(messages->first().text(), QStringLiteral("first"));
    auto noSuchSession = store.value()->appendMessage(QStringLiteral("nope"), first);
    QVERIFY(noSuchSession.hasError());
    QCOMPARE(noSuchSession.error().code, QStringLiteral("store.no-session"));
}

void TestSessionStore::batchIsAllOrNothing()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    Message a = userText(QStringLiteral("alpha unique-word-one"));
    a.id = QStringLiteral("a");
    Message b = userText(QStringLiteral("beta unique-word-two"));
    b.id = QStringLiteral("a"); // collides with the first message of the same batch
    auto batch = store.value()->appendMessages(session->id, {a, b});
    QVERIFY(batch.hasError());
    QCOMPARE(store.value()->messageCount(session->id).value(), 0);
    SearchQuery query;
    query.text = QStringLiteral("unique-word-one");
    auto hits = store.value()->search(query);
    VALIS_VERIFY_OK(hits);
    QVERIFY(hits->hits.isEmpty()); // the index was rolled back with the record
    // The store is still usable after the failed batch.
    VALIS_VERIFY_OK(store.value()->appendMessage(session->id, a));
    hits = store.value()->search(query);
    VALIS_VERIFY_OK(hits);
    QCOMPARE(hits->hits.size(), 1);
}

void TestSessionStore::importIsAtomicAndIncremental()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);

    ImportedTranscript transcript;
    transcript.format = QStringLiteral("test-format");
    transcript.sourcePath = QStringLiteral("/tmp/source.jsonl");
    ImportedSession parent;
    parent.info.id = QStringLiteral("tf-1");
    parent.info.originKind = QStringLiteral("test-format");
    parent.info.title = QStringLiteral("parent");
    for (int i = 0; i < 5; ++i) {
        Message message = userText(QStringLiteral("message %1").arg(i));
        message.id = QStringLiteral("u%1").arg(i);
        message.createdAt = QDateTime::fromMSecsSinceEpoch(1700000000000 + i * 1000, Qt::UTC);
        parent.messages.append(message);
    }
    ImportedSession child = parent;
    child.info.id = QStringLiteral("tf-1-child");
    child.info.parentSessionId = QStringLiteral("tf-1");
    transcript.sessions = {parent, child};
    transcript.notes = {QStringLiteral("left out 3 progress lines")};

    auto report = store.value()->importTranscript(transcript);
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->messagesAdded(), 10);
    QCOMPARE(report->notes, transcript.notes);
    auto info = store.value()->session(QStringLiteral("tf-1"));
    VALIS_VERIFY_OK(info);
    QCOMPARE(info->createdAt, parent.messages.first().createdAt);
    QCOMPARE(info->updatedAt, parent.messages.last().createdAt);
    QCOMPARE(info->messageCount, 5);

    // Importing the same file again adds nothing.
    report = store.value()->importTranscript(transcript);
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->messagesAdded(), 0);
    QCOMPARE(report->sessions.at(0).messagesAlreadyPresent, 5);

    // The file grew: only the new messages are appended, in order.
    Message more = userText(QStringLiteral("message 5"));
    more.id = QStringLiteral("u5");
    transcript.sessions[0].messages.append(more);
    report = store.value()->importTranscript(transcript);
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->messagesAdded(), 1);
    auto messages = store.value()->messages(QStringLiteral("tf-1"));
    VALIS_VERIFY_OK(messages);
    QCOMPARE(messages->size(), 6);
    QCOMPARE(messages->last().id, QStringLiteral("u5"));

    // A failure in the second session rolls back the first session's new messages too.
    Message evenMore = userText(QStringLiteral("message 6"));
    evenMore.id = QStringLiteral("u6");
    transcript.sessions[0].messages.append(evenMore);
    transcript.sessions[1].info.originKind = QStringLiteral("another-format");
    transcript.sessions[1].messages.append(evenMore);
    report = store.value()->importTranscript(transcript);
    QVERIFY(report.hasError());
    QCOMPARE(report.error().code, QStringLiteral("store.import-conflict"));
    QCOMPARE(store.value()->messageCount(QStringLiteral("tf-1")).value(), 6);
    QCOMPARE(store.value()->messageCount(QStringLiteral("tf-1-child")).value(), 5);
}

void TestSessionStore::tokenCountCache()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    auto session = store.value()->createSession({});
    VALIS_VERIFY_OK(session);
    Message tool;
    tool.role = Role::Tool;
    tool.parts = {Part::makeToolResult(QStringLiteral("c"), {Part::makeText(QStringLiteral("out"))})};
    VALIS_VERIFY_OK(store.value()->appendMessages(session->id, {userText(QStringLiteral("hi")), tool}));
    const QList<PartTokenCount> counts = {{0, 0, 1}, {1, 0, 4}, {1, 1, 1}};
    VALIS_VERIFY_OK(store.value()->storeTokenCounts(session->id, QStringLiteral("o200k_base"), counts));
    auto read = store.value()->tokenCounts(session->id, QStringLiteral("o200k_base"));
    VALIS_VERIFY_OK(read);
    QCOMPARE(read.value(), counts);
    auto other = store.value()->tokenCounts(session->id, QStringLiteral("cl100k_base"));
    VALIS_VERIFY_OK(other);
    QVERIFY(other->isEmpty());
    // Replacing a count is allowed: this is a cache beside the record.
    VALIS_VERIFY_OK(store.value()->storeTokenCounts(session->id, QStringLiteral("o200k_base"), {{0, 0, 2}}));
    QCOMPARE(store.value()->tokenCounts(session->id, QStringLiteral("o200k_base"))->first().tokens, 2);
    auto wrong = store.value()->storeTokenCounts(session->id, QStringLiteral("o200k_base"), {{0, 0, 3}, {9, 0, 1}});
    QVERIFY(wrong.hasError());
    QCOMPARE(wrong.error().code, QStringLiteral("store.no-such-part"));
    QCOMPARE(store.value()->tokenCounts(session->id, QStringLiteral("o200k_base"))->first().tokens, 2);
}

void TestSessionStore::sessionsListAndRename()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    SessionInfo older;
    older.id = QStringLiteral("older");
    older.updatedAt = QDateTime::fromMSecsSinceEpoch(1000, Qt::UTC);
    older.createdAt = older.updatedAt;
    VALIS_VERIFY_OK(store.value()->createSession(older));
    SessionInfo newer;
    newer.id = QStringLiteral("newer");
    newer.originKind = QStringLiteral("claude-code");
    VALIS_VERIFY_OK(store.value()->createSession(newer));
    auto duplicate = store.value()->createSession(newer);
    QVERIFY(duplicate.hasError());
    QCOMPARE(duplicate.error().code, QStringLiteral("store.duplicate-session"));

    auto all = store.value()->sessions();
    VALIS_VERIFY_OK(all);
    QCOMPARE(all->size(), 2);
    QCOMPARE(all->at(0).id, QStringLiteral("newer"));
    SessionFilter onlyClaude;
    onlyClaude.originKind = QStringLiteral("claude-code");
    QCOMPARE(store.value()->sessions(onlyClaude)->size(), 1);

    VALIS_VERIFY_OK(store.value()->renameSession(QStringLiteral("older"), QStringLiteral("Renamed")));
    QCOMPARE(store.value()->session(QStringLiteral("older"))->title, QStringLiteral("Renamed"));
    VALIS_VERIFY_OK(store.value()->setArchived(QStringLiteral("older"), true));
    QCOMPARE(store.value()->sessions()->size(), 1);
    SessionFilter archivedToo;
    archivedToo.includeArchived = true;
    QCOMPARE(store.value()->sessions(archivedToo)->size(), 2);
    QCOMPARE(store.value()->renameSession(QStringLiteral("nope"), QString()).error().code, QStringLiteral("store.no-session"));
}

void TestSessionStore::indexingWaitsForIdleTime()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("s.db"));
    const QString indexedCount = QStringLiteral("SELECT count(*) FROM search WHERE search MATCH 'marmoset'");
    const QString lag = QStringLiteral("SELECT (SELECT max(id) FROM search_chunks) - indexed_through FROM search_state");
    QString sessionId;
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        sessionId = store.value()->createSession({})->id;
        QString bigOutput;
        for (int i = 0; i < 3000; ++i)
            bigOutput += QStringLiteral("line %1 of a long build log\n").arg(i);
        Message tool;
        tool.role = Role::Tool;
        tool.parts = {Part::makeToolResultText(QStringLiteral("c"), bigOutput + QStringLiteral("marmoset found\n"))};
        VALIS_VERIFY_OK(store.value()->appendMessage(sessionId, tool));
        // The append is in the record, its text not yet in the index...
        QVERIFY(rawQuery(db, lag).toInt() > 0);
        QCOMPARE(rawQuery(db, indexedCount).toInt(), 0);
        // ...until the event loop is idle: then slices of it are indexed without any search.
        QTRY_COMPARE(rawQuery(db, lag).toInt(), 0);
        QCOMPARE(rawQuery(db, indexedCount).toInt(), 1);

        // Text left pending when the process goes away...
        VALIS_VERIFY_OK(store.value()->appendMessage(sessionId, userText(QStringLiteral("a marmoset again"))));
        QVERIFY(rawQuery(db, lag).toInt() > 0);
    }
    QVERIFY(rawQuery(db, lag).toInt() > 0);
    // ...is indexed by the next store that opens the database.
    auto reopened = SessionStore::open(db);
    VALIS_VERIFY_OK(reopened);
    QTRY_COMPARE(rawQuery(db, lag).toInt(), 0);
    QCOMPARE(rawQuery(db, indexedCount).toInt(), 2);
}

void TestSessionStore::activeLeafIsKeptAndMigrated()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("s.db"));
    QString sessionId;
    QStringList ids;
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        sessionId = store.value()->createSession({})->id;
        for (const QString &text : {QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")})
            ids.append(store.value()->appendMessage(sessionId, userText(text))->id);
        const QString otherSession = store.value()->createSession({})->id;
        const QString foreign = store.value()->appendMessage(otherSession, userText(QStringLiteral("elsewhere")))->id;

        QCOMPARE(store.value()->session(sessionId)->activeLeafId, QString()); // nothing chosen: the last message
        VALIS_VERIFY_OK(store.value()->setActiveLeaf(sessionId, ids.at(1)));
        QCOMPARE(store.value()->session(sessionId)->activeLeafId, ids.at(1));
        for (const SessionInfo &listed : store.value()->sessions().value())
            QCOMPARE(listed.activeLeafId, listed.id == sessionId ? ids.at(1) : QString());
        // Only a message of that session can be its leaf; a refused one changes nothing.
        QCOMPARE(store.value()->setActiveLeaf(sessionId, foreign).error().code, QStringLiteral("store.no-message"));
        QCOMPARE(store.value()->setActiveLeaf(sessionId, QStringLiteral("m-nope")).error().code, QStringLiteral("store.no-message"));
        QCOMPARE(store.value()->setActiveLeaf(QStringLiteral("s-nope"), ids.at(0)).error().code, QStringLiteral("store.no-session"));
        QCOMPARE(store.value()->session(sessionId)->activeLeafId, ids.at(1));
        VALIS_VERIFY_OK(store.value()->setActiveLeaf(sessionId, QString()));
        QCOMPARE(store.value()->session(sessionId)->activeLeafId, QString());
        VALIS_VERIFY_OK(store.value()->setActiveLeaf(sessionId, ids.at(0)));
    }
    // On disk, for the next process.
    QCOMPARE(rawQuery(db, QStringLiteral("SELECT active_leaf FROM sessions WHERE uid = '%1'").arg(sessionId)), ids.at(0));

    // A database of schema 1 (before branches) gains the column when it is opened, and its
    // sessions show their last message as before.
    QCOMPARE(rawQuery(db, QStringLiteral("ALTER TABLE sessions DROP COLUMN active_leaf")), QString());
    QCOMPARE(rawQuery(db, QStringLiteral("DROP INDEX messages_by_uid")), QString()); // schema 5
    for (const char *schema4 : {"DROP TABLE recall_passages", "DROP TABLE recall_docs", "DROP TABLE recall_state"})
        QCOMPARE(rawQuery(db, QString::fromLatin1(schema4)), QString());
    QCOMPARE(rawQuery(db, QStringLiteral("DROP TABLE turn_versions")), QString()); // schema 3
    for (const char *schema7 : {"DROP TABLE search_pairs", "DROP TABLE search_pair_words"})
        QCOMPARE(rawQuery(db, QString::fromLatin1(schema7)), QString());
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version = 1")), QString());
    QVERIFY(rawQuery(db, QStringLiteral("SELECT active_leaf FROM sessions")).startsWith(QLatin1String("ERROR")));
    auto migrated = SessionStore::open(db);
    VALIS_VERIFY_OK(migrated);
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version")).toInt(), SessionStore::schemaVersion());
    QCOMPARE(migrated.value()->session(sessionId)->activeLeafId, QString());
    QCOMPARE(migrated.value()->messages(sessionId)->size(), 3);
    VALIS_VERIFY_OK(migrated.value()->setActiveLeaf(sessionId, ids.at(2)));
    QCOMPARE(migrated.value()->session(sessionId)->activeLeafId, ids.at(2));
}

void TestSessionStore::looksMessagesUpByIdThroughAnIndex()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("s.db"));
    QString first;
    QString second;
    QStringList firstIds;
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        first = store.value()->createSession({})->id;
        second = store.value()->createSession({})->id;
        for (int i = 0; i < 40; ++i)
            firstIds << store.value()->appendMessage(first, userText(QStringLiteral("first %1").arg(i)))->id;
        // The second session repeats two of the first's ids (as an imported copy may): ids are
        // unique within a session only.
        for (const QString &id : {firstIds.at(7), firstIds.at(30)}) {
            Message copy = userText(QStringLiteral("copy of ") + id);
            copy.id = id;
            VALIS_VERIFY_OK(store.value()->appendMessage(second, copy));
        }
        VALIS_VERIFY_OK(store.value()->appendMessage(second, userText(QStringLiteral("second only"))));

        auto found = store.value()->message(first, firstIds.at(30));
        VALIS_VERIFY_OK(found);
        QVERIFY(found->has_value());
        QCOMPARE((*found)->seq, 30);
        QCOMPARE((*found)->parts.first().text, QStringLiteral("first 30"));
        found = store.value()->message(second, firstIds.at(30));
        VALIS_VERIFY_OK(found);
        QVERIFY(found->has_value());
        QCOMPARE((*found)->seq, 1);
        QCOMPARE((*found)->parts.first().text, QStringLiteral("copy of ") + firstIds.at(30));
        // Absent from this session (though recorded in another), and unknown everywhere.
        found = store.value()->message(second, firstIds.at(8));
        VALIS_VERIFY_OK(found);
        QVERIFY(!found->has_value());
        QCOMPARE(store.value()->message(QStringLiteral("s-nope"), firstIds.at(0)).error().code, QStringLiteral("store.no-session"));

        auto located = store.value()->locateMessage(firstIds.at(7));
        VALIS_VERIFY_OK(located);
        QCOMPARE(*located, (QList<MessageLocation>{{first, 7}, {second, 0}}));
        located = store.value()->locateMessage(firstIds.at(8));
        VALIS_VERIFY_OK(located);
        QCOMPARE(*located, (QList<MessageLocation>{{first, 8}}));
        located = store.value()->locateMessage(QStringLiteral("m-nope"));
        VALIS_VERIFY_OK(located);
        QVERIFY(located->isEmpty());
    }
    // The queries behind both lookups search an index, never the table.
    const QString byId = queryPlan(db, QStringLiteral("SELECT s.uid, m.seq FROM messages m CROSS JOIN sessions s ON s.id = m.session_id "
                                                      "WHERE m.uid = 'x' ORDER BY s.id"));
    QVERIFY2(byId.contains(QLatin1String("USING INDEX messages_by_uid")), qPrintable(byId));
    const QString inSession = queryPlan(db, QStringLiteral("SELECT s.id, m.seq FROM sessions s LEFT JOIN messages m "
                                                           "ON m.session_id = s.id AND m.uid = 'x' WHERE s.uid = 'y'"));
    QVERIFY2(inSession.contains(QLatin1String("SEARCH m USING")) && !inSession.contains(QLatin1String("SCAN m")),
             qPrintable(inSession));

    // A database of schema 4 (before the index) gains it when it is opened.
    QCOMPARE(rawQuery(db, QStringLiteral("DROP INDEX messages_by_uid")), QString());
    for (const char *schema7 : {"DROP TABLE search_pairs", "DROP TABLE search_pair_words"})
        QCOMPARE(rawQuery(db, QString::fromLatin1(schema7)), QString());
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version = 4")), QString());
    QVERIFY2(queryPlan(db, QStringLiteral("SELECT seq FROM messages WHERE uid = 'x'")).contains(QLatin1String("SCAN")),
             "without the index the lookup scans");
    auto migrated = SessionStore::open(db);
    VALIS_VERIFY_OK(migrated);
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version")).toInt(), SessionStore::schemaVersion());
    QCOMPARE(rawQuery(db, QStringLiteral("SELECT count(*) FROM sqlite_schema WHERE name = 'messages_by_uid'")).toInt(), 1);
    auto located = migrated.value()->locateMessage(firstIds.at(30));
    VALIS_VERIFY_OK(located);
    QCOMPARE(*located, (QList<MessageLocation>{{first, 30}, {second, 1}}));
}

VALIS_TEST_MAIN(TestSessionStore)
#include "tst_sessionstore.moc"
