// The definition of done for background agents: a scripted `valis-cli run` (the real
// binary and plugins) spawns two background agents, waits for them, and the parent gets both
// answers.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"
#include "valis/core/datalocations.h"
#include "valis/store/sessionstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QString firstUserText(const QJsonObject &request)
{
    const QJsonValue content = request.value(QLatin1String("messages")).toArray().first().toObject().value(QLatin1String("content"));
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &block : content.toArray())
        text += block.toObject().value(QLatin1String("text")).toString();
    return text;
}

int assistantMessages(const QJsonObject &request)
{
    int count = 0;
    for (const QJsonValue &message : request.value(QLatin1String("messages")).toArray())
        count += message.toObject().value(QLatin1String("role")).toString() == QLatin1String("assistant") ? 1 : 0;
    return count;
}

} // namespace

class TestCliAgents : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runSpawnsTwoAgentsAndGetsBothAnswers()
    {
        TemporaryHome home;
        QTemporaryDir workspace;
        ProviderTestServer server;
        QVERIFY(server.listen());
        const QString prompt = QStringLiteral("Ask two helpers and report.");
        server.setBeforeAnswer([&server, prompt](int, const CapturedRequest &request) {
            const QJsonObject json = request.json();
            const QString first = firstUserText(json);
            if (first == prompt) {
                const int step = assistantMessages(json);
                if (step == 0) {
                    server.enqueue(ScriptedResponse::sse(
                        AnthropicStream()
                            .toolUse(QStringLiteral("toolu_1"), QStringLiteral("spawn_agent"),
                                     {{QStringLiteral("task"), QStringLiteral("HELPER-1: count the files")}, {QStringLiteral("title"), QStringLiteral("one")}})
                            .toolUse(QStringLiteral("toolu_2"), QStringLiteral("spawn_agent"),
                                     {{QStringLiteral("task"), QStringLiteral("HELPER-2: name the language")}, {QStringLiteral("title"), QStringLiteral("two")}})
                            .stop(QStringLiteral("tool_use"))));
                } else if (step == 1) {
                    // The handles the spawn results named.
                    QJsonArray handles;
                    const QRegularExpression spawned(QStringLiteral("Spawned background agent (s-[a-z0-9]+)"));
                    auto it = spawned.globalMatch(QString::fromUtf8(request.body));
                    while (it.hasNext())
                        handles.append(it.next().captured(1));
                    server.enqueue(ScriptedResponse::sse(AnthropicStream()
                                                             .toolUse(QStringLiteral("toolu_w"), QStringLiteral("wait_agents"),
                                                                      {{QStringLiteral("handles"), handles}, {QStringLiteral("timeout_seconds"), 60}})
                                                             .stop(QStringLiteral("tool_use"))));
                } else {
                    server.enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Both helpers answered.")).stop(QStringLiteral("end_turn"))));
                }
                return;
            }
            const QString answer = first.startsWith(QStringLiteral("HELPER-1")) ? QStringLiteral("ANSWER-ONE: 7 files")
                                                                               : QStringLiteral("ANSWER-TWO: C++");
            server.enqueue(ScriptedResponse::sse(AnthropicStream().text(answer).stop(QStringLiteral("end_turn"))));
        });

        const CliRun run = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("run"), QStringLiteral("--provider"),
                                   QStringLiteral("anthropic"), QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"),
                                   QStringLiteral("--base-url"), server.baseUrl().toString(), QStringLiteral("--workspace"),
                                   workspace.path(), QStringLiteral("--approve"), QStringLiteral("all"),
                                   QStringLiteral("--no-keychain"), prompt},
                                  anthropicCliEnvironment());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("Both helpers answered."), run.out.constData());
        QCOMPARE(server.requests().size(), 5); // parent x3, one per helper

        // The parent's last request holds both answers, in wait_agents' result, once each.
        QJsonObject last;
        for (const CapturedRequest &request : server.requests()) {
            if (firstUserText(request.json()) == prompt)
                last = request.json();
        }
        const QString waited = anthropicToolResult(last, QStringLiteral("toolu_w"));
        QVERIFY2(waited.contains(QStringLiteral("ANSWER-ONE: 7 files")), qPrintable(waited));
        QVERIFY2(waited.contains(QStringLiteral("ANSWER-TWO: C++")), qPrintable(waited));
        QCOMPARE(waited.count(QStringLiteral(": finished")), 2);
        const QString sent = QString::fromUtf8(QJsonDocument(last).toJson(QJsonDocument::Compact));
        QCOMPARE(sent.count(QStringLiteral("ANSWER-ONE: 7 files")), 1);
        QCOMPARE(sent.count(QStringLiteral("ANSWER-TWO: C++")), 1);
    }

    void agentsOfAKilledRunAreInterruptedWhenTheSessionContinues()
    {
        TemporaryHome home;
        QTemporaryDir workspace;
        ProviderTestServer server;
        QVERIFY(server.listen());
        const QString prompt = QStringLiteral("Start a slow helper and wait.");
        const QString later = QStringLiteral("What happened to the helper?");
        server.setBeforeAnswer([&server, prompt, later](int, const CapturedRequest &request) {
            const QJsonObject json = request.json();
            const QString first = firstUserText(json);
            if (QString::fromUtf8(request.body).contains(later)) {
                server.enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("It was interrupted.")).stop(QStringLiteral("end_turn"))));
            } else if (first.startsWith(QStringLiteral("SLOW"))) {
                ScriptedResponse never = ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("late")).stop(QStringLiteral("end_turn")));
                never.headerDelay = std::chrono::minutes(10); // the process dies first
                server.enqueue(never);
            } else if (first == prompt && assistantMessages(json) == 0) {
                server.enqueue(ScriptedResponse::sse(AnthropicStream()
                                                         .toolUse(QStringLiteral("toolu_s"), QStringLiteral("spawn_agent"),
                                                                  {{QStringLiteral("task"), QStringLiteral("SLOW: take your time")}})
                                                         .stop(QStringLiteral("tool_use"))));
            } else if (first == prompt) {
                const QRegularExpression spawned(QStringLiteral("Spawned background agent (s-[a-z0-9]+)"));
                const QString handle = spawned.match(QString::fromUtf8(request.body)).captured(1);
                server.enqueue(ScriptedResponse::sse(AnthropicStream()
                                                         .toolUse(QStringLiteral("toolu_w"), QStringLiteral("wait_agents"),
                                                                  {{QStringLiteral("handles"), QJsonArray{handle}}, {QStringLiteral("timeout_seconds"), 600}})
                                                         .stop(QStringLiteral("tool_use"))));
            } else {
                server.enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("It was interrupted.")).stop(QStringLiteral("end_turn"))));
            }
        });
        const QStringList common{QStringLiteral("--home"), home.path(), QStringLiteral("run"), QStringLiteral("--provider"),
                                 QStringLiteral("anthropic"), QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"),
                                 QStringLiteral("--base-url"), server.baseUrl().toString(), QStringLiteral("--workspace"),
                                 workspace.path(), QStringLiteral("--approve"), QStringLiteral("all"), QStringLiteral("--no-keychain")};

        // The first run waits for its agent, whose request never gets an answer; it is killed.
        QProcess cli;
        cli.setProcessEnvironment(anthropicCliEnvironment());
        cli.start(buildDir() + QStringLiteral("/bin/valis-cli"), common + QStringList{prompt});
        QVERIFY(cli.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(server.requests().size(), 3, 20000); // parent, child, parent (wait_agents)
        const DataLocations locations = DataLocations::underHome(home.path());
        const auto agentState = [&locations]() -> QPair<QString, QString> {
            Result<std::unique_ptr<SessionStore>> store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
            if (store.hasError())
                return {};
            for (const SessionInfo &info : store.value()->sessions().value()) {
                const QJsonObject agent = info.metadata.value(QLatin1String("backgroundAgent")).toObject();
                if (!agent.isEmpty())
                    return {info.parentSessionId, agent.value(QLatin1String("state")).toString()};
            }
            return {};
        };
        QCOMPARE(agentState().second, QStringLiteral("running"));
        cli.kill();
        QVERIFY(cli.waitForFinished(10000));
        const QString parentId = agentState().first;
        QVERIFY(!parentId.isEmpty());
        QCOMPARE(agentState().second, QStringLiteral("running")); // as the crash left it

        // Continued, the session finds it interrupted and its next request says so, once.
        const CliRun run = runCli(common + QStringList{QStringLiteral("--session"), parentId, later}, anthropicCliEnvironment());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(agentState().second, QStringLiteral("interrupted"));
        const QString sent = QString::fromUtf8(server.requests().last().body);
        QVERIFY2(sent.contains(later), qPrintable(sent.right(400)));
        QCOMPARE(sent.count(QStringLiteral("status=\\\"interrupted\\\"")), 1);
        QVERIFY(sent.contains(QStringLiteral("the process that ran it ended")));
    }
};

VALIS_TEST_MAIN(TestCliAgents)
#include "tst_cliagents.moc"
