// valis-cli mcp: the MCP servers of config/mcp.json. This file: the dispatcher, list, add and
// remove; import and the commands that talk to a server live beside it.
#include "commands.h"
#include "mcpcliserver.h"
#include "mcpcommands.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcessEnvironment>
#include <QRegularExpression>

namespace valis::cli {

QString describeServer(const McpServerConfig &server)
{
    if (server.transport == McpServerConfig::Transport::Http)
        return server.url;
    QStringList words{server.command};
    // Quoted as a POSIX shell would need it, so the line can be pasted into one.
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    for (const QString &argument : server.args) {
        if (plain.match(argument).hasMatch())
            words.append(argument);
        else
            words.append(QLatin1Char('\'') + QString(argument).replace(QLatin1String("'"), QLatin1String("'\\''")) + QLatin1Char('\''));
    }
    return words.join(QLatin1Char(' '));
}

std::optional<McpSettings> loadMcpSettings(CliContext &context, const QString &command)
{
    Result<McpSettings> settings = McpSettings::load(context.locations().mcpSettingsPath());
    if (settings.hasError()) {
        context.fail(command, settings.error());
        return std::nullopt;
    }
    return std::move(settings).value();
}

QString whereCommandsAreLooked()
{
    const QString shellPath = loginShellPath();
    return Text::tr("looked on PATH: %1").arg(qEnvironmentVariable("PATH")) + QLatin1Char('\n')
         + Text::tr("and on your login shell's PATH: %1").arg(shellPath.isEmpty() ? Text::tr("(none found)") : shellPath);
}

QString firstLine(const QString &text)
{
    return text.trimmed().section(QLatin1Char('\n'), 0, 0).trimmed();
}

int parseServerCommand(CliContext &context, CliParser &parser, const QString &command, const QString &description,
                       const QStringList &arguments, qsizetype positionals)
{
    if (const int code = context.parse(parser, command, description, arguments); code >= 0)
        return code;
    if (parser.positionalArguments().size() != positionals)
        return context.usageError(command, positionals == 1 ? Text::tr("name exactly one server")
                                                            : Text::tr("give the server and exactly one more argument"));
    return -1;
}

bool connectMcpServer(CliContext &context, const QString &command, const QString &name, McpCliServer &server)
{
    const Result<void> connected = server.connect(name);
    if (connected.hasError()) {
        Error error = connected.error();
        if (error.code == QLatin1String("mcp.command-not-found") && !server.config().command.contains(QLatin1Char('/')))
            error.message += QLatin1Char('\n') + whereCommandsAreLooked();
        context.fail(command, error);
        return false;
    }
    return true;
}

QString jsonLine(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

namespace {

struct Subcommand
{
    const char *name;
    const char *summary;
    int (*run)(CliContext &context, const QStringList &arguments);
};

const QList<Subcommand> &subcommands()
{
    static const QList<Subcommand> list = {
        {"list", QT_TRANSLATE_NOOP("valis::cli", "The configured servers, and entries that cannot be read"), runMcpList},
        {"add", QT_TRANSLATE_NOOP("valis::cli", "Add a server: NAME -- COMMAND [ARGS...] or NAME --url URL"), runMcpAdd},
        {"remove", QT_TRANSLATE_NOOP("valis::cli", "Remove a server"), runMcpRemove},
        {"import", QT_TRANSLATE_NOOP("valis::cli", "Import servers from Claude Desktop, a project's .mcp.json or Codex"), runMcpImport},
        {"test", QT_TRANSLATE_NOOP("valis::cli", "Start a server and report what it is, or why it fails"), runMcpTest},
        {"tools", QT_TRANSLATE_NOOP("valis::cli", "A server's tools: names, hints, whether offered, token cost"), runMcpTools},
        {"call", QT_TRANSLATE_NOOP("valis::cli", "Call one of a server's tools and print its result"), runMcpCall},
        {"resources", QT_TRANSLATE_NOOP("valis::cli", "A server's resources (or resource templates)"), runMcpResources},
        {"read", QT_TRANSLATE_NOOP("valis::cli", "Read one resource"), runMcpRead},
        {"prompts", QT_TRANSLATE_NOOP("valis::cli", "A server's prompts and their arguments"), runMcpPrompts},
        {"prompt", QT_TRANSLATE_NOOP("valis::cli", "Get one prompt with arguments and print its messages"), runMcpPrompt},
        {"login", QT_TRANSLATE_NOOP("valis::cli", "Sign in to an HTTP server (OAuth, in the browser)"), runMcpLogin},
        {"logout", QT_TRANSLATE_NOOP("valis::cli", "Forget an HTTP server's OAuth tokens"), runMcpLogout},
        {"serve", QT_TRANSLATE_NOOP("valis::cli", "Serve Valis's memory and transcripts to other agents over MCP"), runMcpServe},
        {"audit", QT_TRANSLATE_NOOP("valis::cli", "What other agents called on valis-cli mcp serve"), runMcpAudit},
    };
    return list;
}

void printMcpUsage(QTextStream &stream, const QString &settingsPath)
{
    stream << Text::tr("Usage: valis-cli mcp <subcommand> [options]") << "\n\n"
           << Text::tr("The MCP servers whose tools the agent is offered, configured in %1.").arg(QDir::toNativeSeparators(settingsPath))
           << "\n\n"
           << Text::tr("Subcommands:") << '\n';
    for (const Subcommand &subcommand : subcommands())
        stream << "  " << QString::fromLatin1(subcommand.name).leftJustified(10) << ' ' << Text::tr(subcommand.summary) << '\n';
    stream << '\n' << Text::tr("'valis-cli mcp <subcommand> --help' shows a subcommand's options.") << '\n';
    stream.flush();
}

QString timeoutsText(const McpServerConfig &server)
{
    return Text::tr("start %1 s, calls %2 s (at most %3 s)").arg(server.startupTimeoutSec).arg(server.toolTimeoutSec).arg(server.maxToolTimeoutSec);
}

/// K=V pairs (--env); an Error with a usage message for a bad one.
Result<QMap<QString, QString>> parsePairs(const QStringList &values, QChar separator, const QString &option)
{
    static const QRegularExpression variable(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    static const QRegularExpression headerName(QStringLiteral("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"));
    QMap<QString, QString> pairs;
    for (const QString &value : values) {
        const qsizetype at = value.indexOf(separator);
        const QString key = at > 0 ? value.left(at).trimmed() : QString();
        const bool valid = separator == QLatin1Char('=') ? variable.match(key).hasMatch() : headerName.match(key).hasMatch();
        if (!valid)
            return Error(QStringLiteral("cli.usage"), separator == QLatin1Char('=')
                                                          ? Text::tr("%1 takes NAME=VALUE, not \"%2\"").arg(option, value)
                                                          : Text::tr("%1 takes NAME:VALUE, not \"%2\"").arg(option, value));
        pairs.insert(key, separator == QLatin1Char('=') ? value.mid(at + 1) : value.mid(at + 1).trimmed());
    }
    return pairs;
}

Result<int> parseSeconds(const QString &value, const QString &option)
{
    bool ok = false;
    const int seconds = value.toInt(&ok);
    if (!ok || seconds < 1 || seconds > 7 * 24 * 3600)
        return Error(QStringLiteral("cli.usage"), Text::tr("%1 takes a whole number of seconds above 0").arg(option));
    return seconds;
}

/// Warns about what will not work as added (the caller still saves it: the command may be
/// installed later, the variable set in another shell).
void warnAboutResolution(CliContext &context, const McpServerConfig &server)
{
    const Result<McpResolvedServer> resolved = resolveServer(server);
    if (resolved.hasError()) {
        context.err() << Text::tr("warning: %1").arg(resolved.error().message) << '\n';
        if (resolved.error().code == QLatin1String("mcp.command-not-found") && !server.command.contains(QLatin1Char('/')))
            context.err() << whereCommandsAreLooked() << '\n';
        context.err().flush();
        return;
    }
    if (server.transport == McpServerConfig::Transport::Stdio && server.cwd.isEmpty()) {
        // A relative path works only from the folder it was added in.
        for (const QString &argument : server.args) {
            if (!argument.startsWith(QLatin1Char('-')) && QFileInfo(argument).isRelative() && argument.contains(QLatin1Char('/'))
                && QFileInfo::exists(argument)) {
                context.err() << Text::tr("note: %1 is relative to the folder the server starts in; give its full path, or "
                                          "--cwd %2, to start it from anywhere")
                                     .arg(argument, QDir::currentPath())
                              << Qt::endl;
                break;
            }
        }
    }
}

} // namespace

int runMcp(CliContext &context, const QStringList &arguments)
{
    if (context.describing()) {
        for (const Subcommand &subcommand : subcommands()) {
            context.describeSubcommand(QStringLiteral("mcp"), QString::fromLatin1(subcommand.name), Text::tr(subcommand.summary));
            subcommand.run(context, {QString::fromLatin1(subcommand.name)});
        }
        return 0;
    }
    const QStringList rest = arguments.mid(1);
    if (rest.isEmpty()) {
        printMcpUsage(context.err(), context.locations().mcpSettingsPath());
        return 2;
    }
    if (rest.first() == QLatin1String("--help") || rest.first() == QLatin1String("-h") || rest.first() == QLatin1String("help")) {
        printMcpUsage(context.out(), context.locations().mcpSettingsPath());
        return 0;
    }
    for (const Subcommand &subcommand : subcommands()) {
        if (rest.first() == QLatin1String(subcommand.name))
            return subcommand.run(context, rest);
    }
    QStringList names;
    for (const Subcommand &subcommand : subcommands())
        names.append(QString::fromLatin1(subcommand.name));
    return context.usageError(QStringLiteral("mcp"),
                              Text::tr("unknown subcommand \"%1\"; use %2").arg(rest.first(), names.join(QStringLiteral(", "))));
}

int runMcpList(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp list");
    CliParser parser;
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print the servers as JSON, as config/mcp.json holds them."));
    const QCommandLineOption names(QStringLiteral("names"),
                                   Text::tr("Print only the servers' names, one a line (for scripts and shell completion)."));
    parser.addOptions({json, names});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Lists the configured MCP servers: what each runs or where it is, whether it is "
                                                "enabled, its time limits; and every entry of the file that cannot be read, with "
                                                "the reason."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (!parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("takes no arguments"));
    const std::optional<McpSettings> settings = loadMcpSettings(context, command);
    if (!settings)
        return 1;

    if (parser.isSet(names)) {
        for (const McpServerConfig &server : settings->servers())
            context.out() << server.name << '\n';
        context.out().flush();
        return 0;
    }
    if (parser.isSet(json)) {
        QJsonArray servers;
        for (const McpServerConfig &server : settings->servers()) {
            QJsonObject entry = server.toJson();
            entry.insert(QStringLiteral("name"), server.name);
            entry.insert(QStringLiteral("type"), server.transport == McpServerConfig::Transport::Http ? QStringLiteral("http")
                                                                                                     : QStringLiteral("stdio"));
            entry.insert(QStringLiteral("enabled"), server.enabled);
            entry.insert(QStringLiteral("startupTimeoutSec"), server.startupTimeoutSec);
            entry.insert(QStringLiteral("toolTimeoutSec"), server.toolTimeoutSec);
            entry.insert(QStringLiteral("maxToolTimeoutSec"), server.maxToolTimeoutSec);
            servers.append(entry);
        }
        QJsonArray problems;
        for (const Error &problem : settings->problems())
            problems.append(QJsonObject{{QStringLiteral("where"), problem.location}, {QStringLiteral("message"), problem.message}});
        context.out() << jsonLine({{QStringLiteral("path"), settings->path()},
                                   {QStringLiteral("servers"), servers},
                                   {QStringLiteral("unreadable"), problems}})
                      << Qt::endl;
        return 0;
    }
    const QList<McpServerConfig> servers = settings->servers();
    qsizetype width = 4;
    for (const McpServerConfig &server : servers)
        width = qMax(width, server.name.size());
    for (const McpServerConfig &server : servers) {
        QStringList flags{server.enabled ? Text::tr("enabled") : Text::tr("disabled")};
        if (server.required)
            flags.append(Text::tr("required"));
        if (server.trusted)
            flags.append(Text::tr("trusted"));
        context.out() << server.name.leftJustified(width + 2)
                      << (server.transport == McpServerConfig::Transport::Http ? QStringLiteral("http   ") : QStringLiteral("stdio  "))
                      << describeServer(server) << '\n'
                      << QString(width + 2, QLatin1Char(' ')) << "       " << flags.join(QStringLiteral(", ")) << "; "
                      << timeoutsText(server) << '\n';
    }
    if (servers.isEmpty() && settings->problems().isEmpty())
        context.out() << Text::tr("No MCP servers in %1 (add one with valis-cli mcp add, or import them with valis-cli mcp import).")
                             .arg(QDir::toNativeSeparators(settings->path()))
                      << '\n';
    if (!settings->problems().isEmpty()) {
        context.out() << Text::tr("Entries that cannot be read (kept in the file as they are):") << '\n';
        for (const Error &problem : settings->problems())
            context.out() << "  " << problem.toString() << '\n';
    }
    context.out().flush();
    return 0;
}

int runMcpAdd(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp add");
    CliParser parser;
    const QCommandLineOption env(QStringLiteral("env"), Text::tr("An environment variable for the server (repeatable); ${VAR} and ${VAR:-default} expand when it starts."),
                                 QStringLiteral("NAME=VALUE"));
    const QCommandLineOption cwd(QStringLiteral("cwd"), Text::tr("The folder the server starts in."), QStringLiteral("DIR"));
    const QCommandLineOption startup(QStringLiteral("startup-timeout"), Text::tr("Seconds it may take to get ready (default 30)."), QStringLiteral("SEC"));
    const QCommandLineOption toolTimeout(QStringLiteral("tool-timeout"), Text::tr("Seconds a tool call may take without progress (default 300)."),
                                         QStringLiteral("SEC"));
    const QCommandLineOption disabled(QStringLiteral("disabled"), Text::tr("Add it switched off."));
    const QCommandLineOption trusted(QStringLiteral("trusted"), Text::tr("Believe its tools' hints (read-only tools then run without asking)."));
    const QCommandLineOption required(QStringLiteral("required"), Text::tr("valis-cli run does not start without it."));
    const QCommandLineOption replace(QStringLiteral("replace"), Text::tr("Overwrite a server of the same name."));
    const QCommandLineOption url(QStringLiteral("url"), Text::tr("An HTTP server (Streamable HTTP, or the older HTTP+SSE) at this address."), QStringLiteral("URL"));
    const QCommandLineOption header(QStringLiteral("header"), Text::tr("An HTTP header to send (repeatable); ${VAR} expands."), QStringLiteral("NAME:VALUE"));
    const QCommandLineOption bearer(QStringLiteral("bearer-token-env"), Text::tr("Send the bearer token this environment variable holds."),
                                    QStringLiteral("VAR"));
    const QCommandLineOption clientId(QStringLiteral("client-id"), Text::tr("A pre-registered OAuth client id."), QStringLiteral("ID"));
    const QCommandLineOption clientSecret(QStringLiteral("client-secret-env"), Text::tr("The environment variable holding that client's secret."),
                                          QStringLiteral("VAR"));
    const QCommandLineOption scope(QStringLiteral("scope"), Text::tr("An OAuth scope to ask for when the server names none (repeatable)."),
                                   QStringLiteral("S"));
    parser.addOptions({env, cwd, startup, toolTimeout, disabled, trusted, required, replace, url, header, bearer, clientId, clientSecret, scope});
    parser.addPositionalArgument(QStringLiteral("name"), Text::tr("The server's name: letters, digits, '-' and '_', at most 64."));
    parser.addPositionalArgument(QStringLiteral("command"), Text::tr("After --: the command that starts a stdio server, with its arguments."),
                                 QStringLiteral("-- COMMAND [ARGS...]"));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Adds an MCP server to config/mcp.json: a local one started with a command "
                                                "(stdio), or a remote one at a URL (HTTP). A command that cannot be found now is "
                                                "a warning, not a refusal."),
                                       arguments);
        code >= 0) {
        return code;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return context.usageError(command, Text::tr("name the server"));
    McpServerConfig server;
    server.name = positional.constFirst();
    if (!McpServerConfig::isValidName(server.name))
        return context.usageError(command, Text::tr("the name \"%1\" may hold only letters, digits, '-' and '_' (at most 64)").arg(server.name));
    const bool http = parser.isSet(url);
    if (http && positional.size() > 1)
        return context.usageError(command, Text::tr("give either --url or a command after --, not both"));
    if (!http && positional.size() < 2)
        return context.usageError(command, Text::tr("give the command after --, e.g. valis-cli mcp add NAME -- npx -y PACKAGE; or --url URL"));
    const QList<const QCommandLineOption *> stdioOnly{&env, &cwd};
    const QList<const QCommandLineOption *> httpOnly{&header, &bearer, &clientId, &clientSecret, &scope};
    for (const QCommandLineOption *option : http ? stdioOnly : httpOnly) {
        if (parser.isSet(*option))
            return context.usageError(command, http ? Text::tr("--%1 is for servers started with a command").arg(option->names().constFirst())
                                                    : Text::tr("--%1 is for HTTP servers (--url)").arg(option->names().constFirst()));
    }
    if (http) {
        server.transport = McpServerConfig::Transport::Http;
        server.url = parser.value(url);
        // An address with ${VAR} in it is checked when it is expanded.
        if (!server.url.contains(QLatin1String("${"))) {
            const QUrl address(server.url, QUrl::StrictMode);
            if (!address.isValid() || address.host().isEmpty()
                || (address.scheme() != QLatin1String("http") && address.scheme() != QLatin1String("https")))
                return context.usageError(command, Text::tr("\"%1\" is not an http:// or https:// address").arg(server.url));
        }
        const Result<QMap<QString, QString>> headers = parsePairs(parser.values(header), QLatin1Char(':'), QStringLiteral("--header"));
        if (headers.hasError())
            return context.usageError(command, headers.error().message);
        server.headers = headers.value();
        server.bearerTokenEnvVar = parser.value(bearer);
        server.oauthClientId = parser.value(clientId);
        server.oauthClientSecretEnvVar = parser.value(clientSecret);
        server.oauthScopes = parser.values(scope);
    } else {
        server.command = positional.at(1);
        server.args = positional.mid(2);
        const Result<QMap<QString, QString>> variables = parsePairs(parser.values(env), QLatin1Char('='), QStringLiteral("--env"));
        if (variables.hasError())
            return context.usageError(command, variables.error().message);
        server.env = variables.value();
        server.cwd = parser.value(cwd);
    }
    if (parser.isSet(startup)) {
        const Result<int> seconds = parseSeconds(parser.value(startup), QStringLiteral("--startup-timeout"));
        if (seconds.hasError())
            return context.usageError(command, seconds.error().message);
        server.startupTimeoutSec = seconds.value();
    }
    if (parser.isSet(toolTimeout)) {
        const Result<int> seconds = parseSeconds(parser.value(toolTimeout), QStringLiteral("--tool-timeout"));
        if (seconds.hasError())
            return context.usageError(command, seconds.error().message);
        server.toolTimeoutSec = seconds.value();
        server.maxToolTimeoutSec = qMax(3600, server.toolTimeoutSec);
    }
    server.enabled = !parser.isSet(disabled);
    server.trusted = parser.isSet(trusted);
    server.required = parser.isSet(required);

    std::optional<McpSettings> settings = loadMcpSettings(context, command);
    if (!settings)
        return 1;
    const std::optional<McpServerConfig> existing = settings->server(server.name);
    if ((existing || settings->isUnreadable(server.name)) && !parser.isSet(replace)) {
        return context.fail(command, Error(QStringLiteral("mcp.server-exists"),
                                           Text::tr("there is a server named \"%1\" already (%2); --replace overwrites it")
                                               .arg(server.name, existing ? describeServer(*existing) : Text::tr("an entry that cannot be read"))));
    }
    if (existing)
        server.extra = existing->extra; // what Valis does not know about it stays
    settings->setServer(server);
    if (const Result<void> saved = settings->save(); saved.hasError())
        return context.fail(command, saved.error());
    context.out() << (existing ? Text::tr("Replaced %1: %2").arg(server.name, describeServer(server))
                               : Text::tr("Added %1: %2").arg(server.name, describeServer(server)))
                  << Qt::endl;
    warnAboutResolution(context, server);
    return 0;
}

int runMcpRemove(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp remove");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server to remove."));
    if (const int code = parseServerCommand(context, parser, command, Text::tr("Removes an MCP server from config/mcp.json."), arguments, 1);
        code >= 0)
        return code;
    const QString name = parser.positionalArguments().constFirst();
    std::optional<McpSettings> settings = loadMcpSettings(context, command);
    if (!settings)
        return 1;
    if (!settings->removeServer(name))
        return context.fail(command, Error(QStringLiteral("mcp.unknown-server"), Text::tr("there is no MCP server \"%1\"").arg(name),
                                           settings->path()));
    if (const Result<void> saved = settings->save(); saved.hasError())
        return context.fail(command, saved.error());
    context.out() << Text::tr("Removed %1.").arg(name) << Qt::endl;
    return 0;
}

} // namespace valis::cli
