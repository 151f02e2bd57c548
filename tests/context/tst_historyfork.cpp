// History strategies per session and forks, end to end through the real valis-cli, the real
// plugins (anthropic, oneshot, progressive, planning) and the local provider server: the choice
// is recorded and shapes the next request; a one-shot fork's first request holds its prompt and
// the plan, not the planner's turns, and its answer reaches the parent's record.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QJsonObject planArguments()
{
    return {{QStringLiteral("plan"),
             QJsonArray{QJsonObject{{QStringLiteral("step"), QStringLiteral("write the lexer")}, {QStringLiteral("status"), QStringLiteral("in_progress")}},
                        QJsonObject{{QStringLiteral("step"), QStringLiteral("write the tests")}, {QStringLiteral("status"), QStringLiteral("pending")}}}}};
}

QString systemOf(const CapturedRequest &request)
{
    return QString::fromUtf8(QJsonDocument(request.json().value(QLatin1String("system")).toArray()).toJson());
}

QString messagesOf(const CapturedRequest &request)
{
    return QString::fromUtf8(QJsonDocument(request.json().value(QLatin1String("messages")).toArray()).toJson());
}

} // namespace

class TestHistoryFork : public QObject
{
    Q_OBJECT

    TemporaryHome *m_home = nullptr;
    QTemporaryDir *m_workspace = nullptr;
    ProviderTestServer *m_server = nullptr;

    QStringList connection() const
    {
        return {QStringLiteral("--provider"), QStringLiteral("anthropic"), QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"),
                QStringLiteral("--base-url"), m_server->baseUrl().toString(), QStringLiteral("--workspace"), m_workspace->path(),
                QStringLiteral("--approve"), QStringLiteral("all"), QStringLiteral("--no-keychain")};
    }

    CliRun run(const QString &prompt, const QStringList &extra = {}) const
    {
        return cli(QStringList{QStringLiteral("run")} + connection() + extra + QStringList{prompt});
    }

    CliRun cli(const QStringList &arguments) const
    {
        return runCli(QStringList{QStringLiteral("--home"), m_home->path()} + arguments, anthropicCliEnvironment());
    }

    static QString sessionIdOf(const CliRun &result)
    {
        static const QRegularExpression id(QStringLiteral("session (s-[0-9a-z]+)"));
        return id.match(QString::fromUtf8(result.err)).captured(1);
    }

    QList<QJsonObject> record(const QString &session) const
    {
        QList<QJsonObject> messages;
        const CliRun shown = cli({QStringLiteral("show"), session, QStringLiteral("--json")});
        for (const QString &line : shown.outLines())
            messages.append(QJsonDocument::fromJson(line.toUtf8()).object());
        return messages;
    }

    static QStringList historyEntries(const QList<QJsonObject> &record)
    {
        QStringList names;
        for (const QJsonObject &message : record) {
            const QString name = message.value(QLatin1String("metadata")).toObject().value(QLatin1String("valis")).toObject()
                                     .value(QLatin1String("history")).toObject().value(QLatin1String("strategy")).toString();
            if (!name.isEmpty())
                names.append(name);
        }
        return names;
    }

    static QString textOf(const QJsonObject &message)
    {
        return QString::fromUtf8(QJsonDocument(message.value(QLatin1String("parts")).toArray()).toJson());
    }

    /// A planner's turn: it writes a plan, then answers. Returns the session id.
    QString plannerTurn()
    {
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Planning."))
                                                    .toolUse(QStringLiteral("toolu_plan"), QStringLiteral("update_plan"), planArguments())
                                                    .stop(QStringLiteral("tool_use"))));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("PLANNER-ANSWER: the plan is ready"))));
        const CliRun planner = run(QStringLiteral("PLANNER-REQUEST: plan the parser"));
        if (planner.exitCode != 0)
            qWarning("%s", planner.err.constData());
        return planner.exitCode == 0 ? sessionIdOf(planner) : QString();
    }

private Q_SLOTS:
    void init()
    {
        m_home = new TemporaryHome;
        m_workspace = new QTemporaryDir;
        m_server = new ProviderTestServer;
        QVERIFY(m_server->listen());
    }

    void cleanup()
    {
        delete m_server;
        delete m_workspace;
        delete m_home;
    }

    void historySwitchIsRecordedAndShapesTheNextRequest()
    {
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("FIRST-ANSWER"))));
        const CliRun first = run(QStringLiteral("FIRST-REQUEST"));
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QString session = sessionIdOf(first);
        QVERIFY(!session.isEmpty());
        // Regular by default: nothing recorded, the progressive strategy's prompt section.
        QVERIFY(historyEntries(record(session)).isEmpty());
        QVERIFY(!systemOf(m_server->requests().at(0)).contains(QLatin1String("one-shot history")));

        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("SECOND-ANSWER"))));
        const CliRun second = run(QStringLiteral("SECOND-REQUEST"), {QStringLiteral("--session"), session, QStringLiteral("--history"), QStringLiteral("oneshot")});
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QCOMPARE(historyEntries(record(session)), QStringList{QStringLiteral("oneshot")});
        const CapturedRequest &oneshot = m_server->requests().at(1);
        QVERIFY(systemOf(oneshot).contains(QLatin1String("one-shot history")));
        QVERIFY(messagesOf(oneshot).contains(QLatin1String("SECOND-REQUEST")));
        QVERIFY(messagesOf(oneshot).contains(QLatin1String("<earlier-turns")));
        QVERIFY2(!messagesOf(oneshot).contains(QLatin1String("FIRST-REQUEST")), qPrintable(messagesOf(oneshot)));
        QVERIFY(!messagesOf(oneshot).contains(QLatin1String("FIRST-ANSWER")));

        // Continued without --history: the recorded choice holds.
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("THIRD-ANSWER"))));
        const CliRun third = run(QStringLiteral("THIRD-REQUEST"), {QStringLiteral("--session"), session});
        QVERIFY2(third.exitCode == 0, third.err.constData());
        QCOMPARE(historyEntries(record(session)), QStringList{QStringLiteral("oneshot")});
        QVERIFY(!messagesOf(m_server->requests().at(2)).contains(QLatin1String("SECOND-ANSWER")));
        QVERIFY(messagesOf(m_server->requests().at(2)).contains(QLatin1String("THIRD-REQUEST")));

        // Back to regular: recorded, and the turn before this one stays in view again.
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("FOURTH-ANSWER"))));
        const CliRun fourth = run(QStringLiteral("FOURTH-REQUEST"), {QStringLiteral("--session"), session, QStringLiteral("--history"), QStringLiteral("regular")});
        QVERIFY2(fourth.exitCode == 0, fourth.err.constData());
        QCOMPARE(historyEntries(record(session)), (QStringList{QStringLiteral("oneshot"), QStringLiteral("regular")}));
        QVERIFY(messagesOf(m_server->requests().at(3)).contains(QLatin1String("THIRD-ANSWER")));
        QVERIFY(!systemOf(m_server->requests().at(3)).contains(QLatin1String("one-shot history")));
        QCOMPARE(m_server->unexpectedRequests(), 0);
    }

    void anUnknownOrMissingHistoryStrategyIsAClearError()
    {
        const CliRun unknown = run(QStringLiteral("hello"), {QStringLiteral("--history"), QStringLiteral("bogus")});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("no history strategy \"bogus\""), unknown.err.constData());
        QVERIFY2(unknown.err.contains("regular") && unknown.err.contains("oneshot"), unknown.err.constData());

        const CliRun disabled = cli({QStringLiteral("plugins"), QStringLiteral("--disable"), QStringLiteral("oneshot")});
        QVERIFY2(disabled.exitCode == 0, disabled.err.constData());
        const CliRun missing = run(QStringLiteral("hello"), {QStringLiteral("--history"), QStringLiteral("oneshot")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("plugin \"oneshot\", which is not installed"), missing.err.constData());
        QVERIFY2(missing.err.contains("installed history strategies: regular"), missing.err.constData());
        QCOMPARE(m_server->requests().size(), 0);
        // Nothing was created for the refused run.
        QVERIFY(cli({QStringLiteral("sessions"), QStringLiteral("--ids")}).out.trimmed().isEmpty());
    }

    void aOneShotForkRunsItsPromptWithThePlanAndReportsBack()
    {
        const QString parent = plannerTurn();
        QVERIFY(!parent.isEmpty());
        QCOMPARE(m_server->requests().size(), 2);
        QString answerId;
        for (const QJsonObject &message : record(parent)) {
            if (textOf(message).contains(QLatin1String("PLANNER-ANSWER")))
                answerId = message.value(QLatin1String("id")).toString();
        }
        QVERIFY(!answerId.isEmpty());

        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("WORKER-RESULT: the lexer is written"))));
        const CliRun fork = cli(QStringList{QStringLiteral("fork"), parent, QStringLiteral("--at"), answerId, QStringLiteral("--history"),
                                            QStringLiteral("oneshot"), QStringLiteral("--prompt"), QStringLiteral("WORKER-PROMPT: write the lexer")}
                                + connection());
        QVERIFY2(fork.exitCode == 0, fork.err.constData());
        QCOMPARE(fork.out, QByteArray("WORKER-RESULT: the lexer is written\n"));
        const QString forkId = sessionIdOf(fork);
        QVERIFY(!forkId.isEmpty());
        QVERIFY(forkId != parent);

        // The worker's first request: its prompt and the plan, none of the planner's turn.
        QCOMPARE(m_server->requests().size(), 3);
        const QString worker = messagesOf(m_server->requests().at(2));
        QVERIFY(worker.contains(QLatin1String("WORKER-PROMPT: write the lexer")));
        QVERIFY2(worker.contains(QLatin1String("The current plan")), qPrintable(worker));
        QVERIFY(worker.contains(QLatin1String("write the tests")));
        QVERIFY(worker.contains(QLatin1String("<earlier-turns")));
        QVERIFY2(!worker.contains(QLatin1String("PLANNER-REQUEST")), qPrintable(worker));
        QVERIFY(!worker.contains(QLatin1String("PLANNER-ANSWER")));
        QVERIFY(systemOf(m_server->requests().at(2)).contains(QLatin1String("one-shot history")));

        // The fork is linked to its parent and listed under it.
        const CliRun sessions = cli({QStringLiteral("sessions"), QStringLiteral("--json")});
        bool linked = false;
        for (const QString &line : sessions.outLines()) {
            const QJsonObject info = QJsonDocument::fromJson(line.toUtf8()).object();
            if (info.value(QLatin1String("id")).toString() != forkId)
                continue;
            const QJsonObject link = info.value(QLatin1String("parent")).toObject();
            linked = link.value(QLatin1String("session_id")).toString() == parent
                     && link.value(QLatin1String("message_id")).toString() == answerId
                     && info.value(QLatin1String("metadata")).toObject().value(QLatin1String("fork")).toObject()
                                .value(QLatin1String("history")).toString() == QLatin1String("oneshot");
        }
        QVERIFY2(linked, sessions.out.constData());
        const QByteArray indented = QByteArray("  ").append(forkId.toUtf8());
        QVERIFY(cli({QStringLiteral("sessions")}).out.contains(indented));

        // The fork's record starts with the planner's conversation and its own choice.
        const QList<QJsonObject> forkRecord = record(forkId);
        QVERIFY(textOf(forkRecord.first()).contains(QLatin1String("PLANNER-REQUEST")));
        QCOMPARE(historyEntries(forkRecord), QStringList{QStringLiteral("oneshot")});

        // The parent's record gained the report, as a user message its next turn reads.
        const QList<QJsonObject> parentRecord = record(parent);
        const QJsonObject report = parentRecord.last();
        QCOMPARE(report.value(QLatin1String("role")).toString(), QStringLiteral("user"));
        const QJsonObject marker = report.value(QLatin1String("metadata")).toObject().value(QLatin1String("valis")).toObject()
                                       .value(QLatin1String("forkReport")).toObject();
        QCOMPARE(marker.value(QLatin1String("session")).toString(), forkId);
        QVERIFY(textOf(report).contains(QLatin1String("WORKER-RESULT: the lexer is written")));
        QVERIFY(textOf(report).contains(forkId));
        QVERIFY(historyEntries(parentRecord).isEmpty());

        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("PLANNER-NEXT"))));
        const CliRun next = run(QStringLiteral("what did the worker say?"), {QStringLiteral("--session"), parent});
        QVERIFY2(next.exitCode == 0, next.err.constData());
        QVERIFY(messagesOf(m_server->requests().at(3)).contains(QLatin1String("WORKER-RESULT: the lexer is written")));
        QCOMPARE(m_server->unexpectedRequests(), 0);
    }

    void aForkWithoutAPromptIsOnlyCreated()
    {
        const QString parent = plannerTurn();
        QVERIFY(!parent.isEmpty());
        // By its number as `show` prints it: the planner's first message.
        const CliRun fork = cli({QStringLiteral("fork"), parent, QStringLiteral("--at"), QStringLiteral("#0")});
        QVERIFY2(fork.exitCode == 0, fork.err.constData());
        const QString forkId = QString::fromUtf8(fork.out).trimmed();
        QVERIFY(forkId.startsWith(QLatin1String("s-")));
        const QList<QJsonObject> forkRecord = record(forkId);
        // The first message and the history entry (the parent's choice: regular).
        QCOMPARE(forkRecord.size(), 2);
        QVERIFY(textOf(forkRecord.first()).contains(QLatin1String("PLANNER-REQUEST")));
        QCOMPARE(historyEntries(forkRecord), QStringList{QStringLiteral("regular")});
        QCOMPARE(m_server->requests().size(), 2);

        const CliRun bogus = cli({QStringLiteral("fork"), parent, QStringLiteral("--at"), QStringLiteral("#0"), QStringLiteral("--history"),
                                  QStringLiteral("bogus")});
        QCOMPARE(bogus.exitCode, 1);
        QVERIFY2(bogus.err.contains("no history strategy \"bogus\""), bogus.err.constData());
        const CliRun nowhere = cli({QStringLiteral("fork"), parent, QStringLiteral("--at"), QStringLiteral("m-nope")});
        QCOMPARE(nowhere.exitCode, 1);
        QVERIFY2(nowhere.err.contains("m-nope"), nowhere.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestHistoryFork)
#include "tst_historyfork.moc"
