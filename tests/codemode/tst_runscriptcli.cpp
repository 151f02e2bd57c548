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
};

VALIS_TEST_MAIN(TestRunScriptCli)
#include "tst_runscriptcli.moc"
