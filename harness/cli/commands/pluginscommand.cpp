#include "clicontext.h"
#include "commands.h"

#include "valis/plugins/pluginmanager.h"
#include "valis/plugins/provider.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace valis::cli {

namespace {

QJsonObject specToJson(const PluginSpec &spec)
{
    QJsonArray errors;
    for (const Error &error : spec.errors())
        errors.append(QJsonObject{{QStringLiteral("code"), error.code}, {QStringLiteral("message"), error.message}});
    return QJsonObject{
        {QStringLiteral("id"), spec.id()},
        {QStringLiteral("name"), spec.name()},
        {QStringLiteral("kind"), spec.kindName()},
        {QStringLiteral("version"), spec.version()},
        {QStringLiteral("api_version"), spec.apiVersion()},
        {QStringLiteral("file"), spec.filePath()},
        {QStringLiteral("user_plugin"), spec.isUserPlugin()},
        {QStringLiteral("state"), PluginSpec::stateName(spec.state())},
        {QStringLiteral("reason"), spec.reason()},
        {QStringLiteral("errors"), errors},
        {QStringLiteral("notes"), QJsonArray::fromStringList(spec.notes())},
    };
}

/// What the crashed plugin was doing, to follow "the plugin X" or "it".
QString crashWhat(PluginCrashPhase phase)
{
    switch (phase) {
    case PluginCrashPhase::Loading:
        return Text::tr("was loading when Valis last stopped unexpectedly");
    case PluginCrashPhase::ShuttingDown:
        return Text::tr("was shutting down when Valis last stopped unexpectedly");
    case PluginCrashPhase::ShutdownHung:
        return Text::tr("did not finish shutting down when Valis last quit");
    }
    Q_UNREACHABLE();
}

} // namespace

int runPlugins(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("plugins");
    CliParser parser;
    const QCommandLineOption enable(QStringLiteral("enable"), Text::tr("Enable the plugin PLUGIN (from the next start)."), QStringLiteral("PLUGIN"));
    const QCommandLineOption disable(QStringLiteral("disable"), Text::tr("Disable the plugin PLUGIN (from the next start)."), QStringLiteral("PLUGIN"));
    const QCommandLineOption disableCrashed(QStringLiteral("disable-crashed"),
                                            Text::tr("Disable the plugin that was loading when Valis last died."));
    const QCommandLineOption metadataOnly(QStringLiteral("no-load"), Text::tr("Only read and check metadata; run no plugin code."));
    const QCommandLineOption safeMode(QStringLiteral("safe-mode"), Text::tr("Load no plugin (list them only)."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per plugin."));
    const QCommandLineOption ids(QStringLiteral("ids"), Text::tr("Print only the plugins' ids, one a line (for scripts and shell completion)."));
    const QCommandLineOption providers(QStringLiteral("providers"),
                                       Text::tr("Print only the ids of the providers the running plugins offer, one a line."));
    parser.addOptions({enable, disable, disableCrashed, metadataOnly, safeMode, json, ids, providers});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Lists the plugins Valis finds, with their state and, for those that cannot "
                                                "run, why. Plugins are loaded to check that they start, unless --no-load."),
                                       arguments);
        code >= 0) {
        return code;
    }
    PluginManager manager(context.locations(), DataLocations::systemPluginDirs());
    manager.setSafeMode(parser.isSet(safeMode));
    manager.scan();

    if (parser.isSet(enable) || parser.isSet(disable)) {
        const bool on = parser.isSet(enable);
        const QString id = parser.value(on ? enable : disable);
        if (!manager.spec(id))
            return context.fail(command, Error(QStringLiteral("plugins.unknown"), Text::tr("no plugin with id \"%1\" was found").arg(id)));
        Result<void> set = manager.setEnabled(id, on);
        if (!set.ok())
            return context.fail(command, set.error());
        context.out() << (on ? Text::tr("%1 enabled; it loads from the next start.") : Text::tr("%1 disabled; it stays off from the next start."))
                             .arg(id)
                      << Qt::endl;
        return 0;
    }
    if (!manager.crashedPlugin().isEmpty()) {
        if (parser.isSet(disableCrashed)) {
            const QString crashed = manager.crashedPlugin();
            Result<void> set = manager.disableCrashedPlugin();
            if (!set.ok())
                return context.fail(command, set.error());
            context.out() << Text::tr("%1 disabled: it %2.").arg(crashed, crashWhat(manager.crashPhase())) << Qt::endl;
            return 0;
        }
        context.err() << Text::tr("warning: the plugin \"%1\" %2; disable it with 'valis-cli plugins --disable-crashed'.")
                             .arg(manager.crashedPlugin(), crashWhat(manager.crashPhase()))
                      << Qt::endl;
    }
    if (parser.isSet(metadataOnly))
        manager.resolve();
    else
        manager.loadAll();

    QTextStream &out = context.out();
    if (parser.isSet(ids) || parser.isSet(providers)) {
        // Only what was asked for: a script reads every line as an id.
        if (parser.isSet(providers)) {
            for (const Provider *provider : manager.providers())
                out << provider->id() << '\n';
        } else {
            for (const PluginSpec *spec : manager.specs()) {
                if (!spec->id().isEmpty())
                    out << spec->id() << '\n';
            }
        }
        out.flush();
        return 0;
    }
    for (const Error &error : manager.errors())
        context.err() << "valis-cli plugins: " << error.toString() << '\n';
    const QList<const PluginSpec *> specs = manager.specs();
    if (parser.isSet(json)) {
        for (const PluginSpec *spec : specs)
            out << QJsonDocument(specToJson(*spec)).toJson(QJsonDocument::Compact) << '\n';
        out.flush();
        return 0;
    }
    if (specs.isEmpty()) {
        out << Text::tr("No plugins found in:") << '\n';
        for (const QString &folder : manager.folders())
            out << "  " << folder << '\n';
    }
    for (const PluginSpec *spec : specs) {
        const QString id = spec->id().isEmpty() ? spec->filePath() : spec->id();
        out << id.leftJustified(24) << ' ' << spec->kindName().leftJustified(9) << ' ' << spec->version().leftJustified(9)
            << ' ' << PluginSpec::stateName(spec->state()) << '\n';
        if (!spec->reason().isEmpty())
            out << "    " << spec->reason() << '\n';
        for (const Error &error : spec->errors()) {
            if (error.message != spec->reason())
                out << "    " << error.message << '\n';
        }
        for (const QString &note : spec->notes())
            out << "    " << Text::tr("note: %1").arg(note) << '\n';
    }
    out.flush();
    return 0;
}

} // namespace valis::cli
