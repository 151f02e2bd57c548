// valis-cli serve: the OpenAI-compatible API with managed context, until SIGINT or SIGTERM.
#include "awaitconnection.h"
#include "clicontext.h"
#include "commands.h"
#include "mcphoststart.h"
#include "servertoken.h"
#include "memorystore.h"
#include "terminalinput.h"

#include "valis/agent/connection.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/systemprompt.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextsettings.h"
#include "valis/filesystem/filesystembackend.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/memoryenvironment.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/server/httpserver.h"
#include "valis/server/openaiapiserver.h"

#include <QDir>
#include <QEventLoop>

#include <optional>

namespace valis::cli {

namespace {

constexpr auto TokenAccount = "api-server-token";


/// The bearer token from the keychain; a new one (stored, and printed once on stderr) when there
/// is none or `rotate`.
Result<QString> bearerToken(CliContext &context, KeychainCredentialStore &keychain, bool rotate)
{
    const QString account = QLatin1String(TokenAccount);
    const Result<ServerToken> token = serverToken(keychain, account, QStringLiteral("valis-api-"), rotate);
    if (token.hasError())
        return token.error();
    if (token->created) {
        context.err() << Text::tr("The API's bearer token (shown once; kept in the OS keychain as \"%1\"): %2")
                             .arg(account, token->value)
                      << Qt::endl;
    }
    return token->value;
}

/// The served model reads back what was moved out of its context (/context/, /memories/), never
/// the files of the folder the server runs in: a client's files are the client's.
class NoWorkspace : public FilesystemBackend
{
public:
    QString description() const override { return QStringLiteral("no workspace"); }
    bool isReadOnly() const override { return true; }
    Result<FileEntry> stat(const QString &path) const override { return refused(path); }
    Result<QList<FileEntry>> list(const QString &path) const override { return refused(path); }
    Result<QByteArray> read(const QString &path, qint64, qint64) const override { return refused(path); }
    Result<void> write(const QString &path, const QByteArray &) override { return refused(path); }
    Result<void> remove(const QString &path) override { return refused(path); }

private:
    static Error refused(const QString &path)
    {
        return Error(QStringLiteral("fs.not-found"),
                     Text::tr("%1: a served conversation has no workspace; only /context/ and /memories/ can be read").arg(path));
    }
};

} // namespace

int runServe(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("serve");
    CliParser parser;
    const QCommandLineOption portOption(QStringLiteral("port"), Text::tr("The port (default 8787; 0: a free one)."),
                                        QStringLiteral("N"), QStringLiteral("8787"));
    const QCommandLineOption bindOption(QStringLiteral("bind"), Text::tr("The address to listen on (default 127.0.0.1)."),
                                        QStringLiteral("ADDR"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption profileOption(QStringLiteral("profile"),
                                           Text::tr("The profile a request without a model uses (config/serve.json; default: its "
                                                    "defaultProfile, else \"default\": the settings' default provider and model)."),
                                           QStringLiteral("P"));
    const QCommandLineOption newTokenOption(QStringLiteral("new-token"),
                                            Text::tr("Replace the bearer token in the keychain with a new one (printed once)."));
    const QCommandLineOption originOption(QStringLiteral("allow-origin"),
                                          Text::tr("Also accept browser requests from this origin, e.g. http://localhost:3000 (repeatable)."),
                                          QStringLiteral("ORIGIN"));
    const QCommandLineOption maxBodyOption(QStringLiteral("max-body"),
                                           Text::tr("Refuse request bodies over this many bytes with 413 (default 16 MiB)."),
                                           QStringLiteral("BYTES"), QString::number(16 * 1024 * 1024));
    parser.addOptions({portOption, bindOption, profileOption, newTokenOption, originOption, maxBodyOption});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Serves an OpenAI-compatible API (GET /v1/models, POST /v1/chat/completions, "
                                                "POST /v1/responses) with managed context: every conversation is a Valis session, "
                                                "the client sends its whole history and the provider gets the managed view. "
                                                "Profiles (model name -> provider, model, context settings) are in config/serve.json; "
                                                "\"provider/model\" works too."),
                                       arguments);
        code >= 0) {
        return code;
    }
    bool ok = false;
    const uint port = parser.value(portOption).toUInt(&ok);
    if (!ok || port > 65535)
        return context.usageError(command, Text::tr("--port takes a port number (0 for a free one)"));
    const QHostAddress address(parser.value(bindOption));
    if (address.isNull())
        return context.usageError(command, Text::tr("--bind takes an IP address, not \"%1\"").arg(parser.value(bindOption)));
    const qint64 maxBody = parser.value(maxBodyOption).toLongLong(&ok);
    if (!ok || maxBody < 1)
        return context.usageError(command, Text::tr("--max-body takes a positive number of bytes"));

    Result<ProviderSettings> settings = ProviderSettings::load(context.locations().providerSettingsPath());
    if (settings.hasError())
        return context.fail(command, settings.error());
    Result<ApiProfiles> profiles = ApiProfiles::load(QDir(context.locations().configDir()).filePath(QStringLiteral("serve.json")));
    if (profiles.hasError())
        return context.fail(command, profiles.error());
    if (!profiles->resolve(QStringLiteral("default"), {}) && !settings->defaultProvider().isEmpty()) {
        ApiProfile fallback;
        fallback.name = QStringLiteral("default");
        fallback.provider = settings->defaultProvider();
        fallback.model = settings->entry(fallback.provider).model;
        if (!fallback.model.isEmpty())
            profiles->add(fallback);
    }
    if (parser.isSet(profileOption))
        profiles->setDefaultProfile(parser.value(profileOption));
    else if (profiles->defaultProfile().isEmpty())
        profiles->setDefaultProfile(QStringLiteral("default"));

    SessionStore *store = context.store();
    if (!store)
        return 1;
    KeychainCredentialStore keychain;
    PluginManager plugins(context.locations(), DataLocations::systemPluginDirs());
    plugins.setHostServices(cliHostServices(&keychain, context.err()));
    plugins.loadAll();
    QStringList providers;
    for (const Provider *provider : plugins.providers())
        providers.append(provider->id());
    if (parser.isSet(profileOption) && !profiles->resolve(parser.value(profileOption), providers))
        return context.usageError(command, Text::tr("there is no profile \"%1\" in config/serve.json").arg(parser.value(profileOption)));

    const Result<QString> token = bearerToken(context, keychain, parser.isSet(newTokenOption));
    if (token.hasError())
        return context.fail(command, token.error());
    const Result<ContextSettings> contextSettings = ContextSettings::load(context.locations().contextSettingsPath());
    if (contextSettings.hasError())
        return context.fail(command, contextSettings.error());
    const ModelCatalog catalog = ModelCatalog::load(context.locations());
    const QString workspace = QDir::currentPath();

    ApiServerOptions options;
    options.token = token.value();
    options.allowedOrigins = parser.values(originOption);
    options.maxBodyBytes = maxBody;
    options.profiles = profiles.value();
    options.providers = providers;
    options.store = store;
    // What the context pointers and MemoryRefs tell the model to call.
    options.ownTools = plugins.toolProviders();
    options.ownToolNames = {QStringLiteral("retrieve_memory"), QStringLiteral("search_memory"), QStringLiteral("read_file")};
    options.configure = [&](const ApiProfile &profile) -> Result<SessionConfig> {
        Provider *provider = plugins.provider(profile.provider);
        if (!provider)
            return Error(QStringLiteral("cli.unknown-provider"), Text::tr("no provider \"%1\"; the providers are: %2")
                                                                      .arg(profile.provider, providers.join(QStringLiteral(", "))));
        const std::optional<Result<Connection>> connection =
            awaitConnection(*provider, settings->entry(profile.provider), profile.baseUrl, &keychain);
        if (connection->hasError())
            return connection->error();
        SessionConfig config;
        config.agentId = profile.agent;
        config.provider = provider;
        config.model = profile.model;
        config.endpoint = connection->value().endpoint;
        config.keySource = connection->value().keySource;
        config.catalog = catalog;
        config.workspace = workspace;
        config.workspaceBackend = std::make_shared<NoWorkspace>();
        // Where /context/ lives: summaries save the transcript they replace there.
        config.locations = context.locations();
        config.maxOutputTokens = profile.maxOutputTokens;
        applyProviderSettings(settings.value(), profile.provider, &config);
        const Result<QHash<QString, QJsonObject>> overrides =
            parseContextOverrides(profile.context, contextSettings->strategies.value(0, QStringLiteral("progressive")));
        if (overrides.hasError())
            return overrides.error();
        for (const Error &warning : contextSettings->apply(plugins.strategies(), overrides.value(), &config))
            context.err() << Text::tr("warning: %1").arg(warning.message) << Qt::endl;
        config.historyStrategy = profile.history;
        Result<MemoryEnvironment> memory = memoryEnvironment(context.locations());
        if (memory.hasError())
            return memory.error();
        memory->apply(&config);
        return config;
    };

    options.onProblem = [&context](const QString &sessionId, const SessionEvent &event) {
        context.err() << (event.kind == SessionEvent::Kind::Error ? Text::tr("error: %1: %2") : Text::tr("warning: %1: %2"))
                             .arg(sessionId, event.error.message)
                      << Qt::endl;
    };
    OpenAiApiServer server(options);
    const Result<void> listening = server.listen(address, quint16(port));
    if (listening.hasError())
        return context.fail(command, listening.error());
    context.out() << QStringLiteral("Serving the OpenAI-compatible API at %1/v1").arg(server.baseUrl()) << Qt::endl;
    context.out().flush();

    QEventLoop loop;
    InterruptSignal interrupt(InterruptSignal::Hears::InterruptAndTerminate);
    QObject::connect(&interrupt, &InterruptSignal::triggered, &loop, &QEventLoop::quit);
    loop.exec();
    context.err() << Text::tr("stopped serving") << Qt::endl;
    return 0;
}

} // namespace valis::cli
