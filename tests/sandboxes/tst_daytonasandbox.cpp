// The daytona sandbox plugin against the Daytona stand-in (tests/standins/daytona, whose
// fidelity daytona_sdk_oracle checks with @daytonaio/sdk): machines created, reused, listed and
// deleted; commands streamed, timed out and killed; run(); the workspace's files; and every
// fault the stand-in can inject, each reported with its error code, with nothing left behind.
#include "daytonastandin.h"
#include "testsupport.h"

#include "valis/filesystem/filesystembackend.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/remotesandbox.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/sandboxprocess.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QSet>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest/QTest>

#include <memory>
#include <optional>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

namespace {
const QString ApiKey = QStringLiteral("dtn_test_key");
const QString LocalWorkspace = QStringLiteral("/home/someone/project");

struct Outcome
{
    QByteArray out;
    QByteArray err;
    QList<QByteArray> outChunks;
    std::optional<int> exitCode;
    std::optional<Error> error;
};

// Runs `command` on `machine` until it finishes or fails; `whileRunning` is called once the
// first output arrived (to kill, say). The 60 s bound only keeps a broken build from hanging.
Outcome runCommand(RemoteMachine *machine, const SandboxCommand &command,
                   const std::function<void(SandboxProcess *)> &onFirstOutput = {})
{
    Outcome outcome;
    QEventLoop loop;
    SandboxProcess *process = machine->start(command, &loop);
    QObject::connect(process, &SandboxProcess::standardOutputReceived, &loop, [&](const QByteArray &data) {
        outcome.out += data;
        outcome.outChunks.append(data);
        if (onFirstOutput && outcome.outChunks.size() == 1)
            onFirstOutput(process);
    });
    QObject::connect(process, &SandboxProcess::standardErrorReceived, &loop, [&](const QByteArray &data) { outcome.err += data; });
    QObject::connect(process, &SandboxProcess::finished, &loop, [&](int code) {
        outcome.exitCode = code;
        loop.quit();
    });
    QObject::connect(process, &SandboxProcess::failed, &loop, [&](const Error &error) {
        outcome.error = error;
        loop.quit();
    });
    QTimer::singleShot(60s, &loop, &QEventLoop::quit);
    loop.exec();
    return outcome;
}

SandboxCommand shell(const QString &script, std::chrono::milliseconds timeout = 0ms)
{
    SandboxCommand command;
    command.program = QStringLiteral("sh");
    command.arguments = {QStringLiteral("-c"), script};
    command.workspace = LocalWorkspace;
    command.timeout = timeout;
    return command;
}

// Waits (event loop running) until `condition` holds; false after 20 s.
bool eventually(const std::function<bool()> &condition)
{
    for (int i = 0; i < 400; ++i) {
        if (condition())
            return true;
        QTest::qWait(50);
    }
    return condition();
}
} // namespace

class TestDaytonaSandbox : public QObject
{
    Q_OBJECT

private:
    RemoteMachineSpec spec(const QString &session = QStringLiteral("session-1")) const
    {
        RemoteMachineSpec spec;
        spec.sessionId = session;
        spec.readyTimeout = 30s;
        return spec;
    }

    std::unique_ptr<RemoteMachine> acquire(const RemoteMachineSpec &machineSpec)
    {
        Result<std::unique_ptr<RemoteMachine>> machine = m_sandbox->acquire(machineSpec);
        if (machine.hasError()) {
            QTest::qFail(qPrintable(machine.error().toString()), __FILE__, __LINE__);
            return {};
        }
        return std::move(machine).value();
    }

    int processesOn(const QString &machineId)
    {
        for (const QJsonValue &sandbox : m_standin.sandboxes()) {
            if (sandbox.toObject().value(QLatin1String("id")).toString() == machineId)
                return sandbox.toObject().value(QLatin1String("processes")).toInt();
        }
        return -1;
    }

    QJsonArray requestsTo(const QString &pathPattern)
    {
        QJsonArray found;
        const QRegularExpression pattern(pathPattern);
        for (const QJsonValue &request : m_standin.requests()) {
            if (pattern.match(request.toObject().value(QLatin1String("path")).toString()).hasMatch())
                found.append(request);
        }
        return found;
    }

    DaytonaStandin m_standin;
    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<QTemporaryDir> m_pluginDir;
    std::unique_ptr<PluginManager> m_manager;
    RemoteSandbox *m_sandbox = nullptr;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_standin.start(ApiKey, {QStringLiteral("--start-delay-ms"), QStringLiteral("100"),
                                          QStringLiteral("--max-page-size"), QStringLiteral("2")}),
                 qPrintable(m_standin.error()));
        qputenv("DAYTONA_API_URL", m_standin.apiUrl().toUtf8());
        m_home = std::make_unique<TemporaryHome>();
        m_pluginDir = std::make_unique<QTemporaryDir>();
        const QString plugin = QStringLiteral(VALIS_DAYTONA_PLUGIN);
        QVERIFY2(QFile::copy(plugin, m_pluginDir->filePath(QFileInfo(plugin).fileName())), qPrintable(plugin));
        m_manager = std::make_unique<PluginManager>(DataLocations::underHome(m_home->path()), QStringList{m_pluginDir->path()});
        m_manager->loadAll();
        const PluginSpec *pluginSpec = m_manager->spec(QStringLiteral("daytona"));
        QVERIFY(pluginSpec);
        QVERIFY2(pluginSpec->state() == PluginSpec::State::Running, qPrintable(pluginSpec->reason()));
        const QList<SandboxPlugin *> plugins = m_manager->plugins<SandboxPlugin>();
        QCOMPARE(plugins.size(), 1);
        QCOMPARE(plugins.first()->sandboxes().size(), 1);
        m_sandbox = dynamic_cast<RemoteSandbox *>(plugins.first()->sandboxes().first());
        QVERIFY(m_sandbox);
        QCOMPARE(m_sandbox->id(), QStringLiteral("daytona"));
        QVERIFY(m_sandbox->capabilities().testFlag(Sandbox::Capability::Remote));
        QCOMPARE(m_sandbox->credentials().size(), 1);
        QCOMPARE(m_sandbox->credentials().first().account, QStringLiteral("daytona"));
        QCOMPARE(m_sandbox->credentials().first().environmentVariables, QStringList{QStringLiteral("DAYTONA_API_KEY")});
    }

    void init()
    {
        QVERIFY(m_standin.reset());
        m_sandbox->setCredentials({{QStringLiteral("daytona"), ApiKey}});
    }

    void cleanup()
    {
        // Whatever a test created is gone before the next one, through the plugin itself.
        const Result<QList<RemoteMachineInfo>> machines = m_sandbox->list();
        QVERIFY2(machines.ok(), machines.ok() ? "" : qPrintable(machines.error().toString()));
        for (const RemoteMachineInfo &machine : *machines)
            VALIS_VERIFY_OK(m_sandbox->destroy(machine.machineId));
        QVERIFY(m_standin.setFaults({}));
    }

    void cleanupTestCase()
    {
        // No test left a sandbox behind on the service, Valis's or not.
        QCOMPARE(m_standin.sandboxes().size(), 0);
        m_manager.reset();
    }

    // --- acquiring ----------------------------------------------------------------------------

    void acquireCreatesLabelledMachineWithWorkspace()
    {
        RemoteMachineSpec request = spec(QStringLiteral("s-create"));
        request.image = QStringLiteral("python:3.12-slim");
        request.cpus = 2;
        request.memoryGb = 4;
        request.diskGb = 10;
        request.environment = {{QStringLiteral("FOO"), QStringLiteral("bar 'baz'")}};
        request.labels = {{QStringLiteral("team"), QStringLiteral("core")}};
        request.idleTimeout = 30min;
        const auto machine = acquire(request);
        QVERIFY(machine);
        const RemoteMachineInfo info = machine->info();
        QCOMPARE(info.sandboxId, QStringLiteral("daytona"));
        QVERIFY(info.running);
        QCOMPARE(info.state, QStringLiteral("started"));
        QCOMPARE(info.sessionId(), QStringLiteral("s-create"));
        QCOMPARE(info.labels.value(QStringLiteral("team")), QStringLiteral("core"));
        QCOMPARE(info.image, QStringLiteral("python:3.12-slim"));
        QCOMPARE(info.cpus, 2.0);
        QCOMPARE(info.memoryGb, 4.0);
        QCOMPARE(info.diskGb, 10.0);
        QVERIFY(info.createdAt.isValid());
        const QJsonObject onService = m_standin.sandboxes().first().toObject();
        QCOMPARE(info.machineId, onService.value(QLatin1String("id")).toString());
        const QString home = onService.value(QLatin1String("home")).toString();
        QCOMPARE(info.workspacePath, home + QStringLiteral("/workspace"));
        QVERIFY(QFileInfo(info.workspacePath).isDir());

        const QJsonObject body = QJsonDocument::fromJson(
            requestsTo(QStringLiteral("^/api/sandbox$")).first().toObject().value(QLatin1String("body")).toString().toUtf8()).object();
        QCOMPARE(body.value(QLatin1String("buildInfo")).toObject().value(QLatin1String("dockerfileContent")).toString(),
                 QStringLiteral("FROM python:3.12-slim\n"));
        QVERIFY(!body.contains(QLatin1String("snapshot")));
        QCOMPARE(body.value(QLatin1String("autoStopInterval")).toInt(), 30);
        QCOMPARE(body.value(QLatin1String("env")).toObject().value(QLatin1String("FOO")).toString(), QStringLiteral("bar 'baz'"));
        QCOMPARE(body.value(QLatin1String("labels")).toObject().value(QLatin1String("valis-session")).toString(),
                 QStringLiteral("s-create"));

        // The environment reaches commands; a snapshot name is sent as one.
        const Result<RemoteRunResult> env = machine->run(QStringLiteral("printf %s \"$FOO\""), 30s);
        VALIS_VERIFY_OK(env);
        QCOMPARE(env->output, QByteArray("bar 'baz'"));
        RemoteMachineSpec fromSnapshot = spec(QStringLiteral("s-snap"));
        fromSnapshot.image = QStringLiteral("valis-snapshot");
        const auto second = acquire(fromSnapshot);
        QVERIFY(second);
        QCOMPARE(second->info().image, QStringLiteral("valis-snapshot"));
    }

    void reuseAttachesAndStartsAStoppedMachine()
    {
        const auto first = acquire(spec(QStringLiteral("s-reuse")));
        QVERIFY(first);
        const QString id = first->info().machineId;
        QVERIFY(first->workspace()->write(QStringLiteral("kept.txt"), "still here").ok());
        m_standin.call("POST", QStringLiteral("/api/sandbox/%1/stop").arg(id));
        const Result<RemoteMachineInfo> stopped = first->refresh();
        VALIS_VERIFY_OK(stopped);
        QCOMPARE(stopped->state, QStringLiteral("stopped"));
        QVERIFY(!stopped->running);
        QCOMPARE(first->checkAvailable().error().code, QStringLiteral("sandbox.remote-gone"));

        RemoteMachineSpec again = spec(QStringLiteral("s-other"));
        again.reuseId = id;
        const auto second = acquire(again);
        QVERIFY(second);
        QCOMPARE(second->info().machineId, id);
        QVERIFY(second->info().running);
        QCOMPARE(second->info().workspacePath, first->info().workspacePath);
        QCOMPARE(second->workspace()->read(QStringLiteral("kept.txt")).valueOr({}), QByteArray("still here"));
        QCOMPARE(requestsTo(QStringLiteral("^/api/sandbox$")).size(), 1); // reuse creates nothing

        again.reuseId = QStringLiteral("no-such-sandbox");
        const auto missing = m_sandbox->acquire(again);
        QVERIFY(missing.hasError());
        QCOMPARE(missing.error().code, QStringLiteral("sandbox.remote-not-found"));
        QVERIFY2(missing.error().message.contains(QLatin1String("no-such-sandbox")), qPrintable(missing.error().message));
    }

    void listFindsValisMachinesOverPagesAndDestroyDeletes()
    {
        QStringList created;
        for (const QString &session : {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}) {
            const auto machine = acquire(spec(session));
            QVERIFY(machine);
            created.append(machine->info().machineId);
        }
        // Someone else's sandbox on the same account is neither listed nor touched.
        const QJsonObject foreign = m_standin.call("POST", QStringLiteral("/api/sandbox"),
                                                   QJsonObject{{QStringLiteral("labels"), QJsonObject{{QStringLiteral("app"), QStringLiteral("x")}}}});
        const Result<QList<RemoteMachineInfo>> listed = m_sandbox->list();
        VALIS_VERIFY_OK(listed);
        QStringList ids;
        for (const RemoteMachineInfo &machine : *listed) {
            ids.append(machine.machineId);
            QVERIFY(!machine.sessionId().isEmpty());
        }
        ids.sort();
        created.sort();
        QCOMPARE(ids, created);
        const QJsonArray pages = requestsTo(QStringLiteral("^/api/sandbox$"));
        int listPages = 0;
        for (const QJsonValue &page : pages)
            listPages += page.toObject().value(QLatin1String("method")).toString() == QLatin1String("GET") ? 1 : 0;
        QCOMPARE(listPages, 2); // three machines, two to a page

        for (const QString &id : created)
            VALIS_VERIFY_OK(m_sandbox->destroy(id));
        VALIS_VERIFY_OK(m_sandbox->destroy(created.first())); // already gone: still a success
        QCOMPARE(m_sandbox->list().valueOr({}).size(), 0);
        QCOMPARE(m_standin.sandboxes().size(), 1);
        m_standin.call("DELETE", QStringLiteral("/api/sandbox/") + foreign.value(QLatin1String("id")).toString());
    }

    // --- commands ------------------------------------------------------------------------------

    void commandsStreamOutputAndReportExitStatus()
    {
        const auto machine = acquire(spec());
        QVERIFY(machine);
        const QString remote = machine->info().workspacePath;
        QVERIFY(machine->workspace()->write(QStringLiteral("sub/file.txt"), "x").ok());

        SandboxCommand command = shell(QStringLiteral("echo out; echo err >&2; pwd; printf '%s|' \"$GREETING\" \"$@\"; exit 3"));
        command.arguments << QStringLiteral("zero") << LocalWorkspace + QStringLiteral("/sub/file.txt") << QStringLiteral("it's");
        command.workingDirectory = LocalWorkspace + QStringLiteral("/sub");
        command.environment = {{QStringLiteral("GREETING"), QStringLiteral("hello $USER \"you\"")}};
        const Outcome outcome = runCommand(machine.get(), command);
        QVERIFY2(!outcome.error, outcome.error ? qPrintable(outcome.error->toString()) : "");
        QCOMPARE(outcome.exitCode, std::optional<int>(3));
        QCOMPARE(outcome.out, QByteArray("out\n" + remote.toUtf8() + "/sub\nhello $USER \"you\"|" + remote.toUtf8()
                                         + "/sub/file.txt|it's|"));
        QCOMPARE(outcome.err, QByteArray("err\n"));

        // Output arrives while the command runs, not only at its end.
        const Outcome streamed = runCommand(machine.get(), shell(QStringLiteral("echo first; sleep 2; echo second")));
        QCOMPARE(streamed.exitCode, std::optional<int>(0));
        QCOMPARE(streamed.out, QByteArray("first\nsecond\n"));
        QVERIFY(streamed.outChunks.size() >= 2);
        QCOMPARE(streamed.outChunks.first(), QByteArray("first\n"));
        QVERIFY(eventually([&] { return processesOn(machine->info().machineId) == 0; }));
    }

    void eachCommandRunsInAFreshSessionMadeAhead()
    {
        const auto machine = acquire(spec());
        QVERIFY(machine);
        const auto execs = [&] { return requestsTo(QStringLiteral("/process/session/[^/]+/exec$")); };
        const qsizetype before = execs().size();
        for (int i = 0; i < 3; ++i) {
            // `cd` and `exit` in one command must not reach the next.
            const Outcome outcome = runCommand(machine.get(), shell(QStringLiteral("pwd; cd /; exit %1").arg(i)));
            QCOMPARE(outcome.exitCode, std::optional<int>(i));
            QCOMPARE(outcome.out, machine->info().workspacePath.toUtf8() + '\n');
        }
        QSet<QString> sessions;
        const QJsonArray sent = execs();
        for (qsizetype i = before; i < sent.size(); ++i)
            sessions.insert(sent.at(i).toObject().value(QLatin1String("path")).toString());
        QCOMPARE(sessions.size(), 3);

        // The spare made before a restart is gone with it: the command gets a new session.
        const QString id = machine->info().machineId;
        m_standin.call("POST", QStringLiteral("/api/sandbox/%1/stop").arg(id));
        m_standin.call("POST", QStringLiteral("/api/sandbox/%1/start").arg(id));
        QVERIFY(eventually([&] { return machine->refresh().ok() && machine->info().running; }));
        const Outcome restarted = runCommand(machine.get(), shell(QStringLiteral("echo again")));
        QVERIFY2(!restarted.error, restarted.error ? qPrintable(restarted.error->toString()) : "");
        QCOMPARE(restarted.exitCode, std::optional<int>(0));
        QCOMPARE(restarted.out, QByteArray("again\n"));
    }

    void timeoutAndKillEndTheCommandOnTheMachine()
    {
        const auto machine = acquire(spec());
        QVERIFY(machine);
        const Outcome timedOut = runCommand(machine.get(), shell(QStringLiteral("echo started; sleep 60"), 1500ms));
        QVERIFY(timedOut.error);
        QCOMPARE(timedOut.error->code, QStringLiteral("sandbox.timeout"));
        QVERIFY(!timedOut.exitCode);
        QVERIFY(eventually([&] { return processesOn(machine->info().machineId) == 0; }));

        const Outcome killed = runCommand(machine.get(), shell(QStringLiteral("echo started; sleep 60")),
                                          [](SandboxProcess *process) { process->kill(); });
        QVERIFY(killed.error);
        QCOMPARE(killed.error->code, QStringLiteral("sandbox.killed"));
        QCOMPARE(killed.out, QByteArray("started\n"));
        QVERIFY(eventually([&] { return processesOn(machine->info().machineId) == 0; }));
        QCOMPARE(requestsTo(QStringLiteral("/process/session/valis-[^/]+$")).size() >= 2, true);
    }

    void runQuotesAnyScriptAndSeparatesStreams()
    {
        const auto machine = acquire(spec());
        QVERIFY(machine);
        const QString script = QStringLiteral("x='single \"double\" $dollar `tick`'\nprintf '%s\\n' \"$x\"\n"
                                              "echo oops >&2\npwd\nexit 7");
        const Result<RemoteRunResult> run = machine->run(script, 30s);
        VALIS_VERIFY_OK(run);
        QCOMPARE(run->exitCode, 7);
        QCOMPARE(run->output, QByteArray("single \"double\" $dollar `tick`\n" + machine->info().workspacePath.toUtf8() + "\n"));
        QCOMPARE(run->errorOutput, QByteArray("oops\n"));

        const Result<RemoteRunResult> slow = machine->run(QStringLiteral("sleep 30"), 1s);
        QVERIFY(slow.hasError());
        QCOMPARE(slow.error().code, QStringLiteral("sandbox.timeout"));
    }

    void runPassesScriptsWithoutSingleQuotesVerbatim()
    {
        // Such a script goes as one double-quoted word: every character the outer shell would
        // expand there must reach the script as written.
        const auto machine = acquire(spec());
        QVERIFY(machine);
        const QString script = QStringLiteral("x=\"a \\\"b\\\" \\$HOME \\`c\\` d\\\\e\"\nprintf \"%s|%s\\n\" \"$x\" $((6 * 7))\n"
                                              "echo err >&2\ncd / && exit 5");
        const Result<RemoteRunResult> run = machine->run(script, 30s);
        VALIS_VERIFY_OK(run);
        QCOMPARE(run->exitCode, 5);
        QCOMPARE(run->output, QByteArray("a \"b\" $HOME `c` d\\e|42\n"));
        QCOMPARE(run->errorOutput, QByteArray("err\n"));

        // A syntax error stays in the script's own shell: its message is the error output.
        const Result<RemoteRunResult> broken = machine->run(QStringLiteral("if then fi"), 30s);
        VALIS_VERIFY_OK(broken);
        QCOMPARE(broken->exitCode, 2);
        QCOMPARE(broken->output, QByteArray());
        QVERIFY2(broken->errorOutput.contains("yntax error"), broken->errorOutput.constData());
    }

    // --- files ---------------------------------------------------------------------------------

    void workspaceFilesGoThroughTheFileApi()
    {
        const auto machine = acquire(spec());
        QVERIFY(machine);
        const std::shared_ptr<FilesystemBackend> files = machine->workspace();
        QVERIFY(files);
        QVERIFY(files->description().contains(machine->info().machineId));
        QByteArray binary("\x00\x01\xff text\r\n", 10);
        VALIS_VERIFY_OK(files->write(QStringLiteral("dir/a b&c+.bin"), binary));
        VALIS_VERIFY_OK(files->write(QStringLiteral("dir/z.txt"), "zed"));
        VALIS_VERIFY_OK(files->write(QStringLiteral("dir/z.txt"), "zed two")); // replaced
        QCOMPARE(files->read(QStringLiteral("dir/a b&c+.bin")).valueOr({}), binary);
        QCOMPARE(files->read(QStringLiteral("dir/z.txt"), 4, 3).valueOr({}), QByteArray("two"));
        QFile onMachine(machine->info().workspacePath + QStringLiteral("/dir/z.txt"));
        QVERIFY(onMachine.open(QIODevice::ReadOnly));
        QCOMPARE(onMachine.readAll(), QByteArray("zed two"));

        const Result<FileEntry> entry = files->stat(QStringLiteral("dir/z.txt"));
        VALIS_VERIFY_OK(entry);
        QCOMPARE(entry->size, qint64(7));
        QCOMPARE(entry->type, FileEntry::Type::File);
        QVERIFY(entry->modified.isValid());
        QCOMPARE(files->stat(QStringLiteral("dir"))->type, FileEntry::Type::Directory);
        const Result<QList<FileEntry>> listing = files->list(QStringLiteral("dir"));
        VALIS_VERIFY_OK(listing);
        QCOMPARE(listing->size(), 2);
        QCOMPARE(listing->at(0).path, QStringLiteral("dir/a b&c+.bin"));
        QCOMPARE(listing->at(1).path, QStringLiteral("dir/z.txt"));
        QCOMPARE(files->list(QString())->size(), 1);

        QCOMPARE(files->read(QStringLiteral("nothing")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(files->stat(QStringLiteral("nothing")).error().code, QStringLiteral("fs.not-found"));
        QCOMPARE(files->read(QStringLiteral("dir")).error().code, QStringLiteral("fs.not-a-file"));
        QCOMPARE(files->write(QStringLiteral("dir"), "x").error().code, QStringLiteral("fs.not-a-file"));
        QCOMPARE(files->list(QStringLiteral("dir/z.txt")).error().code, QStringLiteral("fs.not-a-directory"));
        QCOMPARE(files->remove(QStringLiteral("dir")).error().code, QStringLiteral("fs.io")); // not empty
        VALIS_VERIFY_OK(files->remove(QStringLiteral("dir/z.txt")));
        QCOMPARE(files->stat(QStringLiteral("dir/z.txt")).error().code, QStringLiteral("fs.not-found"));

        // Symbolic links that lead out of the workspace are refused; one inside is followed.
        VALIS_VERIFY_OK(machine->run(QStringLiteral("ln -s /etc out && ln -s dir inside"), 30s));
        QCOMPARE(files->list(QStringLiteral("out")).error().code, QStringLiteral("fs.outside"));
        QCOMPARE(files->read(QStringLiteral("out/hostname")).error().code, QStringLiteral("fs.outside"));
        QCOMPARE(files->write(QStringLiteral("out/x"), "x").error().code, QStringLiteral("fs.outside"));
        QCOMPARE(files->read(QStringLiteral("inside/a b&c+.bin")).valueOr({}), binary);
        VALIS_VERIFY_OK(files->remove(QStringLiteral("out"))); // the link, not /etc
        QVERIFY(QFileInfo::exists(QStringLiteral("/etc")));
    }

    // --- faults --------------------------------------------------------------------------------

    void refusedCreationIsReportedAndLeavesNothing_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<QString>("image");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("words");
        QTest::newRow("quota") << "quota" << "" << "sandbox.remote-quota" << "Total CPU limit exceeded";
        QTest::newRow("bad snapshot") << "bad-snapshot" << "gone-snapshot" << "sandbox.remote-image" << "gone-snapshot";
        QTest::newRow("build failed") << "build-failed" << "no-such/image:1" << "sandbox.remote-image" << "no-such/image:1";
        QTest::newRow("error state") << "error-state" << "" << "sandbox.remote-http" << "runner unavailable";
        QTest::newRow("never ready") << "never-start" << "" << "sandbox.remote-timeout" << "readyTimeoutSeconds";
    }

    void refusedCreationIsReportedAndLeavesNothing()
    {
        QFETCH(QString, action);
        QFETCH(QString, image);
        QFETCH(QString, code);
        QFETCH(QString, words);
        QVERIFY(m_standin.setFaults({QJsonObject{{QStringLiteral("method"), QStringLiteral("POST")},
                                                 {QStringLiteral("path"), QStringLiteral("^/api/sandbox$")},
                                                 {QStringLiteral("action"), action}}}));
        RemoteMachineSpec request = spec();
        request.image = image;
        request.readyTimeout = 1s;
        const auto machine = m_sandbox->acquire(request);
        QVERIFY(machine.hasError());
        QCOMPARE(machine.error().code, code);
        QVERIFY2(machine.error().message.contains(QLatin1String("Daytona")), qPrintable(machine.error().message));
        QVERIFY2(machine.error().message.contains(words), qPrintable(machine.error().message));
        QCOMPARE(m_standin.sandboxes().size(), 0); // a half-created sandbox is deleted
    }

    void missingOrWrongKeyIsAnAuthError()
    {
        m_sandbox->setCredentials({});
        const auto none = m_sandbox->acquire(spec());
        QVERIFY(none.hasError());
        QCOMPARE(none.error().code, QStringLiteral("sandbox.remote-auth"));
        QVERIFY(none.error().message.contains(QLatin1String("DAYTONA_API_KEY")));
        QCOMPARE(m_sandbox->checkAvailable().error().code, QStringLiteral("sandbox.remote-auth"));

        m_sandbox->setCredentials({{QStringLiteral("daytona"), QStringLiteral("wrong")}});
        const auto wrong = m_sandbox->list();
        QVERIFY(wrong.hasError());
        QCOMPARE(wrong.error().code, QStringLiteral("sandbox.remote-auth"));
        QVERIFY(wrong.error().message.contains(QLatin1String("\"daytona\"")));
        m_sandbox->setCredentials({{QStringLiteral("daytona"), ApiKey}});
    }

    void rateLimitsAreWaitedOutThenReported()
    {
        QVERIFY(m_standin.setFaults({QJsonObject{{QStringLiteral("method"), QStringLiteral("GET")},
                                                 {QStringLiteral("path"), QStringLiteral("^/api/sandbox$")},
                                                 {QStringLiteral("action"), QStringLiteral("429")},
                                                 {QStringLiteral("retryAfter"), 1}}}));
        VALIS_VERIFY_OK(m_sandbox->list());
        QCOMPARE(requestsTo(QStringLiteral("^/api/sandbox$")).size(), 2); // the 429, then the retry

        QVERIFY(m_standin.setFaults({QJsonObject{{QStringLiteral("method"), QStringLiteral("POST")},
                                                 {QStringLiteral("path"), QStringLiteral("^/api/sandbox$")},
                                                 {QStringLiteral("action"), QStringLiteral("429")},
                                                 {QStringLiteral("retryAfter"), 0},
                                                 {QStringLiteral("times"), 100}}}));
        const auto limited = m_sandbox->acquire(spec());
        QVERIFY(limited.hasError());
        QCOMPARE(limited.error().code, QStringLiteral("sandbox.remote-quota"));
        QVERIFY2(limited.error().message.contains(QLatin1String("rate limit")), qPrintable(limited.error().message));
        QCOMPARE(m_standin.sandboxes().size(), 0);
    }

    void machineStoppingMidCommandIsReported()
    {
        const auto machine = acquire(spec());
        QVERIFY(machine);
        QVERIFY(m_standin.setFaults({QJsonObject{{QStringLiteral("method"), QStringLiteral("POST")},
                                                 {QStringLiteral("path"), QStringLiteral("/process/session/[^/]+/exec$")},
                                                 {QStringLiteral("action"), QStringLiteral("stop-sandbox")},
                                                 {QStringLiteral("afterMs"), 300}}}));
        const Outcome outcome = runCommand(machine.get(), shell(QStringLiteral("echo working; sleep 60")));
        QVERIFY(outcome.error);
        QCOMPARE(outcome.error->code, QStringLiteral("sandbox.remote-gone"));
        QVERIFY2(outcome.error->message.contains(QLatin1String("Daytona")), qPrintable(outcome.error->message));
        QCOMPARE(machine->refresh()->state, QStringLiteral("stopped"));
        const Result<RemoteRunResult> after = machine->run(QStringLiteral("true"), 10s);
        QVERIFY(after.hasError());
        QCOMPARE(after.error().code, QStringLiteral("sandbox.remote-gone"));

        // A blocking run() loses its connection when the machine stops under it.
        m_standin.call("POST", QStringLiteral("/api/sandbox/%1/start").arg(machine->info().machineId));
        QVERIFY(eventually([&] { return machine->refresh().ok() && machine->info().running; }));
        QVERIFY(m_standin.setFaults({QJsonObject{{QStringLiteral("method"), QStringLiteral("POST")},
                                                 {QStringLiteral("path"), QStringLiteral("/process/execute$")},
                                                 {QStringLiteral("action"), QStringLiteral("stop-sandbox")},
                                                 {QStringLiteral("afterMs"), 300}}}));
        const Result<RemoteRunResult> stopped = machine->run(QStringLiteral("sleep 60"), 120s);
        QVERIFY(stopped.hasError());
        QCOMPARE(stopped.error().code, QStringLiteral("sandbox.remote-gone"));
        QVERIFY2(stopped.error().message.contains(QLatin1String("stopped")), qPrintable(stopped.error().message));
    }

    void droppedConnectionsAreRetriedOrReported()
    {
        const auto machine = acquire(spec());
        QVERIFY(machine);
        const auto drop = [&](const QString &method, const QString &path, int times) {
            return m_standin.setFaults({QJsonObject{{QStringLiteral("method"), method},
                                                    {QStringLiteral("path"), path},
                                                    {QStringLiteral("action"), QStringLiteral("drop")},
                                                    {QStringLiteral("times"), times}}});
        };
        // A log poll that loses its connection once is asked again: nothing is lost.
        QVERIFY(drop(QStringLiteral("GET"), QStringLiteral("/logs$"), 1));
        const Outcome once = runCommand(machine.get(), shell(QStringLiteral("echo one; echo two")));
        QCOMPARE(once.exitCode, std::optional<int>(0));
        QCOMPARE(once.out, QByteArray("one\ntwo\n"));
        // One that keeps losing it ends the command with an error instead of hanging.
        QVERIFY(drop(QStringLiteral("GET"), QStringLiteral("/command/[^/]+$"), 100));
        const Outcome lost = runCommand(machine.get(), shell(QStringLiteral("sleep 60")));
        QVERIFY(lost.error);
        QCOMPARE(lost.error->code, QStringLiteral("sandbox.remote-http"));
        // A dropped exec is not sent again by the plugin (the command may have started):
        // reported. (Qt itself resends once on a kept-alive connection closed before any answer.)
        QVERIFY(drop(QStringLiteral("POST"), QStringLiteral("/exec$"), 3));
        const Outcome dropped = runCommand(machine.get(), shell(QStringLiteral("true")));
        QVERIFY(dropped.error);
        QCOMPARE(dropped.error->code, QStringLiteral("sandbox.remote-http"));
        QVERIFY(drop(QStringLiteral("POST"), QStringLiteral("/process/execute$"), 3));
        const Result<RemoteRunResult> run = machine->run(QStringLiteral("true"), 10s);
        QVERIFY(run.hasError());
        QCOMPARE(run.error().code, QStringLiteral("sandbox.remote-http"));
        QVERIFY(m_standin.setFaults({}));
        QVERIFY(eventually([&] { return processesOn(machine->info().machineId) == 0; }));
    }
};

VALIS_TEST_MAIN(TestDaytonaSandbox)

#include "tst_daytonasandbox.moc"
