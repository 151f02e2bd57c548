// valis-cli mcp serve: Valis's memory and transcripts as an MCP server for other agents (stdio
// here, Streamable HTTP in mcpservehttp.cpp); valis-cli mcp audit: what they called.
#include "commands/mcpcommands.h"

#include "cliparser.h"
#include "mcpserve.h"
#include "memorystore.h"

#include "valis/agent/toolsettings.h"
#include "valis/mcp/mcpauditlog.h"
#include "valis/mcp/mcpstdioserver.h"
#include "valis/mcp/valismemoryserver.h"
#include "valis/prompts/promptmcpsource.h"
#include "valis/prompts/promptstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QJsonArray>

namespace valis::cli {

McpCallSink mcpAuditWriter(CliContext &context, const McpAuditLog &audit)
{
    auto warned = std::make_shared<bool>(false);
    return [&context, &audit, warned](const McpCaller &caller, const QString &method, const QString &target,
                                      const QString &error, qint64 milliseconds) {
        McpAuditEntry entry;
        entry.time = QDateTime::currentDateTimeUtc();
        entry.clientName = caller.clientName;
        entry.clientVersion = caller.clientVersion;
        entry.transport = caller.transport;
        entry.sessionId = caller.sessionId;
        entry.method = method;
        entry.target = target;
        entry.error = error;
        entry.milliseconds = milliseconds;
        entry.write = method == QLatin1String("tools/call") && target == QLatin1String("store_memory") && error.isEmpty();
        const Result<void> appended = audit.append(entry);
        if (appended.hasError() && !*warned) {
            *warned = true; // stdout may belong to the protocol: stderr, and only once
            context.err() << Text::tr("valis-cli mcp serve: cannot write the audit log: %1").arg(appended.error().toString())
                          << Qt::endl;
        }
    };
}

int runMcpServe(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp serve");
    CliParser parser;
    const QCommandLineOption stdio(QStringLiteral("stdio"), Text::tr("Serve over stdin and stdout (the default), for an agent that starts valis-cli itself."));
    const QCommandLineOption http(QStringLiteral("http"), Text::tr("Serve Streamable HTTP on this port (0: any free one) instead."), QStringLiteral("PORT"));
    const QCommandLineOption bind(QStringLiteral("bind"), Text::tr("The address HTTP listens on (default 127.0.0.1)."), QStringLiteral("ADDRESS"));
    const QCommandLineOption agent(QStringLiteral("agent"), Text::tr("Whose memory and /memories/ to serve (default: config/tools.json's agent)."), QStringLiteral("ID"));
    const QCommandLineOption readOnly(QStringLiteral("read-only"), Text::tr("Offer no tool that writes (no store_memory)."));
    const QCommandLineOption newToken(QStringLiteral("new-token"), Text::tr("HTTP: replace the bearer token in the keychain and print the new one once."));
    const QCommandLineOption allowOrigin(QStringLiteral("allow-origin"), Text::tr("HTTP: also accept requests from this Origin (repeatable)."), QStringLiteral("ORIGIN"));
    parser.addOptions({stdio, http, bind, agent, readOnly, newToken, allowOrigin});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Serves Valis's memory and session transcripts to other agents over MCP: search, "
                                                "read and store memories, search and read transcripts, the /memories/ files, as "
                                                "tools, resources and a recall prompt. Every call is written to the audit log "
                                                "(valis-cli mcp audit). For Claude Code: claude mcp add valis -- valis-cli mcp serve"),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (!parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("takes no arguments"));
    if (parser.isSet(stdio) && parser.isSet(http))
        return context.usageError(command, Text::tr("--stdio and --http exclude each other"));

    McpServeOptions options;
    options.http = parser.isSet(http);
    if (options.http) {
        bool ok = false;
        const uint port = parser.value(http).toUInt(&ok);
        if (!ok || port > 65535)
            return context.usageError(command, Text::tr("--http takes a port number from 0 to 65535"));
        options.port = quint16(port);
    }
    if (parser.isSet(bind)) {
        options.address = QHostAddress(parser.value(bind));
        if (options.address.isNull())
            return context.usageError(command, Text::tr("--bind takes an IP address, got \"%1\"").arg(parser.value(bind)));
    }
    if (!options.http && (parser.isSet(bind) || parser.isSet(newToken) || parser.isSet(allowOrigin)))
        return context.usageError(command, Text::tr("--bind, --new-token and --allow-origin are for --http"));
    options.readOnly = parser.isSet(readOnly);
    options.rotateToken = parser.isSet(newToken);
    options.allowedOrigins = parser.values(allowOrigin);
    options.agentId = parser.value(agent).trimmed();
    if (options.agentId.isEmpty()) {
        Result<ToolSettings> tools = ToolSettings::load(context.locations().toolSettingsPath());
        if (tools.hasError())
            return context.fail(command, tools.error());
        options.agentId = tools->agentId();
    }

    Result<MemorySettings> settings = memorySettings(context.locations(), QString());
    if (settings.hasError())
        return context.fail(command, settings.error());
    Result<std::shared_ptr<DetailStore>> memory = openMemoryStore(*settings, context.locations());
    if (memory.hasError())
        return context.fail(command, memory.error());
    SessionStore *sessions = context.store();
    if (!sessions)
        return 1;

    ValisMemoryServerOptions serverOptions;
    serverOptions.agentId = options.agentId;
    serverOptions.readOnly = options.readOnly;
    serverOptions.version = QCoreApplication::applicationVersion();
    ValisMemoryServer handler(std::move(memory).value(), sessions, serverOptions);
    // The person's stored prompts, as MCP prompts beside `recall` (both transports share the handler).
    Result<std::unique_ptr<PromptStore>> prompts = PromptStore::open(context.locations().promptStorePath());
    if (prompts.hasError())
        return context.fail(command, prompts.error());
    handler.setPromptSource(std::make_shared<PromptStoreMcpSource>(std::shared_ptr<PromptStore>(std::move(prompts).value())));
    const McpAuditLog audit(context.locations().mcpAuditLogPath());

    if (options.http)
        return serveMcpHttp(context, &handler, options, audit);

    McpStdioServer server(&handler);
    QObject::connect(server.session(), &McpServerSession::called, server.session(), mcpAuditWriter(context, audit));
    QEventLoop loop;
    QObject::connect(&server, &McpStdioServer::finished, &loop, &QEventLoop::quit);
    context.err() << Text::tr("valis-cli mcp serve: serving the memory of agent %1%2 over stdio")
                         .arg(options.agentId, options.readOnly ? Text::tr(" (read-only)") : QString())
                  << Qt::endl;
    server.start();
    loop.exec();
    return 0;
}

int runMcpAudit(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp audit");
    CliParser parser;
    const QCommandLineOption limit(QStringLiteral("limit"), Text::tr("Show the newest N calls (default 50)."), QStringLiteral("N"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print each call as one line of JSON."));
    parser.addOptions({limit, json});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Prints the audit log of valis-cli mcp serve, newest first: which agent called "
                                                "what, when, how long it took and how it failed."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (!parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("takes no arguments"));
    int count = 50;
    if (parser.isSet(limit)) {
        bool ok = false;
        count = parser.value(limit).toInt(&ok);
        if (!ok || count < 1)
            return context.usageError(command, Text::tr("--limit takes a positive number"));
    }
    const McpAuditLog audit(context.locations().mcpAuditLogPath());
    int skipped = 0;
    const Result<QList<McpAuditEntry>> entries = audit.read(count, &skipped);
    if (entries.hasError())
        return context.fail(command, entries.error());
    if (parser.isSet(json)) {
        for (const McpAuditEntry &entry : *entries)
            context.out() << jsonLine(entry.toJson()) << '\n';
        context.out().flush();
        return 0;
    }
    if (entries->isEmpty())
        context.out() << Text::tr("No calls yet (%1).").arg(QDir::toNativeSeparators(audit.path())) << '\n';
    for (const McpAuditEntry &entry : *entries) {
        QString who = entry.clientName.isEmpty() ? Text::tr("unknown client") : entry.clientName;
        if (!entry.clientVersion.isEmpty())
            who += QLatin1Char(' ') + entry.clientVersion;
        context.out() << entry.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) << "  " << who << " ("
                      << entry.transport << ")  " << entry.method;
        if (!entry.target.isEmpty())
            context.out() << ' ' << entry.target;
        context.out() << "  " << Text::tr("%1 ms").arg(entry.milliseconds);
        if (entry.write)
            context.out() << "  " << Text::tr("[wrote]");
        if (!entry.error.isEmpty())
            context.out() << "  " << Text::tr("failed: %1").arg(entry.error);
        context.out() << '\n';
    }
    if (skipped > 0)
        context.err() << Text::tr("%n line(s) of the log could not be read.", nullptr, skipped) << '\n';
    context.out().flush();
    return 0;
}

} // namespace valis::cli
