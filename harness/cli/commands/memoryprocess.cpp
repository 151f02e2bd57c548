// valis-cli memory process / recommendations: offline memory processing from the command line
// (the MemoryProcessor job the desktop runs when a session goes idle) and the proposals it
// makes for the person.
#include "awaitconnection.h"
#include "commands.h"
#include "commands/memorycommand.h"
#include "mcphoststart.h"
#include "memorystore.h"

#include "valis/agent/connection.h"
#include "valis/agent/providersettings.h"
#include "valis/agent/toolsettings.h"
#include "valis/keychain/keychaincredentialstore.h"
#include "valis/memory/memoryprocessing.h"
#include "valis/plugins/pluginmanager.h"

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QTimeZone>

#include <optional>

namespace valis::cli {

namespace {

QString agentOf(MemoryRun &run, const CliParser &parser, const QCommandLineOption &agent)
{
    if (parser.isSet(agent))
        return parser.value(agent);
    const Result<QString> fallback = run.defaultAgent();
    return fallback.ok() && !fallback->isEmpty() ? fallback.value() : QStringLiteral("default");
}

QDateTime dateOf(const QString &text)
{
    QDateTime time = QDateTime::fromString(text, Qt::ISODate);
    if (!time.isValid()) {
        const QDate date = QDate::fromString(text, Qt::ISODate);
        if (date.isValid())
            time = QDateTime(date, QTime(0, 0), QTimeZone::utc());
    }
    return time.isValid() ? time.toUTC() : QDateTime();
}

QJsonObject recommendationJson(const MemoryRecommendation &recommendation)
{
    QJsonArray evidence;
    for (const MemoryEvidence &entry : recommendation.evidence)
        evidence.append(QJsonObject{{QStringLiteral("sessionId"), entry.sessionId}, {QStringLiteral("messageId"), entry.messageId}});
    return QJsonObject{{QStringLiteral("key"), recommendation.key},
                       {QStringLiteral("proposal"), recommendation.proposal},
                       {QStringLiteral("status"), recommendation.status},
                       {QStringLiteral("summary"), recommendation.summary},
                       {QStringLiteral("text"), recommendation.text},
                       {QStringLiteral("path"), recommendation.path},
                       {QStringLiteral("targets"), QJsonArray::fromStringList(recommendation.targets)},
                       {QStringLiteral("evidence"), evidence},
                       {QStringLiteral("weight"), recommendation.weight}};
}

/// The summary model of config/memory.json, connected as any provider is.
struct SummaryModel
{
    std::unique_ptr<KeychainCredentialStore> keychain;
    std::unique_ptr<PluginManager> plugins;
    Provider *provider = nullptr;
    QString model;
    ProviderEndpoint endpoint;
    RetryPolicy retry;
};

Result<void> connectSummaryModel(CliContext &context, const MemorySettings &memory, bool useKeychain, SummaryModel *summary)
{
    Result<ProviderSettings> settings = ProviderSettings::load(context.locations().providerSettingsPath());
    if (settings.hasError())
        return settings.error();
    if (useKeychain)
        summary->keychain = std::make_unique<KeychainCredentialStore>();
    summary->plugins = std::make_unique<PluginManager>(context.locations(), DataLocations::systemPluginDirs());
    summary->plugins->setHostServices(cliHostServices(summary->keychain.get(), context.err()));
    summary->plugins->loadAll();
    summary->provider = summary->plugins->provider(memory.summaryProvider);
    if (!summary->provider)
        return Error(QStringLiteral("cli.unknown-provider"), Text::tr("the summary provider in memory.json, %1, is not running").arg(memory.summaryProvider));
    const ProviderSettingsEntry entry = settings->entry(memory.summaryProvider);
    summary->model = memory.summaryModel.isEmpty() ? entry.model : memory.summaryModel;
    if (summary->model.isEmpty())
        return Error(QStringLiteral("memory-settings.no-summary-model"),
                     Text::tr("memory.json names the summary provider %1 but no summaryModel").arg(memory.summaryProvider));
    summary->retry = RetryPolicy::fromJson(settings->retry());
    const std::optional<Result<Connection>> connection = awaitConnection(*summary->provider, entry, QString(), summary->keychain.get());
    if (connection->hasError())
        return connection->error();
    summary->endpoint = connection->value().endpoint;
    return {};
}

} // namespace

int runMemoryProcess(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption store(QStringLiteral("store"), Text::tr("Use this store for one run: sqlite:PATH or postgresql://USER@HOST:PORT/DATABASE."),
                                   QStringLiteral("STORE"));
    const QCommandLineOption agent(QStringLiteral("agent"), Text::tr("Whose memory (default: config/tools.json's agent)."), QStringLiteral("AGENT"));
    const QCommandLineOption session(QStringLiteral("session"), Text::tr("Only this session (repeatable)."), QStringLiteral("ID"));
    const QCommandLineOption since(QStringLiteral("since"), Text::tr("Only sessions updated since DATE (2026-05-01 or an ISO time)."),
                                   QStringLiteral("DATE"));
    const QCommandLineOption extractive(QStringLiteral("extractive"),
                                        Text::tr("Do not ask the summary model of memory.json; extract deterministically."));
    const QCommandLineOption noKeychain(QStringLiteral("no-keychain"),
                                        Text::tr("Do not ask the OS keychain for the summary model's key; use the environment only."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("Print the summary as one JSON object."));
    parser.addOptions({store, agent, session, since, extractive, noKeychain, json});
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Extracts topics, lessons and references from stored sessions, consolidates "
                                                  "them and proposes recommendations. Resumes where it stopped."),
                                         arguments);
        code >= 0)
        return code;
    if (!parser.positionalArguments().isEmpty())
        return run.usageError(Text::tr("unexpected argument \"%1\"").arg(parser.positionalArguments().first()));
    MemoryProcessingOptions options;
    options.agentId = agentOf(run, parser, agent);
    options.sessionIds = parser.values(session);
    if (parser.isSet(since)) {
        options.since = dateOf(parser.value(since));
        if (!options.since.isValid())
            return run.usageError(Text::tr("--since needs a date like 2026-05-01, not \"%1\"").arg(parser.value(since)));
    }
    DetailStore *detail = run.store();
    if (!detail)
        return 1;
    SummaryModel summary;
    if (!parser.isSet(extractive)) {
        Result<MemorySettings> settings = MemorySettings::load(run.cli().locations().memorySettingsPath());
        if (settings.hasError())
            return run.fail(settings.error());
        if (!settings->summaryProvider.isEmpty()) {
            if (const Result<void> connected = connectSummaryModel(run.cli(), settings.value(), !parser.isSet(noKeychain), &summary); connected.hasError())
                return run.fail(connected.error());
            options.provider = summary.provider;
            options.model = summary.model;
            options.endpoint = summary.endpoint;
            options.retry = summary.retry;
        }
    }
    MemoryProcessor processor(run.cli().locations().sessionDatabasePath(), run.sharedStore());
    QTextStream &err = run.cli().err();
    QObject::connect(&processor, &MemoryProcessor::progress, &processor, [&err](int done, int total, const QString &sessionId) {
        err << Text::tr("memory process: %1/%2 sessions (%3)").arg(done).arg(total).arg(sessionId) << Qt::endl;
    });
    std::optional<MemoryProcessingResult> result;
    QEventLoop wait;
    QObject::connect(&processor, &MemoryProcessor::finished, &processor, [&result, &wait](const MemoryProcessingResult &finished) {
        result = finished;
        wait.quit();
    });
    processor.start(options);
    if (!result)
        wait.exec();
    for (const QString &warning : std::as_const(result->warnings))
        err << Text::tr("warning: %1").arg(warning) << Qt::endl;
    if (result->error)
        return run.fail(*result->error);
    QTextStream &out = run.cli().out();
    if (parser.isSet(json)) {
        out << QJsonDocument(result->toJson()).toJson(QJsonDocument::Compact) << '\n';
    } else {
        const LedgerReport &ledger = result->ledger;
        out << Text::tr("%1 sessions read (%2 up to date), %3 messages, %4")
                   .arg(result->sessionsProcessed)
                   .arg(result->sessionsUpToDate)
                   .arg(result->messagesRead)
                   .arg(QLocale().formattedDataSize(result->transcriptBytes, 1, QLocale::DataSizeSIFormat))
            << '\n'
            << Text::tr("stored %1 lessons, %2 references, %3 topics (%4 new, %5 merged, %6 superseded, %7 decayed)")
                   .arg(ledger.lessons)
                   .arg(ledger.references)
                   .arg(ledger.topics)
                   .arg(ledger.added)
                   .arg(ledger.merged)
                   .arg(ledger.superseded)
                   .arg(ledger.decayed)
            << '\n'
            << Text::tr("%1 new recommendations: valis-cli memory recommendations").arg(ledger.recommendations) << '\n';
    }
    out.flush();
    return result->cancelled ? 1 : 0;
}

int runMemoryRecommendations(MemoryRun &run, const QStringList &arguments)
{
    CliParser parser;
    const QCommandLineOption store(QStringLiteral("store"), Text::tr("Use this store for one run: sqlite:PATH or postgresql://USER@HOST:PORT/DATABASE."),
                                   QStringLiteral("STORE"));
    const QCommandLineOption agent(QStringLiteral("agent"), Text::tr("Whose memory (default: config/tools.json's agent)."), QStringLiteral("AGENT"));
    const QCommandLineOption accept(QStringLiteral("accept"), Text::tr("Carry out recommendation KEY."), QStringLiteral("KEY"));
    const QCommandLineOption reject(QStringLiteral("reject"), Text::tr("Turn recommendation KEY down."), QStringLiteral("KEY"));
    const QCommandLineOption all(QStringLiteral("all"), Text::tr("Also list accepted and rejected ones."));
    const QCommandLineOption json(QStringLiteral("json"), Text::tr("One JSON object per recommendation."));
    parser.addOptions({store, agent, accept, reject, all, json});
    if (const int code = run.cli().parse(parser, run.command(),
                                         Text::tr("Lists what offline processing proposes (AGENTS.md lines, skills, deletions); "
                                                  "nothing changes until you accept."),
                                         arguments);
        code >= 0)
        return code;
    if (parser.isSet(accept) && parser.isSet(reject))
        return run.usageError(Text::tr("--accept and --reject exclude each other"));
    DetailStore *detail = run.store();
    if (!detail)
        return 1;
    QTextStream &out = run.cli().out();
    if (parser.isSet(accept) || parser.isSet(reject)) {
        const Result<MemoryRecommendation> decided = parser.isSet(accept) ? MemoryLedger::accept(*detail, parser.value(accept))
                                                                          : MemoryLedger::reject(*detail, parser.value(reject));
        if (decided.hasError())
            return run.fail(decided.error());
        if (parser.isSet(json))
            out << QJsonDocument(recommendationJson(decided.value())).toJson(QJsonDocument::Compact) << '\n';
        else if (parser.isSet(accept))
            out << Text::tr("accepted: %1").arg(decided->summary) << '\n';
        else
            out << Text::tr("rejected: %1").arg(decided->summary) << '\n';
        out.flush();
        return 0;
    }
    const Result<QList<MemoryRecommendation>> list = MemoryLedger::recommendations(*detail, agentOf(run, parser, agent), parser.isSet(all));
    if (list.hasError())
        return run.fail(list.error());
    for (const MemoryRecommendation &recommendation : list.value()) {
        if (parser.isSet(json)) {
            out << QJsonDocument(recommendationJson(recommendation)).toJson(QJsonDocument::Compact) << '\n';
            continue;
        }
        out << recommendation.key << "  " << recommendation.proposal.leftJustified(9) << ' ' << recommendation.status.leftJustified(8)
            << ' ' << recommendation.summary << '\n';
    }
    if (list->isEmpty() && !parser.isSet(json))
        out << Text::tr("No recommendations.") << '\n';
    out.flush();
    return 0;
}

} // namespace valis::cli
