// One headless turn through the same Session the desktop uses (RunPrinter shows it and answers
// its questions): the body of `valis-cli run`, shared with `valis-cli fork`.
#include "runsession.h"
#include "remotesession.h"

#include "awaitconnection.h"
#include "clicontext.h"
#include "mcphoststart.h"
#include "memorystore.h"
#include "runprinter.h"
#include "terminalinput.h"
#include "vectorrecall.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/connection.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/recallsettings.h"
#include "valis/agent/session.h"
#include "valis/agent/systemprompt.h"
#include "valis/agent/toolenvironment.h"
#include "valis/agent/toolregistry.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextsettings.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/memoryenvironment.h"
#include "valis/mcp/mcphost.h"
#include "valis/memory/recall.h"
#include "valis/memory/resultcapture.h"
#include "valis/plugins/pluginmanager.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

#include <optional>

namespace valis::cli {

namespace {

/// Exit codes of `run`, so scripts can tell outcomes apart.
enum RunExit { Answered = 0, Failed = 1, Usage = 2, LimitReached = 3, Interrupted = 130 };

int exitCodeFor(const QString &reason)
{
    if (reason == QLatin1String("answered"))
        return Answered;
    if (reason == QLatin1String("interrupted"))
        return Interrupted;
    if (reason == QLatin1String("step-limit") || reason == QLatin1String("budget-limit") || reason == QLatin1String("max-tokens"))
        return LimitReached;
    return Failed;
}


QString unknownProviderMessage(const QString &id, const PluginManager &plugins)
{
    QStringList known;
    for (const Provider *provider : plugins.providers())
        known.append(provider->id());
    QString message = known.isEmpty() ? Text::tr("no provider \"%1\": no provider plugin is running").arg(id)
                                      : Text::tr("no provider \"%1\"; the providers are: %2").arg(id, known.join(QStringLiteral(", ")));
    for (const PluginSpec *spec : plugins.specs()) {
        if (spec->kind() == PluginKind::Provider && spec->state() != PluginSpec::State::Running)
            message += QLatin1Char('\n') + Text::tr("  plugin %1 is %2: %3").arg(spec->id(), PluginSpec::stateName(spec->state()), spec->reason());
    }
    return message;
}

} // namespace

namespace {

/// The model that writes the one-line summaries of captured outputs (config/memory.json's
/// summaryProvider and summaryModel), reached like any provider.
Result<std::shared_ptr<OutputSummariser>> summariserFor(const MemorySettings &memory, const PluginManager &plugins,
                                                        const ProviderSettings &settings, CredentialStore *keys)
{
    Provider *provider = plugins.provider(memory.summaryProvider);
    if (!provider) {
        return Error(QStringLiteral("cli.unknown-provider"),
                     Text::tr("the summary provider in memory.json: %1").arg(unknownProviderMessage(memory.summaryProvider, plugins)));
    }
    const ProviderSettingsEntry entry = settings.entry(memory.summaryProvider);
    const QString model = memory.summaryModel.isEmpty() ? entry.model : memory.summaryModel;
    if (model.isEmpty()) {
        return Error(QStringLiteral("memory-settings.no-summary-model"),
                     Text::tr("memory.json names the summary provider %1 but no summaryModel").arg(memory.summaryProvider));
    }
    const std::optional<Result<Connection>> connection = awaitConnection(*provider, entry, QString(), keys);
    if (connection->hasError())
        return connection->error();
    return std::shared_ptr<OutputSummariser>(
        std::make_shared<ProviderOutputSummariser>(provider, model, connection->value().endpoint));
}

/// The cheap model that judges recalled candidates (config/recall.json's filterProvider and
/// filterModel), reached like any provider; sets it on `recall`.
Result<void> recallFilterFor(const PluginManager &plugins, const ProviderSettings &settings, CredentialStore *keys,
                             RecallConfig *recall)
{
    const QString providerId = recall->settings.filterProvider;
    Provider *provider = plugins.provider(providerId);
    if (!provider) {
        return Error(QStringLiteral("cli.unknown-provider"),
                     Text::tr("the recall filter provider in recall.json: %1").arg(unknownProviderMessage(providerId, plugins)));
    }
    const std::optional<Result<Connection>> connection = awaitConnection(*provider, settings.entry(providerId), QString(), keys);
    if (connection->hasError())
        return connection->error();
    recall->filterProvider = provider;
    recall->filterEndpoint = connection->value().endpoint;
    return success();
}

} // namespace

RunOptions::RunOptions()
    : provider(QStringLiteral("provider"),
          Text::tr("The provider: anthropic, openai, openai-responses, openai-compatible, ... (default: the settings' defaultProvider)."),
          QStringLiteral("PROVIDER"))
    , model(QStringLiteral("model"), Text::tr("The model (default: the provider's model in the settings)."), QStringLiteral("M"))
    , workspace(QStringLiteral("workspace"), Text::tr("The folder the agent works in (default: the current folder)."), QStringLiteral("DIR"))
    , approve(QStringLiteral("approve"),
          Text::tr("Which tool calls run without asking: never, read-only (default) or all. "
                   "Others are asked on the terminal, or denied when nobody can answer."),
          QStringLiteral("never|read-only|all"), QStringLiteral("read-only"))
    , baseUrl(QStringLiteral("base-url"), Text::tr("Send requests here instead (overrides the settings and ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST)."), QStringLiteral("URL"))
    , session(QStringLiteral("session"), Text::tr("Continue this session instead of starting a new one."), QStringLiteral("SESSION"))
    , system(QStringLiteral("system"), Text::tr("Use this system prompt instead of the default."), QStringLiteral("TEXT"))
    , maxSteps(QStringLiteral("max-steps"), Text::tr("At most this many model requests in the turn (default 50)."), QStringLiteral("N"), QStringLiteral("50"))
    , maxCost(QStringLiteral("max-cost"), Text::tr("Stop the turn once it has cost this many US dollars."), QStringLiteral("USD"))
    , maxOutput(QStringLiteral("max-output-tokens"), Text::tr("The output limit of each request (default: the model's)."), QStringLiteral("N"))
    , json(QStringLiteral("json"),
          Text::tr("Print the event stream as JSON lines; read approve/deny/answer/interrupt commands as JSON lines on standard input."))
    , thinking(QStringLiteral("show-thinking"), Text::tr("Print the model's thinking (to standard error)."))
    , noKeychain(QStringLiteral("no-keychain"), Text::tr("Do not ask the OS keychain for the key; use the environment only."))
    , noMemory(QStringLiteral("no-memory"),
          Text::tr("Run without the memory store: large tool outputs stay in the context, "
                   "and /memories/ is a local folder."))
    , context(QStringLiteral("context"),
          Text::tr("A context strategy setting for this run, e.g. evictAt=0.8 or "
                   "progressive.offloadTokens=10000 (repeatable; see valis-cli context --settings)."),
          QStringLiteral("KEY=VALUE"))
    , history(QStringLiteral("history"),
          Text::tr("How the session's history is shown to the model: regular (the configured context strategies), "
                   "gradient (recent turns whole, older ones at lower fidelity) or oneshot (the task, the plan and "
                   "the progress ledger only). Recorded; a continued session keeps its last choice."),
          QStringLiteral("regular|gradient|oneshot"))
    , noRecall(QStringLiteral("no-recall"),
          Text::tr("Do not remind the model of memories and earlier sessions before the turn (see config/recall.json)."))
    , recallBudget(QStringLiteral("recall-budget"),
          Text::tr("The longest the turn waits for recall, in milliseconds (default: recall.json's budgetMs, 1000); "
                   "what arrives later is offered on the next turn."),
          QStringLiteral("MS"))
    , keepSandbox(QStringLiteral("keep-sandbox"),
          Text::tr("With a remote sandbox (daytona, runloop, modal): keep the machine after the turn, so the session "
                   "can continue on it (valis-cli sandbox pull/cleanup)."))
    , noPull(QStringLiteral("no-pull"),
          Text::tr("With a remote sandbox: do not copy the files the agent changed on the machine back into the workspace."))
{
}

void RunOptions::addTo(CliParser &parser, bool withSession) const
{
    parser.addOptions({provider, model, workspace, approve, baseUrl});
    if (withSession)
        parser.addOption(session);
    parser.addOptions({system, maxSteps, maxCost, maxOutput, json, thinking, noKeychain, noMemory, context, history,
                       noRecall, recallBudget, keepSandbox, noPull});
    tools.addTo(parser);
}

int runTurn(CliContext &context, const QString &command, const CliParser &parser, const RunOptions &options,
            TerminalInput &input, const TurnPlan &plan)
{
    const Result<ToolEnvironmentChoice> toolChoice = options.tools.choice(parser);
    if (toolChoice.hasError())
        return context.usageError(command, toolChoice.error().message);
    AutoApprove mode = AutoApprove::ReadOnly;
    if (!autoApproveFromName(parser.value(options.approve), &mode))
        return context.usageError(command, Text::tr("--approve takes never, read-only or all, not \"%1\"").arg(parser.value(options.approve)));
    bool numberOk = true;
    const int maxSteps = parser.value(options.maxSteps).toInt(&numberOk);
    if (!numberOk || maxSteps < 1)
        return context.usageError(command, Text::tr("--max-steps takes a whole number of at least 1"));
    std::optional<double> maxCost;
    if (parser.isSet(options.maxCost)) {
        maxCost = parser.value(options.maxCost).toDouble(&numberOk);
        if (!numberOk || *maxCost <= 0)
            return context.usageError(command, Text::tr("--max-cost takes a positive number of US dollars"));
    }
    qint64 maxOutput = -1;
    if (parser.isSet(options.maxOutput)) {
        maxOutput = parser.value(options.maxOutput).toLongLong(&numberOk);
        if (!numberOk || maxOutput < 1)
            return context.usageError(command, Text::tr("--max-output-tokens takes a positive whole number"));
    }
    const QString workspace = QDir(parser.isSet(options.workspace) ? parser.value(options.workspace)
                                                                    : plan.defaultWorkspace.isEmpty() ? QDir::currentPath()
                                                                                                      : plan.defaultWorkspace)
                                  .absolutePath();
    if (!QFileInfo(workspace).isDir())
        return context.usageError(command, Text::tr("the workspace %1 is not a folder").arg(workspace));
    Result<ProviderSettings> settings = ProviderSettings::load(context.locations().providerSettingsPath());
    if (settings.hasError())
        return context.fail(command, settings.error());
    Result<ApprovalPolicy> approvals = ApprovalPolicy::load(context.locations().approvalsPath());
    if (approvals.hasError())
        return context.fail(command, approvals.error());
    approvals->setAutoApprove(mode);

    const QString providerId = parser.isSet(options.provider) ? parser.value(options.provider) : settings->defaultProvider();
    if (providerId.isEmpty())
        return context.usageError(command, Text::tr("choose a provider with --provider (or set defaultProvider in %1)")
                                               .arg(QDir::toNativeSeparators(context.locations().providerSettingsPath())));
    const ProviderSettingsEntry entry = settings->entry(providerId);
    const QString model = parser.isSet(options.model) ? parser.value(options.model) : entry.model;
    if (model.isEmpty())
        return context.usageError(command, Text::tr("choose a model with --model (or set providers.%1.model in %2)")
                                               .arg(providerId, QDir::toNativeSeparators(context.locations().providerSettingsPath())));

    SessionStore *store = context.store();
    if (!store)
        return Failed;
    std::unique_ptr<KeychainCredentialStore> keychain;
    if (!parser.isSet(options.noKeychain))
        keychain = std::make_unique<KeychainCredentialStore>();
    PluginManager plugins(context.locations(), DataLocations::systemPluginDirs());
    plugins.setHostServices(cliHostServices(keychain.get(), context.err()));
    plugins.loadAll();
    Provider *provider = plugins.provider(providerId);
    if (!provider)
        return context.fail(command, Error(QStringLiteral("cli.unknown-provider"), unknownProviderMessage(providerId, plugins)));

    const std::optional<Result<Connection>> connection = awaitConnection(*provider, entry, parser.value(options.baseUrl), keychain.get());
    if (connection->hasError())
        return context.fail(command, connection->error());

    SessionConfig config;
    config.provider = provider;
    config.model = model;
    config.endpoint = connection->value().endpoint;
    config.keySource = connection->value().keySource;
    config.catalog = ModelCatalog::load(context.locations());
    config.systemPrompt = parser.isSet(options.system) ? systemPrompt(parser.value(options.system)) : defaultSystemPrompt(workspace);
    config.workspace = workspace;
    config.maxSteps = maxSteps;
    config.maxTurnCostUsd = maxCost;
    config.maxOutputTokens = maxOutput;
    applyProviderSettings(settings.value(), providerId, &config);
    const Result<ContextSettings> contextSettings = ContextSettings::load(context.locations().contextSettingsPath());
    if (contextSettings.hasError())
        return context.fail(command, contextSettings.error());
    const Result<QHash<QString, QJsonObject>> overrides =
        parseContextOverrides(parser.values(options.context), contextSettings->strategies.value(0, QStringLiteral("progressive")));
    if (overrides.hasError())
        return context.usageError(command, overrides.error().message);
    for (const Error &warning : contextSettings->apply(plugins.strategies(), overrides.value(), &config))
        context.err() << Text::tr("warning: %1").arg(warning.message) << Qt::endl;
    const Result<ToolEnvironment> environment = ToolEnvironment::assemble(plugins, context.locations(), toolChoice.value());
    if (environment.hasError())
        return context.fail(command, environment.error());
    environment->apply(&config);
    std::optional<MemorySettings> memorySettingsUsed;
    if (!parser.isSet(options.noMemory)) {
        Result<MemoryEnvironment> memory = memoryEnvironment(context.locations());
        if (memory.hasError())
            return context.fail(command, memory.error());
        if (!memory->settings().summaryProvider.isEmpty()) {
            Result<std::shared_ptr<OutputSummariser>> summariser =
                summariserFor(memory->settings(), plugins, settings.value(), keychain.get());
            if (summariser.hasError())
                return context.fail(command, summariser.error());
            memory->setSummariser(summariser.value());
        }
        memory->apply(&config);
        memorySettingsUsed = memory->settings();
    }

    Result<RecallSettings> recall = RecallSettings::load(RecallSettings::pathIn(context.locations().configDir()));
    if (recall.hasError())
        return context.fail(command, recall.error());
    if (parser.isSet(options.recallBudget)) {
        const int budget = parser.value(options.recallBudget).toInt(&numberOk);
        if (!numberOk || budget < 0)
            return context.usageError(command, Text::tr("--recall-budget takes a whole number of milliseconds, 0 or more"));
        recall->budgetMs = budget;
    }
    if (parser.isSet(options.noRecall))
        recall->enabled = false;
    CliVectorRecall vectors; // outlives the session, whose recall may use it
    config.recall.settings = recall.value();
    if (recall->enabled) {
        RecallSources sources;
        sources.memory = config.memory;
        sources.sessionDatabasePath = store->path();
        auto retriever = std::make_shared<HybridRetriever>();
        retriever->addRetriever(makeLexicalRetriever(sources));
        // With embeddings on (memory.json) the vector retriever joins; its client answers on
        // this thread's event loop, which runs while the recall step works beside it.
        if (memorySettingsUsed)
            vectors.addTo(context, *memorySettingsUsed, sources, *retriever);
        if (!vectors.warning().isEmpty())
            context.err() << Text::tr("warning: recall without vectors: %1").arg(vectors.warning()) << Qt::endl;
        config.recall.retriever = retriever;
        if (!recall->filterProvider.isEmpty()) {
            const Result<void> filter = recallFilterFor(plugins, settings.value(), keychain.get(), &config.recall);
            if (filter.hasError())
                return context.fail(command, filter.error());
        }
    }

    const bool json = parser.isSet(options.json);
    // The turn may use any configured MCP server's tools: they are all up (or known to have
    // failed) before the first request. A required one that failed ends the run here.
    if (McpHost *mcp = findMcpHost(plugins)) {
        const McpStartReport started = startMcpServers(mcp, {workspace});
        if (started.fatal)
            return context.fail(command, *started.fatal);
        for (const Error &failure : started.failures) {
            if (json) {
                SessionEvent warning;
                warning.kind = SessionEvent::Kind::Warning;
                warning.error = failure;
                context.out() << QString::fromUtf8(QJsonDocument(warning.toJson()).toJson(QJsonDocument::Compact)) << '\n';
                context.out().flush();
            } else {
                context.err() << Text::tr("warning: %1").arg(failure.message) << Qt::endl;
            }
        }
    }

    ToolRegistry tools;
    environment->configure(&tools);
    config.historyStrategy = parser.value(options.history);
    SessionInfo info = plan.info;
    if (info.workspace.isEmpty())
        info.workspace = workspace;
    if (plan.prepare) {
        const Result<SessionInfo> prepared = plan.prepare(config);
        if (prepared.hasError())
            return context.fail(command, prepared.error());
        info = prepared.value();
    }
    // A remote sandbox runs the session on a machine of its own: acquired (and the workspace
    // uploaded) before the session opens, so its file tools see the machine's files.
    CliRemoteSession remote(context, json);
    const auto failRemote = [&](const Error &error) {
        (void)remote.finish(false, parser.isSet(options.keepSandbox));
        return context.fail(command, error);
    };
    if (auto *remoteSandbox = dynamic_cast<RemoteSandbox *>(environment->sandbox())) {
        if (info.id.isEmpty())
            info.id = newSessionId();
        const Result<void> started = remote.start(remoteSandbox, keychain.get(), info.id, workspace, &config);
        if (started.hasError())
            return context.fail(command, started.error());
    }
    Result<std::unique_ptr<Session>> opened = Session::open(store, info, config, &tools, &approvals.value());
    if (opened.hasError())
        return failRemote(opened.error());
    std::unique_ptr<Session> session = std::move(opened).value();

    if (!json) {
        context.err() << QStringLiteral("session %1 \u00b7 %2 \u00b7 %3").arg(session->id(), providerId, model) << Qt::endl;
        context.err() << environment->describeSandbox() << Qt::endl;
    }
    RunPrinter printer(context, session.get(), json, parser.isSet(options.thinking), &input, model);
    input.start();
    InterruptSignal interrupt;
    QObject::connect(&interrupt, &InterruptSignal::triggered, session.get(), [&session] { session->interrupt(); });

    QEventLoop loop;
    QObject::connect(session.get(), &Session::eventOccurred, &loop, [&loop](const SessionEvent &event) {
        if (event.kind == SessionEvent::Kind::TurnFinished)
            loop.quit();
    });
    const Result<void> submitted = session->submit(plan.prompt);
    if (submitted.hasError())
        return failRemote(submitted.error());
    if (!printer.finishReason())
        loop.exec();
    if (session->hasPendingSummaries()) {
        // The summary of the oldest turns is being written in the background; leaving now would
        // throw it away and pay for it again next time.
        if (!json)
            context.err() << Text::tr("finishing the summary of the oldest turns...") << Qt::endl;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&loop, &session] {
            if (!session->hasPendingSummaries())
                loop.quit();
        });
        poll.start(50);
        loop.exec();
    }
    if (session->hasPendingTurnVersions()) {
        // The model is writing the turn's shorter versions (a strategy asked for them); the
        // extractive ones are stored already, so leaving now loses only the better ones.
        if (!json)
            context.err() << Text::tr("finishing the turn's shorter versions...") << Qt::endl;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &loop, [&loop, &session] {
            if (!session->hasPendingTurnVersions())
                loop.quit();
        });
        poll.start(50);
        loop.exec();
    }
    if (remote.workspace()) {
        const Result<void> finished = remote.finish(!parser.isSet(options.noPull), parser.isSet(options.keepSandbox));
        if (finished.hasError())
            return context.fail(command, finished.error());
    }
    if (plan.finished && printer.finishReason())
        plan.finished(session.get(), session->activePath().isEmpty() ? -1 : session->activePath().constLast().turn,
                      *printer.finishReason());
    context.out().flush();
    return exitCodeFor(printer.finishReason().value_or(QString()));
}

} // namespace valis::cli
