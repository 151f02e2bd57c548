// valis-cli memory embed: one Embedder pass over the memory's records and the transcripts'
// messages, with config/memory.json's "embeddings"; --status: how far each vector space is.
#include "commands/memorycommand.h"

#include "memorystore.h"

#include "valis/credentials/credentialstore.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/embedder.h"
#include "valis/memory/embeddings.h"
#include "valis/memory/vectormemory.h"
#include "valis/plugins/embeddingplugin.h"
#include "valis/plugins/embeddingprovider.h"
#include "valis/plugins/pluginmanager.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <optional>

namespace valis::cli {

namespace {

QString sourceName(RecallSourceKind kind)
{
    return kind == RecallSourceKind::Memory ? QStringLiteral("memory") : QStringLiteral("transcript");
}

QString shownSource(RecallSourceKind kind)
{
    return kind == RecallSourceKind::Memory ? Text::tr("memories") : Text::tr("transcripts");
}

/// The vector memory over the store of this run and the profile's session database.
Result<std::shared_ptr<VectorMemory>> openVectors(MemoryRun &run, const MemorySettings &settings, DetailStore *store)
{
    RecallSources sources;
    SessionStore *sessions = run.cli().store();
    if (!sessions)
        return Error(QStringLiteral("store.unavailable"), Text::tr("the session database cannot be opened"));
    sources.sessionDatabasePath = sessions->path();
    // The DetailStore is owned by the run; the VectorMemory only borrows it for this command.
    sources.memory = std::shared_ptr<DetailStore>(store, [](DetailStore *) {});
    return openVectorMemory(settings, run.cli().locations(), sources);
}

int printStatus(MemoryRun &run, VectorMemory &memory, const EmbeddingSettings &embeddings, bool json)
{
    QTextStream &out = run.cli().out();
    const QString configured = embeddings.enabled ? embeddings.space() : QString();
    if (!json) {
        out << (embeddings.enabled ? Text::tr("Embeddings: %1 through %2").arg(configured, embeddings.provider)
                                   : Text::tr("Embeddings are off (config/memory.json \"embeddings\"); recall is lexical."))
            << '\n';
    }
    for (const RecallSourceKind kind : {RecallSourceKind::Memory, RecallSourceKind::Transcript}) {
        Result<QList<VectorCoverage>> coverage = memory.coverage(kind, configured);
        if (coverage.hasError())
            return run.fail(coverage.error());
        if (!json) {
            out << '\n' << Text::tr("%1 (store %2):").arg(shownSource(kind), memory.store(kind).location()) << '\n';
            if (coverage->isEmpty())
                out << "  " << Text::tr("no vectors") << '\n';
        }
        for (const VectorCoverage &space : std::as_const(*coverage)) {
            const bool indexSaved = QFileInfo::exists(space.indexPath);
            if (json) {
                QJsonObject object{{QStringLiteral("source"), sourceName(kind)},
                                   {QStringLiteral("space"), space.space},
                                   {QStringLiteral("model"), EmbeddingSettings::spaceModel(space.space)},
                                   {QStringLiteral("dimension"), space.dimension},
                                   {QStringLiteral("passages"), double(space.passages)},
                                   {QStringLiteral("embedded"), double(space.embedded)},
                                   {QStringLiteral("pending"), double(space.pending())},
                                   {QStringLiteral("stale"), double(space.stale)},
                                   {QStringLiteral("complete"), space.complete},
                                   {QStringLiteral("configured"), space.configured},
                                   {QStringLiteral("searched"), space.searched},
                                   {QStringLiteral("store"), space.store},
                                   {QStringLiteral("index"), space.indexPath},
                                   {QStringLiteral("index_saved"), indexSaved}};
                if (space.completedAt.isValid())
                    object.insert(QStringLiteral("completed_at"), space.completedAt.toString(Qt::ISODate));
                out << QJsonDocument(object).toJson(QJsonDocument::Compact) << '\n';
                continue;
            }
            QStringList marks;
            if (space.configured)
                marks << Text::tr("configured");
            if (space.searched)
                marks << Text::tr("searched by recall");
            if (space.complete)
                marks << Text::tr("complete");
            out << "  " << EmbeddingSettings::spaceModel(space.space) << ", "
                << (space.dimension > 0 ? Text::tr("%1 dimensions").arg(space.dimension) : Text::tr("no vectors yet"))
                << (marks.isEmpty() ? QString() : QStringLiteral(" (") + marks.join(QStringLiteral(", ")) + QLatin1Char(')'))
                << '\n'
                << "    " << Text::tr("%1 of %2 with vectors, %3 pending").arg(space.embedded).arg(space.passages).arg(space.pending());
            if (space.stale > 0)
                out << ", " << Text::tr("%1 stale").arg(space.stale);
            out << '\n'
                << "    " << Text::tr("index: %1%2").arg(space.indexPath, indexSaved ? QString() : Text::tr(" (not saved yet)")) << '\n';
        }
    }
    out.flush();
    return 0;
}

/// The key of `provider`: the keychain, then its variables; none for a provider that needs none
/// even when the keychain cannot be asked.
Result<ApiKey> apiKeyFor(EmbeddingProvider &provider)
{
    KeychainCredentialStore keychain;
    std::optional<Result<ApiKey>> answer;
    QEventLoop loop;
    resolveApiKey(&keychain, credentialAccount(provider.id()), provider.defaults().apiKeyVariables,
                  [&answer, &loop](const Result<ApiKey> &key) {
                      answer.emplace(key);
                      loop.quit();
                  });
    if (!answer)
        loop.exec();
    if (answer->hasError() && !provider.defaults().requiresApiKey)
        return ApiKey{};
    return *answer;
}

/// One Embedder pass over `kind`, progress on stderr.
Result<Embedder::Figures> embedKind(MemoryRun &run, const std::shared_ptr<VectorMemory> &memory, EmbeddingClient &client,
                                    RecallSourceKind kind)
{
    Embedder embedder(memory, &client);
    embedder.setKinds(kind == RecallSourceKind::Memory, kind == RecallSourceKind::Transcript);
    QTextStream &err = run.cli().err();
    const QString name = shownSource(kind);
    QElapsedTimer shown;
    qint64 lastDone = -1;
    QObject::connect(&embedder, &Embedder::progressed, &embedder, [&](qint64 done, qint64 total) {
        // At most a line a second, and the last one: a log, not a flood.
        if (done == lastDone || (done < total && lastDone >= 0 && shown.isValid() && shown.elapsed() < 1000))
            return;
        lastDone = done;
        shown.start();
        err << Text::tr("%1: %2 / %3").arg(name, QLocale().toString(done), QLocale().toString(total)) << '\n';
        err.flush();
    });
    std::optional<Result<void>> outcome;
    QEventLoop loop;
    QObject::connect(&embedder, &Embedder::finished, &loop, [&](const Result<void> &result) {
        outcome = result;
        loop.quit();
    });
    embedder.run();
    if (!outcome)
        loop.exec();
    if (outcome->hasError())
        return outcome->error();
    return embedder.figures();
}

} // namespace

int runMemoryEmbed(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption store(QStringLiteral("store"),
                                   Text::tr("Use this store for one run instead of config/memory.json's: sqlite:PATH or "
                                            "postgresql://USER@HOST:PORT/DATABASE."),
                                   QStringLiteral("STORE"));
    const QCommandLineOption status(QStringLiteral("status"),
                                    Text::tr("Only show, per vector space, how many passages have vectors, how many are "
                                             "pending, and where the index files are."));
    const QCommandLineOption noMemories(QStringLiteral("no-memories"), Text::tr("Leave the memory's records out."));
    const QCommandLineOption noTranscripts(QStringLiteral("no-transcripts"), Text::tr("Leave the transcripts out."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per source (per space with --status)."));
    parser.addOptions({store, status, noMemories, noTranscripts, json});
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Embeds the memory's records and the transcripts' messages that have no "
                                                  "vector yet, with the model config/memory.json's \"embeddings\" names, "
                                                  "and saves the vector indexes recall searches. Progress goes to stderr."),
                                         arguments);
        code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return run.usageError(Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));

    Result<MemorySettings> settings = memorySettings(run.cli().locations(), parser.value(store));
    if (settings.hasError())
        return run.fail(settings.error());
    Result<EmbeddingSettings> embeddings =
        EmbeddingSettings::fromJson(settings->embeddings, run.cli().locations().memorySettingsPath());
    if (embeddings.hasError())
        return run.fail(embeddings.error());
    if (!embeddings->enabled && !parser.isSet(status))
        return run.fail(Error(QStringLiteral("embedding.disabled"),
                              Text::tr("embeddings are off: set \"embeddings\": {\"enabled\": true, \"provider\": ..., "
                                       "\"model\": ...} in %1")
                                  .arg(run.cli().locations().memorySettingsPath())));
    DetailStore *detail = run.store();
    if (!detail)
        return 1;
    Result<std::shared_ptr<VectorMemory>> memory = openVectors(run, *settings, detail);
    if (memory.hasError())
        return run.fail(memory.error());
    if (parser.isSet(status))
        return printStatus(run, **memory, *embeddings, parser.isSet(json));

    PluginManager plugins(run.cli().locations(), DataLocations::systemPluginDirs());
    plugins.loadAll();
    EmbeddingProvider *provider = plugins.embeddingProvider(embeddings->provider);
    if (!provider) {
        QStringList known;
        for (const EmbeddingProvider *running : plugins.embeddingProviders())
            known << running->id();
        return run.fail(Error(QStringLiteral("embedding.unknown-provider"),
                              known.isEmpty() ? Text::tr("no embedding provider plugin is running (\"%1\" was asked for)")
                                                    .arg(embeddings->provider)
                                              : Text::tr("no embedding provider \"%1\"; running: %2")
                                                    .arg(embeddings->provider, known.join(QStringLiteral(", ")))));
    }
    QObject *owner = nullptr;
    for (QObject *instance : plugins.runningInstances()) {
        auto *plugin = qobject_cast<EmbeddingPlugin *>(instance);
        if (plugin && plugin->embeddingProviders().contains(provider)) {
            owner = instance;
            break;
        }
    }
    Result<ApiKey> key = apiKeyFor(*provider);
    if (key.hasError())
        return run.fail(key.error());
    Result<EmbeddingTarget> target = makeEmbeddingTarget(*embeddings, provider, owner, *key);
    if (target.hasError())
        return run.fail(target.error());
    EmbeddingClient client(*target);

    QTextStream &out = run.cli().out();
    QList<RecallSourceKind> kinds;
    if (!parser.isSet(noMemories))
        kinds << RecallSourceKind::Memory;
    if (!parser.isSet(noTranscripts))
        kinds << RecallSourceKind::Transcript;
    for (const RecallSourceKind kind : std::as_const(kinds)) {
        Result<Embedder::Figures> figures = embedKind(run, *memory, client, kind);
        if (figures.hasError())
            return run.fail(figures.error());
        if (parser.isSet(json)) {
            out << QJsonDocument(QJsonObject{{QStringLiteral("source"), sourceName(kind)},
                                             {QStringLiteral("space"), embeddings->space()},
                                             {QStringLiteral("total"), double(figures->total)},
                                             {QStringLiteral("embedded"), double(figures->embedded)},
                                             {QStringLiteral("cached"), double(figures->cached)},
                                             {QStringLiteral("removed"), double(figures->removed)}})
                       .toJson(QJsonDocument::Compact)
                << '\n';
        } else {
            out << Text::tr("%1: %2 needed a vector: %3 embedded, %4 from the cache; %5 removed")
                       .arg(shownSource(kind))
                       .arg(figures->total)
                       .arg(figures->embedded)
                       .arg(figures->cached)
                       .arg(figures->removed)
                << '\n';
        }
        out.flush();
    }
    out << (parser.isSet(json) ? QString() : Text::tr("%1 requests to %2.").arg(client.requestCount()).arg(embeddings->provider) + QLatin1Char('\n'));
    out.flush();
    return 0;
}

} // namespace valis::cli
