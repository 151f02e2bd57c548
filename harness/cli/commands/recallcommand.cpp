#include "clicontext.h"
#include "commands.h"
#include "memorystore.h"
#include "vectorrecall.h"

#include "valis/memory/recall.h"
#include "valis/agent/toolsettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

namespace valis::cli {

namespace {

QJsonObject hitJson(int rank, const RecallHit &hit)
{
    const RecallPassage &p = hit.passage;
    QJsonObject object{
        {QStringLiteral("rank"), rank},
        {QStringLiteral("score"), hit.score},
        {QStringLiteral("found_by"), hit.foundBy()},
        {QStringLiteral("source"), p.kind == RecallSourceKind::Memory ? QStringLiteral("memory") : QStringLiteral("transcript")},
        {QStringLiteral("text"), p.text},
    };
    QJsonObject retrievers;
    for (auto it = hit.ranks.cbegin(); it != hit.ranks.cend(); ++it)
        retrievers.insert(it.key(), QJsonObject{{QStringLiteral("rank"), it.value()}, {QStringLiteral("score"), hit.scores.value(it.key())}});
    object.insert(QStringLiteral("retrievers"), retrievers);
    if (p.kind == RecallSourceKind::Memory) {
        object.insert(QStringLiteral("memory_key"), p.memoryKey);
        object.insert(QStringLiteral("memory_type"), p.memoryType);
        object.insert(QStringLiteral("summary"), p.summary);
        object.insert(QStringLiteral("weight"), p.weight);
        if (!p.memoryPath.isEmpty())
            object.insert(QStringLiteral("path"), p.memoryPath);
    } else {
        object.insert(QStringLiteral("session_id"), p.sessionId);
        object.insert(QStringLiteral("session_title"), p.sessionTitle);
        object.insert(QStringLiteral("message_id"), p.messageId);
        object.insert(QStringLiteral("seq"), p.seq);
        object.insert(QStringLiteral("turn"), p.turn);
        object.insert(QStringLiteral("role"), roleName(p.role));
    }
    if (p.createdAt.isValid())
        object.insert(QStringLiteral("created_at"), p.createdAt.toString(Qt::ISODate));
    return object;
}

} // namespace

int runRecall(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("recall");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("query"), Text::tr("What to recall, in plain words (any may match)."),
                                 QStringLiteral("QUERY..."));
    const QCommandLineOption session(QStringLiteral("session"), Text::tr("Only this session's messages."), QStringLiteral("ID"));
    const QCommandLineOption all(QStringLiteral("all"), Text::tr("Every stored session (the default)."));
    const QCommandLineOption exclude(QStringLiteral("exclude-session"),
                                     Text::tr("Never this session's messages (as the runtime step leaves out the live one)."),
                                     QStringLiteral("ID"));
    const QCommandLineOption k(QStringLiteral("k"), Text::tr("How many passages (default 10)."), QStringLiteral("N"), QStringLiteral("10"));
    const QCommandLineOption noMemories(QStringLiteral("no-memories"), Text::tr("Leave the memory's records out."));
    const QCommandLineOption noTranscripts(QStringLiteral("no-transcripts"), Text::tr("Leave the transcripts out."));
    const QCommandLineOption type(QStringLiteral("type"), Text::tr("Only memory records of TYPE (repeatable)."), QStringLiteral("TYPE"));
    const QCommandLineOption agent(QStringLiteral("agent"), Text::tr("The agent whose memory is searched (default: config/tools.json's)."),
                                   QStringLiteral("ID"));
    const QCommandLineOption store(QStringLiteral("store"),
                                   Text::tr("Use this memory store for this run: sqlite:PATH or a postgresql:// address."),
                                   QStringLiteral("STORE"));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per passage."));
    parser.addOptions({session, all, exclude, k, noMemories, noTranscripts, type, agent, store, json});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Prints the ranked passages of memories and earlier sessions that the "
                                                "runtime recall step would consider for QUERY, with their scores and "
                                                "the retrievers that found them. Exits with 1 when nothing is found."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().isEmpty())
        return context.usageError(command, Text::tr("give words to recall for"));
    if (parser.isSet(session) && parser.isSet(all))
        return context.usageError(command, Text::tr("--session and --all cannot be used together"));
    RecallQuery query;
    query.text = parser.positionalArguments().join(QLatin1Char(' '));
    query.sessionId = parser.value(session);
    query.excludeSessionId = parser.value(exclude);
    query.memories = !parser.isSet(noMemories) && query.sessionId.isEmpty();
    query.transcripts = !parser.isSet(noTranscripts);
    query.memoryTypes = parser.values(type);
    bool ok = false;
    query.k = parser.value(k).toInt(&ok);
    if (!ok || query.k <= 0)
        return context.usageError(command, Text::tr("--k needs a positive number"));

    RecallSources sources;
    std::optional<MemorySettings> settingsUsed;
    if (query.transcripts) {
        SessionStore *sessions = context.store();
        if (!sessions)
            return 1;
        sources.sessionDatabasePath = sessions->path();
    }
    if (query.memories) {
        Result<MemorySettings> settings = memorySettings(context.locations(), parser.value(store));
        Result<std::shared_ptr<DetailStore>> opened = settings.ok() ? openMemoryStore(settings.value(), context.locations())
                                                                    : Result<std::shared_ptr<DetailStore>>(settings.error());
        if (opened.hasError())
            return context.fail(command, opened.error());
        sources.memory = std::move(opened).value();
        settingsUsed = settings.value();
        if (parser.isSet(agent)) {
            query.agentId = parser.value(agent);
        } else {
            Result<ToolSettings> tools = ToolSettings::load(context.locations().toolSettingsPath());
            if (tools.hasError())
                return context.fail(command, tools.error());
            query.agentId = tools->agentId();
        }
    }
    HybridRetriever retriever;
    retriever.addRetriever(makeLexicalRetriever(sources));
    CliVectorRecall vectors;
    if (!settingsUsed) {
        Result<MemorySettings> settings = memorySettings(context.locations(), parser.value(store));
        if (settings.ok())
            settingsUsed = settings.value();
    }
    if (settingsUsed)
        vectors.addTo(context, *settingsUsed, sources, retriever);
    if (!vectors.warning().isEmpty())
        context.err() << Text::tr("valis-cli recall: vectors are not used: %1").arg(vectors.warning()) << Qt::endl;
    // The vector retriever asks for the question's vector on this thread: recall runs beside
    // its event loop.
    std::optional<Result<QList<RecallHit>>> answer;
    runBesideEventLoop([&] { answer = retriever.recall(query); });
    Result<QList<RecallHit>> hits = std::move(*answer);
    if (hits.hasError())
        return context.fail(command, hits.error());

    QTextStream &out = context.out();
    int rank = 0;
    for (const RecallHit &hit : std::as_const(hits.value())) {
        ++rank;
        if (parser.isSet(json)) {
            out << QJsonDocument(hitJson(rank, hit)).toJson(QJsonDocument::Compact) << '\n';
            continue;
        }
        const RecallPassage &p = hit.passage;
        const QString where = p.kind == RecallSourceKind::Memory
                                ? QStringLiteral("memory %1 (%2)").arg(p.memoryKey, p.memoryType)
                                : QStringLiteral("%1 #%2 %3").arg(p.sessionId).arg(p.seq).arg(roleName(p.role));
        QString text = p.kind == RecallSourceKind::Memory && !p.summary.isEmpty() ? p.summary : p.text;
        text.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
        out << rank << ". " << QString::number(hit.score, 'f', 4) << ' ' << hit.foundBy() << ' ' << where << ": "
            << text.left(200) << '\n';
    }
    out.flush();
    return hits->isEmpty() ? 1 : 0;
}

} // namespace valis::cli
