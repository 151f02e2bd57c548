// The Runloop sandbox plugin against the Runloop stand-in (tests/standins/runloop/server.mjs,
// proven by Runloop's SDK in runloop_sdk_oracle): devboxes acquired and reused, commands streamed,
// timed out and killed, files, list and destroy, and every fault reported with its code.
#include "testsupport.h"

#include "rest/restclient.h"

#include "valis/filesystem/filesystembackend.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/sandboxprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace valis;
using namespace valis::test;

namespace {
const QString Key = QStringLiteral("rl-test-key");

// What one command reported.
struct Outcome
{
    QByteArray out;
    QByteArray err;
    int exitCode = -1000;
    Error error;
    int endings = 0;
};
} // namespace

class TestRunloopSandbox : public QObject
{
    Q_OBJECT

private:
    QProcess m_server;
    QUrl m_base;
    TemporaryHome m_home;
    QTemporaryDir m_pluginDir;
    std::unique_ptr<PluginManager> m_manager;
    RemoteSandbox *m_sandbox = nullptr;
    std::unique_ptr<RemoteMachine> m_machine;
    QString m_local = QStringLiteral("/valis-local-workspace");

    QJsonObject control(const QString &what, const QJsonObject &body = {})
    {
        rest::Client client(m_base, {}, {});
        rest::Request request = what == QLatin1String("state") ? rest::Request{}
                                                                : rest::Request::json("POST", {}, body);
        request.path = QStringLiteral("/_standin/") + what;
        const Result<rest::Response> response = client.send(request);
        if (response.hasError())
            qWarning("stand-in control %s: %s", qPrintable(what), qPrintable(response.error().message));
        return response.ok() ? response->json().toObject() : QJsonObject{};
    }

    QJsonObject devboxState(const QString &id)
    {
        for (const QJsonValue &devbox : control(QStringLiteral("state")).value(QLatin1String("devboxes")).toArray()) {
            if (devbox.toObject().value(QLatin1String("id")).toString() == id)
                return devbox.toObject();
        }
        return {};
    }

    QStringList liveDevboxes()
    {
        QStringList live;
        for (const QJsonValue &devbox : control(QStringLiteral("state")).value(QLatin1String("devboxes")).toArray()) {
            const QString status = devbox.toObject().value(QLatin1String("status")).toString();
            if (status != QLatin1String("shutdown") && status != QLatin1String("failure"))
                live.append(devbox.toObject().value(QLatin1String("id")).toString());
        }
        return live;
    }

    std::shared_ptr<Outcome> runAsync(const QString &script, std::chrono::milliseconds timeout = std::chrono::milliseconds(0),
                                      QPointer<SandboxProcess> *handle = nullptr, const QString &directory = {})
    {
        SandboxCommand command;
        command.program = QStringLiteral("sh");
        command.arguments = {QStringLiteral("-c"), script};
        command.workspace = m_local;
        command.workingDirectory = directory;
        command.timeout = timeout;
        auto outcome = std::make_shared<Outcome>();
        SandboxProcess *process = m_machine->start(command, this);
        connect(process, &SandboxProcess::standardOutputReceived, this, [outcome](const QByteArray &d) { outcome->out += d; });
        connect(process, &SandboxProcess::standardErrorReceived, this, [outcome](const QByteArray &d) { outcome->err += d; });
        connect(process, &SandboxProcess::finished, this, [outcome](int code) {
            outcome->exitCode = code;
            ++outcome->endings;
        });
        connect(process, &SandboxProcess::failed, this, [outcome](const Error &error) {
            outcome->error = error;
            ++outcome->endings;
        });
        if (handle)
            *handle = process;
        return outcome;
    }

    RemoteMachineSpec spec(const QString &session)
    {
        RemoteMachineSpec spec;
        spec.sessionId = session;
        spec.readyTimeout = std::chrono::seconds(60);
        return spec;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_server.setProgram(QStringLiteral("node"));
        m_server.setArguments({sourceDir() + QStringLiteral("/tests/standins/runloop/server.mjs"), QStringLiteral("--api-key"), Key,
                               QStringLiteral("--boot-delay-ms"), QStringLiteral("50"), QStringLiteral("--long-poll-ms"),
                               QStringLiteral("300"), QStringLiteral("--exit-with-stdin")});
        m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_server.start();
        QVERIFY2(m_server.waitForStarted(), "node must be in PATH");
        QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine() || m_server.state() != QProcess::Running, 20000);
        const int port = m_server.readLine().trimmed().toInt();
        QVERIFY(port > 0);
        m_base = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
        qputenv("RUNLOOP_BASE_URL", m_base.toString().toUtf8());

        const QString plugin = QStringLiteral(VALIS_RUNLOOP_SANDBOX_PLUGIN);
        QVERIFY(QFile::copy(plugin, m_pluginDir.filePath(QFileInfo(plugin).fileName())));
        m_manager = std::make_unique<PluginManager>(DataLocations::underHome(m_home.path()), QStringList{m_pluginDir.path()});
        m_manager->loadAll();
        const PluginSpec *spec = m_manager->spec(QStringLiteral("runloop"));
        QVERIFY(spec);
        QCOMPARE(spec->state(), PluginSpec::State::Running);
        const QList<SandboxPlugin *> plugins = m_manager->plugins<SandboxPlugin>();
        QCOMPARE(plugins.size(), 1);
        QCOMPARE(plugins.constFirst()->sandboxes().size(), 1);
        m_sandbox = dynamic_cast<RemoteSandbox *>(plugins.constFirst()->sandboxes().constFirst());
        QVERIFY(m_sandbox);
        QCOMPARE(m_sandbox->id(), QStringLiteral("runloop"));
        QCOMPARE(m_sandbox->credentials().size(), 1);
        QCOMPARE(m_sandbox->credentials().constFirst().account, QStringLiteral("runloop"));
        QCOMPARE(m_sandbox->credentials().constFirst().environmentVariables, QStringList{QStringLiteral("RUNLOOP_API_KEY")});
        m_sandbox->setCredentials({{QStringLiteral("runloop"), Key}});
        VALIS_VERIFY_OK(m_sandbox->checkAvailable());
    }

    void acquireCreatesARunningDevboxWithItsWorkspace()
    {
        RemoteMachineSpec request = spec(QStringLiteral("s-main"));
        request.labels = {{QStringLiteral("team"), QStringLiteral("core")}};
        request.environment = {{QStringLiteral("FOO"), QStringLiteral("a b'c")}};
        request.cpus = 2;
        request.memoryGb = 4;
        request.idleTimeout = std::chrono::minutes(15);
        Result<std::unique_ptr<RemoteMachine>> acquired = m_sandbox->acquire(request);
        VALIS_VERIFY_OK(acquired);
        m_machine = std::move(acquired).value();
        const RemoteMachineInfo info = m_machine->info();
        QVERIFY(info.running);
        QCOMPARE(info.state, QStringLiteral("running"));
        QCOMPARE(info.sessionId(), QStringLiteral("s-main"));
        QVERIFY2(info.workspacePath.endsWith(QLatin1String("/workspace")), qPrintable(info.workspacePath));
        QVERIFY(QFileInfo(info.workspacePath).isDir()); // the stand-in's devbox is a folder here
        QCOMPARE(info.cpus, 2.0);

        const QJsonObject devbox = devboxState(info.machineId);
        QCOMPARE(devbox.value(QLatin1String("metadata")).toObject().value(QLatin1String("valis-session")).toString(), QStringLiteral("s-main"));
        QCOMPARE(devbox.value(QLatin1String("metadata")).toObject().value(QLatin1String("team")).toString(), QStringLiteral("core"));
        const QJsonObject launch = devbox.value(QLatin1String("launch_parameters")).toObject();
        QCOMPARE(launch.value(QLatin1String("resource_size_request")).toString(), QStringLiteral("CUSTOM_SIZE"));
        QCOMPARE(launch.value(QLatin1String("custom_gb_memory")).toInt(), 4);
        QCOMPARE(launch.value(QLatin1String("after_idle")).toObject().value(QLatin1String("idle_time_seconds")).toInt(), 900);

        const Result<RemoteRunResult> run = m_machine->run(QStringLiteral("printf %s \"$FOO\"; echo; pwd; echo err >&2; exit 3"),
                                                           std::chrono::seconds(30));
        VALIS_VERIFY_OK(run);
        QCOMPARE(run->exitCode, 3);
        QCOMPARE(run->output, QByteArray("a b'c\n" + info.workspacePath.toUtf8() + "\n"));
        QCOMPARE(run->errorOutput, QByteArray("err\n"));
    }

    void runReturnsOutputBeyondTheLastLines()
    {
        const Result<RemoteRunResult> run = m_machine->run(QStringLiteral("seq 1 25000"), std::chrono::seconds(60));
        VALIS_VERIFY_OK(run);
        QCOMPARE(run->output.count('\n'), 25000);
        QVERIFY(run->output.startsWith("1\n2\n"));
        QVERIFY(run->output.endsWith("\n25000\n"));
    }

    void runTimesOut()
    {
        const Result<RemoteRunResult> run = m_machine->run(QStringLiteral("sleep 20"), std::chrono::milliseconds(700));
        QVERIFY(run.hasError());
        QCOMPARE(run.error().code, QStringLiteral("sandbox.timeout"));
    }

    void startStreamsOutputAndTheExitCode()
    {
        VALIS_VERIFY_OK(m_machine->run(QStringLiteral("mkdir -p sub"), std::chrono::seconds(30)));
        auto outcome = runAsync(QStringLiteral("echo one; echo two >&2; sleep 0.3; echo three; pwd; printf '%s\\n' \"$1\"; exit 5"),
                                {}, nullptr, m_local + QStringLiteral("/sub"));
        QTRY_COMPARE_WITH_TIMEOUT(outcome->endings, 1, 30000);
        QCOMPARE(outcome->exitCode, 5);
        QCOMPARE(outcome->out, QByteArray("one\nthree\n" + m_machine->info().workspacePath.toUtf8() + "/sub\n\n"));
        QCOMPARE(outcome->err, QByteArray("two\n"));
        QTest::qWait(100);
        QCOMPARE(outcome->endings, 1);
    }

    void startHonoursTheTimeout()
    {
        const QString flag = m_machine->info().workspacePath + QStringLiteral("/late");
        auto outcome = runAsync(QStringLiteral("echo begun; sleep 3; touch late"), std::chrono::milliseconds(800));
        QTRY_COMPARE_WITH_TIMEOUT(outcome->endings, 1, 30000);
        QCOMPARE(outcome->error.code, QStringLiteral("sandbox.timeout"));
        QCOMPARE(outcome->out, QByteArray("begun\n"));
        QTest::qWait(3500); // the killed command never gets to its touch
        QVERIFY(!QFileInfo::exists(flag));
    }

    void killStopsTheRemoteCommand()
    {
        QPointer<SandboxProcess> process;
        auto outcome = runAsync(QStringLiteral("echo $$ > pid; echo started; sleep 30"), {}, &process);
        QTRY_COMPARE_WITH_TIMEOUT(outcome->out, QByteArray("started\n"), 30000);
        QFile pidFile(m_machine->info().workspacePath + QStringLiteral("/pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const int pid = pidFile.readAll().trimmed().toInt();
        QVERIFY(pid > 0);
        process->kill();
        QTRY_COMPARE_WITH_TIMEOUT(outcome->endings, 1, 30000);
        QCOMPARE(outcome->error.code, QStringLiteral("sandbox.killed"));
        QTRY_VERIFY_WITH_TIMEOUT(::kill(pid, 0) != 0, 20000);
    }

    void droppedStreamsResumeFromTheirOffset_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::newRow("connection dropped") << QStringLiteral("dropStreamAfter");
        QTest::newRow("idle timeout event") << QStringLiteral("streamTimeoutAfter");
    }

    void droppedStreamsResumeFromTheirOffset()
    {
        QFETCH(QString, fault);
        control(QStringLiteral("faults"), {{fault, 1}});
        auto outcome = runAsync(QStringLiteral("for i in 1 2 3 4; do echo out$i; echo err$i >&2; sleep 0.15; done"));
        QTRY_COMPARE_WITH_TIMEOUT(outcome->endings, 1, 30000);
        control(QStringLiteral("faults"), {{fault, 0}});
        QCOMPARE(outcome->exitCode, 0);
        QCOMPARE(outcome->out, QByteArray("out1\nout2\nout3\nout4\n"));
        QCOMPARE(outcome->err, QByteArray("err1\nerr2\nerr3\nerr4\n"));
    }

    void workspaceFiles()
    {
        const std::shared_ptr<FilesystemBackend> files = m_machine->workspace();
        QVERIFY(files);
        VALIS_VERIFY_OK(files->write(QStringLiteral("dir/a.txt"), "h\xc3\xa9llo\n"));
        const QString local = m_machine->info().workspacePath;
        QFile written(local + QStringLiteral("/dir/a.txt"));
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), QByteArray("h\xc3\xa9llo\n"));
        QCOMPARE(files->read(QStringLiteral("dir/a.txt")).valueOr({}), QByteArray("h\xc3\xa9llo\n"));
        const QByteArray binary("\x00\x01\xff\xfe\n\r\x80tail", 11);
        VALIS_VERIFY_OK(files->write(QStringLiteral("bin/blob"), binary));
        QCOMPARE(files->read(QStringLiteral("bin/blob")).valueOr({}), binary);
        QCOMPARE(files->read(QStringLiteral("bin/blob"), 7, 3).valueOr({}), QByteArray("tai"));
        VALIS_VERIFY_OK(files->write(QStringLiteral("dir/a.txt"), "second"));
        QCOMPARE(files->read(QStringLiteral("dir/a.txt")).valueOr({}), QByteArray("second"));
        QVERIFY(QDir(local + QStringLiteral("/dir")).entryList(QDir::Files | QDir::Hidden).size() == 1); // no temporaries left

        const Result<FileEntry> entry = files->stat(QStringLiteral("bin/blob"));
        VALIS_VERIFY_OK(entry);
        QCOMPARE(entry->size, qint64(11));
        const Result<QList<FileEntry>> listing = files->list(QStringLiteral("dir"));
        VALIS_VERIFY_OK(listing);
        QCOMPARE(listing->size(), 1);
        QCOMPARE(listing->constFirst().path, QStringLiteral("dir/a.txt"));

        QCOMPARE(files->read(QStringLiteral("missing.txt")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(files->read(QStringLiteral("dir")).error().code, QStringLiteral("fs.not-a-file"));
        QCOMPARE(files->write(QStringLiteral("dir"), "x").error().code, QStringLiteral("fs.not-a-file"));
        QTemporaryDir outside;
        QVERIFY(QFile::link(outside.path(), local + QStringLiteral("/escape")));
        QFile secret(outside.filePath(QStringLiteral("secret")));
        QVERIFY(secret.open(QIODevice::WriteOnly));
        secret.write("s");
        secret.close();
        QCOMPARE(files->read(QStringLiteral("escape/secret")).error().code, QStringLiteral("fs.outside"));
        QCOMPARE(files->write(QStringLiteral("escape/new"), "x").error().code, QStringLiteral("fs.outside"));
        QVERIFY(!QFileInfo::exists(outside.filePath(QStringLiteral("new"))));
        VALIS_VERIFY_OK(files->remove(QStringLiteral("bin/blob")));
        QVERIFY(!QFileInfo::exists(local + QStringLiteral("/bin/blob")));
    }

    void reuseById()
    {
        RemoteMachineSpec request = spec(QStringLiteral("other"));
        request.reuseId = m_machine->info().machineId;
        Result<std::unique_ptr<RemoteMachine>> again = m_sandbox->acquire(request);
        VALIS_VERIFY_OK(again);
        QCOMPARE(again.value()->info().machineId, m_machine->info().machineId);
        QCOMPARE(again.value()->info().workspacePath, m_machine->info().workspacePath);
        QCOMPARE(again.value()->run(QStringLiteral("cat dir/a.txt"), std::chrono::seconds(30)).value().output, QByteArray("second"));

        request.reuseId = QStringLiteral("dbx_nosuchdevbox");
        const Result<std::unique_ptr<RemoteMachine>> missing = m_sandbox->acquire(request);
        QVERIFY(missing.hasError());
        QCOMPARE(missing.error().code, QStringLiteral("sandbox.remote-not-found"));
        QVERIFY(missing.error().message.contains(QLatin1String("dbx_nosuchdevbox")));
    }

    void rateLimitedRequestsAreRetried()
    {
        control(QStringLiteral("faults"), {{QStringLiteral("rateLimit"), QJsonObject{{QStringLiteral("nth"), 0},
                                                                                      {QStringLiteral("count"), 2},
                                                                                      {QStringLiteral("retryAfter"), QStringLiteral("0")}}}});
        const int before = control(QStringLiteral("state")).value(QLatin1String("requests")).toArray().size();
        VALIS_VERIFY_OK(m_machine->refresh());
        const QJsonArray requests = control(QStringLiteral("state")).value(QLatin1String("requests")).toArray();
        QCOMPARE(requests.size() - before, 3);
        QCOMPARE(requests.at(before).toObject().value(QLatin1String("status")).toInt(), 429);
        QCOMPARE(requests.at(before + 2).toObject().value(QLatin1String("status")).toInt(), 200);
    }

    void faultsAreReportedWithTheirCode_data()
    {
        QTest::addColumn<QJsonObject>("faults");
        QTest::addColumn<QString>("image");
        QTest::addColumn<int>("readySeconds");
        QTest::addColumn<QString>("code");
        QTest::newRow("quota") << QJsonObject{{QStringLiteral("refuseCreate"), QStringLiteral("quota")}} << QString() << 60
                               << QStringLiteral("sandbox.remote-quota");
        QTest::newRow("rate limited after retries") << QJsonObject{{QStringLiteral("refuseCreate"), QStringLiteral("rate")}} << QString()
                                                    << 60 << QStringLiteral("sandbox.remote-quota");
        QTest::newRow("blueprint fails to boot") << QJsonObject{{QStringLiteral("badBlueprints"), QJsonArray{QStringLiteral("broken")}}}
                                                 << QStringLiteral("broken") << 60 << QStringLiteral("sandbox.remote-image");
        QTest::newRow("not ready in time") << QJsonObject{{QStringLiteral("bootDelayMs"), 3000}} << QString() << 1
                                           << QStringLiteral("sandbox.remote-timeout");
    }

    void faultsAreReportedWithTheirCode()
    {
        QFETCH(QJsonObject, faults);
        QFETCH(QString, image);
        QFETCH(int, readySeconds);
        QFETCH(QString, code);
        const QStringList before = liveDevboxes();
        control(QStringLiteral("faults"), faults);
        RemoteMachineSpec request = spec(QStringLiteral("s-fault"));
        request.image = image;
        request.readyTimeout = std::chrono::seconds(readySeconds);
        const Result<std::unique_ptr<RemoteMachine>> acquired = m_sandbox->acquire(request);
        control(QStringLiteral("reset"));
        control(QStringLiteral("faults"), {{QStringLiteral("bootDelayMs"), 50}});
        QVERIFY(acquired.hasError());
        QCOMPARE(acquired.error().code, code);
        QVERIFY2(acquired.error().message.contains(QLatin1String("Runloop")), qPrintable(acquired.error().message));
        QCOMPARE(liveDevboxes(), before); // nothing half-created is left running
    }

    void wrongKeyIsAnAuthError()
    {
        m_sandbox->setCredentials({{QStringLiteral("runloop"), QStringLiteral("wrong")}});
        const Result<std::unique_ptr<RemoteMachine>> acquired = m_sandbox->acquire(spec(QStringLiteral("s-auth")));
        const Result<QList<RemoteMachineInfo>> listed = m_sandbox->list();
        m_sandbox->setCredentials({});
        const Result<void> available = m_sandbox->checkAvailable();
        m_sandbox->setCredentials({{QStringLiteral("runloop"), Key}});
        QCOMPARE(acquired.error().code, QStringLiteral("sandbox.remote-auth"));
        QVERIFY(acquired.error().message.contains(QLatin1String("RUNLOOP_API_KEY")));
        QCOMPARE(listed.error().code, QStringLiteral("sandbox.remote-auth"));
        QCOMPARE(available.error().code, QStringLiteral("sandbox.remote-auth"));
    }

    void devboxShuttingDownMidCommandIsReported()
    {
        Result<std::unique_ptr<RemoteMachine>> acquired = m_sandbox->acquire(spec(QStringLiteral("s-gone")));
        VALIS_VERIFY_OK(acquired);
        std::unique_ptr<RemoteMachine> doomed = std::move(acquired).value();
        std::swap(doomed, m_machine);
        control(QStringLiteral("faults"), {{QStringLiteral("shutdownOn"), QJsonObject{{QStringLiteral("marker"), QStringLiteral("#gone")},
                                                                                       {QStringLiteral("delayMs"), 300}}}});
        auto outcome = runAsync(QStringLiteral("echo started; sleep 30 #gone"));
        QTRY_COMPARE_WITH_TIMEOUT(outcome->endings, 1, 30000);
        control(QStringLiteral("faults"), {{QStringLiteral("shutdownOn"), QJsonValue()}});
        std::swap(doomed, m_machine);
        QCOMPARE(outcome->error.code, QStringLiteral("sandbox.remote-gone"));
        QCOMPARE(outcome->out, QByteArray("started\n"));
        const Result<RemoteRunResult> run = doomed->run(QStringLiteral("true"), std::chrono::seconds(30));
        QCOMPARE(run.error().code, QStringLiteral("sandbox.remote-gone"));
        VALIS_VERIFY_OK(doomed->refresh());
        QVERIFY(!doomed->info().running);
        QCOMPARE(doomed->checkAvailable().error().code, QStringLiteral("sandbox.remote-gone"));
    }

    void listAndDestroy()
    {
        Result<std::unique_ptr<RemoteMachine>> second = m_sandbox->acquire(spec(QStringLiteral("s-second")));
        VALIS_VERIFY_OK(second);
        const QString secondId = second.value()->info().machineId;
        const Result<QList<RemoteMachineInfo>> listed = m_sandbox->list();
        VALIS_VERIFY_OK(listed);
        QStringList ids;
        for (const RemoteMachineInfo &machine : listed.value()) {
            ids.append(machine.machineId);
            QVERIFY(!machine.sessionId().isEmpty());
            QVERIFY(machine.running);
        }
        QVERIFY(ids.contains(secondId));
        QVERIFY(ids.contains(m_machine->info().machineId));
        QCOMPARE(ids.size(), liveDevboxes().size());
        VALIS_VERIFY_OK(m_sandbox->destroy(secondId));
        VALIS_VERIFY_OK(m_sandbox->destroy(secondId)); // already gone: still fine
        VALIS_VERIFY_OK(m_sandbox->destroy(QStringLiteral("dbx_nosuchdevbox")));
        QCOMPARE(devboxState(secondId).value(QLatin1String("status")).toString(), QStringLiteral("shutdown"));
        QVERIFY(!m_sandbox->list().value().isEmpty());
        for (const RemoteMachineInfo &machine : m_sandbox->list().value())
            QVERIFY(machine.machineId != secondId);
    }

    void cleanupTestCase()
    {
        if (m_sandbox) {
            const Result<QList<RemoteMachineInfo>> listed = m_sandbox->list();
            if (listed.ok()) {
                for (const RemoteMachineInfo &machine : listed.value())
                    VALIS_VERIFY_OK(m_sandbox->destroy(machine.machineId));
            }
            QCOMPARE(liveDevboxes(), QStringList()); // no devbox leaked
        }
        m_machine.reset();
        m_manager.reset();
        m_server.closeWriteChannel();
        if (!m_server.waitForFinished(10000))
            m_server.kill();
    }
};

VALIS_TEST_MAIN(TestRunloopSandbox)

#include "tst_runloopsandbox.moc"
