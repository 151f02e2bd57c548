// valis-cli mcp test / tools / call: start one configured server and ask it things.
#include "interactionprompter.h"
#include "mcpcliserver.h"
#include "mcpcommands.h"
#include "terminalinput.h"

#include "valis/agent/providersettings.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/mcp/mcpcontent.h"
#include "valis/mcp/mcpschema.h"
#include "valis/mcp/mcptoolnames.h"
#include "valis/tokens/tokencounter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>

namespace valis::cli {

namespace {

/// "tools (listChanged), resources (subscribe, listChanged), logging".
QString describeCapabilities(const QJsonObject &capabilities)
{
    QStringList items;
    for (auto it = capabilities.begin(); it != capabilities.end(); ++it) {
        QStringList flags;
        const QJsonObject details = it.value().toObject();
        for (auto flag = details.begin(); flag != details.end(); ++flag) {
            if (flag.value().toBool(false) || flag.value().isObject())
                flags.append(flag.key());
        }
        items.append(flags.isEmpty() ? it.key() : it.key() + QStringLiteral(" (") + flags.join(QStringLiteral(", ")) + QLatin1Char(')'));
    }
    return items.isEmpty() ? Text::tr("none") : items.join(QStringLiteral(", "));
}

/// The counter of the model `valis-cli run` uses when none is named (config/providers.json's
/// default provider and its model); o200k_base when none is set. `which` says which it is.
std::shared_ptr<TokenCounter> defaultCounter(CliContext &context, QString *which)
{
    const Result<ProviderSettings> settings = ProviderSettings::load(context.locations().providerSettingsPath());
    const QString model = settings.ok() ? settings->entry(settings->defaultProvider()).model : QString();
    if (!model.isEmpty()) {
        const std::shared_ptr<TokenCounter> counter = TokenCounter::forModel(ModelCatalog::load(context.locations()).lookup(model).model);
        *which = counter->isExact() ? Text::tr("%1 (%2)").arg(model, counter->family()) : Text::tr("%1 (an estimate)").arg(model);
        return counter;
    }
    const Result<std::shared_ptr<TokenCounter>> exact = TokenCounter::forEncoding(QStringLiteral("o200k_base"));
    if (exact.ok()) {
        *which = Text::tr("o200k_base (no default model is set)");
        return exact.value();
    }
    *which = Text::tr("an estimate (no default model is set)");
    return TokenCounter::estimate();
}

/// What `valis-cli mcp tools` says about one tool.
struct ToolReport
{
    QJsonObject raw;
    QString name;
    QString visibleName;
    bool offered = true;
    QString setAside;
    bool readOnlyHint = false;
    bool readOnly = false;
    qint64 tokens = 0;
    QJsonObject definition;
};

QString progressText(double progress, double total, const QString &message)
{
    const auto number = [](double value) { return QString::number(value, 'g', 10); };
    QString text = Text::tr("progress %1").arg(number(progress));
    if (total >= 0)
        text += QLatin1Char('/') + number(total);
    if (!message.isEmpty())
        text += QLatin1Char(' ') + message;
    return text;
}

} // namespace

int runMcpTest(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp test");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server to start."));
    if (const int code = parseServerCommand(context, parser, command,
                                            Text::tr("Starts one MCP server as a session would and reports what it is: its name and "
                                                     "version, protocol revision, capabilities, how its command was found, its tools "
                                                     "and how long it took to get ready; or why it fails, with what it wrote to "
                                                     "stderr. Exits 1 when it fails."),
                                            arguments, 1);
        code >= 0) {
        return code;
    }
    McpCliServer server(context);
    if (!connectMcpServer(context, command, parser.positionalArguments().constFirst(), server))
        return 1;
    McpServerConnection *connection = server.connection();
    const McpClient *client = server.client();
    const QJsonObject info = client->serverInfo();
    QTextStream &out = context.out();
    out << Text::tr("%1: ready in %2 ms").arg(server.config().name).arg(server.startupMs()) << '\n';
    QString identity = info.value(QLatin1String("name")).toString() + QLatin1Char(' ') + info.value(QLatin1String("version")).toString();
    if (info.contains(QLatin1String("title")))
        identity += QStringLiteral(" (") + info.value(QLatin1String("title")).toString() + QLatin1Char(')');
    out << "  " << Text::tr("server:       %1").arg(identity.trimmed()) << '\n'
        << "  " << Text::tr("protocol:     %1").arg(client->protocolVersion()) << '\n'
        << "  " << Text::tr("capabilities: %1").arg(describeCapabilities(client->serverCapabilities())) << '\n'
        << "  " << Text::tr("runs:         %1").arg(connection->description()) << '\n';
    if (!connection->resolvedFrom().isEmpty())
        out << "  " << Text::tr("found on:     %1").arg(connection->resolvedFrom()) << '\n';
    out << "  " << Text::tr("tools:        %1").arg(connection->tools().size()) << '\n';
    if (!client->instructions().isEmpty())
        out << "  " << Text::tr("instructions: %1").arg(firstLine(client->instructions())) << '\n';
    if (!server.config().enabled)
        out << "  " << Text::tr("(disabled in the configuration: sessions do not start it)") << '\n';
    out.flush();
    return 0;
}

int runMcpTools(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp tools");
    CliParser parser;
    const QCommandLineOption json(QStringLiteral("json"),
                                  Text::tr("Print the tools as the server lists them, each with visibleName, offered, setAside, "
                                           "readOnly and tokens added."));
    parser.addOption(json);
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server."));
    if (const int code = parseServerCommand(context, parser, command,
                                            Text::tr("Lists a server's tools: the name the model sees, the server's own name, title "
                                                     "and description, the read-only hint (believed only for trusted servers), whether "
                                                     "it is offered (enabledTools/disabledTools) or set aside (a schema no model API "
                                                     "takes), and what its definition costs in tokens."),
                                            arguments, 1);
        code >= 0) {
        return code;
    }
    McpCliServer server(context);
    if (!connectMcpServer(context, command, parser.positionalArguments().constFirst(), server))
        return 1;
    const Result<QJsonArray> listed = server.client()->serverHas(QStringLiteral("tools"))
                                          ? server.listAll(QStringLiteral("tools/list"), QStringLiteral("tools"))
                                          : Result<QJsonArray>(QJsonArray());
    if (listed.hasError())
        return context.fail(command, listed.error());

    const McpServerConfig &config = server.config();
    QString counterName;
    const std::shared_ptr<TokenCounter> counter = defaultCounter(context, &counterName);
    McpToolNames names;
    QList<ToolReport> reports;
    QJsonArray offeredDefinitions;
    for (const QJsonValue &value : listed.value()) {
        ToolReport report;
        report.raw = value.toObject();
        const McpToolInfo info = McpToolInfo::fromJson(report.raw);
        report.name = info.name;
        report.visibleName = names.assign(config.name, info.name);
        report.offered = config.offersTool(info.name);
        report.readOnlyHint = info.annotations.value(QLatin1String("readOnlyHint")).toBool(false);
        report.readOnly = report.readOnlyHint && config.trusted;
        const Result<QJsonObject> schema = McpSchema::normaliseInputSchema(info.inputSchema);
        if (schema.hasError()) {
            report.setAside = schema.error().message;
        } else {
            report.definition = QJsonObject{{QStringLiteral("name"), report.visibleName},
                                            {QStringLiteral("description"), info.description},
                                            {QStringLiteral("input_schema"), schema.value()}};
            // The cost of one more definition in a request (the fixed tool-use prompt left out).
            const QJsonArray one{report.definition};
            const QJsonArray two{report.definition, report.definition};
            report.tokens = counter->countToolDefinitions(two) - counter->countToolDefinitions(one);
            if (report.offered)
                offeredDefinitions.append(report.definition);
        }
        reports.append(report);
    }
    const qint64 total = counter->countToolDefinitions(offeredDefinitions);

    if (parser.isSet(json)) {
        QJsonArray list;
        for (const ToolReport &report : reports) {
            QJsonObject entry = report.raw;
            entry.insert(QStringLiteral("visibleName"), report.visibleName);
            entry.insert(QStringLiteral("offered"), report.offered && report.setAside.isEmpty());
            entry.insert(QStringLiteral("setAside"), report.setAside.isEmpty() ? QJsonValue() : QJsonValue(report.setAside));
            entry.insert(QStringLiteral("readOnly"), report.readOnly);
            entry.insert(QStringLiteral("tokens"), report.tokens);
            list.append(entry);
        }
        context.out() << QString::fromUtf8(QJsonDocument(list).toJson(QJsonDocument::Indented));
        context.out().flush();
        return 0;
    }
    QTextStream &out = context.out();
    int offered = 0;
    for (const ToolReport &report : reports) {
        const McpToolInfo info = McpToolInfo::fromJson(report.raw);
        out << report.visibleName;
        if (report.visibleName != report.name)
            out << "  (" << report.name << ')';
        if (!info.title.isEmpty())
            out << QStringLiteral("  \u201c") << info.title << QStringLiteral("\u201d");
        out << '\n' << "    ";
        QStringList facts;
        if (!report.setAside.isEmpty())
            facts.append(Text::tr("set aside: %1").arg(report.setAside));
        else if (!report.offered)
            facts.append(Text::tr("not offered (enabledTools/disabledTools)"));
        else {
            facts.append(Text::tr("offered"));
            ++offered;
        }
        if (report.readOnly)
            facts.append(Text::tr("read-only"));
        else if (report.readOnlyHint)
            facts.append(Text::tr("says read-only (not believed: the server is not trusted)"));
        if (report.setAside.isEmpty())
            facts.append(Text::tr("%n token(s)", nullptr, int(report.tokens)));
        out << facts.join(QStringLiteral(", ")) << '\n';
        const QString description = firstLine(info.description);
        if (!description.isEmpty())
            out << "    " << description << '\n';
    }
    out << Text::tr("%n tool(s)", nullptr, int(reports.size())) << ", "
        << Text::tr("%n offered", nullptr, offered) << ", "
        << Text::tr("%n token(s) for their definitions, counted for %1", nullptr, int(total)).arg(counterName) << '\n';
    out.flush();
    return 0;
}

int runMcpCall(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("mcp call");
    CliParser parser;
    const QCommandLineOption argsOption(QStringLiteral("args"),
                                        Text::tr("The tool's arguments as a JSON object (default {}); @FILE reads them from FILE, - "
                                                 "from standard input."),
                                        QStringLiteral("JSON"), QStringLiteral("{}"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print the raw CallToolResult as JSON."));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"),
                                           Text::tr("Seconds without an answer or progress before the call is cancelled (default: the "
                                                    "server's toolTimeoutSec)."),
                                           QStringLiteral("SEC"));
    parser.addOptions({argsOption, json, timeoutOption});
    parser.addPositionalArgument(QStringLiteral("server"), Text::tr("The server."));
    parser.addPositionalArgument(QStringLiteral("tool"), Text::tr("The tool, by the server's own name."));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Calls one tool of an MCP server and prints its result; exits 1 when the result is "
                                                "an error. Progress goes to standard error. Questions the server asks (forms, "
                                                "pages to open) are asked on the terminal, and declined without one."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().size() != 2)
        return context.usageError(command, Text::tr("name the server and the tool"));
    const QString toolName = parser.positionalArguments().at(1);
    int timeoutSec = 0;
    if (parser.isSet(timeoutOption)) {
        bool ok = false;
        timeoutSec = parser.value(timeoutOption).toInt(&ok);
        if (!ok || timeoutSec < 1)
            return context.usageError(command, Text::tr("--timeout takes a whole number of seconds above 0"));
    }
    QByteArray argumentsText = parser.value(argsOption).toUtf8();
    const bool argumentsFromStdin = argumentsText == "-";
    if (argumentsFromStdin) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            return context.fail(command, Error(QStringLiteral("cli.io"), Text::tr("cannot read standard input")));
        argumentsText = in.readAll();
    } else if (argumentsText.startsWith('@')) {
        QFile file(QString::fromUtf8(argumentsText.mid(1)));
        if (!file.open(QIODevice::ReadOnly))
            return context.fail(command, Error(QStringLiteral("cli.io"), Text::tr("cannot read %1: %2").arg(file.fileName(), file.errorString())));
        argumentsText = file.readAll();
    }
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(argumentsText, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return context.usageError(command, parseError.error != QJsonParseError::NoError
                                               ? Text::tr("--args is not valid JSON: %1 (at byte %2)").arg(parseError.errorString()).arg(parseError.offset)
                                               : Text::tr("--args must be a JSON object"));
    }

    McpCliServer server(context);
    TerminalInput input;
    if (!argumentsFromStdin && input.isTerminal()) {
        server.enableQuestions(&input);
        input.start();
    }
    if (!connectMcpServer(context, command, parser.positionalArguments().constFirst(), server))
        return 1;
    const auto knows = [&server, &toolName](McpToolInfo *found) {
        for (const McpToolInfo &tool : server.connection()->tools()) {
            if (tool.name == toolName) {
                *found = tool;
                return true;
            }
        }
        return false;
    };
    McpToolInfo tool;
    // Some servers add tools right after the handshake and announce them (list_changed).
    if (!knows(&tool) && (!server.waitForToolsChanged(2000) || !knows(&tool))) {
        QStringList names;
        for (const McpToolInfo &offered : server.connection()->tools())
            names.append(offered.name);
        return context.fail(command, Error(QStringLiteral("mcp.unknown-tool"),
                                           Text::tr("%1 offers no tool \"%2\"; its tools are: %3")
                                               .arg(server.config().name, toolName, names.join(QStringLiteral(", ")))));
    }

    const McpServerConfig &config = server.config();
    McpRequestOptions options;
    options.timeoutMs = (timeoutSec > 0 ? timeoutSec : config.toolTimeoutSec) * 1000;
    options.resetOnProgress = true;
    options.wantsProgress = true;
    options.maxTotalMs = qMax(config.maxToolTimeoutSec * 1000, options.timeoutMs);
    InterruptSignal interrupt;
    McpCliServer::Hooks hooks;
    hooks.progressed = [&context](double progress, double total, const QString &message) {
        context.err() << progressText(progress, total, message) << Qt::endl;
    };
    hooks.started = [&interrupt](McpRequest *request) {
        QPointer<McpRequest> pending(request);
        QObject::connect(&interrupt, &InterruptSignal::triggered, request, [pending] {
            if (pending)
                pending->cancel(Text::tr("interrupted (Ctrl-C)"));
        });
    };
    const McpResponse response = server.send(QStringLiteral("tools/call"),
                                             {{QStringLiteral("name"), toolName}, {QStringLiteral("arguments"), document.object()}},
                                             options, hooks);
    if (!response.ok()) {
        Error error = *response.error;
        if (response.rpcCode == JsonRpcCode::UrlElicitationRequired) {
            // The server needs the person to visit pages first, then the call can be made again.
            for (const QJsonValue &item : response.errorData.toObject().value(QLatin1String("elicitations")).toArray()) {
                const QJsonObject elicitation = item.toObject();
                error.message += QLatin1Char('\n') + Text::tr("open %1 (%2), then call again")
                                                         .arg(elicitation.value(QLatin1String("url")).toString(),
                                                              elicitation.value(QLatin1String("message")).toString());
            }
        }
        return context.fail(command, error);
    }
    const QJsonObject result = response.result;
    if (parser.isSet(json)) {
        context.out() << jsonLine(result) << Qt::endl;
    } else {
        const QString text = McpContent::toText(result);
        context.out() << text << (text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"));
        context.out().flush();
    }
    const QJsonValue structured = result.value(QLatin1String("structuredContent"));
    if (!tool.outputSchema.isEmpty() && !result.value(QLatin1String("isError")).toBool(false)) {
        const QStringList problems = structured.isUndefined()
                                         ? QStringList{Text::tr("it has an outputSchema but sent no structuredContent")}
                                         : McpSchema::validate(structured, tool.outputSchema);
        for (const QString &problem : problems)
            context.err() << Text::tr("warning: the result breaks the tool's outputSchema: %1").arg(problem) << Qt::endl;
    }
    return result.value(QLatin1String("isError")).toBool(false) ? 1 : 0;
}

} // namespace valis::cli
