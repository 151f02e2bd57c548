// valis-cli tool / tools: one tool call exactly as the agent would make it, and the list of tools.
#include "clicontext.h"
#include "commands.h"
#include "interactionprompter.h"
#include "mcphoststart.h"
#include "memorystore.h"
#include "terminalinput.h"
#include "toolenvironmentoptions.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/orchestratedtoolcaller.h"
#include "valis/agent/toolenvironment.h"
#include "valis/agent/toolorchestrator.h"
#include "valis/agent/toolregistry.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextarchive.h"
#include "valis/filesystem/agentfilesystem.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/memoriesbackend.h"
#include "valis/memory/memoryenvironment.h"
#include "valis/mcp/mcphost.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/record/recordjson.h"

#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#if defined(Q_OS_UNIX)
#include <unistd.h>
#elif defined(Q_OS_WIN)
#include <io.h>
#endif

namespace valis::cli {

namespace {

/// The scratch session `valis-cli tool` calls run in: their /context/ files (a command's full
/// output) stay in one place instead of a new folder per call.
const QString ToolSessionId = QStringLiteral("cli-tool");

struct LoadedTools
{
    std::unique_ptr<KeychainCredentialStore> keychain;
    std::unique_ptr<PluginManager> plugins;
    std::optional<ToolEnvironment> environment;
    ToolRegistry registry;
};

/// Loads the tool plugins and starts the configured MCP servers (roots: `workspace`), so their
/// tools are listed too; a server that does not start is a warning.
Result<void> loadTools(CliContext &context, const ToolEnvironmentChoice &choice, const QString &workspace, LoadedTools *tools)
{
    tools->keychain = std::make_unique<KeychainCredentialStore>();
    tools->plugins = std::make_unique<PluginManager>(context.locations(), DataLocations::systemPluginDirs());
    tools->plugins->setHostServices(cliHostServices(tools->keychain.get(), context.err()));
    tools->plugins->loadAll();
    if (McpHost *mcp = findMcpHost(*tools->plugins)) {
        const McpStartReport started = startMcpServers(mcp, {workspace});
        for (const Error &failure : started.failures)
            context.err() << Text::tr("warning: %1").arg(failure.message) << Qt::endl;
    }
    Result<ToolEnvironment> environment = ToolEnvironment::assemble(*tools->plugins, context.locations(), choice);
    if (environment.hasError())
        return environment.error();
    tools->environment = environment.value();
    tools->environment->configure(&tools->registry);
    return success();
}

QString firstSentence(const QString &text)
{
    const QString line = text.section(QLatin1Char('\n'), 0, 0);
    const qsizetype stop = line.indexOf(QLatin1String(". "));
    return stop > 0 ? line.left(stop + 1) : line;
}

} // namespace

int runTools(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("tools");
    CliParser parser;
    const ToolEnvironmentOptions toolOptions;
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print every tool with its full description and JSON schema."));
    parser.addOption(json);
    toolOptions.addTo(parser);
    if (const int code = context.parse(parser, command,
                                       Text::tr("Lists the tools the agent is offered (from the installed tool plugins, limited "
                                                "to the tool pack), with their input schemas."),
                                       arguments);
        code >= 0) {
        return code;
    }
    const Result<ToolEnvironmentChoice> choice = toolOptions.choice(parser);
    if (choice.hasError())
        return context.usageError(command, choice.error().message);
    LoadedTools tools;
    if (const Result<void> loaded = loadTools(context, choice.value(), QDir::currentPath(), &tools); loaded.hasError())
        return context.fail(command, loaded.error());

    if (parser.isSet(json)) {
        QJsonArray list;
        for (const RegisteredTool &tool : tools.registry.tools()) {
            list.append(QJsonObject{{QStringLiteral("name"), tool.spec.name},
                                    {QStringLiteral("provider"), tool.provider->id()},
                                    {QStringLiteral("readOnly"), tool.spec.readOnly},
                                    {QStringLiteral("description"), tool.spec.description},
                                    {QStringLiteral("inputSchema"), tool.spec.inputSchema}});
        }
        context.out() << QString::fromUtf8(QJsonDocument(list).toJson(QJsonDocument::Indented));
        return 0;
    }
    qsizetype width = 4;
    for (const RegisteredTool &tool : tools.registry.tools())
        width = qMax(width, tool.spec.name.size());
    for (const RegisteredTool &tool : tools.registry.tools()) {
        context.out() << tool.spec.name.leftJustified(width + 2) << tool.provider->id().leftJustified(12)
                      << (tool.spec.readOnly ? Text::tr("read-only  ") : QStringLiteral("           "))
                      << firstSentence(tool.spec.description) << Qt::endl;
    }
    context.out() << Text::tr("%n tool(s), pack \"%1\"; %2", nullptr, int(tools.registry.tools().size()))
                         .arg(tools.environment->pack().name, tools.environment->describeSandbox())
                  << Qt::endl;
    for (const QString &conflict : tools.registry.conflicts())
        context.err() << Text::tr("warning: two tools share a name: %1").arg(conflict) << Qt::endl;
    return 0;
}

int runTool(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("tool");
    CliParser parser;
    const ToolEnvironmentOptions toolOptions;
    const QCommandLineOption argsOption(QStringLiteral("args"), Text::tr("The call's arguments as a JSON object (default {}); @FILE reads them from FILE, - from standard input."),
                                        QStringLiteral("JSON"), QStringLiteral("{}"));
    const QCommandLineOption workspaceOption(QStringLiteral("workspace"), Text::tr("The folder the tool works in (default: the current folder)."), QStringLiteral("DIR"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print the result as the record's JSON (a tool_result part)."));
    const QCommandLineOption sessionOption(QStringLiteral("session"),
                                           Text::tr("Call it in this session: its /context/ (what its context strategies moved "
                                                    "out) and its record for search_history."),
                                           QStringLiteral("SESSION"));
    parser.addOptions({argsOption, workspaceOption, json, sessionOption});
    toolOptions.addTo(parser);
    parser.addPositionalArgument(QStringLiteral("name"), Text::tr("The tool to call (see valis-cli tools)."));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Calls one tool exactly as the agent would: the same orchestrator, sandbox and "
                                                "path confinement, with this call approved by you (approval rules that deny the "
                                                "tool still apply). Prints the result the model would see; exits 1 when it is an "
                                                "error."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().size() != 1)
        return context.usageError(command, Text::tr("name exactly one tool"));
    const QString name = parser.positionalArguments().constFirst();
    const Result<ToolEnvironmentChoice> choice = toolOptions.choice(parser);
    if (choice.hasError())
        return context.usageError(command, choice.error().message);

    QByteArray argumentsText = parser.value(argsOption).toUtf8();
    if (argumentsText == "-") {
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
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(argumentsText, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        return context.usageError(command, parseError.error != QJsonParseError::NoError
                                               ? Text::tr("--args is not valid JSON: %1 (at byte %2)").arg(parseError.errorString()).arg(parseError.offset)
                                               : Text::tr("--args must be a JSON object"));
    }
    const QString workspace = QDir(parser.isSet(workspaceOption) ? parser.value(workspaceOption) : QDir::currentPath()).absolutePath();
    if (!QFileInfo(workspace).isDir())
        return context.usageError(command, Text::tr("the workspace %1 is not a folder").arg(workspace));

    LoadedTools tools;
    if (const Result<void> loaded = loadTools(context, choice.value(), workspace, &tools); loaded.hasError())
        return context.fail(command, loaded.error());
    if (!tools.registry.tool(name)) {
        return context.fail(command, Error(QStringLiteral("tools.unknown"),
                                           Text::tr("there is no tool \"%1\" in pack \"%2\"; the tools are: %3")
                                               .arg(name, tools.environment->pack().name,
                                                    tools.registry.names().join(QStringLiteral(", ")))));
    }
    Result<ApprovalPolicy> approvals = ApprovalPolicy::load(context.locations().approvalsPath());
    if (approvals.hasError())
        return context.fail(command, approvals.error());
    approvals->setAutoApprove(AutoApprove::All);

    QString sessionId = ToolSessionId;
    QString storePath;
    if (parser.isSet(sessionOption)) {
        SessionStore *store = context.store();
        if (!store)
            return 1;
        const Result<SessionInfo> session = store->session(parser.value(sessionOption));
        if (session.hasError())
            return context.fail(command, session.error());
        sessionId = session->id;
        storePath = store->path();
    }
    const ToolEnvironment &environment = *tools.environment;
    const std::shared_ptr<AgentFilesystem> filesystem =
        AgentFilesystem::forSession(workspace, context.locations(), environment.settings().agentId(), sessionId);
    ToolContext toolContext;
    toolContext.sessionId = sessionId;
    toolContext.sessionStorePath = storePath;
    toolContext.agentId = environment.settings().agentId();
    toolContext.workingDirectory = workspace;
    toolContext.filesystem = filesystem.get();
    toolContext.sandbox = environment.sandbox();
    toolContext.network = environment.network();
    toolContext.modelAcceptsImages = true; // the person sees what view_image would show
    // The memory tools and /memories/ work on the same store as in a session. A store that
    // cannot open only matters to tools that need it: they say so.
    Result<MemoryEnvironment> memory = memoryEnvironment(context.locations());
    if (memory.ok()) {
        toolContext.memory = memory->store().get();
        filesystem->mount(QStringLiteral("/memories/"),
                          std::make_shared<DetailStoreMemoriesBackend>(memory->store(), toolContext.agentId, sessionId));
        if (parser.isSet(sessionOption))
            ContextArchive::mountResults(*filesystem, memory->store(), toolContext.agentId, sessionId);
    } else {
        context.err() << Text::tr("warning: memory is off: %1").arg(memory.error().toString()) << Qt::endl;
    }

    ToolOrchestrator orchestrator(&tools.registry, &approvals.value());
    // Tools that call tools (run_script) reach the others under the same rules as this call.
    OrchestratedToolCaller toolCaller(&tools.registry, &approvals.value());
    toolCaller.setBaseContext(toolContext);
    toolContext.toolCaller = &toolCaller;
    QEventLoop loop;
    Part result;
#if defined(Q_OS_UNIX)
    const bool liveOutput = isatty(fileno(stderr));
#elif defined(Q_OS_WIN)
    const bool liveOutput = _isatty(_fileno(stderr)) != 0;
#else
    const bool liveOutput = false;
#endif
    QObject::connect(&orchestrator, &ToolOrchestrator::approvalRequested, &orchestrator, [&orchestrator](const ApprovalRequest &request) {
        // Asking for this call is the approval; only "deny" rules stop it.
        orchestrator.resolveApproval(request.id, ApprovalDecision::allowed());
    });
    QObject::connect(&orchestrator, &ToolOrchestrator::callOutput, &orchestrator, [&context, liveOutput](const Part &, const QString &text) {
        if (liveOutput) {
            context.err() << text;
            context.err().flush();
        }
    });
    QObject::connect(&orchestrator, &ToolOrchestrator::callProgress, &orchestrator,
                     [&context](const Part &, double progress, double total, const QString &message) {
                         QString text = Text::tr("progress %1").arg(QString::number(progress, 'g', 10));
                         if (total >= 0)
                             text += QLatin1Char('/') + QString::number(total, 'g', 10);
                         context.err() << text << (message.isEmpty() ? QString() : QLatin1Char(' ') + message) << Qt::endl;
                     });
    // A tool's questions (an MCP server's forms, pages to open) are asked on the terminal, one at
    // a time, and declined without one.
    // Declared so that the prompter, the context of every connection that uses them, goes first.
    QList<ToolInteraction> questions;
    std::function<void()> askNext;
    TerminalInput input;
    InteractionPrompter prompter(context.err());
    prompter.setOpenUrl({}); // the tool opens what the person agreed to (HostServices::openUrl)
    askNext = [&] {
        if (prompter.isAsking() || questions.isEmpty())
            return;
        const ToolInteraction question = questions.takeFirst();
        prompter.ask(question, [&orchestrator, &askNext, id = question.id](const ToolInteractionAnswer &answer) {
            orchestrator.answerInteraction(id, answer);
            askNext();
        });
    };
    const bool canAsk = input.isTerminal() && parser.value(argsOption) != QLatin1String("-");
    if (canAsk) {
        QObject::connect(&input, &TerminalInput::lineRead, &prompter, [&prompter](const QString &line) { prompter.takeLine(line); });
        input.start();
    }
    QObject::connect(&orchestrator, &ToolOrchestrator::interactionRequested, &prompter,
                     [&](const Part &, const ToolInteraction &interaction) {
                         if (!canAsk) {
                             context.err() << Text::tr("declined a question (%1): there is no terminal to ask on").arg(interaction.message)
                                           << Qt::endl;
                             orchestrator.answerInteraction(interaction.id, ToolInteractionAnswer::declined());
                             return;
                         }
                         questions.append(interaction);
                         askNext();
                     });
    QObject::connect(&orchestrator, &ToolOrchestrator::interactionResolved, &prompter,
                     [&](const Part &, const QString &requestId, const QString &) {
                         questions.removeIf([&requestId](const ToolInteraction &question) { return question.id == requestId; });
                         if (prompter.currentId() == requestId) {
                             prompter.abandon();
                             askNext();
                         }
                     });
    QObject::connect(&orchestrator, &ToolOrchestrator::warning, &orchestrator, [&context](const Error &error) {
        context.err() << Text::tr("warning: %1").arg(error.toString()) << Qt::endl;
    });
    QObject::connect(&toolCaller, &OrchestratedToolCaller::warning, &toolCaller, [&context](const Error &error) {
        context.err() << Text::tr("warning: %1").arg(error.toString()) << Qt::endl;
    });
    QObject::connect(&toolCaller, &OrchestratedToolCaller::eventOccurred, &toolCaller,
                     [&context, &toolCaller, liveOutput](const SessionEvent &event) {
                         switch (event.kind) {
                         case SessionEvent::Kind::ApprovalRequested:
                             // As for the call itself: asking for it is the approval, only "deny" rules stop it.
                             toolCaller.resolveApproval(event.requestId, ApprovalDecision::allowed());
                             break;
                         case SessionEvent::Kind::InteractionRequested:
                             toolCaller.answerInteraction(event.requestId, ToolInteractionAnswer::declined());
                             break;
                         case SessionEvent::Kind::ToolOutput:
                             if (liveOutput) {
                                 context.err() << event.text;
                                 context.err().flush();
                             }
                             break;
                         default:
                             break;
                         }
                     });
    QObject::connect(&orchestrator, &ToolOrchestrator::batchFinished, &loop, [&loop, &result](const QList<Part> &results) {
        result = results.value(0);
        loop.quit();
    });
    if (const std::optional<Error> problem = environment.sandboxProblem())
        context.err() << Text::tr("note: %1").arg(problem->message) << Qt::endl;
    else if (environment.isolationOff())
        context.err() << environment.describeSandbox() << Qt::endl;

    const QString callId = QStringLiteral("cli-") + QString::number(QDateTime::currentMSecsSinceEpoch());
    orchestrator.run({Part::makeToolCall(callId, name, document.object())}, toolContext);
    loop.exec();
    toolCaller.parentFinished(callId);
    result = toolCaller.takeChildren({result}).value(0); // --json shows the child calls

    if (parser.isSet(json)) {
        context.out() << QString::fromUtf8(QJsonDocument(recordjson::toJson(result)).toJson(QJsonDocument::Compact)) << Qt::endl;
    } else {
        for (const Part &part : result.content) {
            if (part.kind == PartKind::Image)
                context.out() << Text::tr("[image %1, %2 bytes]").arg(part.image.mediaType).arg(part.image.data.size()) << Qt::endl;
            else
                context.out() << part.text << (part.text.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n"));
        }
    }
    context.out().flush();
    return result.isError ? 1 : 0;
}

} // namespace valis::cli
