// The crash guard: a plugin that kills the process while it initialises or shuts down is named
// by the next manager, which can disable it; one that hangs in shutdown is abandoned, reported,
// and named too. The dying process is valis_plugin_host, run as a subprocess.
#include "pluginscenario.h"
#include "testsupport.h"

#include "valis/plugins/pluginmanager.h"

#include <QProcess>

using namespace valis;
using namespace valis::test;

class TestPluginCrashGuard : public QObject
{
    Q_OBJECT

private:
    struct HostRun
    {
        QProcess::ExitStatus status = QProcess::NormalExit;
        int exitCode = -1;
        QStringList lines;
    };

    static HostRun runHost(const QString &home, const QStringList &extraArguments,
                           const QString &scenario = QStringLiteral("crash"))
    {
        QProcess host;
        host.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        host.start(QStringLiteral(VALIS_TEST_PLUGIN_HOST),
                   QStringList{QStringLiteral("--home"), home} + extraArguments
                       + QStringList{scenarioDir(scenario)});
        HostRun run;
        if (!host.waitForFinished(60000)) {
            host.kill();
            host.waitForFinished();
            return run;
        }
        run.status = host.exitStatus();
        run.exitCode = host.exitCode();
        run.lines = QString::fromUtf8(host.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        return run;
    }

private Q_SLOTS:
    void crashedPluginIsNamedAndCanBeDisabled()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());

        const HostRun crashed = runHost(home.path(), {});
        QCOMPARE(crashed.status, QProcess::CrashExit);
        // The process died with the lock naming the plugin it was initialising.
        const QJsonObject lock = readJsonFile(locations.pluginLockPath());
        QCOMPARE(lock.value(QLatin1String("plugin")).toString(), QStringLiteral("crasher"));
        QCOMPARE(lock.value(QLatin1String("file")).toString(),
                 pluginFile(QStringLiteral("crash"), QStringLiteral("crasher")));

        {
            PluginManager manager(locations, {scenarioDir(QStringLiteral("crash"))});
            QVERIFY(manager.crashedPlugin().isEmpty());
            manager.scan();
            QCOMPARE(manager.crashedPlugin(), QStringLiteral("crasher"));
            QVERIFY(manager.errors().isEmpty());
            // Reported, but kept until someone acts on it.
            QVERIFY(QFileInfo::exists(locations.pluginLockPath()));
            QVERIFY(manager.disableCrashedPlugin().ok());
            QVERIFY2(!QFileInfo::exists(locations.pluginLockPath()), "the lock was not cleared");
            QCOMPARE(manager.crashedPlugin(), QStringLiteral("crasher"));
            // Loading here is safe only because the plugin is now disabled.
            manager.loadAll();
            const PluginSpec *spec = manager.spec(QStringLiteral("crasher"));
            VALIS_COMPARE_STATE(spec, PluginSpec::State::Disabled);
            QCOMPARE(spec->reason(), QStringLiteral("disabled by the user"));
        }
        QCOMPARE(readJsonFile(locations.pluginSettingsPath()).value(QLatin1String("plugins")).toObject()
                     .value(QLatin1String("crasher")).toObject().value(QLatin1String("enabled")), QJsonValue(false));

        // The next process starts cleanly: nothing crashed, the plugin is listed as disabled.
        const HostRun clean = runHost(home.path(), {});
        QCOMPARE(clean.status, QProcess::NormalExit);
        QCOMPARE(clean.exitCode, 0);
        QCOMPARE(clean.lines, QStringList{QStringLiteral("crasher\tcrasher\tdisabled\tdisabled by the user")});
        QVERIFY(!QFileInfo::exists(locations.pluginLockPath()));
    }

    void crashIsReportedUntilPluginsLoad()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        QCOMPARE(runHost(home.path(), {}).status, QProcess::CrashExit);

        // A process that only lists plugins leaves the report for the next one.
        for (int run = 0; run < 2; ++run) {
            PluginManager lister(locations, {scenarioDir(QStringLiteral("crash"))});
            lister.resolve();
            QCOMPARE(lister.crashedPlugin(), QStringLiteral("crasher"));
        }
        // Loading takes the guard over (safe mode, so the crasher does not run again here).
        {
            PluginManager loader(locations, {scenarioDir(QStringLiteral("crash"))});
            loader.setSafeMode(true);
            loader.scan();
            QCOMPARE(loader.crashedPlugin(), QStringLiteral("crasher"));
            loader.loadAll();
            QVERIFY(!QFileInfo::exists(locations.pluginLockPath()));
        }
        PluginManager after(locations, {scenarioDir(QStringLiteral("crash"))});
        after.scan();
        QVERIFY(after.crashedPlugin().isEmpty());
        // Not disabled: nobody chose to.
        QVERIFY(after.isEnabled(QStringLiteral("crasher")));
    }

    void crashIsReportedOnce()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        QCOMPARE(runHost(home.path(), {}).status, QProcess::CrashExit);

        // The host itself reports the crash and can disable the plugin before loading.
        const HostRun second = runHost(home.path(), {QStringLiteral("--disable-crashed")});
        QCOMPARE(second.status, QProcess::NormalExit);
        QCOMPARE(second.lines, (QStringList{QStringLiteral("crashed\tcrasher\tloading"),
                                            QStringLiteral("crasher\tcrasher\tdisabled\tdisabled by the user")}));

        PluginManager manager(locations, {scenarioDir(QStringLiteral("crash"))});
        manager.scan();
        QVERIFY(manager.crashedPlugin().isEmpty());
        const Result<void> nothing = manager.disableCrashedPlugin();
        QVERIFY(nothing.hasError());
        QCOMPARE(nothing.error().code, QStringLiteral("plugin.no-crash"));
    }

    void crashInShutdownIsNamedAtNextStart()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        const QString scenario = QStringLiteral("shutdown_crash");

        const HostRun crashed = runHost(home.path(), {}, scenario);
        QCOMPARE(crashed.status, QProcess::CrashExit);
        // It got as far as listing: the plugin loaded and ran, and died only when stopped.
        QVERIFY(crashed.lines.contains(QStringLiteral("aborts_shutdown\taborts_shutdown\trunning\t")));
        const QJsonObject lock = readJsonFile(locations.pluginLockPath());
        QCOMPARE(lock.value(QLatin1String("plugin")).toString(), QStringLiteral("aborts_shutdown"));
        QCOMPARE(lock.value(QLatin1String("phase")).toString(), QStringLiteral("shutting-down"));

        PluginManager manager(locations, {scenarioDir(scenario)});
        manager.scan();
        QCOMPARE(manager.crashedPlugin(), QStringLiteral("aborts_shutdown"));
        QVERIFY(manager.crashPhase() == PluginCrashPhase::ShuttingDown);

        const HostRun next = runHost(home.path(), {QStringLiteral("--disable-crashed")}, scenario);
        QCOMPARE(next.status, QProcess::NormalExit);
        QCOMPARE(next.exitCode, 0);
        QCOMPARE(next.lines, (QStringList{QStringLiteral("crashed\taborts_shutdown\tshutting-down"),
                                          QStringLiteral("aborts_shutdown\taborts_shutdown\tdisabled\tdisabled by the user")}));
        QVERIFY(!QFileInfo::exists(locations.pluginLockPath()));
    }

    void hangInShutdownIsAbandonedAndReported()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        const QString scenario = QStringLiteral("shutdown_hang");
        const QString log = QDir(home.path()).filePath(QStringLiteral("calls.log"));
        {
            PluginManager settings(locations, {scenarioDir(scenario)});
            for (const QString &id : {QStringLiteral("hangs_shutdown"), QStringLiteral("stops_first")})
                QVERIFY(settings.setPluginSettings(id, QJsonObject{{QStringLiteral("log"), log}}).ok());
        }

        // The plugin never returns: the host ends only because the watchdog gives up on it.
        // (runHost waits a minute; the timeout here is 300 ms.)
        const HostRun hung = runHost(home.path(), {QStringLiteral("--shutdown-timeout"), QStringLiteral("300")}, scenario);
        QCOMPARE(hung.status, QProcess::NormalExit);
        QCOMPARE(hung.exitCode, PluginManager::HungShutdownExitCode);
        QStringList problems;
        for (const QString &line : hung.lines) {
            if (line.startsWith(QLatin1String("problem\t")))
                problems.append(line);
        }
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.constFirst().startsWith(QLatin1String("problem\tplugin.shutdown-hung\t")), qPrintable(problems.constFirst()));
        QVERIFY2(problems.constFirst().contains(QLatin1String("\"hangs_shutdown\"")), qPrintable(problems.constFirst()));
        // Stopped in reverse load order: the plugin after it stopped normally before the hang.
        QCOMPARE(readLines(log), (QStringList{QStringLiteral("initialize hangs_shutdown"), QStringLiteral("initialize stops_first"),
                                              QStringLiteral("shutdown stops_first"), QStringLiteral("shutdown hangs_shutdown")}));

        PluginManager manager(locations, {scenarioDir(scenario)});
        manager.scan();
        QCOMPARE(manager.crashedPlugin(), QStringLiteral("hangs_shutdown"));
        QVERIFY(manager.crashPhase() == PluginCrashPhase::ShutdownHung);
        QVERIFY(manager.disableCrashedPlugin().ok());

        const HostRun next = runHost(home.path(), {QStringLiteral("--shutdown-timeout"), QStringLiteral("300")}, scenario);
        QCOMPARE(next.status, QProcess::NormalExit);
        QCOMPARE(next.exitCode, 0);
        QCOMPARE(next.lines, (QStringList{QStringLiteral("hangs_shutdown\thangs_shutdown\tdisabled\tdisabled by the user"),
                                          QStringLiteral("stops_first\tstops_first\trunning\t")}));
    }

    void stoppingCleanlyLeavesNoLock()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        {
            PluginManager manager(locations, {scenarioDir(QStringLiteral("good"))});
            manager.loadAll();
            QVERIFY(!manager.runningInstances().isEmpty());
            QVERIFY(manager.shutdown().isEmpty());
            QVERIFY(!QFileInfo::exists(locations.pluginLockPath()));
        }
        PluginManager next(locations, {scenarioDir(QStringLiteral("good"))});
        next.scan();
        QVERIFY(next.crashedPlugin().isEmpty());
    }

    void unreadableLockIsReportedAndRemoved()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        QVERIFY(QDir().mkpath(locations.configDir()));
        QFile lock(locations.pluginLockPath());
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write("garbage");
        lock.close();

        PluginManager manager(locations, {scenarioDir(QStringLiteral("good"))});
        manager.scan();
        QVERIFY(manager.crashedPlugin().isEmpty());
        QCOMPARE(manager.errors().size(), 1);
        QCOMPARE(manager.errors().constFirst().code, QStringLiteral("plugin.lock-unreadable"));
        QVERIFY(!QFileInfo::exists(locations.pluginLockPath()));
    }
};

VALIS_TEST_MAIN(TestPluginCrashGuard)
#include "tst_plugincrashguard.moc"
