#include "clicontext.h"
#include "commands.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextsettings.h"
#include "valis/context/replayer.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/pluginmanager.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

namespace valis::cli {

namespace {

const QString NoStrategy = QStringLiteral("none");

/// A whole number of at least `minimum` from an option, or nullopt.
std::optional<qint64> wholeNumber(const QString &text, qint64 minimum)
{
    bool ok = false;
    const qint64 value = text.trimmed().toLongLong(&ok);
    if (!ok || value < minimum)
        return std::nullopt;
    return value;
}

/// A session id as a folder name: ids are the importers' and may hold any character.
QString folderName(const QString &id)
{
    QString name = id;
    for (QChar &c : name) {
        if (!c.isLetterOrNumber() && c != QLatin1Char('-') && c != QLatin1Char('_') && c != QLatin1Char('.'))
            c = QLatin1Char('_');
    }
    return name.isEmpty() || name.startsWith(QLatin1Char('.')) ? QStringLiteral("session") + name : name;
}

} // namespace

int runReplay(CliContext &context, const QStringList &arguments)
{
    const QString command = QStringLiteral("replay");
    CliParser parser;
    parser.addPositionalArgument(QStringLiteral("file"), Text::tr("A transcript file, in any format 'valis-cli import' reads."),
                                 QStringLiteral("FILE"));
    const QCommandLineOption strategyOption(QStringLiteral("strategy"),
                                            Text::tr("The context strategy to replay with: \"none\" (no management) or the id "
                                                     "of a strategy plugin, e.g. progressive."),
                                            QStringLiteral("S"));
    const QCommandLineOption windowOption(QStringLiteral("window"),
                                          Text::tr("Pretend the model's context window is N tokens (default: the model's)."),
                                          QStringLiteral("N"));
    const QCommandLineOption modelOption(QStringLiteral("model"),
                                         Text::tr("Count tokens and prices as model M (default: the transcript's model)."),
                                         QStringLiteral("M"));
    const QCommandLineOption agentsOption(QStringLiteral("agents-md"),
                                          Text::tr("Put this file in the system prompt as AGENTS.md (default: a built-in sample "
                                                   "of about 1.5 KB)."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption reportOption(QStringLiteral("report"), Text::tr("How to print the figures: table (default) or json."),
                                          QStringLiteral("FORMAT"), QStringLiteral("table"));
    const QCommandLineOption perTurnOption(QStringLiteral("per-turn"), Text::tr("Also show one row per model request."));
    const QCommandLineOption settingOption(QStringLiteral("setting"),
                                           Text::tr("A setting of the strategy, e.g. evictAt=0.8 (repeatable; see valis-cli "
                                                    "context --settings)."),
                                           QStringLiteral("KEY=VALUE"));
    const QCommandLineOption sessionOption(QStringLiteral("session"),
                                           Text::tr("Replay only this session of the file (a file may hold several)."),
                                           QStringLiteral("ID"));
    const QCommandLineOption outputOption(QStringLiteral("max-output-tokens"),
                                          Text::tr("The answer's room the context keeps free (default: %1 tokens, or the model's output "
                                                   "limit when lower).")
                                              .arg(Replayer::DefaultMaxOutputTokens),
                                          QStringLiteral("N"));
    const QCommandLineOption dumpOption(QStringLiteral("dump-views"),
                                        Text::tr("Write each request's exact view into DIR as JSON, one file per request "
                                                 "(0001-T12.json: system prompt, tools, messages with boards, tokens, "
                                                 "provider options, what the build recorded); a file of several sessions "
                                                 "gets a folder per session."),
                                        QStringLiteral("DIR"));
    parser.addOptions({strategyOption, windowOption, modelOption, agentsOption, reportOption, perTurnOption, settingOption,
                       sessionOption, outputOption, dumpOption});
    if (const int code = context.parse(parser, command,
                                       Text::tr("Replays a recorded transcript turn by turn through a context strategy and "
                                                "reports what it would have sent and cost: view tokens, peak share of the "
                                                "window, overflows, billed input with cache pricing, cache-read share, prefix "
                                                "invalidations, compactions and how much of what left the view a pointer "
                                                "still reaches. The transcript is imported into a temporary store; your "
                                                "profile is not touched."),
                                       arguments);
        code >= 0) {
        return code;
    }
    if (parser.positionalArguments().size() != 1)
        return context.usageError(command, Text::tr("name exactly one transcript file"));
    if (!parser.isSet(strategyOption))
        return context.usageError(command, Text::tr("choose a strategy with --strategy (\"none\" replays without management)"));
    const QString report = parser.value(reportOption);
    if (report != QLatin1String("table") && report != QLatin1String("json"))
        return context.usageError(command, Text::tr("--report takes table or json, not \"%1\"").arg(report));

    ReplayOptions options;
    if (parser.isSet(windowOption)) {
        const std::optional<qint64> window = wholeNumber(parser.value(windowOption), 256);
        if (!window)
            return context.usageError(command, Text::tr("--window takes a whole number of tokens, at least 256"));
        options.contextWindow = *window;
    }
    if (parser.isSet(outputOption)) {
        const std::optional<qint64> output = wholeNumber(parser.value(outputOption), 1);
        if (!output)
            return context.usageError(command, Text::tr("--max-output-tokens takes a positive whole number"));
        options.maxOutputTokens = *output;
    }
    options.model = parser.value(modelOption);
    if (parser.isSet(agentsOption)) {
        QFile file(parser.value(agentsOption));
        if (!file.open(QIODevice::ReadOnly))
            return context.fail(command, Error(QStringLiteral("replay.agents-md"),
                                               Text::tr("cannot read the AGENTS.md file %1: %2").arg(file.fileName(), file.errorString())));
        options.agentsMd = QString::fromUtf8(file.readAll());
    }

    // A folder that cannot take the views fails now, not after the replay.
    const QString dumpDir = parser.value(dumpOption);
    if (parser.isSet(dumpOption)) {
        const Result<void> ready = Replayer::prepareViewDump(dumpDir);
        if (ready.hasError())
            return context.fail(command, ready.error());
    }

    // The strategy: none, or one a loaded plugin offers.
    const QString strategyId = parser.value(strategyOption);
    std::unique_ptr<PluginManager> plugins;
    ContextStrategy *strategy = nullptr;
    if (strategyId != NoStrategy) {
        plugins = std::make_unique<PluginManager>(context.locations(), DataLocations::systemPluginDirs());
        plugins->loadAll();
        QStringList available{NoStrategy};
        for (ContextStrategy *candidate : plugins->strategies()) {
            available.append(candidate->id());
            if (candidate->id() == strategyId)
                strategy = candidate;
        }
        if (!strategy)
            return context.usageError(command, Text::tr("no context strategy \"%1\"; available: %2")
                                                   .arg(strategyId, available.join(QStringLiteral(", "))));
        const Result<QHash<QString, QJsonObject>> overrides = parseContextOverrides(parser.values(settingOption), strategyId);
        if (overrides.hasError())
            return context.usageError(command, overrides.error().message);
        options.strategySettings = overrides.value();
    } else if (parser.isSet(settingOption)) {
        return context.usageError(command, Text::tr("--setting needs a strategy; \"none\" has no settings"));
    }

    // The transcript, imported into a store of its own that goes away with this command.
    const QString file = parser.positionalArguments().constFirst();
    QTemporaryDir scratch;
    if (!scratch.isValid())
        return context.fail(command, Error(QStringLiteral("replay.scratch"),
                                           Text::tr("cannot create a temporary folder: %1").arg(scratch.errorString())));
    QStringList importNotes;
    Result<QList<ReplaySession>> sessions = importForReplay(file, scratch.path(), &importNotes);
    if (sessions.hasError())
        return context.fail(command, sessions.error());
    QList<ReplaySession> chosen = sessions.value();
    if (parser.isSet(sessionOption)) {
        chosen.clear();
        QStringList ids;
        for (const ReplaySession &session : sessions.value()) {
            ids.append(session.info.id);
            if (session.info.id == parser.value(sessionOption))
                chosen.append(session);
        }
        if (chosen.isEmpty())
            return context.fail(command, Error(QStringLiteral("replay.no-session"),
                                               Text::tr("%1 has no session \"%2\"; it has: %3")
                                                   .arg(file, parser.value(sessionOption), ids.mid(0, 20).join(QStringLiteral(", ")))));
    }
    if (chosen.isEmpty())
        return context.fail(command, Error(QStringLiteral("replay.empty"), Text::tr("%1 holds no session to replay").arg(file)));

    const Replayer replayer(ModelCatalog::load(context.locations()));
    const bool perTurn = parser.isSet(perTurnOption);
    QJsonArray reports;
    int replayed = 0;
    int withoutAnswers = 0;
    QString format;
    for (const ReplaySession &session : std::as_const(chosen)) {
        format = session.info.originKind;
        if (parser.isSet(dumpOption))
            options.dumpViewsDir = chosen.size() > 1 ? QDir(dumpDir).filePath(folderName(session.info.id)) : dumpDir;
        const Result<ReplayReport> result = replayer.replay(session.info, session.messages, strategy, options);
        if (result.hasError()) {
            // A file of several sessions: one without answers (a subagent's stub, an Aider chat
            // that only ran commands) is not a failure.
            if (result.error().code == QLatin1String("replay.no-answers") && chosen.size() > 1)
                ++withoutAnswers;
            else
                context.err() << Text::tr("valis-cli replay: %1: %2").arg(session.info.id, result.error().message) << Qt::endl;
            continue;
        }
        ++replayed;
        if (report == QLatin1String("json")) {
            reports.append(result->toJson(perTurn));
        } else {
            if (replayed > 1)
                context.out() << '\n';
            context.out() << result->toTable(perTurn);
        }
    }
    if (withoutAnswers > 0)
        context.err() << Text::tr("valis-cli replay: %n session(s) without model answers skipped", nullptr, withoutAnswers) << Qt::endl;
    if (report == QLatin1String("json")) {
        context.out() << QString::fromUtf8(QJsonDocument(QJsonObject{{QStringLiteral("file"), file},
                                                                     {QStringLiteral("format"), format},
                                                                     {QStringLiteral("strategy"), strategyId},
                                                                     {QStringLiteral("importNotes"), QJsonArray::fromStringList(importNotes)},
                                                                     {QStringLiteral("reports"), reports}})
                                               .toJson(QJsonDocument::Compact))
                      << '\n';
    } else if (!importNotes.isEmpty()) {
        for (const QString &note : std::as_const(importNotes))
            context.out() << Text::tr("import note: %1").arg(note) << '\n';
    }
    context.out().flush();
    if (replayed == 0)
        return context.fail(command, Error(QStringLiteral("replay.nothing"), Text::tr("no session of %1 could be replayed").arg(file)));
    return 0;
}

} // namespace valis::cli
