// valis-cli prompts through the real binary on a fresh VALIS_HOME: set (stdin and --file), list,
// show (a version, the history, rendered with --var, JSON), rm, errors and exit codes, and
// several processes setting one key at once.
#include "clirunner.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/prompts/promptstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace valis;
using test::CliRun;
using test::runCli;

class TestPromptsCli : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("VALIS_HOME"), m_home.path());
        env.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        return env;
    }
    CliRun prompts(const QStringList &arguments, const QByteArray &input = {})
    {
        return runCli(QStringList{QStringLiteral("prompts")} + arguments, environment(), input);
    }

private Q_SLOTS:
    void setListShowRemove()
    {
        CliRun run = prompts({QStringLiteral("set"), QStringLiteral("review"), QStringLiteral("--description"),
                              QStringLiteral("Review one file")},
                             QByteArrayLiteral("Review {{file}} carefully.\n"));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(QString::fromUtf8(run.out).trimmed(), QStringLiteral("review is at version 1. Variables: file."));

        const QString file = m_home.filePath(QStringLiteral("review.txt"));
        QFile text(file);
        QVERIFY(text.open(QIODevice::WriteOnly));
        text.write("Review {{file}} for {{ focus }}. {{> house-style}}\n");
        text.close();
        run = prompts({QStringLiteral("set"), QStringLiteral("review"), QStringLiteral("--file"), file});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(QString::fromUtf8(run.out).trimmed(), QStringLiteral("review is at version 2. Variables: file, focus."));
        run = prompts({QStringLiteral("set"), QStringLiteral("house-style"), QStringLiteral("--description"), QStringLiteral("Tone")},
                      QByteArrayLiteral("Answer in {{lang}}."));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        // The same text again adds no version.
        run = prompts({QStringLiteral("set"), QStringLiteral("house-style")}, QByteArrayLiteral("Answer in {{lang}}."));
        QCOMPARE(QString::fromUtf8(run.out).trimmed(), QStringLiteral("house-style is at version 1. Variables: lang."));

        // list: a table, and JSON lines.
        run = prompts({QStringLiteral("list")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QStringList lines = run.outLines();
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines.at(0).startsWith(QLatin1String("KEY")));
        QVERIFY2(lines.at(1).startsWith(QLatin1String("house-style")) && lines.at(1).endsWith(QLatin1String("Tone")), qPrintable(lines.at(1)));
        QVERIFY2(lines.at(2).startsWith(QLatin1String("review")) && lines.at(2).contains(QLatin1String(" 2  "))
                     && lines.at(2).endsWith(QLatin1String("Review one file")),
                 qPrintable(lines.at(2)));
        run = prompts({QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(run.outLines().size(), 2);
        const QJsonObject review = QJsonDocument::fromJson(run.outLines().at(1).toUtf8()).object();
        QCOMPARE(review.value(QLatin1String("key")).toString(), QStringLiteral("review"));
        QCOMPARE(review.value(QLatin1String("version")).toInt(), 2);
        QCOMPARE(review.value(QLatin1String("description")).toString(), QStringLiteral("Review one file"));
        QCOMPARE(review.value(QLatin1String("variables")).toArray(), (QJsonArray{QStringLiteral("file"), QStringLiteral("focus")}));

        // show: the text exactly as stored; a version; rendered; JSON; the history.
        run = prompts({QStringLiteral("show"), QStringLiteral("review")});
        QCOMPARE(run.out, QByteArrayLiteral("Review {{file}} for {{ focus }}. {{> house-style}}\n"));
        run = prompts({QStringLiteral("show"), QStringLiteral("review"), QStringLiteral("--version"), QStringLiteral("1")});
        QCOMPARE(run.out, QByteArrayLiteral("Review {{file}} carefully.\n"));
        run = prompts({QStringLiteral("show"), QStringLiteral("review"), QStringLiteral("--render"), QStringLiteral("--var"),
                       QStringLiteral("file=src/a.cpp"), QStringLiteral("--var"), QStringLiteral("focus=error handling"),
                       QStringLiteral("--var"), QStringLiteral("lang=English")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(run.out, QByteArrayLiteral("Review src/a.cpp for error handling. Answer in English.\n"));
        run = prompts({QStringLiteral("show"), QStringLiteral("review"), QStringLiteral("--render"), QStringLiteral("--json"),
                       QStringLiteral("--version"), QStringLiteral("1"), QStringLiteral("--var"), QStringLiteral("file=b.cpp")});
        const QJsonObject shown = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(shown.value(QLatin1String("version")).toInt(), 1);
        QCOMPARE(shown.value(QLatin1String("rendered")).toString(), QStringLiteral("Review b.cpp carefully.\n"));
        // A variable without a value: exit 1, the variable named.
        run = prompts({QStringLiteral("show"), QStringLiteral("review"), QStringLiteral("--render"), QStringLiteral("--var"),
                       QStringLiteral("file=a")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("{{focus}}"), run.err.constData());
        QVERIFY(run.out.isEmpty());

        // rm: gone from the list and from show, kept in the history; set brings it back.
        run = prompts({QStringLiteral("rm"), QStringLiteral("review")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(QString::fromUtf8(run.out).trimmed(), QStringLiteral("Removed review."));
        run = prompts({QStringLiteral("show"), QStringLiteral("review")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("removed"), run.err.constData());
        QCOMPARE(prompts({QStringLiteral("rm"), QStringLiteral("review")}).exitCode, 1);
        QCOMPARE(prompts({QStringLiteral("list"), QStringLiteral("--json")}).outLines().size(), 1);
        run = prompts({QStringLiteral("show"), QStringLiteral("review"), QStringLiteral("--history")});
        QCOMPARE(run.outLines().size(), 3);
        QVERIFY2(run.outLines().at(2).endsWith(QLatin1String("(removed)")), qPrintable(run.outLines().at(2)));
        run = prompts({QStringLiteral("show"), QStringLiteral("review"), QStringLiteral("--history"), QStringLiteral("--json")});
        QCOMPARE(QJsonDocument::fromJson(run.outLines().at(2).toUtf8()).object().value(QLatin1String("removed")).toBool(), true);
        run = prompts({QStringLiteral("set"), QStringLiteral("review")}, QByteArrayLiteral("Back."));
        QCOMPARE(QString::fromUtf8(run.out).trimmed(), QStringLiteral("review is at version 4."));

        // The file is the profile's, where every other part of Valis finds it.
        QVERIFY(QFile::exists(DataLocations::underHome(m_home.path()).promptStorePath()));
    }

    void errorsAndUsage()
    {
        CliRun run = prompts({QStringLiteral("set"), QStringLiteral("Bad Key")}, QByteArrayLiteral("x"));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("not a prompt key"), run.err.constData());
        run = prompts({QStringLiteral("set"), QStringLiteral("loop-a")}, QByteArrayLiteral("A {{> loop-b}}"));
        QCOMPARE(run.exitCode, 0);
        run = prompts({QStringLiteral("set"), QStringLiteral("loop-b")}, QByteArrayLiteral("B {{> loop-a}}"));
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("loop-b > loop-a > loop-b"), run.err.constData());
        QCOMPARE(prompts({QStringLiteral("show"), QStringLiteral("never-set")}).exitCode, 1);
        QCOMPARE(prompts({QStringLiteral("show"), QStringLiteral("loop-a"), QStringLiteral("--version"), QStringLiteral("9")}).exitCode, 1);
        QCOMPARE(prompts({}).exitCode, 2);
        QCOMPARE(prompts({QStringLiteral("bogus")}).exitCode, 2);
        QCOMPARE(prompts({QStringLiteral("show")}).exitCode, 2);
        QCOMPARE(prompts({QStringLiteral("show"), QStringLiteral("loop-a"), QStringLiteral("--var"), QStringLiteral("x=1")}).exitCode, 2);
        run = prompts({QStringLiteral("--help")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("Subcommands:"));
    }

    void processesSettingOneKeyAtOnce()
    {
        // Several valis-cli processes append to one key together: each gets its own version.
        constexpr int writers = 4;
        QList<QProcess *> processes;
        for (int i = 0; i < writers; ++i) {
            auto *process = new QProcess(this);
            process->setProcessEnvironment(environment());
            process->start(test::buildDir() + QStringLiteral("/bin/valis-cli"),
                           {QStringLiteral("prompts"), QStringLiteral("set"), QStringLiteral("shared"), QStringLiteral("--description"),
                            QStringLiteral("writer %1").arg(i)});
            processes.append(process);
        }
        for (int i = 0; i < writers; ++i) {
            processes.at(i)->write(QStringLiteral("text of writer %1").arg(i).toUtf8());
            processes.at(i)->closeWriteChannel();
        }
        for (QProcess *process : std::as_const(processes)) {
            QVERIFY(process->waitForFinished(60000));
            QVERIFY2(process->exitCode() == 0, process->readAllStandardError().constData());
        }
        Result<std::unique_ptr<PromptStore>> store = PromptStore::open(DataLocations::underHome(m_home.path()).promptStorePath());
        QVERIFY(store.ok());
        const Result<QList<PromptVersion>> history = store.value()->history(QStringLiteral("shared"));
        QVERIFY(history.ok());
        QCOMPARE(history->size(), writers);
        QStringList texts;
        for (int i = 0; i < writers; ++i) {
            QCOMPARE(history->at(i).version, i + 1);
            texts.append(history->at(i).text);
        }
        texts.sort();
        for (int i = 0; i < writers; ++i)
            QCOMPARE(texts.at(i), QStringLiteral("text of writer %1").arg(i));
    }
};

VALIS_TEST_MAIN(TestPromptsCli)
#include "tst_promptscli.moc"
