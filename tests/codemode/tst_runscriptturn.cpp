// The code-mode test through a real model turn: the real valis-cli run against the local
// provider server, the real filesystem and exec plugins, commands in bwrap. One run_script turn
// (three reads, a grep, an edit, the tests) asks the model twice and ends in the same workspace,
// byte for byte, as the same six calls made one model turn at a time; with edit_file denied by
// an approval rule, the script catches the denial and says so, and nothing is edited.
#include "scriptedtask.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QtTest>

using namespace valis::test;
using namespace valis::test::codemode;

class TestRunScriptTurn : public QObject
{
    Q_OBJECT

private:
    static bool haveBwrap() { return !QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty(); }

    static QJsonObject scriptResult(const TaskRun &run)
    {
        return QJsonDocument::fromJson(lastToolResult(run, scriptCallId()).toUtf8()).object();
    }

private Q_SLOTS:
    void oneScriptTurnEndsAsTheStepByStepRun()
    {
        if (!haveBwrap())
            QSKIP("bubblewrap (bwrap) is not installed: commands cannot run isolated here");
        TemporaryHome home;
        const QString projects = home.filePath(QStringLiteral("projects"));

        const QString stepwise = makeProject(projects, QStringLiteral("stepwise"));
        const QByteArray before = workspaceContents(stepwise);
        const TaskRun direct = runTask(home.path(), stepwise, TaskMode::Direct);
        QVERIFY2(direct.cli.exitCode == 0, QByteArray(direct.cli.err + direct.cli.out).constData());
        QCOMPARE(direct.requests.size(), 7); // six tool turns and the answer
        QCOMPARE(direct.unexpectedRequests, 0);
        const QString testsRun = lastToolResult(direct, QStringLiteral("toolu_step6"));
        QVERIFY2(testsRun.contains(QStringLiteral("PASS")), qPrintable(testsRun));

        const QString scripted = makeProject(projects, QStringLiteral("scripted"));
        QCOMPARE(workspaceContents(scripted), before);
        const TaskRun script = runTask(home.path(), scripted, TaskMode::Script);
        QVERIFY2(script.cli.exitCode == 0, QByteArray(script.cli.err + script.cli.out).constData());
        QCOMPARE(script.requests.size(), 2); // the run_script call, then the answer
        QCOMPARE(script.unexpectedRequests, 0);
        const QJsonObject result = scriptResult(script);
        QVERIFY2(!result.isEmpty(), qPrintable(lastToolResult(script, scriptCallId())));
        QCOMPARE(result.value(QLatin1String("edit")).toString(), QStringLiteral("edited"));
        QVERIFY(result.value(QLatin1String("read")).toBool());
        QVERIFY(result.value(QLatin1String("grep")).toBool());
        const QString tests = QString::fromUtf8(QJsonDocument(result).toJson());
        QVERIFY2(tests.contains(QStringLiteral("PASS")) && !tests.contains(QStringLiteral("FAIL")), qPrintable(tests));

        QCOMPARE(workspaceContents(scripted), workspaceContents(stepwise));
        QVERIFY(workspaceContents(scripted) != before);
        QVERIFY(workspaceContents(scripted).contains("$(( $1 + $2 ))"));
        // The model's conversation holds one call, run_script, and its result: not the six calls.
        QStringList calls;
        for (const QJsonValue &message : script.requests.at(1).json().value(QLatin1String("messages")).toArray()) {
            for (const QJsonValue &block : message.toObject().value(QLatin1String("content")).toArray()) {
                if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("tool_use"))
                    calls << block.toObject().value(QLatin1String("name")).toString();
            }
        }
        QCOMPARE(calls, QStringList{QStringLiteral("run_script")});
    }

    void aDeniedEditIsCaughtInsideTheScript()
    {
        if (!haveBwrap())
            QSKIP("bubblewrap (bwrap) is not installed: commands cannot run isolated here");
        TemporaryHome home;
        // An approval rule the user set: edit_file never runs, whatever --approve says.
        QVERIFY(writeFile(home.filePath(QStringLiteral("config/approvals.json")),
                          "{\"version\": 1, \"tools\": {\"edit_file\": \"deny\"}}"));
        const QString workspace = makeProject(home.filePath(QStringLiteral("projects")), QStringLiteral("denied"));
        const QByteArray before = workspaceContents(workspace);

        const TaskRun run = runTask(home.path(), workspace, TaskMode::ScriptDenied);
        QVERIFY2(run.cli.exitCode == 0, QByteArray(run.cli.err + run.cli.out).constData());
        QCOMPARE(run.requests.size(), 2);
        QCOMPARE(run.unexpectedRequests, 0);
        const QString text = lastToolResult(run, scriptCallId());
        QVERIFY2(!text.startsWith(QStringLiteral("[error]")), qPrintable(text));
        const QJsonObject result = scriptResult(run);
        const QString edit = result.value(QLatin1String("edit")).toString();
        QVERIFY2(edit.startsWith(QStringLiteral("denied: ")) && edit.size() > int(qstrlen("denied: ")), qPrintable(text));
        // The orchestrator's refusal, as the script's exception message.
        QVERIFY2(edit.contains(QStringLiteral("approval rules deny")) && edit.contains(QStringLiteral("edit_file")), qPrintable(edit));
        // The calls after the denial still ran: the tests, which still fail.
        QVERIFY(result.value(QLatin1String("read")).toBool());
        QVERIFY(result.value(QLatin1String("grep")).toBool());
        QVERIFY2(text.contains(QStringLiteral("FAIL")) && !text.contains(QStringLiteral("PASS")), qPrintable(text));
        QCOMPARE(workspaceContents(workspace), before);
    }
};

VALIS_TEST_MAIN(TestRunScriptTurn)
#include "tst_runscriptturn.moc"
