// The local sandboxes against real bubblewrap and real processes: commands that try to escape
// (write or read outside the workspace, reach the network, outlive a kill, fork without end,
// flood the output) are refused or contained, and each outcome is reported.
#include "localsandboxes.h"
#include "localsandboxprocess.h"
#include "processtree.h"
#include "sandboxrun.h"
#include "testsupport.h"

#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/sandboxplugin.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest/QTest>

#include <chrono>

using namespace valis;
using namespace valis::sandboxes;
using namespace valis::test;
using namespace std::chrono_literals;

namespace {

/// "local-bwrap", "plain" (the process limit this machine has) or "plain-session" (no process
/// limit: only the command's session is there to find its processes).
std::unique_ptr<LocalSandbox> makeSandbox(const QString &row)
{
    LocalSandboxOptions options;
    if (row == QLatin1String("plain-session")) {
        options.processLimit = ProcessLimitMechanism::None;
        return createLocalSandbox(LocalSandboxId::Plain, options);
    }
    return createLocalSandbox(row, options);
}

bool usesCgroup(const LocalSandbox &sandbox)
{
    return sandbox.processLimitMechanism() == ProcessLimitMechanism::CgroupV1
           || sandbox.processLimitMechanism() == ProcessLimitMechanism::CgroupV2;
}

QString uniqueName(const QString &prefix)
{
    return prefix + QString::number(QRandomGenerator::global()->generate64(), 16);
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

/// Skips the test when `sandbox` cannot run here, with the sandbox's own reason.
#define REQUIRE_AVAILABLE(sandbox)                                                                \
    do {                                                                                          \
        const auto available_ = (sandbox).checkAvailable();                                       \
        if (available_.hasError())                                                                \
            QSKIP(qPrintable(available_.error().message));                                         \
    } while (false)

/// Waits for the run to end (at most `ms`), then checks it ended exactly once.
#define WAIT_FOR_END(run, ms)                                                                     \
    do {                                                                                          \
        QTRY_VERIFY2_WITH_TIMEOUT((run).done(), qPrintable((run).describe()), ms);                \
        QTest::qWait(20);                                                                         \
        QCOMPARE((run).endings, 1);                                                               \
    } while (false)

class TestLocalSandbox : public QObject
{
    Q_OBJECT

private:
    void addSandboxRows(const QStringList &rows = {QStringLiteral("local-bwrap"), QStringLiteral("plain"),
                                                   QStringLiteral("plain-session")})
    {
        QTest::addColumn<QString>("sandbox");
        for (const QString &row : rows)
            QTest::newRow(qPrintable(row)) << row;
    }

    std::unique_ptr<SandboxRun> run(Sandbox &sandbox, const SandboxCommand &command, bool keepOutput = true)
    {
        return startRun(sandbox, command, &m_owner, keepOutput);
    }

    QObject m_owner;
    QTemporaryDir m_workspace;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_workspace.isValid());
        qputenv("VALIS_SANDBOX_CANARY", "canary-from-the-host");
    }

    void cleanup()
    {
        // Every process a test started is gone; their objects go with the owner's children.
        qDeleteAll(m_owner.children());
    }

    // --- what each sandbox says about itself -----------------------------------------------

    void sandboxesDescribeThemselvesTruthfully()
    {
        const auto sandboxes = createLocalSandboxes();
        QCOMPARE(sandboxes.size(), size_t(2));
        const LocalSandbox &bwrap = *sandboxes.at(0);
        const LocalSandbox &plain = *sandboxes.at(1);
        QCOMPARE(bwrap.id(), QStringLiteral("local-bwrap"));
        QCOMPARE(plain.id(), QStringLiteral("plain"));
        QCOMPARE(bwrap.displayName(), QStringLiteral("bubblewrap"));
        QVERIFY2(plain.displayName().contains(QLatin1String("no isolation")), qPrintable(plain.displayName()));

        QVERIFY(bwrap.capabilities().testFlag(Sandbox::Capability::IsolatesFilesystem));
        QVERIFY(bwrap.capabilities().testFlag(Sandbox::Capability::IsolatesNetwork));
        QVERIFY(bwrap.capabilities().testFlag(Sandbox::Capability::EnforcesTimeout));
        QVERIFY(!plain.capabilities().testFlag(Sandbox::Capability::IsolatesFilesystem));
        QVERIFY(!plain.capabilities().testFlag(Sandbox::Capability::IsolatesNetwork));
        QVERIFY(plain.capabilities().testFlag(Sandbox::Capability::EnforcesTimeout));
        VALIS_VERIFY_OK(plain.checkAvailable());

        // LimitsResources exactly when something bounds the number of processes.
        for (const LocalSandbox *sandbox : {&bwrap, &plain}) {
            const bool limited = sandbox->processLimitMechanism() != ProcessLimitMechanism::None;
            QCOMPARE(sandbox->capabilities().testFlag(Sandbox::Capability::LimitsResources), limited);
        }
        LocalSandboxOptions unlimited;
        unlimited.processLimit = ProcessLimitMechanism::None;
        QVERIFY(!createLocalSandbox(LocalSandboxId::Bwrap, unlimited)->capabilities().testFlag(Sandbox::Capability::LimitsResources));
        QVERIFY(createLocalSandbox(QStringLiteral("sandbox-exec")) == nullptr); // macOS only
        QVERIFY(createLocalSandbox(QStringLiteral("no-such-sandbox")) == nullptr);
        qInfo("process limit here: %s", qPrintable(processLimitMechanismName(plain.processLimitMechanism())));
    }

    void missingBubblewrapIsExplained()
    {
        QTemporaryDir nowhere;
        LocalSandboxOptions options;
        options.searchPaths = {nowhere.path()};
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap, options);
        const auto available = bwrap->checkAvailable();
        QVERIFY(available.hasError());
        QCOMPARE(available.error().code, QStringLiteral("sandbox.unavailable"));
        QVERIFY2(available.error().message.contains(QLatin1String("install the bubblewrap package")),
                 qPrintable(available.error().message));

        // Starting a command anyway fails through the process, with the same reason.
        const QString marker = m_workspace.filePath(QStringLiteral("ran-without-bwrap"));
        auto result = run(*bwrap, shellCommand(m_workspace.path(), QStringLiteral("touch \"$1\""), {marker}));
        WAIT_FOR_END(*result, 10000);
        QCOMPARE(result->errorCode(), QStringLiteral("sandbox.start-failed"));
        QVERIFY(result->error->message.contains(QLatin1String("install the bubblewrap package")));
        QVERIFY(!QFileInfo::exists(marker));
    }

    void bubblewrapThatCannotCreateNamespacesIsExplained()
    {
        // A bwrap that fails the way it does where user namespaces are off.
        QTemporaryDir folder;
        const QString fake = folder.filePath(QStringLiteral("bwrap"));
        QVERIFY(writeFile(fake, "#!/bin/sh\necho 'bwrap: No permissions to creating new namespace, likely because "
                                "the kernel does not allow non-privileged user namespaces.' >&2\nexit 1\n"));
        QVERIFY(QFile::setPermissions(fake, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        LocalSandboxOptions options;
        options.searchPaths = {folder.path()};
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap, options);
        const auto available = bwrap->checkAvailable();
        QVERIFY(available.hasError());
        QCOMPARE(available.error().code, QStringLiteral("sandbox.unavailable"));
        QVERIFY2(available.error().message.contains(QLatin1String("No permissions to creating new namespace")),
                 qPrintable(available.error().message));
        QVERIFY2(available.error().message.contains(QLatin1String("user namespaces")), qPrintable(available.error().message));
    }

    void realBubblewrapIsAvailable()
    {
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap);
        if (QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty())
            QSKIP("bwrap is not installed (apt install bubblewrap)");
        VALIS_VERIFY_OK(bwrap->checkAvailable());
    }

    // --- running commands --------------------------------------------------------------------

    void runsInTheWorkspaceAtItsOwnPath_data() { addSandboxRows(); }
    void runsInTheWorkspaceAtItsOwnPath()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        QVERIFY(QDir(m_workspace.path()).mkpath(QStringLiteral("sub/dir")));
        auto result = run(*box, shellCommand(m_workspace.path(), QStringLiteral("pwd; echo made > made.txt; exit 7")));
        WAIT_FOR_END(*result, 30000);
        QVERIFY2(result->exitCode == 7, qPrintable(result->describe()));
        QCOMPARE(result->out, m_workspace.path().toUtf8() + '\n');
        QCOMPARE(readAll(m_workspace.filePath(QStringLiteral("made.txt"))), QByteArray("made\n"));

        SandboxCommand inSub = shellCommand(m_workspace.path(), QStringLiteral("pwd"));
        inSub.workingDirectory = m_workspace.filePath(QStringLiteral("sub/dir"));
        auto sub = run(*box, inSub);
        WAIT_FOR_END(*sub, 30000);
        QVERIFY2(sub->exitCode == 0, qPrintable(sub->describe()));
        QCOMPARE(sub->out, inSub.workingDirectory.toUtf8() + '\n');
    }

    void environmentIsCleanInBubblewrap()
    {
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap);
        REQUIRE_AVAILABLE(*bwrap);
        SandboxCommand command = shellCommand(
            m_workspace.path(), QStringLiteral("echo \"$HOME|$PATH|$TERM|$LANG|${VALIS_SANDBOX_CANARY:-unset}|$EXTRA\""));
        command.environment.insert(QStringLiteral("EXTRA"), QStringLiteral("given"));
        auto result = run(*bwrap, command);
        WAIT_FOR_END(*result, 30000);
        QVERIFY2(result->exitCode == 0, qPrintable(result->describe()));
        QCOMPARE(result->out, QByteArray("/tmp/home|/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin|dumb|C.UTF-8|unset|given\n"));

        // The plain sandbox isolates nothing: it passes the host's environment on.
        auto plain = createLocalSandbox(LocalSandboxId::Plain);
        auto hostRun = run(*plain, command);
        WAIT_FOR_END(*hostRun, 30000);
        QVERIFY2(hostRun->out.contains("|canary-from-the-host|given"), qPrintable(hostRun->describe()));
    }

    void exitStatusAndSignals_data() { addSandboxRows(); }
    void exitStatusAndSignals()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        auto failing = run(*box, shellCommand(m_workspace.path(), QStringLiteral("echo oops >&2; exit 3")));
        WAIT_FOR_END(*failing, 30000);
        QVERIFY2(failing->exitCode == 3, qPrintable(failing->describe()));
        QCOMPARE(failing->err, QByteArray("oops\n"));
        // A command killed by a signal it did not get from us: 128 + the signal, as shells say.
        auto killed = run(*box, shellCommand(m_workspace.path(), QStringLiteral("kill -TERM $$")));
        WAIT_FOR_END(*killed, 30000);
        QVERIFY2(killed->exitCode == 128 + 15, qPrintable(killed->describe()));
    }

    void refusedCommandsFailAfterStartReturns_data()
    {
        QTest::addColumn<QString>("sandbox");
        QTest::addColumn<QString>("workspace");
        QTest::addColumn<QString>("workingDirectory");
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("reason");
        const QString ws = m_workspace.path();
        for (const QString &box : {QStringLiteral("local-bwrap"), QStringLiteral("plain")}) {
            const auto row = [&box](const char *name) { return qPrintable(box + QLatin1Char(':') + QLatin1String(name)); };
            QTest::newRow(row("no workspace")) << box << QString() << QString() << QStringLiteral("true") << QStringLiteral("no workspace");
            QTest::newRow(row("relative workspace")) << box << QStringLiteral("work") << QString() << QStringLiteral("true") << QStringLiteral("not an absolute path");
            QTest::newRow(row("missing workspace")) << box << ws + QStringLiteral("/missing") << QString() << QStringLiteral("true") << QStringLiteral("does not exist");
            QTest::newRow(row("root workspace")) << box << QStringLiteral("/") << QString() << QStringLiteral("true") << QStringLiteral("root folder");
            QTest::newRow(row("outside working directory")) << box << ws << QStringLiteral("/etc") << QStringLiteral("true") << QStringLiteral("outside the workspace");
            QTest::newRow(row("relative working directory")) << box << ws << QStringLiteral("sub") << QStringLiteral("true") << QStringLiteral("not an absolute path");
            QTest::newRow(row("missing program")) << box << ws << QString() << QStringLiteral("no-such-program-here") << QStringLiteral("no-such-program-here");
        }
    }
    void refusedCommandsFailAfterStartReturns()
    {
        QFETCH(QString, sandbox);
        QFETCH(QString, workspace);
        QFETCH(QString, workingDirectory);
        QFETCH(QString, program);
        QFETCH(QString, reason);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        SandboxCommand command;
        command.program = program;
        command.workspace = workspace;
        command.workingDirectory = workingDirectory;
        auto result = run(*box, command);
        QVERIFY(!result->done()); // never from inside start()
        WAIT_FOR_END(*result, 10000);
        QCOMPARE(result->errorCode(), QStringLiteral("sandbox.start-failed"));
        QVERIFY2(result->error->message.contains(reason), qPrintable(result->error->message));
    }

    void killBeforeItRunsReportsKilled_data() { addSandboxRows(); }
    void killBeforeItRunsReportsKilled()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        const QString marker = m_workspace.filePath(uniqueName(QStringLiteral("early-kill-")));
        auto result = run(*box, shellCommand(m_workspace.path(), QStringLiteral("touch \"$1\""), {marker}));
        result->process->kill();
        WAIT_FOR_END(*result, 10000);
        QCOMPARE(result->errorCode(), QStringLiteral("sandbox.killed"));
        QVERIFY(!QFileInfo::exists(marker));
        // kill() after the end changes nothing.
        auto finished = run(*box, shellCommand(m_workspace.path(), QStringLiteral("true")));
        WAIT_FOR_END(*finished, 30000);
        finished->process->kill();
        QTest::qWait(50);
        QCOMPARE(finished->endings, 1);
        QCOMPARE(finished->exitCode, std::optional<int>(0));
    }

    void commandNeverRunsOutsideItsProcessGroup()
    {
        // A "cgroup" folder that is not one: joining its group fails in the child, which must
        // then never run the command.
        QTemporaryDir notACgroup;
        const QString marker = m_workspace.filePath(uniqueName(QStringLiteral("unbounded-")));
        LaunchPlan plan;
        plan.program = QStringLiteral("/bin/sh");
        plan.arguments = {QStringLiteral("-c"), QStringLiteral("touch \"$1\""), QStringLiteral("sh"), marker};
        plan.environment = QProcessEnvironment::systemEnvironment();
        plan.workingDirectory = m_workspace.path();
        plan.limits.maxProcesses = 10;
        plan.processLimit = {ProcessLimitMechanism::CgroupV1, notACgroup.path()};
        auto *process = new LocalSandboxProcess(std::move(plan), &m_owner);
        std::optional<Error> error;
        int endings = 0;
        connect(process, &SandboxProcess::finished, this, [&] { ++endings; });
        connect(process, &SandboxProcess::failed, this, [&](const Error &e) {
            error = e;
            ++endings;
        });
        QTRY_COMPARE_WITH_TIMEOUT(endings, 1, 10000);
        QVERIFY(error);
        QCOMPARE(error->code, QStringLiteral("sandbox.start-failed"));
        QVERIFY2(error->message.contains(QLatin1String("process-limit group")), qPrintable(error->message));
        QVERIFY(!QFileInfo::exists(marker));
    }

    // --- escapes -----------------------------------------------------------------------------

    void writesOutsideTheWorkspaceFail()
    {
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap);
        REQUIRE_AVAILABLE(*bwrap);
        QTemporaryDir outside;
        const QString home = QDir::homePath();
        QVERIFY(QFileInfo(home).isDir());
        if (isSameOrInsideHome(m_workspace.path()))
            QSKIP("the temporary folder is inside $HOME, which the workspace's mount then partly shows");
        const QString name = uniqueName(QStringLiteral("valis-escape-"));
        // A link in the workspace that points outside must not lead there either.
        QVERIFY(QFile::link(outside.path(), m_workspace.filePath(QStringLiteral("way-out"))));

        const QStringList targets{outside.filePath(name), QStringLiteral("/etc/") + name, home + QLatin1Char('/') + name,
                                  QStringLiteral("/usr/") + name, m_workspace.filePath(QStringLiteral("way-out/")) + name,
                                  QStringLiteral("/") + name};
        for (const QString &target : targets) {
            auto result = run(*bwrap, shellCommand(m_workspace.path(), QStringLiteral("echo escaped > \"$1\""), {target}));
            WAIT_FOR_END(*result, 30000);
            QVERIFY2(result->exitCode && *result->exitCode != 0, qPrintable(target + QLatin1String(": ") + result->describe()));
            QVERIFY2(result->err.contains("Read-only file system") || result->err.contains("No such file or directory")
                         || result->err.contains("Directory nonexistent"),
                     qPrintable(target + QLatin1String(": ") + result->describe()));
            QVERIFY2(!QFileInfo::exists(target), qPrintable(target));
        }
        QVERIFY(!QFileInfo::exists(outside.filePath(name)));

        // /tmp is the command's own: a write there works and never reaches the host's /tmp.
        const QString hostTmp = QStringLiteral("/tmp/") + name;
        auto tmp = run(*bwrap, shellCommand(m_workspace.path(), QStringLiteral("echo private > \"$1\" && cat \"$1\""), {hostTmp}));
        WAIT_FOR_END(*tmp, 30000);
        QVERIFY2(tmp->exitCode == 0 && tmp->out == "private\n", qPrintable(tmp->describe()));
        QVERIFY(!QFileInfo::exists(hostTmp));
    }

    void secretsOutsideTheWorkspaceCannotBeRead()
    {
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap);
        REQUIRE_AVAILABLE(*bwrap);
        QTemporaryDir outside;
        const QByteArray secret = "SECRET-" + QByteArray::number(QRandomGenerator::global()->generate64());
        QVERIFY(QDir(outside.path()).mkpath(QStringLiteral(".ssh")));
        const QString key = writeFileIn(outside.filePath(QStringLiteral(".ssh")), QStringLiteral("id_ed25519"), secret);
        QVERIFY(!key.isEmpty());
        QVERIFY(QFile::link(outside.path(), m_workspace.filePath(QStringLiteral("secret-link"))));

        if (isSameOrInsideHome(m_workspace.path()))
            QSKIP("the temporary folder is inside $HOME, which the workspace's mount then partly shows");
        const QStringList attempts{
            QStringLiteral("cat \"$1\""),
            QStringLiteral("cat \"$2/secret-link/.ssh/id_ed25519\""),
            QStringLiteral("ls -a \"$3\""),          // the real home is not there at all
            QStringLiteral("ls -a \"$3/.ssh\""),
            QStringLiteral("cat ~/.ssh/id_ed25519"), // $HOME is the sandbox's own
        };
        for (const QString &attempt : attempts) {
            auto result = run(*bwrap, shellCommand(m_workspace.path(), attempt, {key, m_workspace.path(), QDir::homePath()}));
            WAIT_FOR_END(*result, 30000);
            QVERIFY2(result->exitCode && *result->exitCode != 0, qPrintable(attempt + QLatin1String(": ") + result->describe()));
            QVERIFY2(result->err.contains("No such file or directory"), qPrintable(attempt + QLatin1String(": ") + result->describe()));
            QVERIFY(!result->out.contains(secret));
        }
        // The host can read it: the sandbox, not the file's mode, kept it out.
        QCOMPARE(readAll(key), secret);

        // Secrets only root can read on the host are hidden as well (the command may run as root).
        if (QFileInfo(QStringLiteral("/etc/shadow")).isReadable()) {
            auto shadow = run(*bwrap, shellCommand(m_workspace.path(), QStringLiteral("cat /etc/shadow")));
            WAIT_FOR_END(*shadow, 30000);
            QVERIFY2(shadow->out.isEmpty(), "/etc/shadow was readable inside the sandbox");
        }
    }

    void readOnlyPathsCanBeReadButNotWritten()
    {
        QTemporaryDir tools;
        QVERIFY(!writeFileIn(tools.path(), QStringLiteral("tool.txt"), "tool data").isEmpty());
        LocalSandboxOptions options;
        options.readOnlyPaths = {tools.path()};
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap, options);
        REQUIRE_AVAILABLE(*bwrap);
        auto result = run(*bwrap, shellCommand(m_workspace.path(), QStringLiteral("cat \"$1/tool.txt\"; echo x > \"$1/new.txt\""), {tools.path()}));
        WAIT_FOR_END(*result, 30000);
        QCOMPARE(result->out, QByteArray("tool data"));
        QVERIFY2(result->err.contains("Read-only file system"), qPrintable(result->describe()));
        QVERIFY(!QFileInfo::exists(tools.filePath(QStringLiteral("new.txt"))));
    }

    void networkIsRefusedUnlessAllowed()
    {
        auto bwrap = createLocalSandbox(LocalSandboxId::Bwrap);
        REQUIRE_AVAILABLE(*bwrap);
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QByteArray received;
        int connections = 0;
        connect(&server, &QTcpServer::newConnection, &server, [&] {
            while (QTcpSocket *socket = server.nextPendingConnection()) {
                ++connections;
                connect(socket, &QTcpSocket::readyRead, socket, [socket, &received] { received += socket->readAll(); });
            }
        });
        const QString port = QString::number(server.serverPort());

        // Denied: a network namespace of its own, where even the host's loopback is absent.
        auto denied = run(*bwrap, shellCommand(m_workspace.path(), scripts::sendHello(), {port}));
        WAIT_FOR_END(*denied, 30000);
        QVERIFY2(denied->exitCode && *denied->exitCode != 0, qPrintable(denied->describe()));
        QVERIFY2(denied->err.contains("Connection refused"), qPrintable(denied->describe()));
        QTest::qWait(100);
        QCOMPARE(connections, 0);

        SandboxCommand allowedCommand = shellCommand(m_workspace.path(), scripts::sendHello(), {port});
        allowedCommand.network = NetworkAccess::Allowed;
        auto allowed = run(*bwrap, allowedCommand);
        WAIT_FOR_END(*allowed, 30000);
        QVERIFY2(allowed->exitCode == 0, qPrintable(allowed->describe()));
        QTRY_COMPARE(received, QByteArray("hello\n"));
        QCOMPARE(connections, 1);
    }

    void nothingOutlivesKillOrTimeout_data()
    {
        QTest::addColumn<QString>("sandbox");
        QTest::addColumn<QString>("ending");
        for (const QString &box : {QStringLiteral("local-bwrap"), QStringLiteral("plain"), QStringLiteral("plain-session")}) {
            for (const QString &ending : {QStringLiteral("kill"), QStringLiteral("timeout"), QStringLiteral("exit")})
                QTest::newRow(qPrintable(box + QLatin1Char(':') + ending)) << box << ending;
        }
    }
    void nothingOutlivesKillOrTimeout()
    {
        QFETCH(QString, sandbox);
        QFETCH(QString, ending);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        if (sandbox == QLatin1String("plain") && !usesCgroup(*box))
            QSKIP("no pids cgroup here: the plain-session row covers this machine");
        // Without a pids group a process that leaves the session (setsid) cannot be found, so
        // that row leaves only processes that stay in the session.
        const bool escape = sandbox != QLatin1String("plain-session");

        QTemporaryDir folder;
        const QByteArray token = uniqueSleepToken();
        QString script = scripts::leaveBackgroundProcesses();
        if (ending == QLatin1String("exit"))
            script.replace(QStringLiteral("sleep \"$2\"\n"), QStringLiteral("exit 0\n"));
        SandboxCommand command = shellCommand(m_workspace.path(), script,
                                              {m_workspace.path(), QString::fromLatin1(token),
                                               escape ? QStringLiteral("escape") : QStringLiteral("stay")});
        if (ending == QLatin1String("timeout"))
            command.timeout = 1500ms;
        const QString started = m_workspace.filePath(QStringLiteral("started"));
        QFile::remove(started);
        QFile::remove(m_workspace.filePath(QStringLiteral("late-1")));
        QFile::remove(m_workspace.filePath(QStringLiteral("late-2")));

        auto result = run(*box, command);
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(started), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(processesWithArgument(token).size() >= (escape ? 3 : 2) || result->done(), 5000);
        if (ending == QLatin1String("kill"))
            result->process->kill();
        WAIT_FOR_END(*result, 20000);
        if (ending == QLatin1String("kill"))
            QCOMPARE(result->errorCode(), QStringLiteral("sandbox.killed"));
        else if (ending == QLatin1String("timeout"))
            QCOMPARE(result->errorCode(), QStringLiteral("sandbox.timeout"));
        else
            QVERIFY2(result->exitCode == 0, qPrintable(result->describe()));
        // Gone by the time the end is reported, not some time later.
        QVERIFY2(processesWithArgument(token).isEmpty(), qPrintable(result->describe()));
        // And what they would have done later never happens.
        QTest::qWait(2500);
        QVERIFY(!QFileInfo::exists(m_workspace.filePath(QStringLiteral("late-1"))));
        QVERIFY(!QFileInfo::exists(m_workspace.filePath(QStringLiteral("late-2"))));
    }

    void forkBombIsContained_data()
    {
        QTest::addColumn<QString>("sandbox");
        QTest::addColumn<QString>("script");
        for (const QString &box : {QStringLiteral("local-bwrap"), QStringLiteral("plain")}) {
            // The classic bomb, whose first shell exits at once, maybe before the bomb reaches
            // its bound, or later, when it surely has; and one whose every process, the first
            // one too, keeps forking for ever.
            QTest::newRow(qPrintable(box + QStringLiteral(":exits"))) << box << scripts::forkBomb();
            QTest::newRow(qPrintable(box + QStringLiteral(":exits-later"))) << box << scripts::forkBomb() + QStringLiteral("; sleep 1");
            QTest::newRow(qPrintable(box + QStringLiteral(":persists"))) << box << scripts::persistentForkBomb();
        }
    }
    void forkBombIsContained()
    {
        QFETCH(QString, sandbox);
        QFETCH(QString, script);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        // Never run a bomb that nothing bounds: pid_max is small and the machine is shared.
        if (!usesCgroup(*box)) {
            QSKIP(qPrintable(QStringLiteral("no pids cgroup bounds processes here (%1); a fork bomb would not be contained")
                                 .arg(processLimitMechanismName(box->processLimitMechanism()))));
        }

        // First prove the bound holds with a harmless, bounded command: 40 sleeps under a limit of 10.
        const QByteArray token = uniqueSleepToken();
        SandboxCommand probe = shellCommand(m_workspace.path(), scripts::manySleeps(), {QString::fromLatin1(token), QStringLiteral("40")});
        probe.limits.maxProcesses = 10;
        probe.timeout = 20s;
        auto bounded = run(*box, probe);
        WAIT_FOR_END(*bounded, 30000);
        QVERIFY2(!bounded->out.contains("all-started"), "the process limit is not in force: refusing to run the fork bomb");
        QVERIFY2(bounded->err.contains("fork"), qPrintable(bounded->describe()));
        QVERIFY(processesWithArgument(token).isEmpty());

        const int before = liveProcessCount();
        QVERIFY(before > 0);
        SandboxCommand bomb = shellCommand(m_workspace.path(), script);
        bomb.limits.maxProcesses = 64;
        bomb.timeout = 30s;
        int peak = before;
        QTimer sampler;
        connect(&sampler, &QTimer::timeout, &sampler, [&peak] { peak = qMax(peak, liveProcessCount()); });
        sampler.start(20);
        auto result = run(*box, bomb, false);
        WAIT_FOR_END(*result, 40000);
        sampler.stop();
        if (script == scripts::forkBomb() && result->exitCode) {
            // Its first shell ended before the bomb hit the bound: an ordinary end, and the
            // bomb was stopped with it (checked below).
            QCOMPARE(*result->exitCode, 0);
        } else {
            // Stopped, or ended, and said so; not left to the timeout.
            QCOMPARE(result->errorCode(), QStringLiteral("sandbox.limit"));
            QVERIFY2(result->error->message.contains(QLatin1String("64")), qPrintable(result->error->message));
        }
        // Others share this machine, so allow some slack around the 64 (+2 for bwrap itself).
        QVERIFY2(peak <= before + 64 + 2 + 40, qPrintable(QStringLiteral("peak %1, before %2").arg(peak).arg(before)));
        QTRY_VERIFY2_WITH_TIMEOUT(liveProcessCount() <= before + 20,
                                  qPrintable(QStringLiteral("%1 processes, %2 before").arg(liveProcessCount()).arg(before)), 10000);
    }

    void fileSizeAndMemoryLimits_data() { addSandboxRows({QStringLiteral("local-bwrap"), QStringLiteral("plain")}); }
    void fileSizeAndMemoryLimits()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        const QString big = m_workspace.filePath(QStringLiteral("big.bin"));
        SandboxCommand write = shellCommand(m_workspace.path(), QStringLiteral("head -c 3000000 /dev/zero > \"$1\""), {big});
        write.limits.maxFileBytes = 1000000;
        auto written = run(*box, write);
        WAIT_FOR_END(*written, 30000);
        QVERIFY2(written->exitCode && *written->exitCode != 0, qPrintable(written->describe()));
        QVERIFY2(written->err.contains("File too large"), qPrintable(written->describe()));
        QVERIFY(QFileInfo(big).size() <= 1000000);

        SandboxCommand allocate = shellCommand(m_workspace.path(),
                                               QStringLiteral("exec perl -e '$x = q(a) x (400 * 1024 * 1024); print length($x)'"));
        allocate.limits.maxMemoryBytes = 128LL * 1024 * 1024;
        auto allocated = run(*box, allocate);
        WAIT_FOR_END(*allocated, 30000);
        QVERIFY2(allocated->exitCode && *allocated->exitCode != 0, qPrintable(allocated->describe()));
        QVERIFY2(allocated->err.contains("Out of memory"), qPrintable(allocated->describe()));
        // The same command without the bound works, so the bound is what stopped it.
        allocate.limits.maxMemoryBytes = 0;
        auto unbounded = run(*box, allocate);
        WAIT_FOR_END(*unbounded, 30000);
        QVERIFY2(unbounded->exitCode == 0 && unbounded->out == "419430400", qPrintable(unbounded->describe()));
    }

    void hundredMegabytesStreamThrough_data() { addSandboxRows({QStringLiteral("local-bwrap"), QStringLiteral("plain")}); }
    void hundredMegabytesStreamThrough()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        constexpr qint64 size = 100LL * 1024 * 1024;
        const QByteArray line = "0123456789abcdef\n";
        QCryptographicHash expected(QCryptographicHash::Sha256);
        QByteArray block;
        while (block.size() < 1024 * 1024 + line.size())
            block += line; // room for 1 MiB from any offset within a line
        qint64 left = size;
        for (qint64 offset = 0; left > 0;) {
            const qsizetype start = qsizetype(offset % line.size());
            const qsizetype take = qsizetype(qMin<qint64>(left, 1024 * 1024));
            expected.addData(QByteArrayView(block).sliced(start, take));
            offset += take;
            left -= take;
        }

        const qint64 peakBefore = peakResidentBytes();
        auto result = run(*box, shellCommand(m_workspace.path(), QStringLiteral("yes 0123456789abcdef | head -c 104857600")), false);
        WAIT_FOR_END(*result, 120000);
        QVERIFY2(result->exitCode == 0, qPrintable(result->describe()));
        QCOMPARE(result->outBytes, size);
        QCOMPARE(result->outHash.result(), expected.result());
        // Streamed in pieces as it came, never gathered: no piece near the whole, and the
        // process's peak memory did not grow by anything like 100 MB.
        QVERIFY2(result->largestChunk <= 4 * 1024 * 1024, qPrintable(QString::number(result->largestChunk)));
        const qint64 growth = peakResidentBytes() - peakBefore;
        QVERIFY2(growth < 40LL * 1024 * 1024, qPrintable(QStringLiteral("peak memory grew by %1 bytes").arg(growth)));
    }

    void invalidUtf8ArrivesUnchanged_data() { addSandboxRows({QStringLiteral("local-bwrap"), QStringLiteral("plain")}); }
    void invalidUtf8ArrivesUnchanged()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        auto result = run(*box, shellCommand(m_workspace.path(), scripts::printInvalidUtf8()));
        WAIT_FOR_END(*result, 30000);
        QVERIFY2(result->exitCode == 0, qPrintable(result->describe()));
        QCOMPARE(result->out, scripts::invalidUtf8Bytes());
        QCOMPARE(result->err, scripts::invalidUtf8Bytes());
    }

    void timeoutIsReported_data() { addSandboxRows(); }
    void timeoutIsReported()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        SandboxCommand command = shellCommand(m_workspace.path(), QStringLiteral("echo before; sleep 30; echo after"));
        command.timeout = 500ms;
        auto result = run(*box, command);
        WAIT_FOR_END(*result, 20000);
        QCOMPARE(result->errorCode(), QStringLiteral("sandbox.timeout"));
        QVERIFY2(result->error->message.contains(QLatin1String("500")), qPrintable(result->error->message));
        QCOMPARE(result->out, QByteArray("before\n")); // what came before the end still came
        QVERIFY(!result->outputAfterEnd);
    }

    void deletingARunningProcessKillsItsTree_data() { addSandboxRows(); }
    void deletingARunningProcessKillsItsTree()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        const QByteArray token = uniqueSleepToken();
        auto result = run(*box, shellCommand(m_workspace.path(), QStringLiteral("sleep \"$1\" & sleep \"$1\""), {QString::fromLatin1(token)}));
        // Both sleeps at least (the shell and bwrap too, unless the shell has exec'd its last
        // command): the background one is what a careless kill would leave behind.
        QTRY_VERIFY2_WITH_TIMEOUT(processesWithArgument(token).size() >= 2,
                                  qPrintable(QStringLiteral("%1 processes; %2").arg(processesWithArgument(token).size()).arg(result->describe())),
                                  20000);
        delete result->process.data();
        QTRY_VERIFY_WITH_TIMEOUT(processesWithArgument(token).isEmpty(), 5000);
        QCOMPARE(result->endings, 0); // deleted objects report nothing
    }

    // --- the plugin --------------------------------------------------------------------------

    void pluginLoadsThroughThePluginManager()
    {
        TemporaryHome home;
        QTemporaryDir folder;
        const QString plugin = QStringLiteral(VALIS_LOCAL_SANDBOX_PLUGIN);
        QVERIFY2(QFile::copy(plugin, folder.filePath(QFileInfo(plugin).fileName())), qPrintable(plugin));
        // One manager at a time: managers loading the same library share its root object.
        auto manager = std::make_unique<PluginManager>(DataLocations::underHome(home.path()), QStringList{folder.path()});
        manager->loadAll();
        const PluginSpec *spec = manager->spec(QStringLiteral("local"));
        QVERIFY(spec);
        QCOMPARE(spec->state(), PluginSpec::State::Running);
        const QList<SandboxPlugin *> plugins = manager->plugins<SandboxPlugin>();
        QCOMPARE(plugins.size(), 1);
        QStringList ids;
        for (Sandbox *sandbox : plugins.constFirst()->sandboxes())
            ids.append(sandbox->id());
        QCOMPARE(ids, (QStringList{QStringLiteral("local-bwrap"), QStringLiteral("plain")}));

        for (Sandbox *sandbox : plugins.constFirst()->sandboxes()) {
            if (sandbox->checkAvailable().hasError())
                continue;
            auto result = run(*sandbox, shellCommand(m_workspace.path(), QStringLiteral("echo plugin-ok")));
            WAIT_FOR_END(*result, 30000);
            QCOMPARE(result->out, QByteArray("plugin-ok\n"));
        }
        qDeleteAll(m_owner.children());

        // Its settings are checked: a bad value fails the plugin with a reason.
        VALIS_VERIFY_OK(manager->setPluginSettings(QStringLiteral("local"), QJsonObject{{QStringLiteral("readOnlyPaths"), 5}}));
        manager.reset();
        PluginManager second(DataLocations::underHome(home.path()), {folder.path()});
        second.loadAll();
        const PluginSpec *failed = second.spec(QStringLiteral("local"));
        QVERIFY(failed);
        QCOMPARE(failed->state(), PluginSpec::State::Failed);
        QVERIFY2(failed->reason().contains(QLatin1String("readOnlyPaths")), qPrintable(failed->reason()));
    }

private:
    static bool isSameOrInsideHome(const QString &path)
    {
        const QString home = QDir::cleanPath(QDir::homePath());
        return path == home || path.startsWith(home + QLatin1Char('/'));
    }
};

VALIS_TEST_MAIN(TestLocalSandbox)

#include "tst_localsandbox.moc"
