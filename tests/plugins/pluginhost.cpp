// valis_plugin_host [--home DIR] [--safe-mode] [--disable-crashed] FOLDER...
//
// Scans the folders (and the profile's user plugin folder), loads what it can and prints one
// line per plugin file: "<file base name>\t<id>\t<state>\t<reason>", preceded by
// "crashed\t<id>" when an earlier process died while loading a plugin. The crash-guard test runs
// it in a subprocess so that a plugin can abort() a process that is not the test's.
#include "valis/core/datalocations.h"
#include "valis/plugins/pluginmanager.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    const valis::DataLocations locations = valis::DataLocations::fromArguments(&arguments);
    const bool safeMode = arguments.removeAll(QStringLiteral("--safe-mode")) > 0;
    const bool disableCrashed = arguments.removeAll(QStringLiteral("--disable-crashed")) > 0;

    valis::PluginManager manager(locations, arguments);
    manager.setSafeMode(safeMode);
    manager.scan();

    QTextStream out(stdout);
    if (!manager.crashedPlugin().isEmpty()) {
        out << "crashed\t" << manager.crashedPlugin() << Qt::endl;
        if (disableCrashed) {
            const valis::Result<void> disabled = manager.disableCrashedPlugin();
            if (disabled.hasError()) {
                out << "error\t" << disabled.error().toString() << Qt::endl;
                return 2;
            }
        }
    }
    manager.loadAll();
    for (const valis::PluginSpec *spec : manager.specs()) {
        out << QFileInfo(spec->filePath()).completeBaseName() << '\t' << spec->id() << '\t'
            << valis::PluginSpec::stateName(spec->state()) << '\t' << spec->reason() << Qt::endl;
    }
    for (const valis::Error &error : manager.errors())
        out << "error\t" << error.toString() << Qt::endl;
    manager.shutdown();
    return 0;
}
