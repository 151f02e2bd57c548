// valis_plugin_host [--home DIR] [--safe-mode] [--disable-crashed] [--shutdown-timeout MS] FOLDER...
//
// Scans the folders (and the profile's user plugin folder), loads what it can and prints one
// line per plugin file: "<file base name>\t<id>\t<state>\t<reason>", preceded by
// "crashed\t<id>\t<phase>" when an earlier process died inside a plugin. Problems met while
// stopping the plugins follow as "problem\t<code>\t<message>". The crash-guard test runs it in a
// subprocess so that a plugin can abort() or hang a process that is not the test's.
#include "valis/core/datalocations.h"
#include "valis/plugins/pluginmanager.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <chrono>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QStringList arguments = app.arguments().mid(1);
    const valis::DataLocations locations = valis::DataLocations::fromArguments(&arguments);
    const bool safeMode = arguments.removeAll(QStringLiteral("--safe-mode")) > 0;
    const bool disableCrashed = arguments.removeAll(QStringLiteral("--disable-crashed")) > 0;
    std::chrono::milliseconds shutdownTimeout{0};
    if (const qsizetype at = arguments.indexOf(QStringLiteral("--shutdown-timeout")); at >= 0 && at + 1 < arguments.size()) {
        shutdownTimeout = std::chrono::milliseconds(arguments.at(at + 1).toLongLong());
        arguments.remove(at, 2);
    }

    valis::PluginManager manager(locations, arguments);
    manager.setSafeMode(safeMode);
    if (shutdownTimeout.count() > 0)
        manager.setShutdownTimeout(shutdownTimeout);
    QTextStream out(stdout);
    // Called from the watchdog's thread too, while this thread is stuck in a plugin.
    manager.setProblemReporter([&out](const valis::Error &problem) {
        out << "problem\t" << problem.code << '\t' << problem.message << Qt::endl;
    });
    manager.scan();

    if (!manager.crashedPlugin().isEmpty()) {
        static const char *const phases[] = {"loading", "shutting-down", "shutdown-hung"};
        out << "crashed\t" << manager.crashedPlugin() << '\t' << phases[int(manager.crashPhase())] << Qt::endl;
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
    (void)manager.shutdown(); // its problems were printed by the reporter
    return 0;
}
