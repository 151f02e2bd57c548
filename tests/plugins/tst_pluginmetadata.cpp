// Reading and validating plugin metadata: what a spec says about a plugin before any of its
// code runs, and the exact reasons it gives for metadata it refuses.
#include "pluginscenario.h"
#include "testsupport.h"

#include "valis/plugins/pluginapi.h"
#include "valis/plugins/pluginmanager.h"

#include <QJsonArray>
#include <QSet>
#include <QTemporaryDir>

using namespace valis;
using namespace valis::test;

class TestPluginMetadata : public QObject
{
    Q_OBJECT

private:
    /// The metadata file a test plugin was built with (after valis_add_plugin configured it).
    static QJsonObject builtMetadata(const char *plugin)
    {
        return readJsonFile(QStringLiteral("%1/valis_plugin_%2_metadata/plugin.json")
                                .arg(QStringLiteral(VALIS_TEST_PLUGIN_BINARY_DIR), QLatin1String(plugin)));
    }

    /// A manager over one scenario folder, in a profile of its own.
    struct Scan
    {
        TemporaryHome home;
        PluginManager manager;
        explicit Scan(const QString &scenario)
            : manager(DataLocations::underHome(home.path()), {scenarioDir(scenario)})
        {
            manager.scan();
        }
    };

private Q_SLOTS:
    void kindNamesAndInterfaceIds()
    {
        const QStringList names{QStringLiteral("provider"), QStringLiteral("tool"), QStringLiteral("strategy"),
                                QStringLiteral("sandbox"), QStringLiteral("embedding")};
        const QStringList interfaces{QStringLiteral("ProviderPlugin"), QStringLiteral("ToolPlugin"),
                                     QStringLiteral("StrategyPlugin"), QStringLiteral("SandboxPlugin"),
                                     QStringLiteral("EmbeddingPlugin")};
        QCOMPARE(pluginKinds().size(), names.size());
        for (qsizetype i = 0; i < names.size(); ++i) {
            PluginKind kind;
            QVERIFY(pluginKindFromName(names.at(i), &kind));
            QCOMPARE(pluginKindName(kind), names.at(i));
            QCOMPARE(pluginKindInterfaceId(kind),
                     QStringLiteral("org.valis.%1/%2").arg(interfaces.at(i)).arg(PluginApiVersion));
        }
        PluginKind kind;
        QVERIFY(!pluginKindFromName(u"painter", &kind));
    }

    void goodMetadataIsReadAsBuilt()
    {
        Scan scan(QStringLiteral("good"));
        // The metadata valis_add_plugin() generated for good_tool, read straight from its file.
        const QJsonObject built = builtMetadata("good_tool");
        QVERIFY(!built.isEmpty());
        const PluginSpec *spec = scan.manager.spec(QStringLiteral("good_tool"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Read);
        QCOMPARE(spec->id(), built.value(QLatin1String("id")).toString());
        QCOMPARE(spec->name(), built.value(QLatin1String("name")).toString());
        QCOMPARE(spec->kindName(), built.value(QLatin1String("kind")).toString());
        QCOMPARE(spec->kind(), PluginKind::Tool);
        QCOMPARE(spec->version(), built.value(QLatin1String("version")).toString());
        QCOMPARE(spec->compatVersion(), built.value(QLatin1String("compatVersion")).toString());
        QCOMPARE(spec->apiVersion(), built.value(QLatin1String("apiVersion")).toInt());
        QCOMPARE(spec->interfaceId(), QStringLiteral(VALIS_TOOL_PLUGIN_IID));
        QCOMPARE(spec->metaData(), built);
        QVERIFY(spec->errors().isEmpty());

        const QJsonArray builtDependencies = built.value(QLatin1String("dependencies")).toArray();
        QCOMPARE(spec->dependencies().size(), builtDependencies.size());
        for (qsizetype i = 0; i < builtDependencies.size(); ++i) {
            const QJsonObject dependency = builtDependencies.at(i).toObject();
            QCOMPARE(spec->dependencies().at(i).id, dependency.value(QLatin1String("id")).toString());
            QCOMPARE(spec->dependencies().at(i).version, dependency.value(QLatin1String("version")).toString());
            QCOMPARE(spec->dependencies().at(i).type, PluginDependency::Type::Required);
        }
        // good_tool depends on good_provider at good_provider's own version.
        QCOMPARE(spec->dependencies().constFirst().version,
                 scan.manager.spec(QStringLiteral("good_provider"))->version());

        // Free text survives the trip through the generated JSON.
        const PluginSpec *provider = scan.manager.spec(QStringLiteral("good_provider"));
        QCOMPARE(provider->name(), QStringLiteral("Good provider"));
        QCOMPARE(provider->description(), QStringLiteral("Echoes the \"last\" message \\ back"));

        const PluginSpec *sandbox = scan.manager.spec(QStringLiteral("good_sandbox"));
        VALIS_COMPARE_STATE(sandbox, PluginSpec::State::Read);
        QCOMPARE(sandbox->dependencies().size(), 1);
        QCOMPARE(sandbox->dependencies().constFirst().type, PluginDependency::Type::Optional);
    }

    void scanningRunsNoPluginCode()
    {
        QTemporaryDir temporary;
        const QString marker = temporary.filePath(QStringLiteral("marker"));
        qputenv("VALIS_TEST_MARKER_FILE", marker.toLocal8Bit());

        Scan scan(QStringLiteral("marker"));
        const PluginSpec *spec = scan.manager.spec(QStringLiteral("marker_tool"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Read);
        QVERIFY2(!QFileInfo::exists(marker), "reading metadata ran the plugin's static initialiser");
        scan.manager.resolve();
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Resolved);
        QVERIFY2(!QFileInfo::exists(marker), "resolving ran the plugin's static initialiser");

        // The marker does appear once the library is really loaded, so its absence above means
        // something.
        scan.manager.loadAll();
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Running);
        QVERIFY(QFileInfo::exists(marker));
        qunsetenv("VALIS_TEST_MARKER_FILE");
    }

    void onlyLibrariesAreScanned()
    {
        TemporaryHome home;
        const QString folder = home.filePath(QStringLiteral("system"));
        QVERIFY(!copyPlugin(QStringLiteral("good"), QStringLiteral("good_provider"), folder).isEmpty());
        for (const char *name : {"readme.txt", "plugin.json", "good_provider.so.txt", "notes"}) {
            QFile file(QDir(folder).filePath(QString::fromLatin1(name)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("not a plugin");
        }
        // A file named like a library that is not a plugin is listed, as Invalid.
        const QString suffix = QFileInfo(pluginFile(QStringLiteral("good"), QStringLiteral("good_provider"))).suffix();
        QFile fake(QDir(folder).filePath(QStringLiteral("zz_fake.") + suffix));
        QVERIFY(fake.open(QIODevice::WriteOnly));
        fake.write("not a library either");
        fake.close();

        PluginManager manager(DataLocations::underHome(home.path()), {folder});
        manager.scan();
        QCOMPARE(manager.specs().size(), 2);
        QCOMPARE(manager.specs().constFirst()->id(), QStringLiteral("good_provider"));
        const PluginSpec *notAPlugin = manager.specs().at(1);
        QCOMPARE(notAPlugin->filePath(), QFileInfo(fake).absoluteFilePath());
        VALIS_COMPARE_STATE(notAPlugin, PluginSpec::State::Invalid);
        QCOMPARE(notAPlugin->errors().constFirst().code, QStringLiteral("plugin.not-a-plugin"));
        QVERIFY(notAPlugin->reason().startsWith(QLatin1String("cannot be used as a plugin: ")));
        QCOMPARE(manager.folders().constLast(), QDir::cleanPath(DataLocations::underHome(home.path()).userPluginDir(PluginApiVersion)));
    }

    void noMetadata()
    {
        Scan scan(QStringLiteral("metadata"));
        const PluginSpec *spec = specForFile(scan.manager, QStringLiteral("no_metadata"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        QCOMPARE(spec->errors().size(), 1);
        QCOMPARE(spec->errors().constFirst().code, QStringLiteral("plugin.no-metadata"));
        QVERIFY(spec->reason().startsWith(QLatin1String("has no Valis metadata")));
        QCOMPARE(spec->errors().constFirst().location, spec->filePath());
    }

    void incompleteMetadata()
    {
        Scan scan(QStringLiteral("metadata"));
        const PluginSpec *spec = specForFile(scan.manager, QStringLiteral("incomplete"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        // Every required field the file lacks is reported, in one go.
        const QJsonObject source = builtMetadata("incomplete");
        QVERIFY(!source.isEmpty());
        QStringList expected;
        for (const char *field : {"id", "name", "kind", "version", "compatVersion", "apiVersion"}) {
            if (!source.contains(QLatin1String(field)))
                expected.append(QStringLiteral("missing field '%1'").arg(QLatin1String(field)));
        }
        QCOMPARE(expected.size(), 4);
        QCOMPARE(errorMessages(spec), expected);
        QCOMPARE(spec->reason(), expected.constFirst());
        QCOMPARE(spec->id(), source.value(QLatin1String("id")).toString());
    }

    void wrongTypes()
    {
        Scan scan(QStringLiteral("metadata"));
        const PluginSpec *spec = specForFile(scan.manager, QStringLiteral("wrong_types"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        QCOMPARE(errorMessages(spec), QStringList({
                                          QStringLiteral("field 'name' must be a string"),
                                          QStringLiteral("field 'version' must be a string"),
                                          QStringLiteral("field 'apiVersion' must be an integer"),
                                          QStringLiteral("field 'dependencies' must be an array"),
                                      }));
        for (const Error &error : spec->errors())
            QCOMPARE(error.code, QStringLiteral("plugin.metadata-field"));
    }

    void badValues()
    {
        Scan scan(QStringLiteral("metadata"));
        const PluginSpec *spec = specForFile(scan.manager, QStringLiteral("bad_values"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        const QStringList messages = errorMessages(spec);
        QCOMPARE(messages.size(), 4);
        QVERIFY(messages.at(0).startsWith(QLatin1String("invalid id 'Bad Id!': use lowercase letters")));
        QCOMPARE(messages.at(1), QStringLiteral("unknown kind 'painter' (known kinds: provider, tool, strategy, sandbox, embedding)"));
        QCOMPARE(messages.at(2), QStringLiteral("version '1.0' is not of the form x.y.z"));
        QCOMPARE(messages.at(3), QStringLiteral("compatVersion '1.0.0-beta' is not of the form x.y.z"));
        QCOMPARE(spec->errors().at(0).code, QStringLiteral("plugin.bad-id"));
        QCOMPARE(spec->errors().at(1).code, QStringLiteral("plugin.unknown-kind"));
        QCOMPARE(spec->errors().at(2).code, QStringLiteral("plugin.bad-version"));
    }

    void badDependencies()
    {
        Scan scan(QStringLiteral("metadata"));
        const PluginSpec *spec = specForFile(scan.manager, QStringLiteral("bad_dependencies"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        // Each entry of the file's dependencies is broken in exactly one way.
        const QJsonArray entries = builtMetadata("bad_dependencies").value(QLatin1String("dependencies")).toArray();
        QCOMPARE(spec->errors().size(), entries.size());
        QCOMPARE(errorMessages(spec), QStringList({
                                          QStringLiteral("dependencies[0]: must be an object {id, version, type}"),
                                          QStringLiteral("dependencies[1]: missing field 'id'"),
                                          QStringLiteral("dependencies[2]: version '2' is not of the form x.y.z"),
                                          QStringLiteral("dependencies[3]: type must be 'required' or 'optional', not 'sometimes'"),
                                      }));
        QVERIFY(spec->dependencies().isEmpty());
    }

    void compatVersionNewerThanVersion()
    {
        Scan scan(QStringLiteral("metadata"));
        const PluginSpec *spec = specForFile(scan.manager, QStringLiteral("compat_newer"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        QCOMPARE(errorMessages(spec), QStringList{QStringLiteral("compatVersion 2.0.0 is newer than version 1.0.0")});
        QCOMPARE(spec->errors().constFirst().code, QStringLiteral("plugin.compat-version"));
    }

    void interfaceIdMustMatchKind()
    {
        Scan scan(QStringLiteral("metadata"));
        const PluginSpec *spec = specForFile(scan.manager, QStringLiteral("iid_mismatch"));
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        QCOMPARE(errorMessages(spec),
                 QStringList{QStringLiteral("declares interface 'org.valis.ToolPlugin/%1', but a provider plugin must "
                                            "declare org.valis.ProviderPlugin/%1")
                                 .arg(PluginApiVersion)});
        QCOMPARE(spec->errors().constFirst().code, QStringLiteral("plugin.interface-id"));
    }

    void invalidPluginsAreNeverLoaded()
    {
        Scan scan(QStringLiteral("metadata"));
        QCOMPARE(scan.manager.specs().size(), 7);
        scan.manager.loadAll();
        QVERIFY(scan.manager.loadOrder().isEmpty());
        for (const PluginSpec *spec : scan.manager.specs()) {
            VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
            QVERIFY(!spec->reason().isEmpty());
            QCOMPARE(spec->instance(), nullptr);
        }
    }

    void wrongApiVersion()
    {
        Scan scan(QStringLiteral("api"));
        const PluginSpec *spec = scan.manager.specs().value(0);
        VALIS_COMPARE_STATE(spec, PluginSpec::State::Invalid);
        QCOMPARE(spec->apiVersion(), 99);
        QCOMPARE(errorMessages(spec),
                 QStringList{QStringLiteral("built for plugin API version 99, but this Valis provides plugin API version %1")
                                 .arg(PluginApiVersion)});
        QCOMPARE(spec->errors().constFirst().code, QStringLiteral("plugin.api-version"));
    }
};

VALIS_TEST_MAIN(TestPluginMetadata)
#include "tst_pluginmetadata.moc"
