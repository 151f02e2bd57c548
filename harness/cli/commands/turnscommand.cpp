// valis-cli turns: the S/C/T versions of a session's turns, made for imported transcripts
// (--build) or asked of the model again (--regenerate).
#include "awaitconnection.h"
#include "clicontext.h"
#include "commands.h"
#include "mcphoststart.h"

#include "valis/agent/connection.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/session.h"
#include "valis/agent/turnversiongenerator.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/record/recordjson.h"
#include "valis/tokens/tokencounter.h"

#include <QDir>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <optional>

namespace valis::cli {

namespace {

/// What --regenerate needs to reach the model: the provider, as `run` finds it.
struct ModelAccess
{
    std::unique_ptr<KeychainCredentialStore> keychain;
    std::unique_ptr<PluginManager> plugins;
    Provider *provider = nullptr;
    QString model;
    Connection connection;
    RetryPolicy retry;
};

Result<void> connectModel(CliContext &context, const QString &providerOverride, const QString &modelOverride,
                          const QString &baseUrl, bool useKeychain, const QString &sessionModel, ModelAccess *access)
{
    const Result<ProviderSettings> settings = ProviderSettings::load(context.locations().providerSettingsPath());
    if (settings.hasError())
        return settings.error();
    const QString providerId = providerOverride.isEmpty() ? settings->defaultProvider() : providerOverride;
    if (providerId.isEmpty()) {
        return Error(QStringLiteral("cli.no-provider"),
                     Text::tr("--regenerate asks a model: choose a provider with --provider (or set defaultProvider in %1)")
                         .arg(QDir::toNativeSeparators(context.locations().providerSettingsPath())));
    }
    const ProviderSettingsEntry entry = settings->entry(providerId);
    access->model = !modelOverride.isEmpty() ? modelOverride : !entry.model.isEmpty() ? entry.model : sessionModel;
    if (access->model.isEmpty()) {
        return Error(QStringLiteral("cli.no-model"),
                     Text::tr("choose a model with --model (or set providers.%1.model in %2)")
                         .arg(providerId, QDir::toNativeSeparators(context.locations().providerSettingsPath())));
    }
    if (useKeychain)
        access->keychain = std::make_unique<KeychainCredentialStore>();
    access->plugins = std::make_unique<PluginManager>(context.locations(), DataLocations::systemPluginDirs());
    access->plugins->setHostServices(cliHostServices(access->keychain.get(), context.err()));
    access->plugins->loadAll();
    access->provider = access->plugins->provider(providerId);
    if (!access->provider) {
        QStringList known;
        for (const Provider *provider : access->plugins->providers())
            known.append(provider->id());
        return Error(QStringLiteral("cli.unknown-provider"),
                     Text::tr("no provider \"%1\"; the providers are: %2")
                         .arg(providerId, known.isEmpty() ? Text::tr("none") : known.join(QStringLiteral(", "))));
    }
    const std::optional<Result<Connection>> connection = awaitConnection(*access->provider, entry, baseUrl, access->keychain.get());
    if (connection->hasError())
        return connection->error();
    access->connection = connection->value();
    SessionConfig config;
    applyProviderSettings(settings.value(), providerId, &config);
    access->retry = config.providerRetry;
    return success();
}

QJsonObject versionJson(const TurnVersion &version, bool stale)
{
    return {{QStringLiteral("turn"), version.turn},
            {QStringLiteral("level"), turnLevelLetter(version.level)},
            {QStringLiteral("tokens"), version.tokens},
            {QStringLiteral("model"), version.model},
            {QStringLiteral("sourceHash"), version.sourceHash},
            {QStringLiteral("createdAt"), recordjson::formatTimestamp(version.createdAt)},
            {QStringLiteral("stale"), stale},
            {QStringLiteral("text"), version.text}};
}

} // namespace

int runTurns(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("turns");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("session"), Text::tr("The session whose turn versions to show."), QStringLiteral("SESSION"));
    const QCommandLineOption levelOption(QStringLiteral("level"), Text::tr("Only this level: S (smoothed), C (compressed) or T (tiny)."),
                                         QStringLiteral("S|C|T"));
    const QCommandLineOption turnOption(QStringLiteral("turn"), Text::tr("Only turn N."), QStringLiteral("N"));
    const QCommandLineOption buildOption(QStringLiteral("build"),
                                         Text::tr("Make and store the extractive versions of every turn that has none, or only "
                                                  "stale ones (imported transcripts)."));
    const QCommandLineOption regenerateOption(QStringLiteral("regenerate"),
                                              Text::tr("Ask the model again for the versions of the chosen turns (all without --turn) "
                                                       "and store its answers."));
    const QCommandLineOption providerOption(QStringLiteral("provider"), Text::tr("With --regenerate: the provider (default: the settings' defaultProvider)."),
                                            QStringLiteral("PROVIDER"));
    const QCommandLineOption modelOption(QStringLiteral("model"), Text::tr("With --regenerate: the model (default: the provider's model in the settings)."),
                                         QStringLiteral("M"));
    const QCommandLineOption baseUrlOption(QStringLiteral("base-url"), Text::tr("With --regenerate: send requests here instead."), QStringLiteral("URL"));
    const QCommandLineOption noKeychainOption(QStringLiteral("no-keychain"), Text::tr("Do not ask the OS keychain for the key; use the environment only."));
    const QCommandLineOption jsonOption(QStringLiteral("json"), Text::tr("Print JSON."));
    parser.addOptions({levelOption, turnOption, buildOption, regenerateOption, providerOption, modelOption, baseUrlOption,
                       noKeychainOption, jsonOption});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Shows the smoothed (S), compressed (C) and tiny (T) versions of a session's "
                                                "turns: their tokens, the model that wrote them and whether the turn changed "
                                                "since (stale)."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().size() != 1)
        return context.usageError(command, Text::tr("name exactly one session"));
    std::optional<TurnLevel> level;
    if (parser.isSet(levelOption)) {
        level = turnLevelFromString(parser.value(levelOption));
        if (!level || *level == TurnLevel::Raw)
            return context.usageError(command, Text::tr("--level takes S, C or T, not \"%1\"").arg(parser.value(levelOption)));
    }
    std::optional<int> onlyTurn;
    if (parser.isSet(turnOption)) {
        bool ok = false;
        onlyTurn = parser.value(turnOption).toInt(&ok);
        if (!ok || *onlyTurn < 0)
            return context.usageError(command, Text::tr("--turn takes a turn number (0 or more)"));
    }
    SessionStore *store = context.store();
    if (!store)
        return 1;
    const QString sessionId = parser.positionalArguments().first();
    const Result<SessionInfo> info = store->session(sessionId);
    if (info.hasError())
        return context.fail(command, info.error());
    const Result<QList<Message>> record = store->messages(sessionId);
    if (record.hasError())
        return context.fail(command, record.error());
    const QHash<int, QList<Message>> byTurn = messagesByTurn(record.value());
    QList<int> turns = byTurn.keys();
    std::sort(turns.begin(), turns.end());
    if (onlyTurn) {
        if (!byTurn.contains(*onlyTurn))
            return context.fail(command, Error(QStringLiteral("cli.no-turn"), Text::tr("session %1 has no turn %2").arg(sessionId).arg(*onlyTurn)));
        turns = {*onlyTurn};
    }

    ModelAccess access;
    if (parser.isSet(regenerateOption)) {
        const Result<void> connected = connectModel(context, parser.value(providerOption), parser.value(modelOption),
                                                    parser.value(baseUrlOption), !parser.isSet(noKeychainOption), info->model, &access);
        if (connected.hasError())
            return context.fail(command, connected.error());
    }
    const ModelCatalog catalog = ModelCatalog::load(context.locations());
    const std::shared_ptr<TokenCounter> counter =
        TokenCounter::forModel(catalog.lookup(access.model.isEmpty() ? info->model : access.model).model);
    TurnVersionGenerator::Setup setup;
    setup.store = store;
    setup.sessionId = sessionId;
    setup.countTokens = [counter](const QString &text) { return counter->countText(text); };
    if (access.provider) {
        setup.provider = access.provider;
        setup.model = access.model;
        setup.endpoint = access.connection.endpoint;
        setup.retry = access.retry;
        setup.failureContext.providerName = access.provider->displayName();
        setup.failureContext.providerId = access.provider->id();
        setup.failureContext.defaults = access.provider->defaults();
        setup.failureContext.keySource = access.connection.keySource;
        setup.failureContext.secret = access.connection.endpoint.apiKey;
        setup.failureContext.baseUrl = access.connection.endpoint.baseUrl.toString();
    }
    TurnVersionGenerator generator(setup);
    int failures = 0;
    QObject::connect(&generator, &TurnVersionGenerator::warning, &generator, [&context, &failures, &command](const Error &error) {
        ++failures;
        context.err() << QStringLiteral("valis-cli %1: %2").arg(command, error.message) << Qt::endl;
    });

    if (parser.isSet(buildOption)) {
        int built = 0;
        for (int turn : std::as_const(turns)) {
            const Result<QList<TurnVersion>> stored = generator.storeExtractive(turn, byTurn.value(turn));
            if (stored.hasError())
                return context.fail(command, stored.error());
            built += stored->isEmpty() ? 0 : 1;
        }
        if (!parser.isSet(jsonOption))
            context.err() << Text::tr("stored the extractive versions of %n turn(s)", nullptr, built) << Qt::endl;
    }
    if (parser.isSet(regenerateOption)) {
        QEventLoop loop;
        QObject::connect(&generator, &TurnVersionGenerator::idle, &loop, &QEventLoop::quit);
        for (int turn : std::as_const(turns))
            generator.generate(turn, byTurn.value(turn));
        if (generator.isBusy())
            loop.exec();
    }

    const Result<QList<TurnVersion>> versions = store->turnVersions(sessionId, onlyTurn, level);
    if (versions.hasError())
        return context.fail(command, versions.error());
    QHash<int, QString> hashes;
    for (int turn : std::as_const(turns))
        hashes.insert(turn, turnSourceHash(byTurn.value(turn)));
    QHash<int, QList<TurnVersion>> shown;
    for (const TurnVersion &version : versions.value())
        shown[version.turn].append(version);

    if (parser.isSet(jsonOption)) {
        QJsonArray list;
        QJsonArray missing;
        for (int turn : std::as_const(turns)) {
            for (const TurnVersion &version : shown.value(turn))
                list.append(versionJson(version, version.sourceHash != hashes.value(turn)));
            if (!shown.contains(turn))
                missing.append(turn);
        }
        context.out() << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("session"), sessionId},
                                                                     {QStringLiteral("turns"), qint64(byTurn.size())},
                                                                     {QStringLiteral("versions"), list},
                                                                     {QStringLiteral("missing"), missing}})
                                               .toJson(QJsonDocument::Compact))
                      << '\n';
        return failures > 0 ? 1 : 0;
    }
    QTextStream &out = context.out();
    out << Text::tr("%1 \u00b7 %n turn(s)", nullptr, int(byTurn.size())).arg(sessionId) << '\n';
    int without = 0;
    for (int turn : std::as_const(turns)) {
        if (!shown.contains(turn)) {
            ++without;
            out << QStringLiteral("T-%1  ").arg(turn) << Text::tr("no versions") << '\n';
            continue;
        }
        for (const TurnVersion &version : shown.value(turn)) {
            out << QStringLiteral("T-%1-%2  ").arg(version.turn).arg(turnLevelLetter(version.level))
                << Text::tr("%1 tokens \u00b7 %2").arg(formatTokenCount(version.tokens), version.model);
            if (version.sourceHash != hashes.value(turn))
                out << QStringLiteral(" \u00b7 ") << Text::tr("stale: the turn changed since");
            out << '\n';
            for (const QString &line : version.text.split(QLatin1Char('\n')))
                out << "    " << line << '\n';
        }
    }
    if (without > 0)
        out << Text::tr("%n turn(s) without versions: valis-cli turns %1 --build makes them", nullptr, without).arg(sessionId) << '\n';
    return failures > 0 ? 1 : 0;
}

} // namespace valis::cli
