#include "testsupport.h"

#include "valis/context/storedturnversions.h"
#include "valis/store/sessionstore.h"

#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

using namespace valis;

namespace {

/// Runs `sql` on a plain connection of its own (no foreign keys, as another tool would) and
/// returns the first column of the first row, or "ERROR: " and the driver's text.
QString rawQuery(const QString &db, const QString &sql)
{
    QString answer;
    {
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        raw.setDatabaseName(db);
        raw.open();
        QSqlQuery query(raw);
        if (!query.exec(sql))
            answer = QStringLiteral("ERROR: ") + query.lastError().text();
        else if (query.next())
            answer = query.value(0).toString();
        query.finish();
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    return answer;
}

Message text(Role role, const QString &content)
{
    Message message;
    message.role = role;
    message.parts = {Part::makeText(content)};
    return message;
}

TurnVersion version(int turn, TurnLevel level, const QString &body, const QString &model, const QString &hash = QStringLiteral("h"))
{
    TurnVersion v;
    v.turn = turn;
    v.level = level;
    v.text = body;
    v.tokens = body.size() / 4;
    v.model = model;
    v.sourceHash = hash;
    return v;
}

QList<TurnVersion> extractiveSet(int turn, const QString &hash = QStringLiteral("h"))
{
    const QString ex = QLatin1String(TurnVersion::ExtractiveModel);
    return {version(turn, TurnLevel::Smoothed, QStringLiteral("S of %1").arg(turn), ex, hash),
            version(turn, TurnLevel::Compressed, QStringLiteral("C of %1").arg(turn), ex, hash),
            version(turn, TurnLevel::Tiny, QStringLiteral("T of %1").arg(turn), ex, hash)};
}

} // namespace

class TestTurnVersionStore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void newestVersionWins();
    void appendIsAllOrNothing();
    void tableIsAppendOnly();
    void migratesFromSchemaTwo();
    void storedSourceFallsBackToExtractive();
    void extractiveVersionsReadToolMessages();
};

void TestTurnVersionStore::newestVersionWins()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    const QString id = store.value()->createSession({})->id;
    VALIS_VERIFY_OK(store.value()->appendTurnVersions(id, extractiveSet(0) + extractiveSet(1)));
    // A model's S of turn 0 arrives later, written by a process whose clock is behind: the
    // newest row wins, not the newest timestamp.
    TurnVersion better = version(0, TurnLevel::Smoothed, QStringLiteral("the model's S of 0"), QStringLiteral("claude-x"));
    better.createdAt = QDateTime::currentDateTimeUtc().addDays(-3);
    const Result<QList<TurnVersion>> appended = store.value()->appendTurnVersions(id, {better});
    VALIS_VERIFY_OK(appended);
    QCOMPARE(appended->first().createdAt, better.createdAt);

    const Result<QList<TurnVersion>> newest = store.value()->turnVersions(id);
    VALIS_VERIFY_OK(newest);
    QCOMPARE(newest->size(), 6);
    QCOMPARE(newest->at(0).turn, 0);
    QCOMPARE(newest->at(0).level, TurnLevel::Smoothed);
    QCOMPARE(newest->at(0).text, QStringLiteral("the model's S of 0"));
    QCOMPARE(newest->at(0).model, QStringLiteral("claude-x"));
    QCOMPARE(newest->at(1).level, TurnLevel::Compressed);
    QCOMPARE(newest->at(1).text, QStringLiteral("C of 0"));
    QCOMPARE(newest->at(2).level, TurnLevel::Tiny);
    QCOMPARE(newest->at(3).text, QStringLiteral("S of 1"));
    QCOMPARE(newest->at(3).tokens, qint64(QStringLiteral("S of 1").size() / 4));
    QCOMPARE(newest->at(3).sourceHash, QStringLiteral("h"));
    QVERIFY(newest->at(3).createdAt.isValid());

    const Result<QList<TurnVersion>> turnZero = store.value()->turnVersions(id, 0);
    VALIS_VERIFY_OK(turnZero);
    QCOMPARE(turnZero->size(), 3);
    const Result<QList<TurnVersion>> tiny = store.value()->turnVersions(id, {}, TurnLevel::Tiny);
    VALIS_VERIFY_OK(tiny);
    QCOMPARE(tiny->size(), 2);
    QCOMPARE(tiny->at(0).text, QStringLiteral("T of 0"));
    QCOMPARE(tiny->at(1).text, QStringLiteral("T of 1"));
    const Result<QList<TurnVersion>> one = store.value()->turnVersions(id, 0, TurnLevel::Smoothed);
    VALIS_VERIFY_OK(one);
    QCOMPARE(one->size(), 1);
    QCOMPARE(one->first().model, QStringLiteral("claude-x"));

    const Result<QList<TurnVersion>> history = store.value()->turnVersionHistory(id, 0);
    VALIS_VERIFY_OK(history);
    QCOMPARE(history->size(), 4);
    QCOMPARE(history->first().text, QStringLiteral("S of 0"));
    QCOMPARE(history->last().text, QStringLiteral("the model's S of 0"));

    // Other sessions are not mixed in, and an unknown one says so.
    const QString other = store.value()->createSession({})->id;
    QCOMPARE(store.value()->turnVersions(other)->size(), 0);
    QCOMPARE(store.value()->turnVersions(QStringLiteral("s-nope")).error().code, QStringLiteral("store.no-session"));
    QCOMPARE(store.value()->appendTurnVersions(QStringLiteral("s-nope"), extractiveSet(0)).error().code,
             QStringLiteral("store.no-session"));
}

void TestTurnVersionStore::appendIsAllOrNothing()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    const QString id = store.value()->createSession({})->id;
    // R is the record itself: a batch holding one is refused whole.
    const Result<QList<TurnVersion>> refused =
        store.value()->appendTurnVersions(id, extractiveSet(0) << version(0, TurnLevel::Raw, QStringLiteral("R"), QStringLiteral("m")));
    QVERIFY(refused.hasError());
    QCOMPARE(refused.error().code, QStringLiteral("store.bad-turn-version"));
    QCOMPARE(store.value()->turnVersions(id)->size(), 0);
}

void TestTurnVersionStore::tableIsAppendOnly()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("s.db"));
    QString id;
    QString kept;
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        id = store.value()->createSession({})->id;
        kept = store.value()->createSession({})->id;
        VALIS_VERIFY_OK(store.value()->appendMessage(id, text(Role::User, QStringLiteral("hello"))));
        VALIS_VERIFY_OK(store.value()->appendTurnVersions(id, extractiveSet(0)));
        VALIS_VERIFY_OK(store.value()->appendTurnVersions(kept, extractiveSet(0)));
    }
    QVERIFY(rawQuery(db, QStringLiteral("UPDATE turn_versions SET text = 'forged'")).contains(QLatin1String("append-only")));
    QVERIFY(rawQuery(db, QStringLiteral("DELETE FROM turn_versions")).contains(QLatin1String("append-only")));
    QCOMPARE(rawQuery(db, QStringLiteral("SELECT count(*) FROM turn_versions WHERE text = 'forged'")), QStringLiteral("0"));
    QCOMPARE(rawQuery(db, QStringLiteral("SELECT count(*) FROM turn_versions")), QStringLiteral("6"));

    // A person's explicit delete takes the session's versions with it, and only those.
    auto store = SessionStore::open(db);
    VALIS_VERIFY_OK(store);
    VALIS_VERIFY_OK(store.value()->deleteSession(id));
    QCOMPARE(rawQuery(db, QStringLiteral("SELECT count(*) FROM turn_versions")), QStringLiteral("3"));
    QCOMPARE(store.value()->turnVersions(kept)->size(), 3);
}

void TestTurnVersionStore::migratesFromSchemaTwo()
{
    test::TemporaryHome home;
    const QString db = home.filePath(QStringLiteral("s.db"));
    QString id;
    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        id = store.value()->createSession({})->id;
        VALIS_VERIFY_OK(store.value()->appendMessage(id, text(Role::User, QStringLiteral("kept across the migration"))));
    }
    // What a Valis of schema 2 wrote: no turn_versions table (nor the recall index of schema 4).
    for (const char *schema4 : {"DROP TABLE recall_passages", "DROP TABLE recall_docs", "DROP TABLE recall_state"})
        QCOMPARE(rawQuery(db, QString::fromLatin1(schema4)), QString());
    QCOMPARE(rawQuery(db, QStringLiteral("DROP TABLE turn_versions")), QString());
    QCOMPARE(rawQuery(db, QStringLiteral("DROP INDEX messages_by_uid")), QString()); // schema 5
    for (const char *schema7 : {"DROP TABLE search_pairs", "DROP TABLE search_pair_words"})
        QCOMPARE(rawQuery(db, QString::fromLatin1(schema7)), QString());
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version = 2")), QString());
    QVERIFY(rawQuery(db, QStringLiteral("SELECT count(*) FROM turn_versions")).startsWith(QLatin1String("ERROR")));

    {
        auto store = SessionStore::open(db);
        VALIS_VERIFY_OK(store);
        QCOMPARE(SessionStore::schemaVersion(), 7);
        QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version")).toInt(), 7);
        const Result<QList<Message>> messages = store.value()->messages(id);
        VALIS_VERIFY_OK(messages);
        QCOMPARE(messages->size(), 1);
        QCOMPARE(messages->first().parts.first().text, QStringLiteral("kept across the migration"));
        QCOMPARE(store.value()->turnVersions(id)->size(), 0);
        VALIS_VERIFY_OK(store.value()->appendTurnVersions(id, extractiveSet(0)));
        QCOMPARE(store.value()->turnVersions(id)->size(), 3);
    }
    // The migrated table is append-only like a new one.
    QVERIFY(rawQuery(db, QStringLiteral("UPDATE turn_versions SET text = 'forged'")).contains(QLatin1String("append-only")));

    // A database of a newer schema is still refused.
    QCOMPARE(rawQuery(db, QStringLiteral("PRAGMA user_version = 8")), QString());
    auto newer = SessionStore::open(db);
    QVERIFY(newer.hasError());
    QCOMPARE(newer.error().code, QStringLiteral("store.future-schema"));
}

void TestTurnVersionStore::storedSourceFallsBackToExtractive()
{
    test::TemporaryHome home;
    auto store = SessionStore::open(home.filePath(QStringLiteral("s.db")));
    VALIS_VERIFY_OK(store);
    const QString id = store.value()->createSession({})->id;
    QList<Message> appended;
    appended << store.value()->appendMessage(id, text(Role::User, QStringLiteral("list /srv/app/logs please"))).value();
    appended << store.value()->appendMessage(id, text(Role::Assistant, QStringLiteral("There are 3 files in /srv/app/logs."))).value();
    appended << store.value()->appendMessage(id, text(Role::User, QStringLiteral("and error E4711?"))).value();
    appended << store.value()->appendMessage(id, text(Role::Assistant, QStringLiteral("E4711 means the disk is full."))).value();
    const QHash<int, QList<Message>> byTurn = messagesByTurn(appended);
    QCOMPARE(byTurn.size(), 2);
    QList<int> numbers = byTurn.keys();
    std::sort(numbers.begin(), numbers.end());
    const int first = numbers.at(0);
    const int second = numbers.at(1);
    const QList<Message> turn0 = byTurn.value(first);
    const QList<Message> turn1 = byTurn.value(second);

    // Turn 0 has the model's versions made from its messages; turn 1 has none.
    QList<TurnVersion> model;
    for (TurnLevel level : {TurnLevel::Smoothed, TurnLevel::Compressed, TurnLevel::Tiny})
        model << version(first, level, QStringLiteral("model %1").arg(turnLevelLetter(level)), QStringLiteral("m-1"), turnSourceHash(turn0));
    VALIS_VERIFY_OK(store.value()->appendTurnVersions(id, model));

    const Result<std::shared_ptr<StoredTurnVersions>> loaded = StoredTurnVersions::load(*store.value(), id);
    VALIS_VERIFY_OK(loaded);
    const StoredTurnVersions &source = *loaded.value();
    QCOMPARE(source.version(first, TurnLevel::Compressed, turn0)->text, QStringLiteral("model C"));
    QCOMPARE(source.version(first, TurnLevel::Raw, turn0), std::nullopt);

    const TurnVersionSet expected = extractTurnVersions(turn1, second);
    const std::optional<TurnVersion> fallback = source.version(second, TurnLevel::Compressed, turn1);
    QVERIFY(fallback);
    QVERIFY(fallback->isExtractive());
    QCOMPARE(fallback->text, expected.compressed.text);
    QVERIFY(fallback->text.contains(QLatin1String("E4711")));
    QCOMPARE(source.stored(second, TurnLevel::Compressed), std::nullopt);
    QCOMPARE(source.version(second, TurnLevel::Compressed, {}), std::nullopt);

    // Turn 0 grew (an imported transcript appended to): the model's versions are stale, the
    // extractive ones of what the turn now holds are shown.
    QList<Message> grown = turn0;
    Message more = text(Role::Assistant, QStringLiteral("Also /srv/app/logs/old was archived."));
    more.id = QStringLiteral("m-grown");
    more.turn = first;
    grown << more;
    const std::optional<TurnVersion> stale = source.version(first, TurnLevel::Smoothed, grown);
    QVERIFY(stale);
    QVERIFY(stale->isExtractive());
    QVERIFY2(stale->text.contains(QLatin1String("archived")), qPrintable(stale->text));
    QCOMPARE(source.stored(first, TurnLevel::Smoothed)->text, QStringLiteral("model S"));
    // Asked with the turn as it was, the stored version is good again.
    QCOMPARE(source.version(first, TurnLevel::Smoothed, turn0)->text, QStringLiteral("model S"));

    // The owner stores the model's versions of turn 1: they replace the extractive ones.
    loaded.value()->update({version(second, TurnLevel::Compressed, QStringLiteral("model C of 1"), QStringLiteral("m-2"), turnSourceHash(turn1))});
    QCOMPARE(source.version(second, TurnLevel::Compressed, turn1)->text, QStringLiteral("model C of 1"));
    QVERIFY(source.version(second, TurnLevel::Tiny, turn1)->isExtractive());
}

void TestTurnVersionStore::extractiveVersionsReadToolMessages()
{
    // The agent loop records tool results as Role::Tool messages: the versions made of a turn
    // must carry what they said (the error code here), not "no result".
    Message ask = text(Role::User, QStringLiteral("check the limits"));
    ask.turn = 3;
    Message call;
    call.role = Role::Assistant;
    call.turn = 3;
    call.parts = {Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("exec"),
                                     QJsonObject{{QStringLiteral("command"), QStringLiteral("check-limits /etc/app/limits.conf")}})};
    Message result;
    result.role = Role::Tool;
    result.turn = 3;
    result.parts = {Part::makeToolResultText(QStringLiteral("c1"), QStringLiteral("FAILED: error LIM-4041 at line 12"), true)};
    Message done = text(Role::Assistant, QStringLiteral("It fails."));
    done.turn = 3;
    const TurnVersionSet set = extractTurnVersions({ask, call, result, done}, 3);
    QVERIFY2(set.smoothed.text.contains(QLatin1String("LIM-4041")), qPrintable(set.smoothed.text));
    QVERIFY2(set.compressed.text.contains(QLatin1String("LIM-4041")), qPrintable(set.compressed.text));
    QVERIFY2(!set.compressed.text.contains(QLatin1String("no result")), qPrintable(set.compressed.text));
}

VALIS_TEST_MAIN(TestTurnVersionStore)
#include "tst_turnversionstore.moc"
