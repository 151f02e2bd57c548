// The scenario through the real valis-cli: in session 1 the person says the staging
// build needs --no-lto; session 2's "let's build
// staging again" gets the lesson injected before its first request, after the cached prefix.
// The lesson is learned by `valis-cli memory process` from session 1 (issue 19's "Done means").
// --no-recall and --recall-budget on the command line.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/store/sessionstore.h"

#include <QJsonObject>

#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray answerStream(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

} // namespace

class TestCliRecall : public QObject
{
    Q_OBJECT

    QProcessEnvironment environment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-test-recall"));
        environment.remove(QStringLiteral("ANTHROPIC_BASE_URL"));
        environment.remove(QStringLiteral("VALIS_PLUGIN_PATH"));
        environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        return environment;
    }

    QStringList run(const TemporaryHome &home, const ProviderTestServer &server, const QStringList &extra) const
    {
        return QStringList{QStringLiteral("--home"), home.path(), QStringLiteral("run"), QStringLiteral("--no-keychain"),
                           QStringLiteral("--provider"), QStringLiteral("anthropic"), QStringLiteral("--model"),
                           QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--base-url"), server.baseUrl().toString(),
                           QStringLiteral("--workspace"), home.path()}
            + extra;
    }

private Q_SLOTS:
    void lessonOfSessionOneIsRecalledInSessionTwo()
    {
        TemporaryHome home;
        ProviderTestServer server;
        QVERIFY(server.listen());
        server.enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("Noted: staging builds with --no-lto."))));
        CliRun first = runCli(run(home, server, {QStringLiteral("The staging build fails at link time; it needs `--no-lto`.")}),
                              environment());
        QVERIFY2(first.exitCode == 0, first.err.constData());

        // Offline processing learns the lesson from session 1 (extractively: no summary model).
        const CliRun processed = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("memory"), QStringLiteral("process"),
                                         QStringLiteral("--no-keychain"), QStringLiteral("--json")},
                                        environment());
        QVERIFY2(processed.exitCode == 0, processed.err.constData());
        QString lessonKey;
        {
            const DataLocations locations = DataLocations::underHome(home.path());
            auto store = SqliteDetailStore::open(locations.memoryDatabasePath());
            VALIS_VERIFY_OK(store);
            MemoryFilter lessons;
            lessons.type = QStringLiteral("lesson");
            auto found = (*store)->list(lessons);
            VALIS_VERIFY_OK(found);
            for (const MemoryRecord &record : found.value()) {
                if (record.summary.contains(QStringLiteral("--no-lto")))
                    lessonKey = record.key;
            }
            QVERIFY2(!lessonKey.isEmpty(), processed.out.constData());
        }
        server.enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("Building staging with --no-lto."))));
        const CliRun second = runCli(run(home, server, {QStringLiteral("--recall-budget"), QStringLiteral("1000"),
                                                        QStringLiteral("let's build staging again")}),
                                     environment());
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QCOMPARE(server.requests().size(), 2);
        const QByteArray body = server.requests().at(1).body;
        const qsizetype user = body.indexOf("let's build staging again");
        const qsizetype reminder = body.indexOf("<system-reminder>\\nRecalled");
        QVERIFY2(user > 0 && reminder > user, body.constData());
        QVERIFY2(body.indexOf("--no-lto", reminder) > reminder, body.constData());
        QVERIFY(body.indexOf(lessonKey.toUtf8(), reminder) > reminder);
        // Recorded within the budget, not late: what the desktop's Recalled block shows.
        {
            const DataLocations locations = DataLocations::underHome(home.path());
            auto sessions = SessionStore::open(locations.sessionDatabasePath());
            VALIS_VERIFY_OK(sessions);
            auto list = (*sessions)->sessions();
            VALIS_VERIFY_OK(list);
            bool recorded = false;
            for (const SessionInfo &info : list.value()) {
                for (const Message &message : (*sessions)->messages(info.id).value()) {
                    const QJsonObject recall = message.metadata.value(QLatin1String("recall")).toObject();
                    if (recall.isEmpty())
                        continue;
                    recorded = true;
                    QVERIFY(recall.value(QLatin1String("elapsedMs")).toInt() <= recall.value(QLatin1String("budgetMs")).toInt());
                    QCOMPARE(recall.value(QLatin1String("budgetMs")).toInt(), 1000);
                    QVERIFY(!recall.value(QLatin1String("late")).toBool());
                    QVERIFY(!message.startsTurn());
                }
            }
            QVERIFY(recorded);
        }
        // After the last breakpoint of the messages: the reminder is in the block it marks, so
        // nothing before it (the cached prefix) depends on it.
        const qsizetype breakpoint = body.lastIndexOf("\"cache_control\"", body.indexOf("],\"model\":"));
        QVERIFY(breakpoint > user);

        // --no-recall: the same question goes without.
        server.enqueue(ScriptedResponse::sse(answerStream(QStringLiteral("Building."))));
        const CliRun off = runCli(run(home, server, {QStringLiteral("--no-recall"), QStringLiteral("let's build staging again")}),
                                  environment());
        QVERIFY2(off.exitCode == 0, off.err.constData());
        QVERIFY(!server.requests().at(2).body.contains("<system-reminder>"));

        const CliRun bad = runCli(run(home, server, {QStringLiteral("--recall-budget"), QStringLiteral("soon"), QStringLiteral("Hi")}),
                                  environment());
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--recall-budget"));
        QCOMPARE(server.requests().size(), 3);
    }
};

VALIS_TEST_MAIN(TestCliRecall)
#include "tst_clirecall.moc"
