// run_script through the real valis-cli binary and the real plugins (filesystem, exec, local
// sandbox): the definition of done, a denied call caught by the script, and a limit.
#include "clirunner.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest/QtTest>

using namespace valis::test;

namespace {

QString codeArguments(const QString &code)
{
    return QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("code"), code}}).toJson(QJsonDocument::Compact));
}

} // namespace

class TestRunScriptCli : public QObject
{
    Q_OBJECT

private:
    CliRun runScript(const TemporaryHome &home, const QString &workspace, const QString &code, const QStringList &extra = {})
    {
        return runCli(QStringList{QStringLiteral("--home"), home.path(), QStringLiteral("tool"), QStringLiteral("run_script"),
                                  QStringLiteral("--workspace"), workspace}
                          + extra + QStringList{QStringLiteral("--args"), codeArguments(code)},
                      anthropicCliEnvironment());
    }

    // A small project with a failing test: add() subtracts.
    static QString makeProject(const TemporaryHome &home, const QString &name)
    {
        const QString workspace = home.filePath(name);
        QDir().mkpath(workspace);
        writeFile(workspace + QStringLiteral("/calc.sh"), "add() { echo $(( $1 - $2 )); }\n");
        writeFile(workspace + QStringLiteral("/test.sh"),
                  ". ./calc.sh\nif [ \"$(add 2 3)\" = 5 ]; then echo PASS; else echo FAIL; exit 1; fi\n");
        writeFile(workspace + QStringLiteral("/notes.txt"), "add must add\n");
        return workspace;
    }

    static QByteArray contents(const QString &workspace)
    {
        QByteArray all;
        for (const QString &name : QDir(workspace).entryList(QDir::Files, QDir::Name)) {
            QFile file(workspace + QLatin1Char('/') + name);
            if (file.open(QIODevice::ReadOnly))
                all += name.toUtf8() + ":\n" + file.readAll();
        }
        return all;
    }

private Q_SLOTS:
    void definitionOfDone()
    {
        TemporaryHome home;
        QDir(home.path()).mkpath(QStringLiteral("work"));
        const QString workspace = home.filePath(QStringLiteral("work"));
        QVERIFY(writeFile(workspace + QStringLiteral("/a.txt"), "alpha\n"));
        QVERIFY(writeFile(workspace + QStringLiteral("/b.txt"), "beta beta\n"));
        const CliRun run = runScript(home, workspace,
                                     QStringLiteral("const [a, b] = await Promise.all([tools.read_file({path:\"a.txt\"}), "
                                                    "tools.read_file({path:\"b.txt\"})]); return a.length + b.length;"));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        // read_file's text for each file; the number depends on both of them.
        const int number = QString::fromUtf8(run.out).trimmed().toInt();
        QVERIFY2(number > int(qstrlen("alpha\nbeta beta\n")), run.out.constData());
        const CliRun onlyA = runScript(home, workspace, QStringLiteral("return (await tools.read_file({path:\"a.txt\"})).length;"));
        const CliRun onlyB = runScript(home, workspace, QStringLiteral("return (await tools.read_file({path:\"b.txt\"})).length;"));
        QCOMPARE(number, QString::fromUtf8(onlyA.out).trimmed().toInt() + QString::fromUtf8(onlyB.out).trimmed().toInt());
    }

    void scriptWritesAndRunsInTheSandbox()
    {
        TemporaryHome home;
        QDir(home.path()).mkpath(QStringLiteral("work"));
        const QString workspace = home.filePath(QStringLiteral("work"));
        const CliRun run = runScript(
            home, workspace,
            QStringLiteral("await tools.write_file({path: 'out.txt', content: 'from the script\\n'});\n"
                           "const r = await tools.exec({command: 'cat out.txt && echo exit-ok'});\n"
                           "console.log(typeof r);\nreturn r;"),
            {});
        QVERIFY2(run.exitCode == 0, QByteArray(run.err + run.out).constData());
        QVERIFY2(run.out.contains("from the script") && run.out.contains("exit-ok"), run.out.constData());
        QFile out(workspace + QStringLiteral("/out.txt"));
        QVERIFY(out.open(QIODevice::ReadOnly));
        QCOMPARE(out.readAll(), QByteArray("from the script\n"));
    }

    void errorsReachTheCaller()
    {
        TemporaryHome home;
        QDir(home.path()).mkpath(QStringLiteral("work"));
        const QString workspace = home.filePath(QStringLiteral("work"));
        CliRun run = runScript(home, workspace,
                               QStringLiteral("try { await tools.read_file({path: 'missing.txt'}); } catch (e) { return 'caught: ' + e.message; }"));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.startsWith("caught: "), run.out.constData());
        run = runScript(home, workspace, QStringLiteral("const x = 1;\nx();"));
        QVERIFY(run.exitCode != 0);
        const QByteArray all = run.out + run.err;
        QVERIFY2(all.contains("TypeError") && all.contains("(line 2, column"), all.constData());
    }
    void oneScriptEndsAsTheStepByStepRun()
    {
        TemporaryHome home;
        // Step by step: six tool calls, as a model would make them one turn at a time.
        const QString stepwise = makeProject(home, QStringLiteral("stepwise"));
        const QList<QPair<QString, QJsonObject>> steps = {
            {QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("calc.sh")}}},
            {QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("test.sh")}}},
            {QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("notes.txt")}}},
            {QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("add")}}},
            {QStringLiteral("edit_file"), {{QStringLiteral("path"), QStringLiteral("calc.sh")}, {QStringLiteral("old_string"), QStringLiteral("$1 - $2")},
                                           {QStringLiteral("new_string"), QStringLiteral("$1 + $2")}}},
            {QStringLiteral("exec"), {{QStringLiteral("command"), QStringLiteral("sh test.sh")}}}};
        QByteArray lastStep;
        for (const auto &[tool, arguments] : steps) {
            const CliRun run = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("tool"), tool, QStringLiteral("--workspace"),
                                       stepwise, QStringLiteral("--args"),
                                       QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact))},
                                      anthropicCliEnvironment());
            QVERIFY2(run.exitCode == 0, QByteArray(tool.toUtf8() + ": " + run.err + run.out).constData());
            lastStep = run.out;
        }
        QVERIFY2(lastStep.contains("PASS"), lastStep.constData());

        // Code mode: the same calls in one script.
        const QString scripted = makeProject(home, QStringLiteral("scripted"));
        const CliRun run = runScript(
            home, scripted,
            QStringLiteral("const [calc, test, notes] = await Promise.all(['calc.sh', 'test.sh', 'notes.txt']"
                           ".map(path => tools.read_file({path})));\n"
                           "const hits = await tools.grep({pattern: 'add'});\n"
                           "await tools.edit_file({path: 'calc.sh', old_string: '$1 - $2', new_string: '$1 + $2'});\n"
                           "const result = await tools.exec({command: 'sh test.sh'});\n"
                           "console.log(notes.includes('add must add'), hits.includes('calc.sh'));\n"
                           "return result;"));
        QVERIFY2(run.exitCode == 0, QByteArray(run.err + run.out).constData());
        QVERIFY2(run.out.contains("true true") && run.out.contains("PASS"), run.out.constData());
        QCOMPARE(contents(scripted), contents(stepwise));
        QVERIFY(contents(scripted).contains("$(( $1 + $2 ))"));
    }
};

VALIS_TEST_MAIN(TestRunScriptCli)
#include "tst_runscriptcli.moc"
