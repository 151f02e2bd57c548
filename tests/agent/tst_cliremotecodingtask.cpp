// The definition of done for remote sandboxes: valis-cli run --sandbox daytona (runloop,
// modal) completes the scripted coding task of tst_clicodingtask on a machine of the service's
// stand-in (a local server speaking the service's exact API, proven by its SDK in
// tests/standins), brings the fixed file back into the local workspace, and deletes the machine
// afterwards. Plus a kept machine: continued, pulled and cleaned up with valis-cli sandbox.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

const QByteArray BuggyCalc = "add() {\n    echo $(($1 - $2))\n}\n";
const QByteArray FixedCalc = "add() {\n    echo $(($1 + $2))\n}\n";
const QByteArray TestScript = "#!/bin/sh\n. ./calc.sh\nresult=$(add 2 3)\nif [ \"$result\" = 5 ]; then echo '1 passed'; "
                              "else echo \"FAILED: add 2 3 gave $result\"; exit 1; fi\n";
const QString Key = QStringLiteral("test-key-20");

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray call(const QString &id, const QString &tool, const QJsonObject &arguments)
{
    return AnthropicStream().toolUse(id, tool, arguments).stop(QStringLiteral("tool_use"));
}

/// How to start one service's stand-in and point valis-cli at it.
struct StandInSpec
{
    QString sandbox;         ///< the sandbox id
    QString script;          ///< relative to the source tree
    QStringList arguments;   ///< besides the script
    QString baseUrlVariable; ///< DAYTONA_API_URL, RUNLOOP_BASE_URL, MODAL_SERVER_URL
    QString basePath;        ///< after the stand-in's address ("/api" for Daytona's control plane)
    QHash<QString, QString> keys; ///< variable -> value
};

StandInSpec standIn(const QString &sandbox)
{
    if (sandbox == QLatin1String("runloop"))
        return {sandbox, QStringLiteral("tests/standins/runloop/server.mjs"),
                {QStringLiteral("--api-key"), Key, QStringLiteral("--boot-delay-ms"), QStringLiteral("50"),
                 QStringLiteral("--long-poll-ms"), QStringLiteral("300"), QStringLiteral("--exit-with-stdin")},
                QStringLiteral("RUNLOOP_BASE_URL"), QString(),
                {{QStringLiteral("RUNLOOP_API_KEY"), Key}}};
    if (sandbox == QLatin1String("daytona"))
        return {sandbox, QStringLiteral("tests/standins/daytona/server.mjs"),
                {QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--api-key"), Key,
                 QStringLiteral("--start-delay-ms"), QStringLiteral("50"), QStringLiteral("--exit-with-stdin")},
                QStringLiteral("DAYTONA_API_URL"), QStringLiteral("/api"),
                {{QStringLiteral("DAYTONA_API_KEY"), Key}}};
    if (sandbox == QLatin1String("modal"))
        return {sandbox, QStringLiteral("tests/standins/modal/server.mjs"), {}, QStringLiteral("MODAL_SERVER_URL"), QString(),
                {{QStringLiteral("MODAL_TOKEN_ID"), QStringLiteral("ak-valis-standin")},
                 {QStringLiteral("MODAL_TOKEN_SECRET"), QStringLiteral("as-valis-standin")}}};
    return {};
}

} // namespace

class TestCliRemoteCodingTask : public QObject
{
    Q_OBJECT

    TemporaryHome *m_home = nullptr;
    QTemporaryDir *m_workspace = nullptr;
    ProviderTestServer *m_server = nullptr;
    QProcess *m_standIn = nullptr;
    QProcessEnvironment m_environment;

    QString workspace(const QString &name = {}) const { return name.isEmpty() ? m_workspace->path() : m_workspace->filePath(name); }

    QStringList cli(const QStringList &arguments) const
    {
        return QStringList{QStringLiteral("--home"), m_home->path()} + arguments;
    }

    // Starts the stand-in of `sandbox`; the CLI's environment then points at it.
    bool startStandIn(const QString &sandbox)
    {
        const StandInSpec spec = standIn(sandbox);
        if (spec.script.isEmpty())
            return false;
        m_standIn = new QProcess;
        m_standIn->setProgram(QStringLiteral("node"));
        m_standIn->setArguments(QStringList{sourceDir() + QLatin1Char('/') + spec.script} + spec.arguments);
        m_standIn->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_standIn->start();
        if (!m_standIn->waitForStarted())
            return false;
        // Not QTRY_VERIFY: its failure returns nothing, and this function returns a bool.
        QDeadlineTimer ready(20000);
        while (!m_standIn->canReadLine() && m_standIn->state() == QProcess::Running && !ready.hasExpired())
            m_standIn->waitForReadyRead(100);
        const QByteArray line = m_standIn->readLine().trimmed();
        const int port = line.mid(line.lastIndexOf('=') + 1).toInt();
        if (port <= 0)
            return false;
        m_environment = anthropicCliEnvironment();
        m_environment.insert(spec.baseUrlVariable, QStringLiteral("http://127.0.0.1:%1").arg(port) + spec.basePath);
        for (auto it = spec.keys.constBegin(); it != spec.keys.constEnd(); ++it)
            m_environment.insert(it.key(), it.value());
        return true;
    }

    void enqueueCodingTask()
    {
        const auto todo = [](const QString &content, const QString &status) {
            return QJsonObject{{QStringLiteral("content"), content}, {QStringLiteral("status"), status}};
        };
        const QJsonArray planned{todo(QStringLiteral("Fix add"), QStringLiteral("in_progress"))};
        const QJsonArray done{todo(QStringLiteral("Fix add"), QStringLiteral("completed"))};
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_plan1"), QStringLiteral("write_todos"), {{QStringLiteral("todos"), planned}})));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_read"), QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("calc.sh")}})));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_test1"), QStringLiteral("exec"), {{QStringLiteral("command"), QStringLiteral("sh test.sh")}})));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_edit"), QStringLiteral("edit_file"),
                                                     {{QStringLiteral("path"), QStringLiteral("calc.sh")},
                                                      {QStringLiteral("old_string"), QStringLiteral("$(($1 - $2))")},
                                                      {QStringLiteral("new_string"), QStringLiteral("$(($1 + $2))")}})));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_test2"), QStringLiteral("exec"), {{QStringLiteral("command"), QStringLiteral("sh test.sh")}})));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_plan2"), QStringLiteral("write_todos"), {{QStringLiteral("todos"), done}})));
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Fixed add(): it subtracted. The test passes.")).stop(QStringLiteral("end_turn"))));
    }

    CliRun run(const QString &sandbox, const QStringList &extra, const QString &prompt)
    {
        return runCli(cli(QStringList{QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("anthropic"),
                                      QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--base-url"),
                                      m_server->baseUrl().toString(), QStringLiteral("--workspace"), workspace(),
                                      QStringLiteral("--approve"), QStringLiteral("all"), QStringLiteral("--no-keychain"),
                                      QStringLiteral("--sandbox"), sandbox}
                          + extra + QStringList{prompt}),
                      m_environment);
    }

    QJsonArray listedMachines(const QString &sandbox)
    {
        const CliRun listed = runCli(cli({QStringLiteral("sandbox"), QStringLiteral("list"), sandbox, QStringLiteral("--json"),
                                          QStringLiteral("--no-keychain")}),
                                     m_environment);
        if (listed.exitCode != 0)
            qWarning("sandbox list failed: %s", listed.err.constData());
        return QJsonDocument::fromJson(listed.out).object().value(QLatin1String("machines")).toArray();
    }

private Q_SLOTS:
    void init()
    {
        m_home = new TemporaryHome;
        m_workspace = new QTemporaryDir;
        m_server = new ProviderTestServer;
        QVERIFY(m_server->listen());
        QVERIFY(writeFile(workspace(QStringLiteral("calc.sh")), BuggyCalc));
        QVERIFY(writeFile(workspace(QStringLiteral("test.sh")), TestScript));
    }

    void cleanup()
    {
        if (m_standIn) {
            m_standIn->kill();
            m_standIn->waitForFinished();
            delete m_standIn;
            m_standIn = nullptr;
        }
        delete m_server;
        delete m_workspace;
        delete m_home;
    }

    void completesTheCodingTaskRemotely_data()
    {
        QTest::addColumn<QString>("sandbox");
        QTest::newRow("daytona") << QStringLiteral("daytona");
        QTest::newRow("runloop") << QStringLiteral("runloop");
        QTest::newRow("modal") << QStringLiteral("modal");
    }

    void completesTheCodingTaskRemotely()
    {
        QFETCH(QString, sandbox);
        QVERIFY2(startStandIn(sandbox), "the stand-in must start (node in PATH)");
        enqueueCodingTask();
        const CliRun done = run(sandbox, {}, QStringLiteral("The add function is broken; fix it and make the tests pass."));
        QVERIFY2(done.exitCode == 0, done.err.constData());
        QVERIFY2(done.out.contains("The test passes."), done.out.constData());
        QVERIFY2(done.err.contains("remote: "), done.err.constData());       // which machine it ran on
        QVERIFY2(done.err.contains("updated calc.sh"), done.err.constData()); // the pull
        QVERIFY2(done.err.contains("deleted the machine"), done.err.constData());
        QCOMPARE(m_server->requests().size(), 7);

        // The local workspace ends as it should: the bug fixed (brought back from the machine),
        // the test untouched, nothing else.
        QCOMPARE(readFile(workspace(QStringLiteral("calc.sh"))), FixedCalc);
        QCOMPARE(readFile(workspace(QStringLiteral("test.sh"))), TestScript);
        QCOMPARE(QDir(workspace()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 (QStringList{QStringLiteral("calc.sh"), QStringLiteral("test.sh")}));

        // What the model saw came from the machine.
        const QJsonObject last = m_server->requests().last().json();
        QVERIFY(anthropicToolResult(last, QStringLiteral("toolu_read")).contains(QStringLiteral("echo $(($1 - $2))")));
        const QString firstTest = anthropicToolResult(last, QStringLiteral("toolu_test1"));
        QVERIFY2(firstTest.contains(QStringLiteral("FAILED: add 2 3 gave -1")), qPrintable(firstTest));
        const QString secondTest = anthropicToolResult(last, QStringLiteral("toolu_test2"));
        QVERIFY2(secondTest.contains(QStringLiteral("1 passed")) && !secondTest.startsWith(QStringLiteral("[error]")), qPrintable(secondTest));

        // Nothing is left running on the service.
        QCOMPARE(listedMachines(sandbox).size(), 0);
    }

    void keptMachineIsContinuedPulledAndCleanedUp_data()
    {
        completesTheCodingTaskRemotely_data();
    }

    void keptMachineIsContinuedPulledAndCleanedUp()
    {
        QFETCH(QString, sandbox);
        QVERIFY2(startStandIn(sandbox), "the stand-in must start (node in PATH)");
        // Turn 1 writes a file on the machine and keeps it, without bringing anything back.
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_w"), QStringLiteral("write_file"),
                                                     {{QStringLiteral("path"), QStringLiteral("notes/plan.md")},
                                                      {QStringLiteral("content"), QStringLiteral("# Plan\n")}})));
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Written.")).stop(QStringLiteral("end_turn"))));
        const CliRun first = run(sandbox, {QStringLiteral("--keep-sandbox"), QStringLiteral("--no-pull")}, QStringLiteral("Write the plan."));
        QVERIFY2(first.exitCode == 0, first.err.constData());
        QVERIFY2(first.err.contains("is kept"), first.err.constData());
        QVERIFY(!QFile::exists(workspace(QStringLiteral("notes/plan.md"))));
        const QJsonArray kept = listedMachines(sandbox);
        QCOMPARE(kept.size(), 1);
        const QString sessionId = kept.first().toObject().value(QLatin1String("session")).toString();
        QVERIFY(!sessionId.isEmpty());
        QVERIFY2(first.err.contains(sessionId.toUtf8()), first.err.constData());

        // Turn 2 continues on the same machine: the file written there is there.
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_r"), QStringLiteral("read_file"),
                                                     {{QStringLiteral("path"), QStringLiteral("notes/plan.md")}})));
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Read it.")).stop(QStringLiteral("end_turn"))));
        const CliRun second = run(sandbox, {QStringLiteral("--session"), sessionId, QStringLiteral("--keep-sandbox"), QStringLiteral("--no-pull")},
                                  QStringLiteral("Read the plan."));
        QVERIFY2(second.exitCode == 0, second.err.constData());
        const QString read = anthropicToolResult(m_server->requests().last().json(), QStringLiteral("toolu_r"));
        QVERIFY2(read.contains(QStringLiteral("# Plan")), qPrintable(read));
        QCOMPARE(listedMachines(sandbox).size(), 1);

        // sandbox pull brings it back; a file changed here too is not overwritten.
        QVERIFY(writeFile(workspace(QStringLiteral("calc.sh")), FixedCalc)); // the person's own edit
        const CliRun pulled = runCli(cli({QStringLiteral("sandbox"), QStringLiteral("pull"), sessionId, QStringLiteral("--no-keychain")}),
                                     m_environment);
        QVERIFY2(pulled.exitCode == 0, pulled.err.constData());
        QVERIFY2(pulled.out.contains("added notes/plan.md"), pulled.out.constData());
        QCOMPARE(readFile(workspace(QStringLiteral("notes/plan.md"))), QByteArray("# Plan\n"));
        QCOMPARE(readFile(workspace(QStringLiteral("calc.sh"))), FixedCalc);

        // cleanup deletes what Valis created, and nothing is left.
        const CliRun cleaned = runCli(cli({QStringLiteral("sandbox"), QStringLiteral("cleanup"), sandbox, QStringLiteral("--no-keychain")}),
                                      m_environment);
        QVERIFY2(cleaned.exitCode == 0, cleaned.err.constData());
        QVERIFY2(cleaned.out.contains(sessionId.toUtf8()), cleaned.out.constData());
        QCOMPARE(listedMachines(sandbox).size(), 0);
        const CliRun again = runCli(cli({QStringLiteral("sandbox"), QStringLiteral("pull"), sessionId, QStringLiteral("--no-keychain")}),
                                    m_environment);
        QCOMPARE(again.exitCode, 1); // the record went with the machine
    }

    void aKeptMachineThatIsGoneIsReplaced()
    {
        const QString sandbox = QStringLiteral("daytona");
        QVERIFY2(startStandIn(sandbox), "the stand-in must start (node in PATH)");
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Hello.")).stop(QStringLiteral("end_turn"))));
        const CliRun first = run(sandbox, {QStringLiteral("--keep-sandbox")}, QStringLiteral("Hello."));
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QJsonArray kept = listedMachines(sandbox);
        QCOMPARE(kept.size(), 1);
        const QString sessionId = kept.first().toObject().value(QLatin1String("session")).toString();
        const QString oldMachine = kept.first().toObject().value(QLatin1String("id")).toString();
        // The machine goes away on the service's side while Valis still remembers it.
        const QString record = DataLocations::underHome(m_home->path()).dataDir() + QStringLiteral("/remote-sandboxes/") + sessionId
                               + QStringLiteral(".json");
        const QByteArray remembered = readFile(record);
        QVERIFY(!remembered.isEmpty());
        QCOMPARE(runCli(cli({QStringLiteral("sandbox"), QStringLiteral("cleanup"), sandbox, QStringLiteral("--no-keychain")}), m_environment).exitCode, 0);
        QVERIFY(writeFile(record, remembered));

        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_r"), QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("test.sh")}})));
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Read.")).stop(QStringLiteral("end_turn"))));
        const CliRun second = run(sandbox, {QStringLiteral("--session"), sessionId}, QStringLiteral("Read the test."));
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QVERIFY2(second.err.contains("is gone") && second.err.contains("creating a new one"), second.err.constData());
        const QString remoteLine = QString::fromUtf8(second.err).section(QStringLiteral("remote: "), 1).section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(!remoteLine.isEmpty() && !remoteLine.contains(oldMachine), qPrintable(remoteLine)); // a new machine
        const QString read = anthropicToolResult(m_server->requests().last().json(), QStringLiteral("toolu_r"));
        QVERIFY2(read.contains(QStringLiteral("1 passed")), qPrintable(read)); // the workspace was uploaded afresh
        QCOMPARE(listedMachines(sandbox).size(), 0);
    }

    void execWorkdirIsOnTheMachine()
    {
        const QString sandbox = QStringLiteral("runloop");
        QVERIFY2(startStandIn(sandbox), "the stand-in must start (node in PATH)");
        QVERIFY(writeFile(workspace(QStringLiteral("sub/marker.txt")), "here\n"));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_in"), QStringLiteral("exec"),
                                                     {{QStringLiteral("command"), QStringLiteral("pwd && cat marker.txt")},
                                                      {QStringLiteral("workdir"), QStringLiteral("sub")}})));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_gone"), QStringLiteral("exec"),
                                                     {{QStringLiteral("command"), QStringLiteral("pwd")},
                                                      {QStringLiteral("workdir"), QStringLiteral("nowhere")}})));
        m_server->enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Done.")).stop(QStringLiteral("end_turn"))));
        const CliRun done = run(sandbox, {}, QStringLiteral("Look in sub."));
        QVERIFY2(done.exitCode == 0, done.err.constData());
        const QJsonObject last = m_server->requests().last().json();
        const QString inSub = anthropicToolResult(last, QStringLiteral("toolu_in"));
        QVERIFY2(inSub.contains(QStringLiteral("/workspace/sub")) && inSub.contains(QStringLiteral("here")), qPrintable(inSub));
        const QString gone = anthropicToolResult(last, QStringLiteral("toolu_gone"));
        QVERIFY2(!gone.contains(QStringLiteral("/workspace\n")) && gone.contains(QStringLiteral("nowhere")), qPrintable(gone));
        QCOMPARE(listedMachines(sandbox).size(), 0);
    }

    void missingKeyIsAClearError()
    {
        QVERIFY2(startStandIn(QStringLiteral("runloop")), "the stand-in must start (node in PATH)");
        m_environment.remove(QStringLiteral("RUNLOOP_API_KEY"));
        const CliRun refused = run(QStringLiteral("runloop"), {}, QStringLiteral("Anything."));
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("RUNLOOP_API_KEY") && refused.err.contains("valis-cli keys set runloop"), refused.err.constData());
        QCOMPARE(m_server->requests().size(), 0); // the model was never asked
    }
};

QTEST_GUILESS_MAIN(TestCliRemoteCodingTask)
#include "tst_cliremotecodingtask.moc"
