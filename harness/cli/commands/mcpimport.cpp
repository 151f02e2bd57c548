// valis-cli mcp import: servers from other hosts' files (Claude Desktop, a project's .mcp.json,
// Codex's config.toml) into config/mcp.json.
#include "mcpcommands.h"

#include <QDir>
#include <QFileInfo>
#include <QTextStream>

#include <cstdio>
#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace valis::cli {

namespace {

bool stdinIsTerminal()
{
#if defined(Q_OS_UNIX)
    return isatty(STDIN_FILENO);
#else
    return false;
#endif
}

/// A project's .mcp.json comes with the code, not from the person: whoever wrote the repository
/// chose its commands.
bool isProjectFile(const QString &path)
{
    return QFileInfo(path).fileName() == QLatin1String(".mcp.json");
}

/// Asks on the terminal whether to take `server` from a project file; blocking is fine here,
/// nothing else runs.
bool confirm(CliContext &context, QTextStream &in, const McpServerConfig &server, const QString &path)
{
    while (true) {
        context.err() << Text::tr("%1 (from %2) would run: %3").arg(server.name, QDir::toNativeSeparators(path), describeServer(server));
        if (server.transport == McpServerConfig::Transport::Http)
            context.err() << Text::tr(" (an HTTP server)");
        context.err() << '\n' << Text::tr("  Import it? [y/n]: ");
        context.err().flush();
        const QString answer = in.readLine();
        if (answer.isNull())
            return false;
        const QString word = answer.trimmed().toLower();
        if (word == QLatin1String("y") || word == QLatin1String("yes"))
            return true;
        if (word == QLatin1String("n") || word == QLatin1String("no"))
            return false;
    }
}

} // namespace

int runMcpImport(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp import");
    CliParser parser;
    const QCommandLineOption replace(QStringLiteral("replace"), Text::tr("Overwrite servers of the same name."));
    const QCommandLineOption yes(QStringLiteral("yes"),
                                 Text::tr("Import a project's .mcp.json without asking (it can run any command: read it first)."));
    parser.addOptions({replace, yes});
    parser.addPositionalArgument(QStringLiteral("file"),
                                 Text::tr("claude_desktop_config.json, a project's .mcp.json or Codex's config.toml (default: "
                                          "those found on this machine, and ./.mcp.json)."),
                                 QStringLiteral("[FILE]"));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Imports MCP servers from Claude Desktop, Claude Code (.mcp.json) and Codex "
                                                "(config.toml). A project's .mcp.json is asked about server by server on a "
                                                "terminal, and refused without one unless --yes."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().size() > 1)
        return context.usageError(command, Text::tr("name at most one file"));

    QStringList files;
    if (!parser.positionalArguments().isEmpty()) {
        files.append(parser.positionalArguments().constFirst());
    } else {
        QStringList candidates = McpSettings::foreignConfigPaths();
        candidates.append(QDir::current().filePath(QStringLiteral(".mcp.json")));
        for (const QString &candidate : candidates) {
            if (QFileInfo(candidate).isFile())
                files.append(candidate);
        }
        if (files.isEmpty()) {
            QStringList shown;
            for (const QString &candidate : candidates)
                shown.append(QDir::toNativeSeparators(candidate));
            return context.fail(command, Error(QStringLiteral("mcp.nothing-to-import"),
                                               Text::tr("found no configuration to import; looked at %1").arg(shown.join(QStringLiteral(", ")))));
        }
    }

    std::optional<McpSettings> settings = loadMcpSettings(context, command);
    if (!settings)
        return 1;
    QTextStream in(stdin);
    int imported = 0;
    bool failed = false;
    for (const QString &file : files) {
        const QString shownPath = QDir::toNativeSeparators(file);
        QList<Error> problems;
        const Result<QList<McpServerConfig>> servers = McpSettings::readForeign(file, &problems);
        if (servers.hasError()) {
            context.out() << Text::tr("unreadable: %1").arg(servers.error().toString()) << '\n';
            failed = true;
            continue;
        }
        for (const Error &problem : problems)
            context.out() << Text::tr("unreadable: %1").arg(problem.toString()) << '\n';
        const bool project = isProjectFile(file);
        const bool ask = project && !parser.isSet(yes);
        if (ask && !stdinIsTerminal() && !servers->isEmpty()) {
            context.out().flush();
            context.err() << Text::tr("valis-cli %1: refused %2: a project's .mcp.json can run any command; run this on a "
                                      "terminal to choose server by server, or pass --yes to take them all")
                                 .arg(command, shownPath)
                          << Qt::endl;
            failed = true;
            continue;
        }
        for (const McpServerConfig &server : servers.value()) {
            const bool exists = settings->server(server.name).has_value() || settings->isUnreadable(server.name);
            if (exists && !parser.isSet(replace)) {
                context.out() << Text::tr("skipped %1 from %2: a server of that name exists (--replace overwrites it)").arg(server.name, shownPath)
                              << '\n';
                continue;
            }
            if (ask) {
                context.out().flush();
                if (!confirm(context, in, server, file)) {
                    context.out() << Text::tr("skipped %1 from %2: not confirmed").arg(server.name, shownPath) << '\n';
                    continue;
                }
            }
            settings->setServer(server);
            ++imported;
            context.out() << Text::tr("imported %1 from %2: %3").arg(server.name, shownPath, describeServer(server)) << '\n';
        }
    }
    if (imported > 0) {
        if (const Result<void> saved = settings->save(); saved.hasError())
            return context.fail(command, saved.error());
    }
    context.out() << Text::tr("%n server(s) imported into %1", nullptr, imported).arg(QDir::toNativeSeparators(settings->path())) << Qt::endl;
    return failed ? 1 : 0;
}

} // namespace valis::cli
