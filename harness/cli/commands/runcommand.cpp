// valis-cli run: one headless turn through the same Session the desktop uses.
#include "clicontext.h"
#include "commands.h"
#include "memorystore.h"
#include "terminalinput.h"
#include "toolenvironmentoptions.h"

#include "valis/agent/approvalpolicy.h"
#include "valis/agent/connection.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/session.h"
#include "valis/agent/systemprompt.h"
#include "valis/agent/toolenvironment.h"
#include "valis/agent/toolregistry.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextsettings.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/memoryenvironment.h"
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

QString compactJson(const QJsonValue &value, int limit)
{
    QString text;
    if (value.isObject())
        text = QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    else if (value.isArray())
        text = QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    else
        text = value.toVariant().toString();
    return text.size() > limit ? text.left(limit) + QChar(0x2026) : text;
}

QString resultSummary(const Part &result)
{
    QString text;
    for (const Part &part : result.content) {
        if (part.kind == PartKind::Text)
            text += part.text;
        else if (part.kind == PartKind::Image)
            text += QStringLiteral("[image]");
    }
    const int lines = int(text.count(QLatin1Char('\n'))) + (text.isEmpty() ? 0 : 1);
    QString first = text.section(QLatin1Char('\n'), 0, 0).left(160);
    if (lines > 1)
        first += Text::tr(" (+%1 lines)").arg(lines - 1);
    return first;
}

/// Prints a Session's events for a person (text on stdout, activity on stderr) or as JSON
/// lines, and answers approval requests from the terminal or from JSON commands on stdin.
class RunPrinter : public QObject
{
public:
    RunPrinter(CliContext &context, Session *session, bool json, bool showThinking, TerminalInput *input)
        : m_context(context), m_session(session), m_json(json), m_showThinking(showThinking), m_input(input)
    {
        connect(session, &Session::eventOccurred, this, [this](const SessionEvent &event) { onEvent(event); });
        if (m_input)
            connect(m_input, &TerminalInput::lineRead, this, [this](const QString &line) { onLine(line); });
        if (m_input)
            connect(m_input, &TerminalInput::closed, this, [this] { onInputClosed(); });
    }

    std::optional<QString> finishReason() const { return m_finishReason; }

private:
    QTextStream &out() { return m_context.out(); }
    QTextStream &err() { return m_context.err(); }

    void endTextLine()
    {
        if (m_midLine) {
            out() << '\n';
            out().flush();
            m_midLine = false;
        }
    }

    QString dim(const QString &text) const
    {
        return m_context.colour() ? QStringLiteral("\x1b[2m") + text + QStringLiteral("\x1b[0m") : text;
    }

    void onEvent(const SessionEvent &event)
    {
        if (m_json) {
            out() << QString::fromUtf8(QJsonDocument(event.toJson()).toJson(QJsonDocument::Compact)) << '\n';
            out().flush();
        } else {
            printForPerson(event);
        }
        switch (event.kind) {
        case SessionEvent::Kind::ApprovalRequested:
            m_pending.append(event);
            if (!m_json)
                askNext();
            else if (!m_input || m_inputClosed)
                denyUnattended(event.requestId);
            break;
        case SessionEvent::Kind::ApprovalResolved:
            m_pending.removeIf([&event](const SessionEvent &pending) { return pending.requestId == event.requestId; });
            break;
        case SessionEvent::Kind::TurnFinished:
            m_finishReason = event.text;
            break;
        default:
            break;
        }
    }

    void printForPerson(const SessionEvent &event)
    {
        switch (event.kind) {
        case SessionEvent::Kind::TextDelta:
            out() << event.text;
            out().flush();
            m_midLine = !event.text.endsWith(QLatin1Char('\n'));
            break;
        case SessionEvent::Kind::ThinkingDelta:
            if (m_showThinking) {
                err() << dim(event.text);
                err().flush();
            }
            break;
        case SessionEvent::Kind::ToolExecutionStarted:
            endTextLine();
            err() << QStringLiteral("\u2192 ") << event.toolName << ' ' << dim(compactJson(event.arguments, 200))
                  << (event.attempt > 1 ? Text::tr(" (attempt %1)").arg(event.attempt) : QString()) << Qt::endl;
            break;
        case SessionEvent::Kind::ToolOutput:
            err() << dim(event.text);
            err().flush();
            break;
        case SessionEvent::Kind::ToolCallFinished:
            err() << QStringLiteral("  \u2190 ") << (event.result.isError ? Text::tr("error") : Text::tr("ok"))
                  << Text::tr(", %1 ms: ").arg(event.durationMs) << resultSummary(event.result) << Qt::endl;
            break;
        case SessionEvent::Kind::Retrying:
            endTextLine();
            err() << Text::tr("retrying in %1 s (attempt %2): %3")
                         .arg(double(event.delayMs) / 1000.0, 0, 'f', 1)
                         .arg(event.attempt)
                         .arg(event.error.message)
                  << Qt::endl;
            break;
        case SessionEvent::Kind::Warning:
            endTextLine();
            err() << Text::tr("warning: %1").arg(event.error.toString()) << Qt::endl;
            break;
        case SessionEvent::Kind::Error:
            endTextLine();
            err() << Text::tr("error: %1").arg(event.error.toString()) << Qt::endl;
            break;
        case SessionEvent::Kind::ContextCompacted: {
            endTextLine();
            const QJsonArray moved = event.details.value(QLatin1String("moved")).toArray();
            QStringList where;
            for (const QJsonValue &item : moved) {
                const QString pointer = item.toObject().value(QLatin1String("pointer")).toString();
                if (!pointer.isEmpty() && !where.contains(pointer) && where.size() < 3)
                    where.append(pointer);
            }
            err() << Text::tr("context %1 by %2: %3 -> %4 tokens, %n item(s) moved", nullptr, int(moved.size()))
                         .arg(event.details.value(QLatin1String("action")).toString(),
                              event.details.value(QLatin1String("strategy")).toString())
                         .arg(event.details.value(QLatin1String("tokensBefore")).toInteger())
                         .arg(event.details.value(QLatin1String("tokensAfter")).toInteger())
                  << (where.isEmpty() ? QString() : QStringLiteral(" (") + where.join(QStringLiteral(", "))
                                                         + (moved.size() > where.size() ? QStringLiteral(", ...") : QString())
                                                         + QLatin1Char(')'))
                  << Qt::endl;
            break;
        }
        case SessionEvent::Kind::TurnFinished: {
            endTextLine();
            const SessionTotals &totals = event.totals;
            const QString cost = totals.costComplete ? QStringLiteral("$%1").arg(totals.costUsd, 0, 'f', 4)
                                                     : Text::tr("$%1 + unknown").arg(totals.costUsd, 0, 'f', 4);
            err() << dim(Text::tr("[%1] %2 requests, %3 in + %4 cached, %5 out, cache hits %6%, %7")
                             .arg(event.text)
                             .arg(totals.requests)
                             .arg(formatTokenCount(totals.inputTokens + totals.cacheWriteTokens))
                             .arg(formatTokenCount(totals.cacheReadTokens))
                             .arg(formatTokenCount(totals.outputTokens))
                             .arg(int(totals.cacheHitShare() * 100.0 + 0.5))
                             .arg(cost))
                  << Qt::endl;
            break;
        }
        default:
            break;
        }
    }

    // Asks about the oldest pending request; one question on screen at a time.
    void askNext()
    {
        if (m_asking || m_pending.isEmpty())
            return;
        const SessionEvent &request = m_pending.constFirst();
        if (!m_input || m_inputClosed || !m_input->isTerminal()) {
            denyUnattended(request.requestId);
            return;
        }
        m_asking = true;
        endTextLine();
        err() << Text::tr("Allow %1 %2?").arg(request.toolName, compactJson(request.arguments, 2000)) << '\n'
              << Text::tr("  [y] once  [s] for this session  [a] always  [n] no (add a reason after it): ");
        err().flush();
    }

    void denyUnattended(const QString &requestId)
    {
        m_session->deny(requestId, Text::tr("no one was there to approve it (valis-cli run --approve decides what runs unasked)"));
    }

    void onLine(const QString &line)
    {
        if (m_json) {
            handleJsonCommand(line);
            return;
        }
        if (!m_asking || m_pending.isEmpty())
            return;
        const QString requestId = m_pending.constFirst().requestId;
        const QString answer = line.trimmed();
        const QChar first = answer.isEmpty() ? QChar() : answer.at(0).toLower();
        if (first == QLatin1Char('y'))
            m_session->approve(requestId, ApprovalScope::Once);
        else if (first == QLatin1Char('s'))
            m_session->approve(requestId, ApprovalScope::Session);
        else if (first == QLatin1Char('a'))
            m_session->approve(requestId, ApprovalScope::Always);
        else if (first == QLatin1Char('n'))
            m_session->deny(requestId, answer.mid(1).trimmed());
        else {
            err() << Text::tr("  y, s, a or n: ");
            err().flush();
            return;
        }
        m_asking = false;
        askNext();
    }

    // {"command": "approve", "requestId": "...", "scope": "once|session|always"},
    // {"command": "deny", "requestId": "...", "reason": "..."}, {"command": "interrupt"}
    void handleJsonCommand(const QString &line)
    {
        if (line.trimmed().isEmpty())
            return;
        const QJsonObject command = QJsonDocument::fromJson(line.toUtf8()).object();
        const QString name = command.value(QLatin1String("command")).toString();
        const QString requestId = command.value(QLatin1String("requestId")).toString();
        bool understood = true;
        if (name == QLatin1String("approve")) {
            const QString scope = command.value(QLatin1String("scope")).toString();
            understood = m_session->approve(requestId, scope == QLatin1String("always")    ? ApprovalScope::Always
                                                       : scope == QLatin1String("session") ? ApprovalScope::Session
                                                                                           : ApprovalScope::Once);
        } else if (name == QLatin1String("deny")) {
            understood = m_session->deny(requestId, command.value(QLatin1String("reason")).toString());
        } else if (name == QLatin1String("interrupt")) {
            m_session->interrupt();
        } else {
            understood = false;
        }
        if (!understood) {
            SessionEvent warning;
            warning.kind = SessionEvent::Kind::Warning;
            warning.sessionId = m_session->id();
            warning.error = Error(QStringLiteral("cli.bad-command"), Text::tr("not a command for a pending request: %1").arg(line.left(200)));
            out() << QString::fromUtf8(QJsonDocument(warning.toJson()).toJson(QJsonDocument::Compact)) << '\n';
            out().flush();
        }
    }

    void onInputClosed()
    {
        m_inputClosed = true;
        // Nobody can answer any more: what waits is denied, and so is what comes.
        const QList<SessionEvent> pending = m_pending;
        for (const SessionEvent &request : pending)
            denyUnattended(request.requestId);
        m_asking = false;
    }

    CliContext &m_context;
    Session *m_session;
    bool m_json;
    bool m_showThinking;
    TerminalInput *m_input;
    bool m_midLine = false;
    bool m_asking = false;
    bool m_inputClosed = false;
    QList<SessionEvent> m_pending;
    std::optional<QString> m_finishReason;
};

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
    std::optional<Result<Connection>> connection;
    QEventLoop wait;
    prepareConnection(*provider, entry, QString(), keys, processEnvironment(), [&connection, &wait](const Result<Connection> &result) {
        connection = result;
        wait.quit();
    });
    if (!connection)
        wait.exec();
    if (connection->hasError())
        return connection->error();
    return std::shared_ptr<OutputSummariser>(
        std::make_shared<ProviderOutputSummariser>(provider, model, connection->value().endpoint));
}

} // namespace

int runRun(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("run");
    QCommandLineParser parser;
    const QCommandLineOption providerOption(QStringLiteral("provider"),
                                            Text::tr("The provider: anthropic, openai, openai-responses, openai-compatible, ... (default: the settings' defaultProvider)."),
                                            QStringLiteral("P"));
    const QCommandLineOption modelOption(QStringLiteral("model"), Text::tr("The model (default: the provider's model in the settings)."), QStringLiteral("M"));
    const QCommandLineOption workspaceOption(QStringLiteral("workspace"), Text::tr("The folder the agent works in (default: the current folder)."), QStringLiteral("DIR"));
    const QCommandLineOption approveOption(QStringLiteral("approve"),
                                           Text::tr("Which tool calls run without asking: never, read-only (default) or all. "
                                                    "Others are asked on the terminal, or denied when nobody can answer."),
                                           QStringLiteral("MODE"), QStringLiteral("read-only"));
    const QCommandLineOption baseUrlOption(QStringLiteral("base-url"), Text::tr("Send requests here instead (overrides the settings and ANTHROPIC_BASE_URL / OPENAI_BASE_URL / OLLAMA_HOST)."), QStringLiteral("URL"));
    const QCommandLineOption sessionOption(QStringLiteral("session"), Text::tr("Continue this session instead of starting a new one."), QStringLiteral("ID"));
    const QCommandLineOption systemOption(QStringLiteral("system"), Text::tr("Use this system prompt instead of the default."), QStringLiteral("TEXT"));
    const QCommandLineOption maxStepsOption(QStringLiteral("max-steps"), Text::tr("At most this many model requests in the turn (default 50)."), QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption maxCostOption(QStringLiteral("max-cost"), Text::tr("Stop the turn once it has cost this many US dollars."), QStringLiteral("USD"));
    const QCommandLineOption maxOutputOption(QStringLiteral("max-output-tokens"), Text::tr("The output limit of each request (default: the model's)."), QStringLiteral("N"));
    const QCommandLineOption jsonOption(QStringLiteral("json"),
                                        Text::tr("Print the event stream as JSON lines; read approve/deny/interrupt commands as JSON lines on standard input."));
    const QCommandLineOption thinkingOption(QStringLiteral("show-thinking"), Text::tr("Print the model's thinking (to standard error)."));
    const QCommandLineOption noKeychainOption(QStringLiteral("no-keychain"), Text::tr("Do not ask the OS keychain for the key; use the environment only."));
    const QCommandLineOption noMemoryOption(QStringLiteral("no-memory"),
                                            Text::tr("Run without the memory store: large tool outputs stay in the context, "
                                                     "and /memories/ is a local folder."));
    const QCommandLineOption contextOption(QStringLiteral("context"),
                                           Text::tr("A context strategy setting for this run, e.g. evictAt=0.8 or "
                                                    "progressive.offloadTokens=10000 (repeatable; see valis-cli context --settings)."),
                                           QStringLiteral("KEY=VALUE"));
    const ToolEnvironmentOptions toolOptions;
    parser.addOptions({providerOption, modelOption, workspaceOption, approveOption, baseUrlOption, sessionOption, systemOption,
                       maxStepsOption, maxCostOption, maxOutputOption, jsonOption, thinkingOption, noKeychainOption,
                       noMemoryOption, contextOption});
    toolOptions.addTo(parser);
    parser.addPositionalArgument(QStringLiteral("prompt"), Text::tr("What to ask; \"-\" or nothing reads it from standard input."));
    if (const int code = context.parse(parser, command,
                                       Text::tr("Runs one turn of an agent session headless: streams the answer, shows tool "
                                                "activity and asks for approvals. The session is stored like any other."),
                                       arguments);
        code >= 0) {
        return code;
    }

    const Result<ToolEnvironmentChoice> toolChoice = toolOptions.choice(parser);
    if (toolChoice.hasError())
        return context.usageError(command, toolChoice.error().message);
    AutoApprove mode = AutoApprove::ReadOnly;
    if (!autoApproveFromName(parser.value(approveOption), &mode))
        return context.usageError(command, Text::tr("--approve takes never, read-only or all, not \"%1\"").arg(parser.value(approveOption)));
    bool numberOk = true;
    const int maxSteps = parser.value(maxStepsOption).toInt(&numberOk);
    if (!numberOk || maxSteps < 1)
        return context.usageError(command, Text::tr("--max-steps takes a whole number of at least 1"));
    std::optional<double> maxCost;
    if (parser.isSet(maxCostOption)) {
        maxCost = parser.value(maxCostOption).toDouble(&numberOk);
        if (!numberOk || *maxCost <= 0)
            return context.usageError(command, Text::tr("--max-cost takes a positive number of US dollars"));
    }
    qint64 maxOutput = -1;
    if (parser.isSet(maxOutputOption)) {
        maxOutput = parser.value(maxOutputOption).toLongLong(&numberOk);
        if (!numberOk || maxOutput < 1)
            return context.usageError(command, Text::tr("--max-output-tokens takes a positive whole number"));
    }
    const QString workspace = QDir(parser.isSet(workspaceOption) ? parser.value(workspaceOption) : QDir::currentPath()).absolutePath();
    if (!QFileInfo(workspace).isDir())
        return context.usageError(command, Text::tr("the workspace %1 is not a folder").arg(workspace));

    TerminalInput input;
    QString prompt = parser.positionalArguments().join(QLatin1Char(' '));
    if (prompt.isEmpty() || prompt == QLatin1String("-")) {
        if (input.isTerminal())
            return context.usageError(command, Text::tr("say what to ask, as an argument or on standard input"));
        prompt = input.readAll();
    }
    if (prompt.trimmed().isEmpty())
        return context.usageError(command, Text::tr("the prompt is empty"));

    Result<ProviderSettings> settings = ProviderSettings::load(context.locations().providerSettingsPath());
    if (settings.hasError())
        return context.fail(command, settings.error());
    Result<ApprovalPolicy> approvals = ApprovalPolicy::load(context.locations().approvalsPath());
    if (approvals.hasError())
        return context.fail(command, approvals.error());
    approvals->setAutoApprove(mode);

    const QString providerId = parser.isSet(providerOption) ? parser.value(providerOption) : settings->defaultProvider();
    if (providerId.isEmpty())
        return context.usageError(command, Text::tr("choose a provider with --provider (or set defaultProvider in %1)")
                                               .arg(QDir::toNativeSeparators(context.locations().providerSettingsPath())));
    const ProviderSettingsEntry entry = settings->entry(providerId);
    const QString model = parser.isSet(modelOption) ? parser.value(modelOption) : entry.model;
    if (model.isEmpty())
        return context.usageError(command, Text::tr("choose a model with --model (or set providers.%1.model in %2)")
                                               .arg(providerId, QDir::toNativeSeparators(context.locations().providerSettingsPath())));

    SessionStore *store = context.store();
    if (!store)
        return Failed;
    PluginManager plugins(context.locations(), DataLocations::systemPluginDirs());
    plugins.loadAll();
    Provider *provider = plugins.provider(providerId);
    if (!provider)
        return context.fail(command, Error(QStringLiteral("cli.unknown-provider"), unknownProviderMessage(providerId, plugins)));

    std::unique_ptr<KeychainCredentialStore> keychain;
    if (!parser.isSet(noKeychainOption))
        keychain = std::make_unique<KeychainCredentialStore>();
    std::optional<Result<Connection>> connection;
    QEventLoop waitForKey;
    prepareConnection(*provider, entry, parser.value(baseUrlOption), keychain.get(), processEnvironment(),
                      [&connection, &waitForKey](const Result<Connection> &result) {
                          connection = result;
                          waitForKey.quit();
                      });
    if (!connection)
        waitForKey.exec();
    if (connection->hasError())
        return context.fail(command, connection->error());

    SessionConfig config;
    config.provider = provider;
    config.model = model;
    config.endpoint = connection->value().endpoint;
    config.keySource = connection->value().keySource;
    config.catalog = ModelCatalog::load(context.locations());
    config.systemPrompt = parser.isSet(systemOption) ? systemPrompt(parser.value(systemOption)) : defaultSystemPrompt(workspace);
    config.workspace = workspace;
    config.maxSteps = maxSteps;
    config.maxTurnCostUsd = maxCost;
    config.maxOutputTokens = maxOutput;
    applyProviderSettings(settings.value(), providerId, &config);
    const Result<ContextSettings> contextSettings = ContextSettings::load(context.locations().contextSettingsPath());
    if (contextSettings.hasError())
        return context.fail(command, contextSettings.error());
    const Result<QHash<QString, QJsonObject>> overrides =
        parseContextOverrides(parser.values(contextOption), contextSettings->strategies.value(0, QStringLiteral("progressive")));
    if (overrides.hasError())
        return context.usageError(command, overrides.error().message);
    for (const Error &warning : contextSettings->apply(plugins.strategies(), overrides.value(), &config))
        context.err() << Text::tr("warning: %1").arg(warning.message) << Qt::endl;
    const Result<ToolEnvironment> environment = ToolEnvironment::assemble(plugins, context.locations(), toolChoice.value());
    if (environment.hasError())
        return context.fail(command, environment.error());
    environment->apply(&config);
    if (!parser.isSet(noMemoryOption)) {
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
    }

    ToolRegistry tools;
    environment->configure(&tools);
    SessionInfo info;
    info.id = parser.value(sessionOption);
    info.workspace = workspace;
    Result<std::unique_ptr<Session>> opened = Session::open(store, info, config, &tools, &approvals.value());
    if (opened.hasError())
        return context.fail(command, opened.error());
    std::unique_ptr<Session> session = std::move(opened).value();

    const bool json = parser.isSet(jsonOption);
    if (!json) {
        context.err() << QStringLiteral("session %1 \u00b7 %2 \u00b7 %3").arg(session->id(), providerId, model) << Qt::endl;
        context.err() << environment->describeSandbox() << Qt::endl;
    }
    RunPrinter printer(context, session.get(), json, parser.isSet(thinkingOption), &input);
    input.start();
    InterruptSignal interrupt;
    QObject::connect(&interrupt, &InterruptSignal::triggered, session.get(), [&session] { session->interrupt(); });

    QEventLoop loop;
    QObject::connect(session.get(), &Session::eventOccurred, &loop, [&loop](const SessionEvent &event) {
        if (event.kind == SessionEvent::Kind::TurnFinished)
            loop.quit();
    });
    const Result<void> submitted = session->submit(prompt);
    if (submitted.hasError())
        return context.fail(command, submitted.error());
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
    context.out().flush();
    return exitCodeFor(printer.finishReason().value_or(QString()));
}

} // namespace valis::cli
