// The PluginManager over real test plugins: dependency resolution, load order, failures that
// leave the rest running, persisted enabled state, safe mode and duplicate ids.
#include "pluginscenario.h"
#include "testsupport.h"

#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/sandboxplugin.h"
#include "valis/plugins/strategyplugin.h"
#include "valis/plugins/toolplugin.h"

#include <QJsonArray>

using namespace valis;
using namespace valis::test;

namespace {
const QStringList goodPlugins{QStringLiteral("good_provider"), QStringLiteral("good_tool"),
                              QStringLiteral("good_strategy"), QStringLiteral("good_sandbox")};

QStringList ids(const QList<const PluginSpec *> &specs)
{
    QStringList result;
    for (const PluginSpec *spec : specs)
        result.append(spec->id());
    return result;
}
} // namespace

class TestPluginManager : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void goodPluginsRunInDependencyOrder()
    {
        TemporaryHome home;
        const QString log = home.filePath(QStringLiteral("plugins.log"));
        {
            PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("good"))});
            for (const QString &id : goodPlugins)
                QVERIFY(manager.setPluginSettings(id, QJsonObject{{QStringLiteral("log"), log}}).ok());
            manager.loadAll();
            QVERIFY(manager.errors().isEmpty());
            QCOMPARE(manager.specs().size(), goodPlugins.size());
            for (const QString &id : goodPlugins) {
                VALIS_COMPARE_STATE(manager.spec(id), PluginSpec::State::Running);
                QVERIFY(manager.spec(id)->errors().isEmpty());
                QVERIFY(manager.spec(id)->reason().isEmpty());
            }

            // Dependencies first, as the metadata declares them.
            const QStringList order = ids(manager.loadOrder());
            QCOMPARE(order.size(), goodPlugins.size());
            for (const PluginSpec *spec : manager.loadOrder()) {
                for (const PluginDependency &dependency : spec->dependencies())
                    QVERIFY2(order.indexOf(dependency.id) < order.indexOf(spec->id()),
                             qPrintable(order.join(QLatin1Char(' '))));
            }
            QCOMPARE(ids(manager.spec(QStringLiteral("good_tool"))->dependencySpecs()),
                     QStringList{QStringLiteral("good_provider")});

            // The plugins themselves saw that order, and their own settings.
            QStringList initialized;
            for (const QString &id : order)
                initialized.append(QStringLiteral("initialize ") + id);
            QCOMPARE(readLines(log), initialized);

            QCOMPARE(manager.plugins<ProviderPlugin>().size(), 1);
            QCOMPARE(manager.plugins<ToolPlugin>().size(), 1);
            QCOMPARE(manager.plugins<StrategyPlugin>().size(), 1);
            QCOMPARE(manager.plugins<SandboxPlugin>().size(), 1);
            // What the running plugins hand out, gathered across them.
            QCOMPARE(manager.providers().size(), 1);
            QCOMPARE(manager.provider(QStringLiteral("echo")), manager.providers().constFirst());
            QCOMPARE(manager.provider(QStringLiteral("nope")), nullptr);
            QCOMPARE(manager.toolProviders(), manager.plugins<ToolPlugin>().constFirst()->toolProviders());
            QCOMPARE(manager.strategies(), manager.plugins<StrategyPlugin>().constFirst()->strategies());
            QCOMPARE(manager.runningInstances().size(), goodPlugins.size());
            QVERIFY(!QFileInfo::exists(DataLocations::underHome(home.path()).pluginLockPath()));

            manager.shutdown();
            for (const QString &id : goodPlugins) {
                VALIS_COMPARE_STATE(manager.spec(id), PluginSpec::State::Stopped);
                QCOMPARE(manager.spec(id)->instance(), nullptr);
            }
            QVERIFY(manager.plugins<ProviderPlugin>().isEmpty());
            QStringList expected = initialized;
            for (auto it = order.crbegin(); it != order.crend(); ++it)
                expected.append(QStringLiteral("shutdown ") + *it);
            QCOMPARE(readLines(log), expected);
        }
    }

    void disabledDependencyFailsDependents()
    {
        TemporaryHome home;
        PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("good"))});
        QVERIFY(manager.setEnabled(QStringLiteral("good_provider"), false).ok());
        manager.loadAll();
        const PluginSpec *provider = manager.spec(QStringLiteral("good_provider"));
        VALIS_COMPARE_STATE(provider, PluginSpec::State::Disabled);
        QCOMPARE(provider->reason(), QStringLiteral("disabled by the user"));
        QVERIFY(provider->errors().isEmpty());

        const PluginSpec *tool = manager.spec(QStringLiteral("good_tool"));
        VALIS_COMPARE_STATE(tool, PluginSpec::State::Failed);
        QCOMPARE(tool->reason(), QStringLiteral("requires 'good_provider', which is disabled"));
        QCOMPARE(tool->errors().constFirst().code, QStringLiteral("plugin.dependency-failed"));
        const PluginSpec *strategy = manager.spec(QStringLiteral("good_strategy"));
        VALIS_COMPARE_STATE(strategy, PluginSpec::State::Failed);
        QCOMPARE(strategy->reason(), QStringLiteral("requires 'good_tool', which failed"));

        // An optional dependency that is disabled only leaves a note.
        const PluginSpec *sandbox = manager.spec(QStringLiteral("good_sandbox"));
        VALIS_COMPARE_STATE(sandbox, PluginSpec::State::Running);
        QCOMPARE(sandbox->notes(),
                 QStringList{QStringLiteral("optional dependency not used: requires 'good_provider', which is disabled")});
        QVERIFY(sandbox->dependencySpecs().isEmpty());
        QCOMPARE(ids(manager.loadOrder()), QStringList{QStringLiteral("good_sandbox")});
    }

    void enabledStateSurvivesANewManager()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        {
            PluginManager first(locations, {scenarioDir(QStringLiteral("good"))});
            QVERIFY(first.isEnabled(QStringLiteral("good_sandbox")));
            QVERIFY(first.setEnabled(QStringLiteral("good_sandbox"), false).ok());
        }
        // On disk, in the documented form.
        const QJsonObject file = readJsonFile(locations.pluginSettingsPath());
        QCOMPARE(file.value(QLatin1String("version")).toInt(), 1);
        QCOMPARE(file.value(QLatin1String("plugins")).toObject().value(QLatin1String("good_sandbox")).toObject()
                     .value(QLatin1String("enabled")), QJsonValue(false));
        {
            PluginManager second(locations, {scenarioDir(QStringLiteral("good"))});
            QVERIFY(!second.isEnabled(QStringLiteral("good_sandbox")));
            second.loadAll();
            VALIS_COMPARE_STATE(second.spec(QStringLiteral("good_sandbox")), PluginSpec::State::Disabled);
            VALIS_COMPARE_STATE(second.spec(QStringLiteral("good_strategy")), PluginSpec::State::Running);
            QVERIFY(second.plugins<SandboxPlugin>().isEmpty());
            QVERIFY(second.setEnabled(QStringLiteral("good_sandbox"), true).ok());
        }
        PluginManager third(locations, {scenarioDir(QStringLiteral("good"))});
        third.loadAll();
        VALIS_COMPARE_STATE(third.spec(QStringLiteral("good_sandbox")), PluginSpec::State::Running);
    }

    void safeModeLoadsNothing()
    {
        TemporaryHome home;
        const QString log = home.filePath(QStringLiteral("plugins.log"));
        PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("good"))});
        for (const QString &id : goodPlugins)
            QVERIFY(manager.setPluginSettings(id, QJsonObject{{QStringLiteral("log"), log}}).ok());
        manager.setSafeMode(true);
        manager.loadAll();
        QCOMPARE(manager.specs().size(), goodPlugins.size());
        for (const PluginSpec *spec : manager.specs()) {
            VALIS_COMPARE_STATE(spec, PluginSpec::State::Disabled);
            QCOMPARE(spec->reason(), QStringLiteral("not loaded because Valis runs in safe mode"));
            QCOMPARE(spec->instance(), nullptr);
        }
        QVERIFY(manager.loadOrder().isEmpty());
        QVERIFY(manager.runningInstances().isEmpty());
        QVERIFY(!QFileInfo::exists(log));
    }

    void missingDependency()
    {
        TemporaryHome home;
        PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("missing_dependency"))});
        manager.loadAll();
        const PluginSpec *needs = manager.spec(QStringLiteral("needs_absent"));
        VALIS_COMPARE_STATE(needs, PluginSpec::State::Failed);
        QCOMPARE(errorMessages(needs), QStringList{QStringLiteral("requires 'absent' 1.0.0, which was not found")});
        QCOMPARE(needs->errors().constFirst().code, QStringLiteral("plugin.dependency-missing"));

        const PluginSpec *optional = manager.spec(QStringLiteral("optional_absent"));
        VALIS_COMPARE_STATE(optional, PluginSpec::State::Running);
        QCOMPARE(optional->notes(),
                 QStringList{QStringLiteral("optional dependency not used: requires 'absent' 1.0.0, which was not found")});
    }

    void dependencyVersionRange()
    {
        TemporaryHome home;
        PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("dependency_version"))});
        manager.scan();
        const PluginSpec *base = manager.spec(QStringLiteral("range_base"));
        VALIS_COMPARE_STATE(base, PluginSpec::State::Read);
        // compatVersion <= wanted <= version
        QVERIFY(base->provides(QStringLiteral("1.1.0")));
        QVERIFY(base->provides(QStringLiteral("1.1.9")));
        QVERIFY(base->provides(QStringLiteral("1.2.0")));
        QVERIFY(!base->provides(QStringLiteral("1.0.9")));
        QVERIFY(!base->provides(QStringLiteral("1.2.1")));
        QVERIFY(!base->provides(QStringLiteral("1.2")));

        manager.loadAll();
        VALIS_COMPARE_STATE(base, PluginSpec::State::Running);
        VALIS_COMPARE_STATE(manager.spec(QStringLiteral("range_ok")), PluginSpec::State::Running);
        const PluginSpec *tooNew = manager.spec(QStringLiteral("range_too_new"));
        VALIS_COMPARE_STATE(tooNew, PluginSpec::State::Failed);
        QCOMPARE(tooNew->reason(), QStringLiteral("requires 'range_base' 1.3.0, but the installed 'range_base' 1.2.0 "
                                                  "is compatible with versions 1.1.0 to 1.2.0 only"));
        QCOMPARE(tooNew->errors().constFirst().code, QStringLiteral("plugin.dependency-version"));
        const PluginSpec *tooOld = manager.spec(QStringLiteral("range_too_old"));
        VALIS_COMPARE_STATE(tooOld, PluginSpec::State::Failed);
        QCOMPARE(tooOld->reason(), QStringLiteral("requires 'range_base' 1.0.0, but the installed 'range_base' 1.2.0 "
                                                  "is compatible with versions 1.1.0 to 1.2.0 only"));
    }

    void cycleIsNamed()
    {
        TemporaryHome home;
        PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("cycle"))});
        manager.loadAll();
        const QString cycle = QStringLiteral("circular dependency: cycle_a -> cycle_b -> cycle_a");
        for (const char *id : {"cycle_a", "cycle_b"}) {
            const PluginSpec *spec = manager.spec(QString::fromLatin1(id));
            VALIS_COMPARE_STATE(spec, PluginSpec::State::Failed);
            QCOMPARE(errorMessages(spec), QStringList{cycle});
            QCOMPARE(spec->errors().constFirst().code, QStringLiteral("plugin.dependency-cycle"));
        }
        const PluginSpec *user = manager.spec(QStringLiteral("cycle_user"));
        VALIS_COMPARE_STATE(user, PluginSpec::State::Failed);
        QCOMPARE(user->reason(), QStringLiteral("requires 'cycle_a', which failed"));
        QVERIFY(manager.loadOrder().isEmpty());
    }

    void failingInitializeKeepsTheRestGoing()
    {
        TemporaryHome home;
        PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("failing_init"))});
        manager.resolve();
        // All three resolve; the failure only shows when fails_init runs.
        QCOMPARE(manager.loadOrder().size(), 3);
        manager.loadAll();
        const PluginSpec *fails = manager.spec(QStringLiteral("fails_init"));
        VALIS_COMPARE_STATE(fails, PluginSpec::State::Failed);
        QCOMPARE(errorMessages(fails), QStringList{QStringLiteral("initialization failed: the test plugin refuses to start")});
        QCOMPARE(fails->errors().constFirst().code, QStringLiteral("plugin.initialize-failed"));
        QCOMPARE(fails->instance(), nullptr);

        const PluginSpec *dependent = manager.spec(QStringLiteral("depends_on_failing"));
        VALIS_COMPARE_STATE(dependent, PluginSpec::State::Failed);
        QCOMPARE(dependent->reason(), QStringLiteral("requires 'fails_init', which failed"));
        VALIS_COMPARE_STATE(manager.spec(QStringLiteral("survivor")), PluginSpec::State::Running);
        QCOMPARE(manager.plugins<ToolPlugin>().size(), 1);
    }

    void wrongInterface()
    {
        TemporaryHome home;
        PluginManager manager(DataLocations::underHome(home.path()), {scenarioDir(QStringLiteral("wrong_interface"))});
        manager.loadAll();
        const PluginSpec *spec = manager.spec(QStringLiteral("wrong_interface"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Failed);
        QCOMPARE(errorMessages(spec),
                 QStringList{QStringLiteral("its object (valis_test::WrongInterfacePlugin) does not implement "
                                            "org.valis.ToolPlugin/%1").arg(PluginApiVersion)});
        QCOMPARE(spec->errors().constFirst().code, QStringLiteral("plugin.wrong-interface"));
        QCOMPARE(spec->instance(), nullptr);
    }

    void userCopyOverridesSystemCopy()
    {
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        const QString systemFolder = home.filePath(QStringLiteral("system"));
        const QString systemCopy = copyPlugin(QStringLiteral("good"), QStringLiteral("good_provider"), systemFolder);
        const QString userCopy = copyPlugin(QStringLiteral("good"), QStringLiteral("good_provider"),
                                            locations.userPluginDir(PluginApiVersion));
        QVERIFY(!systemCopy.isEmpty() && !userCopy.isEmpty());

        PluginManager manager(locations, {systemFolder});
        manager.loadAll();
        QCOMPARE(manager.specs().size(), 2);
        const PluginSpec *winner = manager.spec(QStringLiteral("good_provider"));
        VALIS_COMPARE_STATE(winner, PluginSpec::State::Running);
        QCOMPARE(winner->filePath(), userCopy);
        QVERIFY(winner->isUserPlugin());
        QCOMPARE(winner->notes(), QStringList{QStringLiteral("overrides %1").arg(systemCopy)});

        const PluginSpec *system = specForFile(manager, QStringLiteral("good_provider"));
        QCOMPARE(system->filePath(), systemCopy);
        VALIS_COMPARE_STATE(system, PluginSpec::State::Disabled);
        QCOMPARE(system->reason(), QStringLiteral("overridden by %1").arg(userCopy));
        QVERIFY(!system->isUserPlugin());
    }

    void sameIdTwiceInOneFolderIsAnError()
    {
        TemporaryHome home;
        const QString folder = home.filePath(QStringLiteral("system"));
        const QString first = copyPlugin(QStringLiteral("good"), QStringLiteral("good_provider"), folder, QStringLiteral("a"));
        const QString second = copyPlugin(QStringLiteral("good"), QStringLiteral("good_provider"), folder, QStringLiteral("b"));
        QVERIFY(!first.isEmpty() && !second.isEmpty());
        PluginManager manager(DataLocations::underHome(home.path()), {folder});
        manager.resolve();
        VALIS_COMPARE_STATE(specForFile(manager, QStringLiteral("a")), PluginSpec::State::Resolved);
        const PluginSpec *duplicate = specForFile(manager, QStringLiteral("b"));
        VALIS_COMPARE_STATE(duplicate, PluginSpec::State::Invalid);
        QCOMPARE(errorMessages(duplicate),
                 QStringList{QStringLiteral("has the id 'good_provider' of another plugin in the same folder, %1").arg(first)});
        QCOMPARE(manager.spec(QStringLiteral("good_provider"))->filePath(), first);
    }

    void unreadableSettingsAreKept_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("code");
        QTest::newRow("future") << QByteArray(R"({"version": 2, "plugins": {}})") << QStringLiteral("plugin.settings-future");
        QTest::newRow("malformed") << QByteArray("{not json") << QStringLiteral("plugin.settings-malformed");
        QTest::newRow("wrong shape") << QByteArray(R"({"version": 1, "plugins": []})") << QStringLiteral("plugin.settings-malformed");
    }

    void unreadableSettingsAreKept()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, code);
        TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        QVERIFY(QDir().mkpath(locations.configDir()));
        QFile file(locations.pluginSettingsPath());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();

        PluginManager manager(locations, {scenarioDir(QStringLiteral("good"))});
        manager.scan();
        QCOMPARE(manager.errors().size(), 1);
        QCOMPARE(manager.errors().constFirst().code, code);
        QCOMPARE(manager.errors().constFirst().location, locations.pluginSettingsPath());
        const Result<void> written = manager.setEnabled(QStringLiteral("good_tool"), false);
        QVERIFY(written.hasError());
        QCOMPARE(written.error().code, code);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), content);
        // The plugins still load with the defaults.
        manager.loadAll();
        VALIS_COMPARE_STATE(manager.spec(QStringLiteral("good_tool")), PluginSpec::State::Running);
    }
};

VALIS_TEST_MAIN(TestPluginManager)
#include "tst_pluginmanager.moc"
