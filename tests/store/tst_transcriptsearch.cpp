#include "searchtestsupport.h"
#include "testsupport.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QRandomGenerator>
#include <QTimeZone>

#include "valis/store/sessionstore.h"

#include "store/transcriptindex.h"

using namespace valis;
using namespace valis::test;

namespace {


/// The hits plain FTS5 gives for `fts` on a table of its own without prefix indexes, filled from
/// the store's text: each hit's place and bm25() (lower is better).
QList<QPair<HitKey, double>> plainFts5Hits(const QString &db, const QString &fts)
{
    QList<QPair<HitKey, double>> hits;
    withRawConnection(db, [&](const QSqlDatabase &raw) {
        QSqlQuery query(raw);
        query.exec(QStringLiteral("CREATE VIRTUAL TABLE temp.plain USING fts5(body, tokenize='unicode61 remove_diacritics 2')"));
        query.exec(QStringLiteral("INSERT INTO temp.plain(rowid, body) SELECT id, body FROM search_content"));
        query.prepare(QStringLiteral("SELECT m.uid, p.idx, bm25(plain) FROM plain JOIN search_chunks c ON c.id = plain.rowid "
                                     "JOIN parts p ON p.id = c.part_id JOIN messages m ON m.id = p.message_id "
                                     "WHERE plain MATCH ? ORDER BY bm25(plain), plain.rowid DESC"));
        query.addBindValue(fts);
        if (!query.exec())
            hits.append({{QStringLiteral("ERROR: ") + query.lastError().text(), -1}, 0});
        while (query.next())
            hits.append({{query.value(0).toString(), query.value(1).toInt()}, query.value(2).toDouble()});
    });
    return hits;
}

} // namespace

class TestTranscriptSearch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void findsTextArgumentsAndToolOutput();
    void ranksByBm25();
    void filters();
    void phrasesPrefixesAndRawSyntax();
    void regexPostFilter();
    void errors();
    void deletedSessionLeavesNoWords();
    void tiersStopEarlyAndPreferRecent();
    void chunksNeverSplitCharacters();
    void findsWordsDeepInHugeOutputs();
    void prefixAndPhraseQueriesRankAsPlainFts5();

private:
    std::unique_ptr<test::TemporaryHome> m_home;
    std::unique_ptr<SessionStore> m_store;
    QString m_first;
    QString m_second;
};

void TestTranscriptSearch::init()
{
    m_home = std::make_unique<test::TemporaryHome>();
    auto store = SessionStore::open(m_home->filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    m_store = std::move(store).value();
    SessionInfo first;
    first.title = QStringLiteral("Build the server");
    m_first = m_store->createSession(first)->id;
    m_second = m_store->createSession({})->id;

    Message call;
    call.role = Role::Assistant;
    call.parts = {Part::makeText(QStringLiteral("I will compile it.")),
                  Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("Bash"),
                                     QJsonObject{{QStringLiteral("command"), QStringLiteral("cmake --build frobnicator")}})};
    Message result;
    result.role = Role::Tool;
    result.parts = {Part::makeToolResultText(QStringLiteral("c1"),
                                             QStringLiteral("[1/3] compiling\nerror: undefined reference to `zanzibar_init'\n"),
                                             true)};
    VALIS_VERIFY_OK(m_store->appendMessages(m_first, {text(Role::User, QStringLiteral("Please build the server")), call, result,
                                                text(Role::Assistant, QStringLiteral("The linker cannot find zanzibar."))}));
    VALIS_VERIFY_OK(m_store->appendMessages(m_second, {text(Role::User, QStringLiteral("zanzibar zanzibar zanzibar is everywhere")),
                                                 text(Role::Assistant, QStringLiteral("Noted: a server on zanzibar."))}));
}

void TestTranscriptSearch::cleanup()
{
    m_store.reset();
    m_home.reset();
}

void TestTranscriptSearch::findsTextArgumentsAndToolOutput()
{
    SearchQuery query;
    query.text = QStringLiteral("frobnicator");
    auto results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), 1);
    const SearchHit &argumentHit = results->hits.first();
    QCOMPARE(argumentHit.partKind, PartKind::ToolCall);
    QCOMPARE(argumentHit.toolName, QStringLiteral("Bash"));
    QCOMPARE(argumentHit.sessionId, m_first);
    QCOMPARE(argumentHit.sessionTitle, QStringLiteral("Build the server"));
    QCOMPARE(argumentHit.seq, 1);
    QCOMPARE(argumentHit.turn, 1);
    QVERIFY2(plainSnippet(argumentHit).contains(QLatin1String("[frobnicator]")), qPrintable(plainSnippet(argumentHit)));

    query.text = QStringLiteral("zanzibar_init");
    results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), 1);
    QCOMPARE(results->hits.first().role, Role::Tool);
    QCOMPARE(results->hits.first().partKind, PartKind::Text); // the text inside the tool result
    QCOMPARE(results->hits.first().partIndex, 1);
    QCOMPARE(results->hits.first().toolName, QStringLiteral("Bash")); // resolved from the call
}

void TestTranscriptSearch::ranksByBm25()
{
    SearchQuery query;
    query.text = QStringLiteral("zanzibar");
    auto results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    // Four passages: unicode61 splits zanzibar_init in the tool output into two words.
    QCOMPARE(results->hits.size(), 4);
    // The short message saying it three times ranks first, whatever its position.
    QCOMPARE(results->hits.at(0).sessionId, m_second);
    QCOMPARE(results->hits.at(0).seq, 0);
    for (int i = 1; i < results->hits.size(); ++i)
        QVERIFY(results->hits.at(i - 1).score <= results->hits.at(i).score);
    QVERIFY(results->exhausted);
}

void TestTranscriptSearch::filters()
{
    SearchQuery query;
    query.text = QStringLiteral("server");
    auto all = m_store->search(query);
    VALIS_VERIFY_OK(all);
    QCOMPARE(all->hits.size(), 2);

    query.sessionId = m_second;
    auto inSecond = m_store->search(query);
    VALIS_VERIFY_OK(inSecond);
    QCOMPARE(inSecond->hits.size(), 1);
    QCOMPARE(inSecond->hits.first().sessionId, m_second);

    query.sessionId.clear();
    query.role = Role::User;
    auto fromUser = m_store->search(query);
    VALIS_VERIFY_OK(fromUser);
    QCOMPARE(fromUser->hits.size(), 1);
    QCOMPARE(fromUser->hits.first().sessionId, m_first);

    SearchQuery byTool;
    byTool.text = QStringLiteral("compiling");
    byTool.toolName = QStringLiteral("Bash");
    QCOMPARE(m_store->search(byTool)->hits.size(), 1);
    byTool.toolName = QStringLiteral("Read");
    QCOMPARE(m_store->search(byTool)->hits.size(), 0);

    // By the messages' own times (an import keeps its source's): a half-open range.
    const QString third = m_store->createSession({})->id;
    Message old = text(Role::User, QStringLiteral("the harbour crane"));
    old.createdAt = QDateTime(QDate(2024, 1, 10), QTime(9, 0), Qt::UTC);
    Message recent = text(Role::Assistant, QStringLiteral("the harbour again"));
    recent.createdAt = QDateTime(QDate(2025, 6, 1), QTime(12, 30), Qt::UTC);
    VALIS_VERIFY_OK(m_store->appendMessages(third, {old, recent}));
    SearchQuery byDate;
    byDate.text = QStringLiteral("harbour");
    QCOMPARE(m_store->search(byDate)->hits.size(), 2);
    byDate.since = QDateTime(QDate(2025, 1, 1), QTime(0, 0), Qt::UTC);
    auto since = m_store->search(byDate);
    VALIS_VERIFY_OK(since);
    QCOMPARE(since->hits.size(), 1);
    QVERIFY(plainSnippet(since->hits.first()).contains(QLatin1String("again")));
    byDate.since = QDateTime();
    byDate.until = QDateTime(QDate(2025, 6, 1), QTime(12, 30), Qt::UTC); // exclusive
    auto until = m_store->search(byDate);
    VALIS_VERIFY_OK(until);
    QCOMPARE(until->hits.size(), 1);
    QVERIFY(plainSnippet(until->hits.first()).contains(QLatin1String("crane")));
    byDate.role = Role::Assistant;
    QCOMPARE(m_store->search(byDate)->hits.size(), 0);
    // A time in another zone means the same instant.
    byDate.role.reset();
    byDate.until = QDateTime(QDate(2025, 6, 1), QTime(14, 31), Qt::OffsetFromUTC, 2 * 3600);
    QCOMPARE(m_store->search(byDate)->hits.size(), 2);
}

void TestTranscriptSearch::deletedSessionLeavesNoWords()
{
    SessionInfo child;
    child.parentSessionId = m_first;
    const QString childId = m_store->createSession(child)->id;
    VALIS_VERIFY_OK(m_store->appendMessages(childId, {text(Role::User, QStringLiteral("the subagent saw a quokka"))}));
    SearchQuery quokka;
    quokka.text = QStringLiteral("quokka");
    QCOMPARE(m_store->search(quokka)->hits.size(), 1); // indexed now
    // Written after the index last caught up: deleted before it is ever indexed.
    VALIS_VERIFY_OK(m_store->appendMessages(m_first, {text(Role::User, QStringLiteral("a late wombat"))}));

    const Result<int> deleted = m_store->deleteSession(m_first);
    VALIS_VERIFY_OK(deleted);
    QCOMPARE(deleted.value(), 2);
    const auto sessions = m_store->sessions();
    VALIS_VERIFY_OK(sessions);
    QCOMPARE(sessions->size(), 1);
    QCOMPARE(sessions->first().id, m_second);
    QCOMPARE(m_store->messages(m_first).error().code, QStringLiteral("store.no-session"));
    QCOMPARE(m_store->deleteSession(m_first).error().code, QStringLiteral("store.no-session"));

    SearchQuery server;
    server.text = QStringLiteral("server");
    const auto left = m_store->search(server);
    VALIS_VERIFY_OK(left);
    QCOMPARE(left->hits.size(), 1);
    QCOMPARE(left->hits.first().sessionId, m_second);
    QCOMPARE(m_store->search(quokka)->hits.size(), 0);
    quokka.text = QStringLiteral("wombat");
    QCOMPARE(m_store->search(quokka)->hits.size(), 0);
    // The index holds exactly the words of what is left (FTS5 checks it against the text).
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("integrity"));
        db.setDatabaseName(m_home->filePath(QStringLiteral("s.db")));
        QVERIFY(db.open());
        QSqlQuery check(db);
        QVERIFY2(check.exec(QStringLiteral("INSERT INTO search(search, rank) VALUES('integrity-check', 1)")),
                 qPrintable(check.lastError().text()));
        QVERIFY(check.exec(QStringLiteral("SELECT count(*) FROM search_chunks")) && check.next());
        QVERIFY(check.value(0).toInt() > 0);
        check.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("integrity"));
}

void TestTranscriptSearch::phrasesPrefixesAndRawSyntax()
{
    SearchQuery query;
    query.text = QStringLiteral("\"undefined reference\"");
    QCOMPARE(m_store->search(query)->hits.size(), 1);
    query.text = QStringLiteral("\"reference undefined\"");
    QCOMPARE(m_store->search(query)->hits.size(), 0);
    query.text = QStringLiteral("frob*");
    QCOMPARE(m_store->search(query)->hits.size(), 1);
    // A NUL (pasted, or from a script) separates words as it does in the text, and does not end
    // the query FTS5 reads (it did, leaving an unterminated string: found by fuzz_phrasematcher).
    query.text = QStringLiteral("\"undefined") + QChar(0) + QStringLiteral("reference\"");
    const Result<SearchResults> withNul = m_store->search(query);
    VALIS_VERIFY_OK(withNul);
    QCOMPARE(withNul->hits.size(), 1);
    // Operators typed without --fts are words, not syntax.
    query.text = QStringLiteral("linker OR nothing");
    QCOMPARE(m_store->search(query)->hits.size(), 0);
    query.ftsSyntax = true;
    QCOMPARE(m_store->search(query)->hits.size(), 1);
    query.text = QStringLiteral("zanzibar NOT everywhere");
    QCOMPARE(m_store->search(query)->hits.size(), 3);
}

void TestTranscriptSearch::regexPostFilter()
{
    SearchQuery query;
    query.text = QStringLiteral("zanzibar");
    query.regex = QStringLiteral("zanzibar\\.$");
    auto results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), 2);
    query.regex = QStringLiteral("(?i)LINKER");
    results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), 1);
    QCOMPARE(results->hits.first().seq, 3);
}

void TestTranscriptSearch::errors()
{
    SearchQuery query;
    query.text = QStringLiteral("   ");
    auto empty = m_store->search(query);
    QVERIFY(empty.hasError());
    QCOMPARE(empty.error().code, QStringLiteral("search.empty-query"));

    query.text = QStringLiteral("zanzibar");
    query.regex = QStringLiteral("(unclosed");
    auto badRegex = m_store->search(query);
    QVERIFY(badRegex.hasError());
    QCOMPARE(badRegex.error().code, QStringLiteral("search.bad-regex"));

    query.regex.clear();
    query.text = QStringLiteral("zanzibar AND (");
    query.ftsSyntax = true;
    auto badSyntax = m_store->search(query);
    QVERIFY(badSyntax.hasError());
    QCOMPARE(badSyntax.error().code, QStringLiteral("search.bad-query"));

    query.ftsSyntax = false;
    query.text = QStringLiteral("zanzibar");
    query.sessionId = QStringLiteral("no-such-session");
    auto noSession = m_store->search(query);
    QVERIFY(noSession.hasError());
    QCOMPARE(noSession.error().code, QStringLiteral("search.no-session"));
}

void TestTranscriptSearch::tiersStopEarlyAndPreferRecent()
{
    // An old message that mentions a word many times (the best bm25 match overall), then more
    // recent messages mentioning it once than one tier holds.
    const auto session = m_store->createSession({});
    VALIS_VERIFY_OK(session);
    VALIS_VERIFY_OK(m_store->appendMessage(session->id, text(Role::User, QStringLiteral("quokka quokka quokka quokka wombat wombat"))));
    const int recent = store::TranscriptIndex::tierMatchBudget + 100;
    QList<Message> filler;
    for (int i = 0; i < recent; ++i) {
        filler.append(text(Role::Assistant, QStringLiteral("recent note %1 mentions a quokka once among many other words%2")
                                                .arg(i)
                                                .arg(i % 100 == 0 ? QStringLiteral(" and a wombat") : QString())));
    }
    VALIS_VERIFY_OK(m_store->appendMessages(session->id, filler));

    SearchQuery query;
    query.text = QStringLiteral("quokka");
    query.limit = 50;
    auto results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), 50);
    QCOMPARE(results->tiersSearched, 1); // only the newest tier was ranked
    QVERIFY(!results->exhausted);
    for (const SearchHit &hit : results->hits)
        QVERIFY(hit.seq > 1);

    // More than the newest tier holds: the older tier follows, ranked in itself, so the old
    // best match leads it.
    query.limit = recent + 1;
    results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), recent + 1);
    QCOMPARE(results->tiersSearched, 2);
    QVERIFY(results->exhausted);
    const SearchHit &firstOfOlderTier = results->hits.at(store::TranscriptIndex::tierMatchBudget);
    QCOMPARE(firstOfOlderTier.tier, 1);
    QCOMPARE(firstOfOlderTier.seq, 0);
    QCOMPARE(results->hits.at(store::TranscriptIndex::tierMatchBudget - 1).tier, 0);

    // A word with fewer matches than a tier holds is ranked over the whole record: the old
    // message that says it twice comes first.
    query.text = QStringLiteral("wombat");
    query.limit = 5;
    results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), 5);
    QCOMPARE(results->tiersSearched, 1);
    QCOMPARE(results->hits.first().seq, 0);
    QCOMPARE(results->hits.first().sessionId, session->id);
}

void TestTranscriptSearch::chunksNeverSplitCharacters()
{
    QByteArray utf8;
    for (int i = 0; i < 3000; ++i)
        utf8 += "é🎉漢";
    const auto chunks = store::TranscriptIndex::chunk(utf8, 1000);
    qsizetype covered = 0;
    for (const auto &piece : chunks) {
        QCOMPARE(piece.start, covered);
        QVERIFY(piece.length > 0 && piece.length <= 1000);
        // A chunk starts on a character, never on a continuation byte.
        QVERIFY((uchar(utf8.at(piece.start)) & 0xC0) != 0x80);
        QVERIFY(QString::fromUtf8(utf8.mid(piece.start, piece.length)).toUtf8() == utf8.mid(piece.start, piece.length));
        covered += piece.length;
    }
    QCOMPARE(covered, utf8.size());

    QByteArray lines;
    for (int i = 0; i < 200; ++i)
        lines += "a line of a build log\n";
    for (const auto &piece : store::TranscriptIndex::chunk(lines, 1000))
        QCOMPARE(lines.at(piece.start + piece.length - 1), '\n'); // cut after whole lines
}

void TestTranscriptSearch::findsWordsDeepInHugeOutputs()
{
    QString log;
    for (int i = 0; i < 40000; ++i)
        log += QStringLiteral("[%1] compiling unit_%1.cpp ok — ünïcödé\n").arg(i);
    log += QStringLiteral("FATAL: segmentation fault in pelican_render\n");
    Message result;
    result.role = Role::Tool;
    result.parts = {Part::makeToolResultText(QStringLiteral("c9"), log)};
    VALIS_VERIFY_OK(m_store->appendMessage(m_first, result));
    SearchQuery query;
    query.text = QStringLiteral("pelican_render");
    auto results = m_store->search(query);
    VALIS_VERIFY_OK(results);
    QCOMPARE(results->hits.size(), 1);
    QVERIFY2(plainSnippet(results->hits.first()).contains(QLatin1String("segmentation fault in [pelican_render]")),
             qPrintable(plainSnippet(results->hits.first())));
    query.text = QStringLiteral("unit_39999.cpp");
    QCOMPARE(m_store->search(query)->hits.size(), 1);
    query.text = QStringLiteral("unicode"); // diacritics folded
    QVERIFY(m_store->search(query)->hits.size() >= 1);
}

void TestTranscriptSearch::prefixAndPhraseQueriesRankAsPlainFts5()
{
    // A store of our own: words sharing beginnings of 2 to 6 characters (the prefix indexes
    // cover 3 and 4; 2, 5 and 6 are merged by FTS5 as before), and common words that sometimes
    // make the phrase "test in module".
    const QString db = m_home->filePath(QStringLiteral("prefixes.db"));
    const QStringList words = {QStringLiteral("ruljoka"), QStringLiteral("ruljex"), QStringLiteral("ruljokamor"),
                               QStringLiteral("rulvex"), QStringLiteral("rumi"), QStringLiteral("sakor"),
                               QStringLiteral("test"), QStringLiteral("in"), QStringLiteral("module"),
                               QStringLiteral("the"), QStringLiteral("build")};
    QRandomGenerator random(24);
    QStringList sessions;
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        for (int s = 0; s < 3; ++s)
            sessions << store.value()->createSession({})->id;
        for (int m = 0; m < 150; ++m) {
            QStringList body;
            const int length = 3 + int(random.bounded(40));
            for (int w = 0; w < length; ++w)
                body << words.at(int(random.bounded(int(words.size()))));
            if (m % 17 == 0)
                body.insert(int(random.bounded(int(body.size()))), QStringLiteral("test in module"));
            VALIS_VERIFY_OK(store.value()->appendMessage(sessions.at(m % 3), text(m % 2 ? Role::User : Role::Assistant,
                                                                                 body.join(QLatin1Char(' ')))));
        }
    }

    const QStringList queries = {QStringLiteral("ru*"), QStringLiteral("rul*"), QStringLiteral("rulj*"),
                                 QStringLiteral("ruljo*"), QStringLiteral("ruljokam*"), QStringLiteral("\"test in module\""),
                                 QStringLiteral("ruljoka")};
    // What the store answers, then the same after a migration from schema 4 (no prefix indexes).
    QHash<QString, QList<HitKey>> answers;
    for (const bool migrated : {false, true}) {
        if (migrated) {
            // Back to schema 4: the FTS5 table as it was made before prefix indexes, filled.
            QCOMPARE(rawExec(db, {QStringLiteral("DROP TABLE search"),
                                  QStringLiteral("CREATE VIRTUAL TABLE search USING fts5(body, content='search_content', "
                                                 "content_rowid='id', tokenize='unicode61 remove_diacritics 2')"),
                                  QStringLiteral("INSERT INTO search(search) VALUES('rebuild')"),
                                  QStringLiteral("DROP INDEX messages_by_uid"), QStringLiteral("DROP TABLE search_pairs"),
                                  QStringLiteral("DROP TABLE search_pair_words"), QStringLiteral("PRAGMA user_version = 4")}),
                     QString());
        }
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        for (const QString &text : queries) {
            SearchQuery query;
            query.text = text;
            query.limit = 1000;
            auto results = store.value()->search(query);
            VALIS_VERIFY_OK(results);
            QCOMPARE(results->tiersSearched, 1); // fewer matches than a tier: ranked over everything
            QList<HitKey> got;
            for (const SearchHit &hit : std::as_const(results->hits)) {
                got.append({hit.messageId, hit.partIndex});
                QVERIFY2(hit.snippet.contains(snippetMatchStart), qPrintable(text + QStringLiteral(": ") + hit.snippet));
            }
            if (migrated) {
                QCOMPARE(got, answers.value(text));
                continue;
            }
            answers.insert(text, got);
            // The same hits as plain FTS5 without prefix indexes, in bm25 order (a tie may fall
            // either way: the order is checked by score). One phrase per query: with more, the
            // tier's own document frequencies are not FTS5's.
            const Result<QString> fts = store::TranscriptIndex::ftsQueryFor(text);
            VALIS_VERIFY_OK(fts);
            const QList<QPair<HitKey, double>> plain = plainFts5Hits(db, *fts);
            QVERIFY2(!plain.isEmpty(), qPrintable(text));
            QHash<HitKey, double> plainScore;
            for (const auto &hit : plain)
                plainScore.insert(hit.first, hit.second);
            QCOMPARE(got.size(), plain.size());
            double previous = -1e300;
            for (const HitKey &key : std::as_const(got)) {
                QVERIFY2(plainScore.contains(key), qPrintable(text + QStringLiteral(": ") + key.first));
                QVERIFY2(plainScore.value(key) >= previous - 1e-9, qPrintable(text));
                previous = plainScore.value(key);
            }
        }
    }
    QString schema;
    int version = 0;
    bool pending = true;
    withRawConnection(db, [&](const QSqlDatabase &raw) {
        QSqlQuery query(raw);
        if (query.exec(QStringLiteral("SELECT sql FROM sqlite_schema WHERE name = 'search'")) && query.next())
            schema = query.value(0).toString();
        if (query.exec(QStringLiteral("PRAGMA user_version")) && query.next())
            version = query.value(0).toInt();
        if (query.exec(QStringLiteral("SELECT (SELECT max(id) FROM search_chunks) > indexed_through FROM search_state")) && query.next())
            pending = query.value(0).toBool();
    });
    QVERIFY2(schema.contains(QLatin1String("prefix='3 4'")), qPrintable(schema));
    QCOMPARE(version, SessionStore::schemaVersion());
    QVERIFY(!pending); // every chunk was indexed again (the first search did it)
}

VALIS_TEST_MAIN(TestTranscriptSearch)
#include "tst_transcriptsearch.moc"
