// The local sandboxes against real bubblewrap and real processes: what each says about itself,
// how commands run, end and are reported, their output, and the plugin. The escapes are in
// tst_sandboxescapes.cpp.
#include "localsandboxes.h"
#include "localsandboxprocess.h"
#include "processtree.h"
#include "sandboxtestcase.h"
#include "testsupport.h"

#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/sandboxplugin.h"

#include <QDir>
#include <QElapsedTimer>
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

#include <algorithm>
#include <chrono>

using namespace valis;
using namespace valis::sandboxes;
using namespace valis::test;
using namespace std::chrono_literals;

class TestLocalSandbox : public SandboxTestCase
{
    Q_OBJECT

private Q_SLOTS:
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
            // The name's bytes: qPrintable() of a temporary would point into freed memory (ASan).
            const auto row = [&box](const char *name) { return (box + QLatin1Char(':') + QLatin1String(name)).toUtf8(); };
            QTest::newRow(row("no workspace").constData()) << box << QString() << QString() << QStringLiteral("true") << QStringLiteral("no workspace");
            QTest::newRow(row("relative workspace").constData()) << box << QStringLiteral("work") << QString() << QStringLiteral("true") << QStringLiteral("not an absolute path");
            QTest::newRow(row("missing workspace").constData()) << box << ws + QStringLiteral("/missing") << QString() << QStringLiteral("true") << QStringLiteral("does not exist");
            QTest::newRow(row("root workspace").constData()) << box << QStringLiteral("/") << QString() << QStringLiteral("true") << QStringLiteral("root folder");
            QTest::newRow(row("outside working directory").constData()) << box << ws << QStringLiteral("/etc") << QStringLiteral("true") << QStringLiteral("outside the workspace");
            QTest::newRow(row("relative working directory").constData()) << box << ws << QStringLiteral("sub") << QStringLiteral("true") << QStringLiteral("not an absolute path");
            QTest::newRow(row("missing program").constData()) << box << ws << QString() << QStringLiteral("no-such-program-here") << QStringLiteral("no-such-program-here");
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
#if defined(__SANITIZE_ADDRESS__)
        // ASan keeps freed memory in quarantine instead of reusing it, so the peak grows with
        // every piece passed through (240 MB seen); the release build's run holds the bound, and
        // the largest piece above is checked in both.
        qInfo("peak memory grew by %lld MB (not bounded under ASan)", growth / (1024 * 1024));
#else
        QVERIFY2(growth < 40LL * 1024 * 1024, qPrintable(QStringLiteral("peak memory grew by %1 bytes").arg(growth)));
#endif
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
        deleteAndExpectNoneLeft(*result, token);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(result->endings, 0); // deleted objects report nothing
    }

    // A process that leaves the command's session (setsid) is out of reach of the session's
    // kill, but still a child of the command while the command lives: deleting the process
    // kills it too. This is what bwrap's pid 1 does for a moment before it binds its life to
    // its parent's, which left a whole sandbox running now and then (the test above, as a
    // normal user); here it is made to happen every time.
    void deletingARunningProcessKillsWhatLeftItsSession_data() { addSandboxRows({QStringLiteral("plain-session"), QStringLiteral("local-bwrap")}); }
    void deletingARunningProcessKillsWhatLeftItsSession()
    {
        QFETCH(QString, sandbox);
        auto box = makeSandbox(sandbox);
        REQUIRE_AVAILABLE(*box);
        const QByteArray token = uniqueSleepToken();
        auto result = run(*box, shellCommand(m_workspace.path(), QStringLiteral("setsid sleep \"$1\" & sleep \"$1\""),
                                             {QString::fromLatin1(token)}));
        // Wait for both sleeps, one of them out of the session: its session is its own pid.
        const auto bothRunOneLeft = [&token]() {
            const QList<qint64> sleeps = processesWithArgument(token);
            return sleeps.size() >= 2 && std::any_of(sleeps.cbegin(), sleeps.cend(), [](qint64 pid) {
                       const sandboxes::ProcessStat stat = processStat(pid);
                       return stat.pid == pid && stat.session == pid;
                   });
        };
        QTRY_VERIFY2_WITH_TIMEOUT(bothRunOneLeft(),
                                  qPrintable(QStringLiteral("%1; processes: %2").arg(result->describe(), processTable(token))), 20000);
        deleteAndExpectNoneLeft(*result, token);
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
    // Deletes the run's process and waits for every process carrying `token` to be gone. 5 s
    // failed once for local-bwrap as a normal user in a full suite run; the sleeps last far
    // longer than 20 s, so a tree that survives still fails, and the message says what was
    // left and after how long. The caller checks QTest::currentTestFailed().
    static void deleteAndExpectNoneLeft(SandboxRun &result, const QByteArray &token)
    {
        QElapsedTimer clock;
        clock.start();
        delete result.process.data();
        QTRY_VERIFY2_WITH_TIMEOUT(processesWithArgument(token).isEmpty(),
                                  qPrintable(QStringLiteral("after %1 ms still running: %2").arg(clock.elapsed()).arg(processTable(token))),
                                  20000);
    }
};

VALIS_TEST_MAIN(TestLocalSandbox)

#include "tst_localsandbox.moc"
