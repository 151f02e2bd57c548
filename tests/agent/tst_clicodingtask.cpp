// The definition of done for tools and sandboxes: valis-cli run, against the local
// provider server, completes a scripted multi-step coding task in a temporary workspace (plan,
// read, run the tests through exec in bubblewrap, edit, run them again, update the plan) with
// the real tool and sandbox plugins, and the workspace ends in the expected state. Plus
// valis-cli tool and tools, which run one tool exactly as the agent would.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

const QByteArray BuggyCalc = "add() {\n    echo $(($1 - $2))\n}\n";
const QByteArray FixedCalc = "add() {\n    echo $(($1 + $2))\n}\n";
const QByteArray TestScript = "#!/bin/sh\n. ./calc.sh\nresult=$(add 2 3)\nif [ \"$result\" = 5 ]; then echo '1 passed'; "
                              "else echo \"FAILED: add 2 3 gave $result\"; exit 1; fi\n";

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject todo(const QString &content, const QString &status)
{
    return {{QStringLiteral("content"), content}, {QStringLiteral("status"), status}};
}

QByteArray call(const QString &id, const QString &tool, const QJsonObject &arguments)
{
    return AnthropicStream().toolUse(id, tool, arguments).stop(QStringLiteral("tool_use"));
}

} // namespace

class TestCliCodingTask : public QObject
{
    Q_OBJECT

    TemporaryHome *m_home = nullptr;
    QTemporaryDir *m_workspace = nullptr;
    ProviderTestServer *m_server = nullptr;

    QStringList cli(const QStringList &arguments) const
    {
        return QStringList{QStringLiteral("--home"), m_home->path()} + arguments;
    }

    QString workspace(const QString &name = {}) const { return name.isEmpty() ? m_workspace->path() : m_workspace->filePath(name); }

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
        delete m_server;
        delete m_workspace;
        delete m_home;
    }

    void completesAScriptedCodingTask()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty())
            QSKIP("bubblewrap (bwrap) is not installed: commands cannot run isolated here");
        const QJsonArray planned{todo(QStringLiteral("Read calc.sh"), QStringLiteral("in_progress")),
                                 todo(QStringLiteral("Fix add"), QStringLiteral("pending")),
                                 todo(QStringLiteral("Run the tests"), QStringLiteral("pending"))};
        const QJsonArray done{todo(QStringLiteral("Read calc.sh"), QStringLiteral("completed")),
                              todo(QStringLiteral("Fix add"), QStringLiteral("completed")),
                              todo(QStringLiteral("Run the tests"), QStringLiteral("completed"))};
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

        const CliRun run = runCli(cli({QStringLiteral("run"), QStringLiteral("--provider"), QStringLiteral("anthropic"),
                                       QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--base-url"),
                                       m_server->baseUrl().toString(), QStringLiteral("--workspace"), workspace(),
                                       QStringLiteral("--approve"), QStringLiteral("all"), QStringLiteral("--no-keychain"),
                                       QStringLiteral("The add function is broken; fix it and make the tests pass.")}),
                                  anthropicCliEnvironment());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("The test passes."), run.out.constData());
        QVERIFY2(run.err.contains("sandbox: "), run.err.constData()); // isolated, and it says so
        QCOMPARE(m_server->requests().size(), 7);

        // The workspace ends as it should: the bug fixed, the test untouched, nothing else.
        QCOMPARE(readFile(workspace(QStringLiteral("calc.sh"))), FixedCalc);
        QCOMPARE(readFile(workspace(QStringLiteral("test.sh"))), TestScript);
        QCOMPARE(QDir(workspace()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 (QStringList{QStringLiteral("calc.sh"), QStringLiteral("test.sh")}));

        // What the model saw at each step.
        const QJsonObject last = m_server->requests().last().json();
        const QString read = anthropicToolResult(last, QStringLiteral("toolu_read"));
        QVERIFY2(read.contains(QStringLiteral("1")) && read.contains(QStringLiteral("echo $(($1 - $2))")), qPrintable(read));
        const QString firstTest = anthropicToolResult(last, QStringLiteral("toolu_test1"));
        QVERIFY2(firstTest.contains(QStringLiteral("FAILED: add 2 3 gave -1")), qPrintable(firstTest));
        QVERIFY2(firstTest.contains(QStringLiteral("1")), qPrintable(firstTest)); // the exit status
        const QString edit = anthropicToolResult(last, QStringLiteral("toolu_edit"));
        QVERIFY2(!edit.startsWith(QStringLiteral("[error]")), qPrintable(edit));
        const QString secondTest = anthropicToolResult(last, QStringLiteral("toolu_test2"));
        QVERIFY2(secondTest.contains(QStringLiteral("1 passed")) && !secondTest.startsWith(QStringLiteral("[error]")), qPrintable(secondTest));

        // The plan was re-injected while it was not the latest thing the model read, and the
        // final request carries the completed plan.
        const QString afterRead = QString::fromUtf8(m_server->requests().at(2).body);
        QVERIFY2(afterRead.contains(QStringLiteral("system-reminder")) && afterRead.contains(QStringLiteral("Fix add")), qPrintable(afterRead.right(600)));
        const QString plan = anthropicToolResult(last, QStringLiteral("toolu_plan2"));
        QVERIFY2(plan.contains(QStringLiteral("Run the tests")), qPrintable(plan));
    }

    void toolsListsSchemas()
    {
        const CliRun run = runCli(cli({QStringLiteral("tools"), QStringLiteral("--json")}), anthropicCliEnvironment());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray tools = QJsonDocument::fromJson(run.out).array();
        QStringList names;
        for (const QJsonValue &tool : tools) {
            names.append(tool.toObject().value(QLatin1String("name")).toString());
            QCOMPARE(tool.toObject().value(QLatin1String("inputSchema")).toObject().value(QLatin1String("type")).toString(), QStringLiteral("object"));
        }
        for (const char *expected : {"read_file", "write_file", "edit_file", "apply_patch", "glob", "grep", "exec",
                                     "write_todos", "update_plan", "load_skill", "view_image", "task", "store_memory",
                                     "retrieve_memory", "search_memory"})
            QVERIFY2(names.contains(QLatin1String(expected)), expected);

        const CliRun core = runCli(cli({QStringLiteral("tools"), QStringLiteral("--tools"), QStringLiteral("research")}), anthropicCliEnvironment());
        QVERIFY2(core.exitCode == 0, core.err.constData());
        QVERIFY(core.out.contains("read_file"));
        QVERIFY(!core.out.contains("exec "));
        QVERIFY(core.out.contains("pack \"research\""));

        const CliRun unknown = runCli(cli({QStringLiteral("tools"), QStringLiteral("--tools"), QStringLiteral("nope")}), anthropicCliEnvironment());
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("file-ops"), unknown.err.constData());
    }

    void toolRunsOneCallLikeTheAgent()
    {
        const CliRun read = runCli(cli({QStringLiteral("tool"), QStringLiteral("read_file"), QStringLiteral("--args"),
                                        QStringLiteral("{\"path\": \"calc.sh\"}"), QStringLiteral("--workspace"), workspace()}),
                                   anthropicCliEnvironment());
        QVERIFY2(read.exitCode == 0, read.err.constData());
        QVERIFY2(read.out.contains("echo $(($1 - $2))"), read.out.constData());

        // The same confinement as the agent's: the call is answered with an error, exit 1.
        const CliRun escape = runCli(cli({QStringLiteral("tool"), QStringLiteral("read_file"), QStringLiteral("--args"),
                                          QStringLiteral("{\"path\": \"../../etc/passwd\"}"), QStringLiteral("--workspace"), workspace()}),
                                     anthropicCliEnvironment());
        QCOMPARE(escape.exitCode, 1);
        QVERIFY2(!escape.out.contains("root:"), escape.out.constData());
        QVERIFY2(escape.out.contains("above the root of the workspace"), escape.out.constData());

        const CliRun badJson = runCli(cli({QStringLiteral("tool"), QStringLiteral("read_file"), QStringLiteral("--args"), QStringLiteral("{path")}), anthropicCliEnvironment());
        QCOMPARE(badJson.exitCode, 2);
        QVERIFY2(badJson.err.contains("not valid JSON"), badJson.err.constData());

        const CliRun unknown = runCli(cli({QStringLiteral("tool"), QStringLiteral("nope")}), anthropicCliEnvironment());
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("read_file"), unknown.err.constData());
    }

    void toolExecRunsInTheChosenSandbox()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty())
            QSKIP("bubblewrap (bwrap) is not installed: commands cannot run isolated here");
        const QString outside = m_home->path() + QStringLiteral("/outside.txt");
        const QString script = QStringLiteral("echo inside > inside.txt; echo escaped > %1; echo done").arg(outside);
        const QJsonObject arguments{{QStringLiteral("command"), script}};
        const QString json = QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact));

        const CliRun isolated = runCli(cli({QStringLiteral("tool"), QStringLiteral("exec"), QStringLiteral("--args"), json,
                                            QStringLiteral("--workspace"), workspace(), QStringLiteral("--sandbox"), QStringLiteral("bwrap")}),
                                       anthropicCliEnvironment());
        QVERIFY2(isolated.out.contains("done"), isolated.out.constData());
        QVERIFY(QFile::exists(workspace(QStringLiteral("inside.txt"))));
        QVERIFY2(!QFile::exists(outside), "bubblewrap let a command write outside the workspace");

        // Isolation off is the person's explicit choice, and valis-cli says so.
        const CliRun plain = runCli(cli({QStringLiteral("tool"), QStringLiteral("exec"), QStringLiteral("--args"), json,
                                         QStringLiteral("--workspace"), workspace(), QStringLiteral("--sandbox"), QStringLiteral("none")}),
                                    anthropicCliEnvironment());
        QVERIFY2(plain.exitCode == 0, plain.err.constData());
        QVERIFY2(plain.err.contains("NO ISOLATION"), plain.err.constData());
        QVERIFY(QFile::exists(outside));

        const CliRun unknown = runCli(cli({QStringLiteral("tool"), QStringLiteral("exec"), QStringLiteral("--args"), json,
                                           QStringLiteral("--sandbox"), QStringLiteral("docker")}),
                                      anthropicCliEnvironment());
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("local-bwrap"), unknown.err.constData());
    }
};

VALIS_TEST_MAIN(TestCliCodingTask)
#include "tst_clicodingtask.moc"
