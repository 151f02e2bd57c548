// valis-cli turns: the versions of a session's turns, --build for a session that has none
// (an imported transcript), --regenerate against the local provider server.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/store/sessionstore.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <QtTest>

#include <algorithm>

using namespace valis;
using namespace valis::test;

class TestCliTurns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        m_home = std::make_unique<TemporaryHome>();
        m_server = std::make_unique<ProviderTestServer>();
        QVERIFY(m_server->listen());
        // A session written straight into the store, as an import leaves one: no versions.
        auto store = SessionStore::open(DataLocations::underHome(m_home->path()).sessionDatabasePath());
        VALIS_VERIFY_OK(store);
        SessionInfo info;
        info.model = QStringLiteral("claude-sonnet-4-5");
        m_session = store.value()->createSession(info)->id;
        Message ask;
        ask.role = Role::User;
        ask.parts = {Part::makeText(QStringLiteral("What is in /etc/app/limits.conf?"))};
        Message answer;
        answer.role = Role::Assistant;
        answer.parts = {Part::makeText(QStringLiteral("It sets max_open_files to 65536."))};
        Message fix;
        fix.role = Role::User;
        fix.parts = {Part::makeText(QStringLiteral("Run the check again"))};
        Message call;
        call.role = Role::Assistant;
        call.parts = {Part::makeToolCall(QStringLiteral("call-1"), QStringLiteral("exec"),
                                         QJsonObject{{QStringLiteral("command"), QStringLiteral("check-limits --strict /etc/app/limits.conf")}})};
        Message result;
        result.role = Role::Tool;
        result.parts = {Part::makeToolResultText(QStringLiteral("call-1"), QStringLiteral("FAILED: error LIM-4041 at line 12"), true)};
        Message done;
        done.role = Role::Assistant;
        done.parts = {Part::makeText(QStringLiteral("The check fails with LIM-4041 on line 12."))};
        VALIS_VERIFY_OK(store.value()->appendMessages(m_session, {ask, answer, fix, call, result, done}));
        QList<int> turns = messagesByTurn(store.value()->messages(m_session).value()).keys();
        std::sort(turns.begin(), turns.end());
        QCOMPARE(turns.size(), 2);
        m_first = turns.at(0);
        m_second = turns.at(1);
    }

    void cleanup()
    {
        m_server.reset();
        m_home.reset();
    }

    void buildShowsAndFilters()
    {
        const QJsonObject before = json({QStringLiteral("turns"), m_session, QStringLiteral("--json")});
        QCOMPARE(before.value(QLatin1String("versions")).toArray().size(), 0);
        QCOMPARE(before.value(QLatin1String("missing")).toArray(), (QJsonArray{m_first, m_second}));

        const QJsonObject built = json({QStringLiteral("turns"), m_session, QStringLiteral("--build"), QStringLiteral("--json")});
        const QJsonArray versions = built.value(QLatin1String("versions")).toArray();
        QCOMPARE(versions.size(), 6);
        QCOMPARE(built.value(QLatin1String("missing")).toArray().size(), 0);
        QStringList levels;
        for (const QJsonValue &value : versions) {
            const QJsonObject version = value.toObject();
            QCOMPARE(version.value(QLatin1String("model")).toString(), QStringLiteral("extractive"));
            QCOMPARE(version.value(QLatin1String("stale")).toBool(), false);
            QVERIFY(version.value(QLatin1String("tokens")).toInteger() > 0);
            levels << QStringLiteral("%1%2").arg(version.value(QLatin1String("turn")).toInt()).arg(version.value(QLatin1String("level")).toString());
            if (version.value(QLatin1String("turn")).toInt() == m_second && version.value(QLatin1String("level")).toString() == QLatin1String("C"))
                QVERIFY2(version.value(QLatin1String("text")).toString().contains(QLatin1String("LIM-4041")), qPrintable(version.value(QLatin1String("text")).toString()));
        }
        QCOMPARE(levels, (QStringList{QStringLiteral("%1S").arg(m_first), QStringLiteral("%1C").arg(m_first), QStringLiteral("%1T").arg(m_first),
                                      QStringLiteral("%1S").arg(m_second), QStringLiteral("%1C").arg(m_second), QStringLiteral("%1T").arg(m_second)}));

        // Building again adds nothing: every turn has current versions.
        const CliRun again = cli({QStringLiteral("turns"), m_session, QStringLiteral("--build")});
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.err.contains("versions of 0 turn"), again.err.constData());
        QCOMPARE(history(m_first), 3);

        const QJsonArray tiny = json({QStringLiteral("turns"), m_session, QStringLiteral("--level"), QStringLiteral("t"), QStringLiteral("--json")})
                                    .value(QLatin1String("versions")).toArray();
        QCOMPARE(tiny.size(), 2);
        for (const QJsonValue &value : tiny)
            QCOMPARE(value.toObject().value(QLatin1String("level")).toString(), QStringLiteral("T"));

        const CliRun shown = cli({QStringLiteral("turns"), m_session, QStringLiteral("--turn"), QString::number(m_second),
                                  QStringLiteral("--level"), QStringLiteral("C")});
        QVERIFY2(shown.exitCode == 0, shown.err.constData());
        const QString out = QString::fromUtf8(shown.out);
        QVERIFY2(out.contains(QStringLiteral("T-%1-C  ").arg(m_second)), qPrintable(out));
        QVERIFY(out.contains(QLatin1String("extractive")));
        QVERIFY(out.contains(QLatin1String("LIM-4041")));
        QVERIFY(!out.contains(QStringLiteral("T-%1-S").arg(m_second)));
        QVERIFY(!out.contains(QLatin1String("stale")));

        // The turn grows: its versions are stale until built again.
        {
            auto store = SessionStore::open(DataLocations::underHome(m_home->path()).sessionDatabasePath());
            VALIS_VERIFY_OK(store);
            Message more;
            more.role = Role::Assistant;
            more.parts = {Part::makeText(QStringLiteral("Line 12 sets nofile to 0."))};
            VALIS_VERIFY_OK(store.value()->appendMessage(m_session, more));
        }
        const QJsonArray stale = json({QStringLiteral("turns"), m_session, QStringLiteral("--turn"), QString::number(m_second), QStringLiteral("--json")})
                                     .value(QLatin1String("versions")).toArray();
        QCOMPARE(stale.size(), 3);
        for (const QJsonValue &value : stale)
            QCOMPARE(value.toObject().value(QLatin1String("stale")).toBool(), true);
        QVERIFY(cli({QStringLiteral("turns"), m_session}).out.contains("stale"));
        const QJsonArray rebuilt = json({QStringLiteral("turns"), m_session, QStringLiteral("--build"), QStringLiteral("--json")})
                                       .value(QLatin1String("versions")).toArray();
        for (const QJsonValue &value : rebuilt)
            QCOMPARE(value.toObject().value(QLatin1String("stale")).toBool(), false);
        QCOMPARE(history(m_second), 6);
        QCOMPARE(history(m_first), 3);

        const CliRun badLevel = cli({QStringLiteral("turns"), m_session, QStringLiteral("--level"), QStringLiteral("R")});
        QCOMPARE(badLevel.exitCode, 2);
        const CliRun noTurn = cli({QStringLiteral("turns"), m_session, QStringLiteral("--turn"), QStringLiteral("99")});
        QCOMPARE(noTurn.exitCode, 1);
        QVERIFY(noTurn.err.contains("no turn 99"));
    }

    void regenerateAsksTheModel()
    {
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream()
                                                    .text(QStringLiteral("<smoothed>Model S: /etc/app/limits.conf sets max_open_files=65536.</smoothed>"
                                                                         "<compressed>Model C: limits.conf, 65536.</compressed>"
                                                                         "<tiny>Model T: the limits file was read.</tiny>"))
                                                    .stop(QStringLiteral("end_turn"))));
        const QJsonObject regenerated = json({QStringLiteral("turns"), m_session, QStringLiteral("--regenerate"), QStringLiteral("--turn"),
                                              QString::number(m_first), QStringLiteral("--provider"), QStringLiteral("anthropic"),
                                              QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--base-url"),
                                              m_server->baseUrl().toString(), QStringLiteral("--no-keychain"), QStringLiteral("--json")});
        const QJsonArray versions = regenerated.value(QLatin1String("versions")).toArray();
        QCOMPARE(versions.size(), 3);
        QCOMPARE(versions.at(1).toObject().value(QLatin1String("text")).toString(), QStringLiteral("Model C: limits.conf, 65536."));
        for (const QJsonValue &value : versions) {
            QCOMPARE(value.toObject().value(QLatin1String("model")).toString(), QStringLiteral("claude-sonnet-4-5"));
            QCOMPARE(value.toObject().value(QLatin1String("stale")).toBool(), false);
        }
        QCOMPARE(m_server->requests().size(), 1);
        const QString request = QString::fromUtf8(m_server->requests().first().body);
        QVERIFY(request.contains(QLatin1String("<turn>")));
        QVERIFY(request.contains(QLatin1String("/etc/app/limits.conf")));
        QVERIFY(!request.contains(QLatin1String("LIM-4041"))); // only the chosen turn
        // The other turn was left alone.
        QCOMPARE(history(m_second), 0);
    }

    void regenerateNeedsAProviderAndAKey()
    {
        QProcessEnvironment noKey = anthropicCliEnvironment();
        noKey.remove(QStringLiteral("ANTHROPIC_API_KEY"));
        const CliRun withoutKey = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("turns"), m_session, QStringLiteral("--regenerate"),
                                          QStringLiteral("--provider"), QStringLiteral("anthropic"), QStringLiteral("--model"),
                                          QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--base-url"), m_server->baseUrl().toString(),
                                          QStringLiteral("--no-keychain")},
                                         noKey);
        QCOMPARE(withoutKey.exitCode, 1);
        QVERIFY2(withoutKey.err.contains("ANTHROPIC_API_KEY"), withoutKey.err.constData());
        const CliRun withoutProvider = cli({QStringLiteral("turns"), m_session, QStringLiteral("--regenerate")});
        QCOMPARE(withoutProvider.exitCode, 1);
        QVERIFY2(withoutProvider.err.contains("--provider"), withoutProvider.err.constData());
        QCOMPARE(m_server->requests().size(), 0);
        QCOMPARE(history(m_first), 0);
    }

private:
    CliRun cli(const QStringList &arguments)
    {
        return runCli(QStringList{QStringLiteral("--home"), m_home->path()} + arguments, anthropicCliEnvironment());
    }

    QJsonObject json(const QStringList &arguments)
    {
        const CliRun run = cli(arguments);
        if (run.exitCode != 0)
            qWarning("valis-cli failed (%d): %s", run.exitCode, run.err.constData());
        return QJsonDocument::fromJson(run.out).object();
    }

    int history(int turn) const
    {
        auto store = SessionStore::open(DataLocations::underHome(m_home->path()).sessionDatabasePath());
        return store.ok() ? int(store.value()->turnVersionHistory(m_session, turn)->size()) : -1;
    }

    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<ProviderTestServer> m_server;
    QString m_session;
    int m_first = -1;
    int m_second = -1;
};

VALIS_TEST_MAIN(TestCliTurns)
#include "tst_cliturns.moc"
