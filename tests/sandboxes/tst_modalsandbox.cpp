// The Modal sandbox plugin's ModalSandbox against the Modal stand-in (tests/standins/modal, whose
// wire the official `modal` SDK checks in modal_sdk_oracle): acquire, commands streamed, exit
// codes, timeouts and kills, run(), reuse, list/destroy, and the faults (quota, bad image, an
// unreachable service, a sandbox never ready or stopped mid-command, output streams cut once or
// for good), each reported with its code, nothing hanging and no sandbox or process left.
#include "modalsandbox.h"
#include "modalstandin.h"
#include "sandboxrun.h"
#include "testsupport.h"

#include "valis/filesystem/filesystembackend.h"
#include "valis/plugins/remotesandbox.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QObject>
#include <QTemporaryDir>
#include <QtTest/QTest>

using namespace valis;
using namespace valis::test;
using valis::sandboxes::modal::ModalSandbox;
using namespace std::chrono_literals;

namespace {
const QString sessionLabel = QString::fromLatin1(RemoteSessionLabel);
}

class TestModalSandbox : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<ModalSandbox> makeSandbox(bool withToken = true)
    {
        auto sandbox = std::make_unique<ModalSandbox>(QJsonObject{{QStringLiteral("serverUrl"), m_standin.url()}});
        if (withToken)
            sandbox->setCredentials({{QStringLiteral("modal-token-id"), m_standin.tokenId()},
                                     {QStringLiteral("modal-token-secret"), m_standin.tokenSecret()}});
        return sandbox;
    }

    RemoteMachineSpec spec(const QString &session)
    {
        RemoteMachineSpec spec;
        spec.sessionId = session;
        spec.readyTimeout = 30s;
        return spec;
    }

    std::unique_ptr<RemoteMachine> acquire(ModalSandbox &sandbox, const RemoteMachineSpec &spec)
    {
        Result<std::unique_ptr<RemoteMachine>> machine = sandbox.acquire(spec);
        if (machine.hasError()) {
            qWarning("acquire failed: %s %s", qPrintable(machine.error().code), qPrintable(machine.error().message));
            return {};
        }
        return std::move(machine).value();
    }

    SandboxCommand shell(const QString &script, std::chrono::milliseconds timeout = 60s)
    {
        SandboxCommand command = shellCommand(m_local.path(), script);
        command.timeout = timeout;
        return command;
    }

    ModalStandin m_standin;
    QTemporaryDir m_local;
    QObject m_owner;
    std::unique_ptr<ModalSandbox> m_sandbox;
    std::unique_ptr<RemoteMachine> m_machine; // shared by the command tests

private Q_SLOTS:
    void initTestCase()
    {
        qunsetenv("MODAL_SERVER_URL");
        qunsetenv("MODAL_TOKEN_ID");
        qunsetenv("MODAL_TOKEN_SECRET");
        QVERIFY2(m_standin.start(), qPrintable(m_standin.error()));
        QVERIFY(m_local.isValid());
        m_sandbox = makeSandbox();
    }

    void cleanup()
    {
        QVERIFY(m_standin.setFaults({}));
        // Every command's processes are gone once it ended: nothing left running on the machine.
        QTRY_VERIFY_WITH_TIMEOUT(([this] {
                                     for (const QJsonValue &sb : m_standin.sandboxes())
                                         if (sb.toObject().value(QStringLiteral("liveExecs")).toInt() != 0)
                                             return false;
                                     return true;
                                 }()),
                                 20000);
    }

    void cleanupTestCase()
    {
        if (m_machine)
            QVERIFY(m_sandbox->destroy(m_machine->info().machineId).ok());
        m_machine.reset();
        m_sandbox.reset();
        // Nothing leaked: every sandbox the suite made was terminated and its folder removed.
        QTRY_VERIFY_WITH_TIMEOUT(([this] {
                                     for (const QJsonValue &sb : m_standin.sandboxes())
                                         if (sb.toObject().value(QStringLiteral("running")).toBool()
                                             || sb.toObject().value(QStringLiteral("dirExists")).toBool())
                                             return false;
                                     return true;
                                 }()),
                                 10000);
    }

    void credentialsAndSettings()
    {
        const QList<RemoteCredential> credentials = m_sandbox->credentials();
        QCOMPARE(credentials.size(), 2);
        QCOMPARE(credentials.at(0).account, QStringLiteral("modal-token-id"));
        QCOMPARE(credentials.at(0).environmentVariables, QStringList{QStringLiteral("MODAL_TOKEN_ID")});
        QCOMPARE(credentials.at(1).account, QStringLiteral("modal-token-secret"));
        QCOMPARE(credentials.at(1).environmentVariables, QStringList{QStringLiteral("MODAL_TOKEN_SECRET")});
        QCOMPARE(m_sandbox->id(), QStringLiteral("modal"));
        QVERIFY(m_sandbox->capabilities().testFlag(Sandbox::Capability::Remote));
        QCOMPARE(ModalSandbox().serverUrl(), QStringLiteral("https://api.modal.com:443"));
        qputenv("MODAL_SERVER_URL", "http://127.0.0.1:1");
        QCOMPARE(ModalSandbox(QJsonObject{{QStringLiteral("serverUrl"), QStringLiteral("https://example.test")}}).serverUrl(),
                 QStringLiteral("http://127.0.0.1:1"));
        qunsetenv("MODAL_SERVER_URL");
        // The token pair from the environment counts until setCredentials() replaces it.
        qputenv("MODAL_TOKEN_ID", "ak-from-env");
        qputenv("MODAL_TOKEN_SECRET", "as-from-env");
        QVERIFY(ModalSandbox().checkAvailable().ok());
        ModalSandbox replaced;
        replaced.setCredentials({});
        QCOMPARE(replaced.checkAvailable().error().code, QStringLiteral("sandbox.remote-auth"));
        qunsetenv("MODAL_TOKEN_ID");
        qunsetenv("MODAL_TOKEN_SECRET");
    }

    void missingOrWrongToken()
    {
        auto bare = makeSandbox(false);
        QCOMPARE(bare->checkAvailable().error().code, QStringLiteral("sandbox.remote-auth"));
        auto missing = bare->acquire(spec(QStringLiteral("s-auth")));
        QVERIFY(missing.hasError());
        QCOMPARE(missing.error().code, QStringLiteral("sandbox.remote-auth"));
        QVERIFY2(missing.error().message.contains(QStringLiteral("MODAL_TOKEN_ID")), qPrintable(missing.error().message));

        bare->setCredentials({{QStringLiteral("modal-token-id"), m_standin.tokenId()},
                              {QStringLiteral("modal-token-secret"), QStringLiteral("wrong")}});
        QVERIFY(bare->checkAvailable().ok());
        auto refused = bare->acquire(spec(QStringLiteral("s-auth")));
        QVERIFY(refused.hasError());
        QCOMPARE(refused.error().code, QStringLiteral("sandbox.remote-auth"));
        QVERIFY2(refused.error().message.contains(QStringLiteral("invalid")), qPrintable(refused.error().message));
    }

    void acquireCreatesAsAsked()
    {
        RemoteMachineSpec request = spec(QStringLiteral("s-main"));
        request.cpus = 2;
        request.memoryGb = 1;
        request.diskGb = 3;
        request.environment = {{QStringLiteral("GREETING"), QStringLiteral("hello there")}};
        request.labels = {{QStringLiteral("team"), QStringLiteral("core")}};
        request.idleTimeout = 15min;
        m_machine = acquire(*m_sandbox, request);
        QVERIFY(m_machine);
        const RemoteMachineInfo info = m_machine->info();
        QVERIFY2(info.machineId.startsWith(QStringLiteral("sb-")), qPrintable(info.machineId));
        QVERIFY(info.running);
        QCOMPARE(info.sandboxId, QStringLiteral("modal"));
        QCOMPARE(info.sessionId(), QStringLiteral("s-main"));
        QCOMPARE(info.image, QStringLiteral("python:3.12-slim"));
        QVERIFY(m_machine->checkAvailable().ok());

        const QJsonObject remote = m_standin.sandbox(info.machineId);
        const QString home = remote.value(QStringLiteral("dir")).toString();
        QCOMPARE(info.workspacePath, home + QStringLiteral("/workspace"));
        QVERIFY(QFileInfo(info.workspacePath).isDir());
        QCOMPARE(remote.value(QStringLiteral("image")).toString(), QStringLiteral("python:3.12-slim"));
        QCOMPARE(remote.value(QStringLiteral("milliCpu")).toInt(), 2000);
        QCOMPARE(remote.value(QStringLiteral("memoryMb")).toInt(), 1024);
        QCOMPARE(remote.value(QStringLiteral("ephemeralDiskMb")).toInt(), 3072);
        QCOMPARE(remote.value(QStringLiteral("idleTimeoutSecs")).toInt(), 900);
        QCOMPARE(remote.value(QStringLiteral("tags")).toObject(),
                 (QJsonObject{{sessionLabel, QStringLiteral("s-main")}, {QStringLiteral("team"), QStringLiteral("core")}}));
        QCOMPARE(remote.value(QStringLiteral("env")).toObject().value(QStringLiteral("GREETING")).toString(),
                 QStringLiteral("hello there"));
    }

    void runBlocks()
    {
        QVERIFY(m_machine);
        const auto result = m_machine->run(QStringLiteral("echo out; echo err >&2; printf '%s|' \"$GREETING\"; pwd; exit 4"), 30s);
        QVERIFY2(result.ok(), qPrintable(result.ok() ? QString() : result.error().message));
        QCOMPARE(result->exitCode, 4);
        QCOMPARE(result->output, QByteArray("out\nhello there|") + m_machine->info().workspacePath.toUtf8() + '\n');
        QCOMPARE(result->errorOutput, QByteArray("err\n"));
    }

    void runTimesOut()
    {
        QVERIFY(m_machine);
        const QByteArray token = uniqueSleepToken();
        const auto result = m_machine->run(QStringLiteral("sleep ") + QString::fromLatin1(token), 1500ms);
        QVERIFY(result.hasError());
        QCOMPARE(result.error().code, QStringLiteral("sandbox.timeout"));
        QTRY_VERIFY_WITH_TIMEOUT(processesWithArgument(token).isEmpty(), 10000);
    }

    void startStreamsAndMapsTheWorkspace()
    {
        QVERIFY(m_machine);
        QVERIFY(m_machine->run(QStringLiteral("mkdir -p sub && rm -f ../go"), 30s).ok());
        const QString remote = m_machine->info().workspacePath;
        // Prints, then waits for the test to let it go on: the first line must arrive before the end.
        SandboxCommand command = shell(QStringLiteral("echo first; echo warn >&2; while [ ! -e \"$HOME/go\" ]; do sleep 0.05; done; "
                                                      "echo \"$1\"; pwd; echo \"$FOO\"; exit 3"));
        command.arguments << m_local.path() + QStringLiteral("/file.txt");
        command.workingDirectory = m_local.path() + QStringLiteral("/sub");
        command.environment = {{QStringLiteral("FOO"), QStringLiteral("bar")}};
        auto run = startRun(*m_machine, command, &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->out == "first\n" && run->err == "warn\n", qPrintable(run->describe()), 20000);
        QVERIFY(!run->done());
        QVERIFY(m_machine->run(QStringLiteral("touch \"$HOME/go\""), 30s).ok());
        QTRY_VERIFY2_WITH_TIMEOUT(run->done(), qPrintable(run->describe()), 20000);
        QCOMPARE(run->endings, 1);
        QCOMPARE(run->exitCode, std::optional<int>(3));
        QCOMPARE(run->out, QByteArray("first\n") + remote.toUtf8() + "/file.txt\n" + remote.toUtf8() + "/sub\nbar\n");
        QVERIFY(!run->outputAfterEnd);
    }

    void workspaceFilesGoThroughTheMachine()
    {
        QVERIFY(m_machine);
        const std::shared_ptr<FilesystemBackend> files = m_machine->workspace();
        QVERIFY(files);
        const QByteArray content("line one\n\x00binary\xff tail\n", 23); // a NUL and a byte that is not UTF-8
        QVERIFY(files->write(QStringLiteral("notes/a.txt"), content).ok());
        const QString onDisk = m_machine->info().workspacePath + QStringLiteral("/notes/a.txt");
        QFile file(onDisk);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), content);
        const auto read = files->read(QStringLiteral("notes/a.txt"));
        QVERIFY(read.ok());
        QCOMPARE(*read, content);
        const auto listed = files->list(QStringLiteral("notes"));
        QVERIFY(listed.ok());
        QCOMPARE(listed->size(), 1);
        QCOMPARE(listed->first().size, qint64(content.size()));
        QVERIFY(files->remove(QStringLiteral("notes/a.txt")).ok());
        QVERIFY(!QFile::exists(onDisk));
    }

    void startTimesOut()
    {
        QVERIFY(m_machine);
        const QByteArray token = uniqueSleepToken();
        auto run = startRun(*m_machine, shell(QStringLiteral("echo started; sleep ") + QString::fromLatin1(token), 1500ms), &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->done(), qPrintable(run->describe()), 20000);
        QCOMPARE(run->errorCode(), QStringLiteral("sandbox.timeout"));
        QCOMPARE(run->out, QByteArray("started\n"));
        QTRY_VERIFY_WITH_TIMEOUT(processesWithArgument(token).isEmpty(), 10000);
    }

    void killStopsTheCommandTree()
    {
        QVERIFY(m_machine);
        const QByteArray token = uniqueSleepToken();
        // A child that would outlive its shell: the kill must reach it too.
        auto run = startRun(*m_machine, shell(QStringLiteral("sleep %1 & echo started; wait").arg(QString::fromLatin1(token))), &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->out == "started\n", qPrintable(run->describe()), 20000);
        QVERIFY(!processesWithArgument(token).isEmpty());
        run->process->kill();
        QTRY_VERIFY2_WITH_TIMEOUT(run->done(), qPrintable(run->describe()), 20000);
        QCOMPARE(run->errorCode(), QStringLiteral("sandbox.killed"));
        QTRY_VERIFY_WITH_TIMEOUT(processesWithArgument(token).isEmpty(), 10000);
        QTest::qWait(50);
        QCOMPARE(run->endings, 1);
    }

    void deletingARunningProcessDoesNotHang()
    {
        QVERIFY(m_machine);
        const QByteArray token = uniqueSleepToken();
        auto run = startRun(*m_machine, shell(QStringLiteral("echo started; sleep ") + QString::fromLatin1(token)), &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->out == "started\n", qPrintable(run->describe()), 20000);
        delete run->process.data();
        // Deleting the process stops the command on the machine too, without blocking here.
        QTRY_VERIFY_WITH_TIMEOUT(processesWithArgument(token).isEmpty(), 10000);
        QCOMPARE(run->endings, 0);
    }

    void deletingTheSandboxStopsItsCommands()
    {
        auto sandbox = makeSandbox();
        auto machine = acquire(*sandbox, spec(QStringLiteral("s-unload")));
        QVERIFY(machine);
        const QString id = machine->info().machineId;
        const QByteArray token = uniqueSleepToken();
        SandboxCommand command = shell(QStringLiteral("echo started; sleep ") + QString::fromLatin1(token), 0ms);
        auto run = startRun(*machine, command, &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->out == "started\n", qPrintable(run->describe()), 20000);
        // As at plugin shutdown with a command still running: the threads are stopped, not waited for.
        machine.reset();
        sandbox.reset();
        QTRY_VERIFY2_WITH_TIMEOUT(run->done(), qPrintable(run->describe()), 20000);
        QCOMPARE(run->errorCode(), QStringLiteral("sandbox.killed"));
        QTRY_VERIFY_WITH_TIMEOUT(processesWithArgument(token).isEmpty(), 10000);
        QVERIFY(m_sandbox->destroy(id).ok());
    }

    void outputStreamCutIsResumed()
    {
        QVERIFY(m_machine);
        QVERIFY(m_standin.setFaults({{QStringLiteral("cutStream"),
                                      QJsonObject{{QStringLiteral("afterBytes"), 50000}, {QStringLiteral("times"), 2}}}}));
        auto run = startRun(*m_machine, shell(QStringLiteral("i=0; while [ $i -lt 20000 ]; do echo \"line $i\"; i=$((i+1)); done")), &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->done(), qPrintable(run->describe()), 60000);
        QCOMPARE(run->exitCode, std::optional<int>(0));
        const QList<QByteArray> lines = run->out.trimmed().split('\n');
        QCOMPARE(lines.size(), 20000);
        for (int i = 0; i < lines.size(); i += 997)
            QCOMPARE(lines.at(i), QByteArray("line ") + QByteArray::number(i));
        QCOMPARE(lines.last(), QByteArray("line 19999"));
    }

    void outputStreamCutForGoodIsAnError()
    {
        QVERIFY(m_machine);
        QVERIFY(m_standin.setFaults({{QStringLiteral("cutStream"),
                                      QJsonObject{{QStringLiteral("afterBytes"), 0}, {QStringLiteral("times"), 1000}}}}));
        auto run = startRun(*m_machine, shell(QStringLiteral("echo never-seen")), &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->done(), qPrintable(run->describe()), 60000);
        QCOMPARE(run->errorCode(), QStringLiteral("sandbox.remote-http"));
        QVERIFY2(run->error->message.contains(QStringLiteral("Modal")), qPrintable(run->error->message));
        QVERIFY(run->out.isEmpty());
    }

    void reuseById()
    {
        QVERIFY(m_machine);
        QVERIFY(m_machine->run(QStringLiteral("echo kept > reused.txt"), 30s).ok());
        RemoteMachineSpec request = spec(QStringLiteral("s-other"));
        request.reuseId = m_machine->info().machineId;
        auto again = acquire(*m_sandbox, request);
        QVERIFY(again);
        QCOMPARE(again->info().machineId, m_machine->info().machineId);
        QCOMPARE(again->info().workspacePath, m_machine->info().workspacePath);
        const auto read = again->run(QStringLiteral("cat reused.txt"), 30s);
        QVERIFY(read.ok());
        QCOMPARE(read->output, QByteArray("kept\n"));

        request.reuseId = QStringLiteral("sb-0000000000000000000000");
        auto missing = m_sandbox->acquire(request);
        QVERIFY(missing.hasError());
        QCOMPARE(missing.error().code, QStringLiteral("sandbox.remote-not-found"));
    }

    void listAndDestroy()
    {
        auto first = acquire(*m_sandbox, spec(QStringLiteral("s-list-1")));
        auto second = acquire(*m_sandbox, spec(QStringLiteral("s-list-2")));
        QVERIFY(first && second);
        auto listed = m_sandbox->list();
        QVERIFY(listed.ok());
        QHash<QString, QString> sessions;
        for (const RemoteMachineInfo &info : *listed) {
            QVERIFY(info.running);
            QCOMPARE(info.sandboxId, QStringLiteral("modal"));
            sessions.insert(info.machineId, info.sessionId());
        }
        QCOMPARE(sessions.value(first->info().machineId), QStringLiteral("s-list-1"));
        QCOMPARE(sessions.value(second->info().machineId), QStringLiteral("s-list-2"));

        QVERIFY(m_sandbox->destroy(first->info().machineId).ok());
        QVERIFY(m_sandbox->destroy(first->info().machineId).ok()); // gone already: still fine
        QVERIFY(m_sandbox->destroy(QStringLiteral("sb-0000000000000000000000")).ok());
        listed = m_sandbox->list();
        QVERIFY(listed.ok());
        QStringList ids;
        for (const RemoteMachineInfo &info : *listed)
            ids << info.machineId;
        QVERIFY(!ids.contains(first->info().machineId));
        QVERIFY(ids.contains(second->info().machineId));
        const auto refreshed = first->refresh();
        QVERIFY(refreshed.ok());
        QVERIFY(!refreshed->running);
        QCOMPARE(first->checkAvailable().error().code, QStringLiteral("sandbox.remote-gone"));
        QVERIFY(m_sandbox->destroy(second->info().machineId).ok());
    }

    void sandboxStoppedMidCommand()
    {
        auto machine = acquire(*m_sandbox, spec(QStringLiteral("s-stop")));
        QVERIFY(machine);
        QVERIFY(m_standin.setFaults({{QStringLiteral("terminateOnOutput"), QJsonObject{{QStringLiteral("match"), QStringLiteral("STOP-NOW")}}}}));
        auto run = startRun(*machine, shell(QStringLiteral("echo STOP-NOW; sleep 60")), &m_owner);
        QTRY_VERIFY2_WITH_TIMEOUT(run->done(), qPrintable(run->describe()), 30000);
        QCOMPARE(run->errorCode(), QStringLiteral("sandbox.remote-gone"));
        QVERIFY2(run->error->message.contains(machine->info().machineId), qPrintable(run->error->message));
        const auto after = machine->run(QStringLiteral("true"), 10s);
        QVERIFY(after.hasError());
        QCOMPARE(after.error().code, QStringLiteral("sandbox.remote-gone"));
        QVERIFY(m_sandbox->destroy(machine->info().machineId).ok());
    }

    void creationRefused_data()
    {
        QTest::addColumn<QJsonObject>("faults");
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("words");
        const auto fail = [](const char *method, const char *code, int times) {
            return QJsonObject{{QStringLiteral("failCalls"),
                                QJsonArray{QJsonObject{{QStringLiteral("method"), QLatin1String(method)},
                                                       {QStringLiteral("code"), QLatin1String(code)},
                                                       {QStringLiteral("message"), QStringLiteral("Sandbox quota exceeded (stand-in)")},
                                                       {QStringLiteral("times"), times}}}}};
        };
        QTest::newRow("quota") << fail("SandboxCreate", "RESOURCE_EXHAUSTED", 1) << QString() << QStringLiteral("sandbox.remote-quota")
                               << QStringLiteral("quota exceeded");
        QTest::newRow("bad image") << QJsonObject{{QStringLiteral("imageFailures"), QJsonArray{QJsonObject{{QStringLiteral("match"), QStringLiteral("nonexistent")}}}}}
                                   << QStringLiteral("nonexistent/image:none") << QStringLiteral("sandbox.remote-image")
                                   << QStringLiteral("nonexistent/image:none");
        QTest::newRow("unreachable") << fail("AppGetOrCreate", "UNAVAILABLE", 100) << QString() << QStringLiteral("sandbox.remote-http")
                                     << QStringLiteral("could not be reached");
        QTest::newRow("never ready") << QJsonObject{{QStringLiteral("neverSchedule"), true}} << QString()
                                     << QStringLiteral("sandbox.remote-timeout") << QStringLiteral("terminated");
    }

    void creationRefused()
    {
        QFETCH(QJsonObject, faults);
        QFETCH(QString, image);
        QFETCH(QString, code);
        QFETCH(QString, words);
        QVERIFY(m_standin.setFaults(faults));
        const qsizetype before = m_standin.sandboxes().size();
        RemoteMachineSpec request = spec(QStringLiteral("s-refused"));
        request.image = image;
        request.readyTimeout = 2s;
        auto machine = m_sandbox->acquire(request);
        QVERIFY(machine.hasError());
        QCOMPARE(machine.error().code, code);
        QVERIFY2(machine.error().message.contains(words) && machine.error().message.contains(QStringLiteral("Modal")),
                 qPrintable(machine.error().message));
        // A sandbox created before the failure was terminated again: none is left running.
        for (const QJsonValue &sb : m_standin.sandboxes())
            if (sb.toObject().value(QStringLiteral("tags")).toObject().value(sessionLabel).toString() == QStringLiteral("s-refused"))
                QVERIFY(!sb.toObject().value(QStringLiteral("running")).toBool());
        if (code != QLatin1String("sandbox.remote-timeout"))
            QCOMPARE(m_standin.sandboxes().size(), before);
    }

    void transientUnavailableIsRetried()
    {
        QVERIFY(m_standin.setFaults({{QStringLiteral("failCalls"),
                                      QJsonArray{QJsonObject{{QStringLiteral("method"), QStringLiteral("SandboxCreate")},
                                                             {QStringLiteral("code"), QStringLiteral("UNAVAILABLE")},
                                                             {QStringLiteral("times"), 1}}}}}));
        auto machine = acquire(*m_sandbox, spec(QStringLiteral("s-retry")));
        QVERIFY(machine);
        QVERIFY(m_sandbox->destroy(machine->info().machineId).ok());
    }
};

VALIS_TEST_MAIN(TestModalSandbox)
#include "tst_modalsandbox.moc"
