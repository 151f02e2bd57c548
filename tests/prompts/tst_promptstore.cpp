// The prompt store on real SQLite files: append-only versions, tombstones, rendering with
// variables, escapes and includes, include cycles and depth, and two instances on one file.
#include "testsupport.h"

#include "valis/prompts/promptstore.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>

using namespace valis;

/// Fails with the error's text when `expr` (a Result) is an error.
#define VERIFY_OK(expr)                                                                            \
    do {                                                                                           \
        const auto verified = (expr);                                                              \
        QVERIFY2(verified.ok(), qPrintable(messageOf(verified)));                                  \
    } while (false)

namespace {

/// The error code of a result, or "ok": a comparison fails with a message instead of throwing.
template<typename T>
QString codeOf(const Result<T> &result)
{
    return result.ok() ? QStringLiteral("ok") : result.error().code;
}

/// The error text of a result, or "ok" (QVERIFY2 evaluates its message even when it passes).
template<typename T>
QString messageOf(const Result<T> &result)
{
    return result.ok() ? QStringLiteral("ok") : result.error().toString();
}

} // namespace

class TestPromptStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_files = 0;

    std::unique_ptr<PromptStore> openStore(const QString &path = {})
    {
        Result<std::unique_ptr<PromptStore>> store =
            PromptStore::open(path.isEmpty() ? m_dir.filePath(QStringLiteral("p%1/prompts.db").arg(++m_files)) : path);
        if (!store.ok())
            qFatal("%s", qPrintable(messageOf(store)));
        return std::move(store).value();
    }

private Q_SLOTS:
    void versionsAreAppendOnly()
    {
        auto store = openStore();
        const Result<PromptVersion> first = store->set(QStringLiteral("review"), QStringLiteral("Review {{file}}."),
                                                       QStringLiteral("Reviews a file"));
        QVERIFY2(first.ok(), qPrintable(messageOf(first)));
        QCOMPARE(first->version, 1);
        QCOMPARE(first->variables(), QStringList{QStringLiteral("file")});
        const Result<PromptVersion> second = store->set(QStringLiteral("review"), QStringLiteral("Review {{file}} for {{ focus }}."));
        QVERIFY(second.ok());
        QCOMPARE(second->version, 2);
        // An empty description keeps the previous one.
        QCOMPARE(second->description, QStringLiteral("Reviews a file"));
        QCOMPARE(second->variables(), (QStringList{QStringLiteral("file"), QStringLiteral("focus")}));

        // The same text again adds nothing.
        const Result<PromptVersion> same = store->set(QStringLiteral("review"), QStringLiteral("Review {{file}} for {{ focus }}."));
        QVERIFY(same.ok());
        QCOMPARE(same->version, 2);
        const Result<QList<PromptVersion>> history = store->history(QStringLiteral("review"));
        QVERIFY(history.ok());
        QCOMPARE(history->size(), 2);
        QCOMPARE(history->at(0).text, QStringLiteral("Review {{file}}."));
        QCOMPARE(history->at(0).createdAt.timeSpec(), Qt::UTC);

        { auto g = store->get(QStringLiteral("review")); QVERIFY2(g.ok(), qPrintable(messageOf(g))); QCOMPARE(g->version, 2); }
        { auto g = store->get(QStringLiteral("review"), 1); QVERIFY2(g.ok(), qPrintable(messageOf(g))); QCOMPARE(g->text, QStringLiteral("Review {{file}}.")); }
        QCOMPARE(codeOf(store->get(QStringLiteral("review"), 7)), QStringLiteral("prompt.unknown-version"));
        QCOMPARE(codeOf(store->get(QStringLiteral("nothing"))), QStringLiteral("prompt.unknown"));
        QCOMPARE(codeOf(store->history(QStringLiteral("nothing"))), QStringLiteral("prompt.unknown"));

        // The file itself refuses rewrites: the triggers hold even for another program.
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        raw.setDatabaseName(store->path());
        QVERIFY(raw.open());
        {
            QSqlQuery query(raw);
            QVERIFY(!query.exec(QStringLiteral("UPDATE prompt_versions SET text = 'x'")));
            QVERIFY(query.lastError().text().contains(QStringLiteral("append-only")));
            QVERIFY(!query.exec(QStringLiteral("DELETE FROM prompt_versions")));
        }
        raw.close();
        raw = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
        QCOMPARE(store->history(QStringLiteral("review"))->size(), 2);
    }

    void invalidKeysAndTexts()
    {
        auto store = openStore();
        for (const QString &key : {QStringLiteral("Review"), QStringLiteral("a b"), QStringLiteral("/lead"), QStringLiteral("trail/"),
                                   QStringLiteral("a//b"), QString(), QString(129, QLatin1Char('a'))}) {
            const Result<PromptVersion> set = store->set(key, QStringLiteral("text"));
            QVERIFY2(!set.ok(), qPrintable(key));
            QCOMPARE(codeOf(set), QStringLiteral("prompt.invalid-key"));
        }
        VERIFY_OK(store->set(QStringLiteral("team/review_2-x"), QStringLiteral("ok")));
        QCOMPARE(codeOf(store->set(QStringLiteral("blank"), QStringLiteral("  \n"))), QStringLiteral("prompt.invalid-text"));
    }

    void tombstones()
    {
        auto store = openStore();
        VERIFY_OK(store->set(QStringLiteral("a"), QStringLiteral("one")));
        VERIFY_OK(store->set(QStringLiteral("b"), QStringLiteral("bee")));
        VERIFY_OK(store->remove(QStringLiteral("a")));
        QCOMPARE(codeOf(store->remove(QStringLiteral("a"))), QStringLiteral("prompt.unknown"));
        QCOMPARE(codeOf(store->remove(QStringLiteral("never"))), QStringLiteral("prompt.unknown"));

        const Result<QList<PromptVersion>> listed = store->list();
        QVERIFY(listed.ok());
        QCOMPARE(listed->size(), 1);
        QCOMPARE(listed->constFirst().key, QStringLiteral("b"));
        const Result<PromptVersion> gone = store->get(QStringLiteral("a"));
        QCOMPARE(codeOf(gone), QStringLiteral("prompt.unknown"));
        QVERIFY(gone.error().message.contains(QStringLiteral("removed")));
        // The history keeps both, the old version still renders, the tombstone does not.
        const Result<QList<PromptVersion>> history = store->history(QStringLiteral("a"));
        QCOMPARE(history->size(), 2);
        QVERIFY(!history->at(0).removed);
        QVERIFY(history->at(1).removed);
        QCOMPARE(store->render(QStringLiteral("a"), {}, 1).value(), QStringLiteral("one"));
        QCOMPARE(codeOf(store->render(QStringLiteral("a"), {}, 2)), QStringLiteral("prompt.unknown"));
        QCOMPARE(codeOf(store->render(QStringLiteral("a"), {})), QStringLiteral("prompt.unknown"));

        // Setting it again continues the numbering.
        const Result<PromptVersion> back = store->set(QStringLiteral("a"), QStringLiteral("one"));
        QCOMPARE(back->version, 3);
        QCOMPARE(store->list()->size(), 2);
    }

    void rendersVariablesAndEscapes()
    {
        auto store = openStore();
        const QString text = QStringLiteral("Hi {{name}}, {{ name }}! n={{n}} ok={{ok}} list={{list}} "
                                            "\\{{name}} \\\\{{name}} {{#each}} {{two words}} {{ open");
        VERIFY_OK(store->set(QStringLiteral("greet"), text));
        const QJsonObject values{{QStringLiteral("name"), QStringLiteral("Ada {{n}}")},
                                 {QStringLiteral("n"), 3},
                                 {QStringLiteral("ok"), true},
                                 {QStringLiteral("list"), QJsonArray{1, QStringLiteral("x")}}};
        const Result<QString> rendered = store->render(QStringLiteral("greet"), values);
        QVERIFY2(rendered.ok(), qPrintable(messageOf(rendered)));
        // A value is never parsed again; \{{ is literal, \\{{ a backslash then a tag; anything
        // that is no tag stays as written.
        QCOMPARE(rendered.value(), QStringLiteral("Hi Ada {{n}}, Ada {{n}}! n=3 ok=true list=[1,\"x\"] "
                                                  "{{name}} \\Ada {{n}} {{#each}} {{two words}} {{ open"));
        QCOMPARE(store->get(QStringLiteral("greet"))->variables(),
                 (QStringList{QStringLiteral("name"), QStringLiteral("n"), QStringLiteral("ok"), QStringLiteral("list")}));

        const Result<QString> missing = store->render(QStringLiteral("greet"), QJsonObject{{QStringLiteral("name"), QStringLiteral("x")}});
        QCOMPARE(codeOf(missing), QStringLiteral("prompt.missing-variable"));
        QVERIFY(missing.error().message.contains(QStringLiteral("{{n}}")));
        // null counts as missing, an empty string is a value.
        QJsonObject nulled = values;
        nulled.insert(QStringLiteral("ok"), QJsonValue::Null);
        QCOMPARE(codeOf(store->render(QStringLiteral("greet"), nulled)), QStringLiteral("prompt.missing-variable"));
        nulled.insert(QStringLiteral("ok"), QString());
        QVERIFY(store->render(QStringLiteral("greet"), nulled).ok());
    }

    void includes()
    {
        auto store = openStore();
        VERIFY_OK(store->set(QStringLiteral("style/tone"), QStringLiteral("Be brief with {{who}}.")));
        VERIFY_OK(store->set(QStringLiteral("review"), QStringLiteral("Review {{file}}. {{> style/tone}} {{>style/tone}}")));
        const Result<QString> rendered = store->render(QStringLiteral("review"), QJsonObject{{QStringLiteral("file"), QStringLiteral("a.cpp")},
                                                                                            {QStringLiteral("who"), QStringLiteral("Bob")}});
        QVERIFY2(rendered.ok(), qPrintable(messageOf(rendered)));
        QCOMPARE(rendered.value(), QStringLiteral("Review a.cpp. Be brief with Bob. Be brief with Bob."));
        // Own variables first, then the included ones.
        QCOMPARE(store->variables(QStringLiteral("review")).value(), (QStringList{QStringLiteral("file"), QStringLiteral("who")}));
        QCOMPARE(store->get(QStringLiteral("review"))->variables(), QStringList{QStringLiteral("file")});

        // An include always takes the newest text of the included prompt.
        VERIFY_OK(store->set(QStringLiteral("style/tone"), QStringLiteral("Be kind.")));
        QCOMPARE(store->render(QStringLiteral("review"), QJsonObject{{QStringLiteral("file"), QStringLiteral("b")}}).value(),
                 QStringLiteral("Review b. Be kind. Be kind."));

        // An include of an unknown key may be stored (set later), but does not render.
        VERIFY_OK(store->set(QStringLiteral("later"), QStringLiteral("x {{> not-yet}}")));
        const Result<QString> unknown = store->render(QStringLiteral("later"), {});
        QCOMPARE(codeOf(unknown), QStringLiteral("prompt.unknown"));
        QVERIFY(unknown.error().message.contains(QStringLiteral("not-yet")));
        QCOMPARE(codeOf(store->variables(QStringLiteral("later"))), QStringLiteral("prompt.unknown"));
        VERIFY_OK(store->set(QStringLiteral("not-yet"), QStringLiteral("now")));
        QCOMPARE(store->render(QStringLiteral("later"), {}).value(), QStringLiteral("x now"));
        // A removed include is unknown again.
        VERIFY_OK(store->remove(QStringLiteral("not-yet")));
        QCOMPARE(codeOf(store->render(QStringLiteral("later"), {})), QStringLiteral("prompt.unknown"));
    }

    void includeCyclesAndDepth()
    {
        auto store = openStore();
        QCOMPARE(codeOf(store->set(QStringLiteral("self"), QStringLiteral("a {{> self}}"))), QStringLiteral("prompt.include-cycle"));
        VERIFY_OK(store->set(QStringLiteral("a"), QStringLiteral("A {{> b}}")));
        VERIFY_OK(store->set(QStringLiteral("b"), QStringLiteral("B {{> c}}")));
        const Result<PromptVersion> loop = store->set(QStringLiteral("c"), QStringLiteral("C {{> a}}"));
        QCOMPARE(codeOf(loop), QStringLiteral("prompt.include-cycle"));
        QVERIFY2(loop.error().message.contains(QStringLiteral("c > a > b > c")), qPrintable(loop.error().message));
        QVERIFY(!store->get(QStringLiteral("c")).ok()); // nothing was stored

        // A cycle written behind the store's back (an old file, another program) still fails
        // cleanly at render time instead of recursing.
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw2"));
        raw.setDatabaseName(store->path());
        QVERIFY(raw.open());
        {
            QSqlQuery query(raw);
            QVERIFY2(query.exec(QStringLiteral("INSERT INTO prompt_versions (key, version, text, description, created_at, removed) "
                                               "VALUES ('c', 1, 'C {{> a}}', '', '2026-01-01T00:00:00.000Z', 0)")),
                     qPrintable(query.lastError().text()));
        }
        raw.close();
        raw = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("raw2"));
        const Result<QString> rendered = store->render(QStringLiteral("a"), {});
        QCOMPARE(codeOf(rendered), QStringLiteral("prompt.include-cycle"));
        QVERIFY2(rendered.error().message.contains(QStringLiteral("a > b > c > a")), qPrintable(rendered.error().message));

        // A chain deeper than the limit: d0 includes d1 ... includes d20.
        const int chain = PromptStore::maxIncludeDepth + 4;
        for (int i = chain; i >= 0; --i) {
            const QString text = i == chain ? QStringLiteral("end") : QStringLiteral("{{> d%1}}").arg(i + 1);
            VERIFY_OK(store->set(QStringLiteral("d%1").arg(i), text));
        }
        QCOMPARE(codeOf(store->render(QStringLiteral("d0"), {})), QStringLiteral("prompt.include-depth"));
        QCOMPARE(store->render(QStringLiteral("d8"), {}).value(), QStringLiteral("end"));
    }

    void twoInstancesOnOneFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("shared/prompts.db"));
        auto first = openStore(path);
        auto second = openStore(path);
        const qint64 before = first->revision().value();
        VERIFY_OK(second->set(QStringLiteral("shared"), QStringLiteral("from the second")));
        // The other instance sees the write at once, and its revision moved.
        QCOMPARE(first->get(QStringLiteral("shared"))->text, QStringLiteral("from the second"));
        const qint64 after = first->revision().value();
        QVERIFY(after > before);
        QCOMPARE(first->revision().value(), after); // reading does not move it
        VERIFY_OK(first->remove(QStringLiteral("shared")));
        QVERIFY(second->revision().value() > after);

        // Both write the same key at once from their own threads: every version number is used
        // exactly once, none lost to a lock.
        constexpr int perWriter = 40;
        std::atomic<int> failures{0};
        auto writer = [&](const QString &tag) {
            auto own = PromptStore::open(path);
            if (!own.ok()) {
                ++failures;
                return;
            }
            for (int i = 0; i < perWriter; ++i) {
                if (!own.value()->set(QStringLiteral("race"), QStringLiteral("%1 %2").arg(tag).arg(i)).ok())
                    ++failures;
            }
        };
        QThread *a = QThread::create(writer, QStringLiteral("a"));
        QThread *b = QThread::create(writer, QStringLiteral("b"));
        a->start();
        b->start();
        QVERIFY(a->wait(120000));
        QVERIFY(b->wait(120000));
        delete a;
        delete b;
        QCOMPARE(failures.load(), 0);
        const Result<QList<PromptVersion>> history = first->history(QStringLiteral("race"));
        QVERIFY(history.ok());
        QCOMPARE(history->size(), 2 * perWriter);
        for (int i = 0; i < history->size(); ++i)
            QCOMPARE(history->at(i).version, i + 1);
    }

    void refusesFutureSchema()
    {
        const QString path = m_dir.filePath(QStringLiteral("future/prompts.db"));
        {
            auto store = openStore(path);
            VERIFY_OK(store->set(QStringLiteral("kept"), QStringLiteral("text")));
        }
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw3"));
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery(raw).exec(QStringLiteral("PRAGMA user_version = 99"));
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw3"));
        const Result<std::unique_ptr<PromptStore>> refused = PromptStore::open(path);
        QVERIFY(!refused.ok());
        QCOMPARE(codeOf(refused), QStringLiteral("prompt.future-schema"));
    }
};

VALIS_TEST_MAIN(TestPromptStore)
#include "tst_promptstore.moc"
