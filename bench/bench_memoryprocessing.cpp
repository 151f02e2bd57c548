// Offline memory processing over real transcripts (the shared fixtures' Claude Code and Codex
// sessions, imported with the real importers): throughput in MB of transcript per minute,
// extractive and with the local provider test server standing in for the summary model (its
// answers are scripted from each request's message ids: it measures the pipeline with HTTP,
// streaming and validation in the loop, not a model's speed), and the share of stored lessons
// and references whose evidence ids are real messages of their session.
#include "providerserver.h"

#include "valis/core/datalocations.h"
#include "valis/import/transcriptimporter.h"
#include "valis/memory/memoryprocessing.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/plugins/pluginmanager.h"
#include "valis/store/sessionstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

#include <optional>

using namespace valis;

namespace {

QByteArray sseEvent(const char *name, const QJsonObject &data)
{
    return QByteArray("event: ") + name + "\ndata: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n";
}

/// An Anthropic stream answering `text`.
QByteArray anthropicAnswer(const QString &text)
{
    QByteArray out;
    out += sseEvent("message_start", QJsonObject{{QStringLiteral("type"), QStringLiteral("message_start")},
                                                 {QStringLiteral("message"),
                                                  QJsonObject{{QStringLiteral("id"), QStringLiteral("msg_bench")},
                                                              {QStringLiteral("type"), QStringLiteral("message")},
                                                              {QStringLiteral("role"), QStringLiteral("assistant")},
                                                              {QStringLiteral("model"), QStringLiteral("bench")},
                                                              {QStringLiteral("content"), QJsonArray()},
                                                              {QStringLiteral("usage"), QJsonObject{{QStringLiteral("input_tokens"), 100},
                                                                                                   {QStringLiteral("output_tokens"), 1}}}}}});
    out += sseEvent("content_block_start", QJsonObject{{QStringLiteral("type"), QStringLiteral("content_block_start")},
                                                       {QStringLiteral("index"), 0},
                                                       {QStringLiteral("content_block"),
                                                        QJsonObject{{QStringLiteral("type"), QStringLiteral("text")}, {QStringLiteral("text"), QString()}}}});
    out += sseEvent("content_block_delta", QJsonObject{{QStringLiteral("type"), QStringLiteral("content_block_delta")},
                                                       {QStringLiteral("index"), 0},
                                                       {QStringLiteral("delta"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text_delta")},
                                                                                             {QStringLiteral("text"), text}}}});
    out += sseEvent("content_block_stop", QJsonObject{{QStringLiteral("type"), QStringLiteral("content_block_stop")}, {QStringLiteral("index"), 0}});
    out += sseEvent("message_delta", QJsonObject{{QStringLiteral("type"), QStringLiteral("message_delta")},
                                                 {QStringLiteral("delta"), QJsonObject{{QStringLiteral("stop_reason"), QStringLiteral("end_turn")}}},
                                                 {QStringLiteral("usage"), QJsonObject{{QStringLiteral("output_tokens"), 50}}}});
    out += sseEvent("message_stop", QJsonObject{{QStringLiteral("type"), QStringLiteral("message_stop")}});
    return out;
}

/// What a stand-in model says: a lesson and a topic citing the transcript's first messages, a
/// reference citing one id that exists nowhere (the validation must drop it).
QString scriptedAnswer(const QByteArray &requestBody)
{
    static const QRegularExpression header(QStringLiteral("\\[([^\\s\\[\\]\"]+) (user|assistant|tool|system)\\]"));
    QStringList ids;
    const QString body = QString::fromUtf8(requestBody);
    for (auto it = header.globalMatch(body); it.hasNext() && ids.size() < 3;)
        ids.append(it.next().captured(1));
    if (ids.isEmpty())
        return QStringLiteral("{\"topics\": [], \"lessons\": [], \"references\": []}");
    QJsonArray evidence;
    for (const QString &id : std::as_const(ids))
        evidence.append(id);
    const QJsonObject answer{
        {QStringLiteral("topics"), QJsonArray{QJsonObject{{QStringLiteral("text"), QStringLiteral("the session's opening request")},
                                                          {QStringLiteral("weight"), 0.7},
                                                          {QStringLiteral("evidence"), QJsonArray{ids.first()}}}}},
        {QStringLiteral("lessons"), QJsonArray{QJsonObject{{QStringLiteral("text"), QStringLiteral("Start from the request in %1.").arg(ids.first())},
                                                           {QStringLiteral("outcome"), QStringLiteral("fact")},
                                                           {QStringLiteral("evidence"), evidence}}}},
        {QStringLiteral("references"), QJsonArray{QJsonObject{{QStringLiteral("text"), QStringLiteral("a made-up reference")},
                                                              {QStringLiteral("kind"), QStringLiteral("other")},
                                                              {QStringLiteral("evidence"), QJsonArray{QStringLiteral("m-not-a-message")}}}}}};
    return QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact));
}

struct EvidenceShare
{
    int items = 0;
    int allReal = 0;
    int ids = 0;
    int realIds = 0;
};

EvidenceShare evidenceShare(DetailStore &memory, SessionStore &sessions, const QString &type)
{
    EvidenceShare share;
    QHash<QString, QSet<QString>> known;
    MemoryFilter filter;
    filter.type = type;
    filter.limit = 0;
    for (const MemoryRecord &record : memory.list(filter).valueOr({})) {
        ++share.items;
        bool all = true;
        for (const QJsonValue &value : record.metadata.value(QLatin1String("evidence")).toArray()) {
            const QString sessionId = value.toObject().value(QLatin1String("sessionId")).toString();
            const QString messageId = value.toObject().value(QLatin1String("messageId")).toString();
            if (!known.contains(sessionId)) {
                QSet<QString> ids;
                for (const Message &message : sessions.messageOutline(sessionId).valueOr({}))
                    ids.insert(message.id);
                known.insert(sessionId, ids);
            }
            ++share.ids;
            const bool real = known.value(sessionId).contains(messageId);
            share.realIds += real ? 1 : 0;
            all = all && real;
        }
        share.allReal += all ? 1 : 0;
    }
    return share;
}

QString percent(int part, int whole)
{
    return whole == 0 ? QStringLiteral("-") : QString::number(100.0 * part / whole, 'f', 1) + QLatin1Char('%');
}

std::optional<MemoryProcessingResult> run(const QString &sessionsPath, const std::shared_ptr<DetailStore> &memory,
                                          const MemoryProcessingOptions &options)
{
    MemoryProcessor processor(sessionsPath, memory);
    std::optional<MemoryProcessingResult> result;
    QEventLoop wait;
    QObject::connect(&processor, &MemoryProcessor::finished, &processor, [&](const MemoryProcessingResult &finished) {
        result = finished;
        wait.quit();
    });
    processor.start(options);
    if (!result)
        wait.exec();
    return result;
}

void report(QTextStream &out, const QString &mode, const MemoryProcessingResult &result, DetailStore &memory, SessionStore &sessions)
{
    const double mb = double(result.transcriptBytes) / (1024.0 * 1024.0);
    const double minutes = double(result.elapsedMs) / 60000.0;
    out << mode << ": " << result.sessionsProcessed << " sessions, " << result.messagesRead << " messages, "
        << QString::number(mb, 'f', 2) << " MB of transcript in " << QString::number(double(result.elapsedMs) / 1000.0, 'f', 2)
        << " s = " << QString::number(minutes > 0 ? mb / minutes : 0, 'f', 1) << " MB/min\n";
    if (result.error)
        out << "  error: " << result.error->toString() << '\n';
    for (const QString &warning : result.warnings)
        out << "  warning: " << warning << '\n';
    if (result.modelAnswers > 0)
        out << "  model answers: " << result.modelAnswers << ", evidence ids dropped as not real: " << result.droppedEvidence << '\n';
    for (const char *type : {ProcessedType::Lesson, ProcessedType::Reference, ProcessedType::Topic}) {
        const EvidenceShare share = evidenceShare(memory, sessions, QLatin1String(type));
        out << "  " << type << "s: " << share.items << ", with all evidence real " << percent(share.allReal, share.items)
            << " (evidence ids real: " << share.realIds << "/" << share.ids << ")\n";
    }
    out << "  recommendations: " << result.ledger.recommendations << ", merged " << result.ledger.merged << ", superseded "
        << result.ledger.superseded << '\n';
    out.flush();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Offline memory processing throughput and evidence over real transcripts."));
    parser.addHelpOption();
    const QCommandLineOption show(QStringLiteral("show"), QStringLiteral("Print the extractive lessons and topics."));
    parser.addOption(show);
    const QCommandLineOption noModel(QStringLiteral("extractive-only"), QStringLiteral("Skip the run with the local test server as the model."));
    parser.addOption(noModel);
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Transcripts to import (default: the fixtures' Claude Code and Codex sessions)."));
    parser.process(app);
    QTextStream out(stdout);

    const QString fixtures = qEnvironmentVariableIsEmpty("VALIS_FIXTURES") ? QStringLiteral(VALIS_FIXTURES_DEFAULT)
                                                                           : qEnvironmentVariable("VALIS_FIXTURES");
    QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        for (const char *folder : {"claude-code-sessions-spotter", "openai-codex"}) {
            QDirIterator it(QDir(fixtures).filePath(QString::fromLatin1(folder)), {QStringLiteral("*.jsonl")}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext())
                files.append(it.next());
        }
        files.sort();
    }
    if (files.isEmpty()) {
        out << "no transcripts found under " << fixtures << " (set VALIS_FIXTURES)\n";
        return 1;
    }
    QTemporaryDir dir;
    const QString sessionsPath = dir.filePath(QStringLiteral("sessions.db"));
    auto sessions = SessionStore::open(sessionsPath);
    if (sessions.hasError()) {
        out << sessions.error().toString() << '\n';
        return 1;
    }
    TranscriptImporters importers;
    int imported = 0;
    qint64 sourceBytes = 0;
    for (const QString &file : std::as_const(files)) {
        auto importer = importers.detect(file);
        auto transcript = importer.ok() ? importer.value()->read(file) : Result<ImportedTranscript>(importer.error());
        auto stored = transcript.ok() ? sessions.value()->importTranscript(transcript.value()) : Result<ImportReport>(transcript.error());
        if (stored.hasError()) {
            out << "not imported: " << QFileInfo(file).fileName() << ": " << stored.error().toString() << '\n';
            continue;
        }
        imported += int(stored->sessions.size());
        sourceBytes += QFileInfo(file).size();
    }
    out << imported << " sessions imported from " << files.size() << " files (" << QString::number(double(sourceBytes) / (1024.0 * 1024.0), 'f', 2)
        << " MB on disk) under " << fixtures << "; MB of transcript below counts the text, arguments and outputs read\n";

    auto extractiveStore = SqliteDetailStore::open(dir.filePath(QStringLiteral("extractive.db")));
    if (extractiveStore.hasError()) {
        out << extractiveStore.error().toString() << '\n';
        return 1;
    }
    std::shared_ptr<DetailStore> extractive(std::move(extractiveStore).value());
    const std::optional<MemoryProcessingResult> plain = run(sessionsPath, extractive, {});
    report(out, QStringLiteral("extractive"), *plain, *extractive, *sessions.value());
    if (parser.isSet(show)) {
        for (const char *type : {ProcessedType::Lesson, ProcessedType::Topic}) {
            MemoryFilter filter;
            filter.type = QLatin1String(type);
            filter.limit = 0;
            for (const MemoryRecord &record : extractive->list(filter).valueOr({}))
                out << "  " << type << " [" << record.metadata.value(QLatin1String("weight")).toDouble() << ", "
                    << record.metadata.value(QLatin1String("layer")).toString() << "] " << record.summary << '\n';
        }
    }
    // A second run over the same sessions: nothing left to read (the checkpoints).
    const std::optional<MemoryProcessingResult> again = run(sessionsPath, extractive, {});
    out << "rerun: " << again->sessionsUpToDate << " sessions up to date, " << again->ledger.added << " items added, "
        << again->elapsedMs << " ms\n";

    if (parser.isSet(noModel))
        return 0;
    const DataLocations locations = DataLocations::underHome(dir.filePath(QStringLiteral("home")));
    PluginManager plugins(locations, {QStringLiteral(VALIS_PLUGIN_DIR)});
    plugins.loadAll();
    Provider *anthropic = plugins.provider(QStringLiteral("anthropic"));
    test::ProviderTestServer server;
    if (!anthropic || !server.listen()) {
        out << "with a model: the anthropic plugin or the local server is not available\n";
        return 1;
    }
    server.setBeforeAnswer([&server](int, const test::CapturedRequest &request) {
        server.enqueue(test::ScriptedResponse::sse(anthropicAnswer(scriptedAnswer(request.body))));
    });
    auto modelStore = SqliteDetailStore::open(dir.filePath(QStringLiteral("model.db")));
    std::shared_ptr<DetailStore> withModel(std::move(modelStore).value());
    MemoryProcessingOptions options;
    options.provider = anthropic;
    options.model = QStringLiteral("bench-model");
    options.endpoint.baseUrl = server.baseUrl();
    options.endpoint.apiKey = QStringLiteral("bench");
    const std::optional<MemoryProcessingResult> modelled = run(sessionsPath, withModel, options);
    report(out, QStringLiteral("with the local test server as the model"), *modelled, *withModel, *sessions.value());
    return 0;
}
