// bench_replay: replays the long fixture transcripts through every context strategy at windows
// small enough to make each of them work (none, the peers' published defaults, and Valis's
// progressive and gradient strategies when they are part of the build), and prints per transcript
// and window what each would have sent and cost: billed input and output with cache pricing and
// summary calls, peak share of the window, overflows, cache-read share, prefix invalidations,
// compactions, recoverability of what left the view, old facts still verbatim or one get_turn
// away, whether AGENTS.md stayed verbatim, and the replay's time.
#include "peerbaselines.h"
#include "transcriptshapes.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/contextsettings.h"
#include "valis/context/replayer.h"

#ifdef VALIS_HAVE_PROGRESSIVE
#include "progressivestrategy.h"
#endif
#ifdef VALIS_HAVE_GRADIENT
#include "gradientstrategy.h"
#endif

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

using namespace valis;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

QString fixturesDir(const QString &option)
{
    if (!option.isEmpty())
        return option;
    const QString environment = qEnvironmentVariable("VALIS_FIXTURES");
    return environment.isEmpty() ? QStringLiteral(VALIS_FIXTURES_DEFAULT) : environment;
}

/// One session to replay.
struct Transcript
{
    QString file;     ///< relative to the fixtures
    ReplaySession session;
    qint64 chars = 0; ///< of its messages' text, arguments and results
};

qint64 contentChars(const QList<Message> &messages)
{
    qint64 chars = 0;
    for (const Message &message : messages) {
        if (message.role == Role::System)
            continue; // never sent
        for (const Part &part : message.parts)
            chars += part.searchText().size();
    }
    return chars;
}

/// The main (not subagent) sessions of `file`, or a note on why there are none.
QList<Transcript> load(const QString &fixtures, const QString &relative, const QString &scratch, QStringList *notes)
{
    const QString path = QDir(fixtures).filePath(relative);
    if (!QFileInfo::exists(path)) {
        notes->append(QStringLiteral("skipped %1: not found under %2").arg(relative, fixtures));
        return {};
    }
    static int scratchCount = 0;
    const Result<QList<ReplaySession>> sessions =
        importForReplay(path, QDir(scratch).filePath(QString::number(++scratchCount)), nullptr);
    if (sessions.hasError()) {
        notes->append(QStringLiteral("skipped %1: %2").arg(relative, sessions.error().toString()));
        return {};
    }
    QList<Transcript> found;
    for (const ReplaySession &session : sessions.value()) {
        if (!session.info.parentSessionId.isEmpty())
            continue;
        found.append(Transcript{relative, session, contentChars(session.messages)});
    }
    return found;
}

/// The longest main session among the transcripts in `folder` whose names end in `suffix`.
QList<Transcript> longestIn(const QString &fixtures, const QString &folder, const QString &suffix, const QString &scratch,
                            QStringList *notes)
{
    QDir dir(QDir(fixtures).filePath(folder));
    if (!dir.exists()) {
        notes->append(QStringLiteral("skipped %1/: not found under %2").arg(folder, fixtures));
        return {};
    }
    QList<Transcript> all;
    for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
        if (name.endsWith(suffix))
            all += load(fixtures, folder + QLatin1Char('/') + name, scratch, notes);
    }
    if (all.isEmpty())
        return {};
    return {*std::max_element(all.cbegin(), all.cend(), [](const Transcript &a, const Transcript &b) { return a.chars < b.chars; })};
}

QList<Transcript> defaultTranscripts(const QString &fixtures, const QString &scratch, QStringList *notes)
{
    QList<Transcript> transcripts;
    transcripts += load(fixtures, QStringLiteral("claude-code-sessions-spotter/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl"), scratch, notes);
    transcripts += load(fixtures, QStringLiteral("claude-code-sessions-spotter/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl"), scratch, notes);
    transcripts += load(fixtures, QStringLiteral("openai-codex/tui-session-log.binary-size-log.jsonl"), scratch, notes);
    transcripts += load(fixtures, QStringLiteral("openai-codex/tui-session-log.oss-story.jsonl"), scratch, notes);
    transcripts += longestIn(fixtures, QStringLiteral("swe-agent"), QStringLiteral(".traj"), scratch, notes);
    transcripts += longestIn(fixtures, QStringLiteral("openhands"), QStringLiteral(".json"), scratch, notes);
    // Aider's history holds a thousand chat sessions: its longest one.
    const QList<Transcript> aider = load(fixtures, QStringLiteral("aider/chat-history.md"), scratch, notes);
    if (!aider.isEmpty())
        transcripts.append(*std::max_element(aider.cbegin(), aider.cend(),
                                             [](const Transcript &a, const Transcript &b) { return a.chars < b.chars; }));
    transcripts += load(fixtures, QStringLiteral("claude-code-sessions-spotter/subagent.jsonl"), scratch, notes);
    return transcripts;
}

/// The generated transcripts (transcriptshapes.h) named in `list` ("all", "none" or shape names,
/// comma-separated) for `seed`; unknown names go to `unknown`.
QList<Transcript> shapedTranscripts(const QString &list, quint64 seed, QStringList *unknown)
{
    QList<bench::TranscriptShape> shapes;
    for (const QString &name : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (name.trimmed() == QLatin1String("all"))
            shapes = bench::allTranscriptShapes();
        else if (name.trimmed() == QLatin1String("none"))
            shapes.clear();
        else if (const std::optional<bench::TranscriptShape> shape = bench::transcriptShapeFromName(name.trimmed()))
            shapes.append(*shape);
        else
            unknown->append(name.trimmed());
    }
    QList<Transcript> transcripts;
    for (const bench::TranscriptShape shape : std::as_const(shapes)) {
        bench::ShapedTranscript generated = bench::generateShape(shape, seed);
        transcripts.append(Transcript{generated.name, ReplaySession{generated.info, generated.messages}, contentChars(generated.messages)});
    }
    return transcripts;
}

/// The model a replay of `session` prices with: its own, unless the catalogue has no price for
/// it or it costs nothing (a local model), when the strategies could not be told apart by cost;
/// then Replayer::DefaultModel, and `note` says so.
QString pricingModel(const ReplaySession &session, const ModelCatalog &catalog, QString *note)
{
    QString name;
    for (const Message &message : session.messages) {
        if (message.role == Role::Assistant && !message.model.isEmpty()) {
            name = message.model;
            break;
        }
    }
    if (name.isEmpty())
        name = session.info.model;
    if (name.isEmpty())
        return {};
    const ModelMatch match = catalog.lookup(name);
    const ModelPrices &prices = match.model.prices;
    if (match.isKnown() && prices.input && prices.output && (*prices.input > 0 || *prices.output > 0))
        return {};
    *note = QStringLiteral("%1 has no price (or costs nothing): priced as %2 so that the strategies can be compared")
                .arg(name, QString::fromLatin1(Replayer::DefaultModel));
    return QString::fromLatin1(Replayer::DefaultModel);
}

int requestsOf(const QList<Message> &messages)
{
    int requests = 0;
    for (const Message &message : messages)
        requests += message.role == Role::Assistant ? 1 : 0;
    return requests;
}

QString percent(std::optional<double> share)
{
    return share ? QStringLiteral("%1%").arg(*share * 100.0, 0, 'f', 1) : QStringLiteral("-");
}

QString usd(double amount)
{
    return QStringLiteral("$%1").arg(amount, 0, 'f', 4);
}

QString recoverability(int recoverable, int removed)
{
    if (removed == 0)
        return QStringLiteral("-");
    return QStringLiteral("%1% (%2/%3)").arg(100.0 * recoverable / removed, 0, 'f', 1).arg(recoverable).arg(removed);
}

/// Old facts: the mean share over the requests, then the last request's.
QString facts(std::optional<double> mean, std::optional<double> last)
{
    if (!mean && !last)
        return QStringLiteral("-");
    return percent(mean) + QLatin1Char('/') + percent(last);
}

void printTable(const Transcript &transcript, qint64 window, const QList<ReplayReport> &reports)
{
    const ReplayReport &first = reports.constFirst();
    out() << "\n== " << transcript.file << "  " << transcript.session.info.id << "  (" << first.format << ", "
          << first.model << ", " << first.tokenizer << " tokens) · window " << formatTokenCount(window) << " · "
          << first.requests.size() << " requests · fixed part " << formatTokenCount(first.fixedTokens) << " tokens ==\n";
    if (!transcript.session.info.title.isEmpty())
        out() << "   " << transcript.session.info.title.left(100) << '\n';
    double cheapest = -1;
    for (const ReplayReport &report : reports)
        cheapest = cheapest < 0 ? report.totalCostUsd() : qMin(cheapest, report.totalCostUsd());
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14\n")
                 .arg(QStringLiteral("strategy"), -22)
                 .arg(QStringLiteral("billed"), 10)
                 .arg(QStringLiteral("(summaries)"), 12)
                 .arg(QStringLiteral("peak"), 7)
                 .arg(QStringLiteral("overflows"), 9)
                 .arg(QStringLiteral("cache-read"), 10)
                 .arg(QStringLiteral("invalid."), 8)
                 .arg(QStringLiteral("compactions"), 11)
                 .arg(QStringLiteral("recoverable"), 19)
                 .arg(QStringLiteral("excl. summarised"), 19)
                 .arg(QStringLiteral("old facts seen"), 14)
                 .arg(QStringLiteral("via get_turn"), 13)
                 .arg(QStringLiteral("AGENTS.md"), 9)
                 .arg(QStringLiteral("time"), 8);
    for (const ReplayReport &report : reports) {
        const QString name = report.strategy + (report.totalCostUsd() <= cheapest ? QStringLiteral(" *") : QString());
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12 %13 %14\n")
                     .arg(name, -22)
                     .arg(usd(report.totalCostUsd()), 10)
                     .arg(usd(report.summaryCostUsd), 12)
                     .arg(percent(report.peakShare), 7)
                     .arg(report.overflows, 9)
                     .arg(percent(report.cacheReadShare()), 10)
                     .arg(report.invalidations, 8)
                     .arg(report.compactions, 11)
                     .arg(recoverability(report.itemsRecoverable, report.itemsRemoved), 19)
                     .arg(recoverability(report.itemsRecoverableOutsideSummaries, report.itemsRemovedOutsideSummaries), 19)
                     .arg(facts(report.oldFactsVisible, report.oldFactsVisibleAtLast), 14)
                     .arg(facts(report.oldFactsReachable, report.oldFactsReachableAtLast), 13)
                     .arg(report.agentsMdMissing == 0 ? QStringLiteral("intact") : QStringLiteral("%1 lost").arg(report.agentsMdMissing), 9)
                     .arg(QStringLiteral("%1 s").arg(double(report.wallMs) / 1000.0, 0, 'f', 2), 8);
    }
    // Notes every strategy got once; the others with the strategy they are about.
    QStringList notes;
    for (const ReplayReport &report : reports) {
        for (const QString &note : report.notes) {
            bool everywhere = true;
            for (const ReplayReport &other : reports)
                everywhere = everywhere && other.notes.contains(note);
            const QString line = everywhere ? note : report.strategy + QStringLiteral(": ") + note;
            if (!notes.contains(line))
                notes.append(line);
        }
    }
    for (const QString &note : std::as_const(notes))
        out() << "   note: " << note << '\n';
    out().flush();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Replays the long fixture transcripts through Valis's context strategy and the peers' published "
        "defaults, and prints what each would have sent and cost."));
    parser.addHelpOption();
    const QCommandLineOption fixturesOption(QStringLiteral("fixtures"), QStringLiteral("The fixture folder (default $VALIS_FIXTURES, else ../shared/fixtures)."), QStringLiteral("DIR"));
    const QCommandLineOption windowsOption(QStringLiteral("windows"), QStringLiteral("Context windows to replay at, comma-separated."), QStringLiteral("N,N"), QStringLiteral("32000,64000,128000"));
    const QCommandLineOption strategiesOption(QStringLiteral("strategies"), QStringLiteral("Strategies to run, comma-separated (default: all)."), QStringLiteral("IDS"));
    const QCommandLineOption modelOption(QStringLiteral("model"), QStringLiteral("Price and count every transcript as this model (default: each transcript's own)."), QStringLiteral("M"));
    const QCommandLineOption fileOption(QStringLiteral("transcript"), QStringLiteral("Replay this file (relative to the fixtures or absolute) instead of the default set; repeatable."), QStringLiteral("FILE"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Also write every report as JSON to FILE."), QStringLiteral("FILE"));
    const QCommandLineOption minRequestsOption(QStringLiteral("min-requests"), QStringLiteral("Skip sessions with fewer model requests (default 3)."), QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption settingOption(QStringLiteral("setting"),
                                           QStringLiteral("A setting of the progressive strategy, e.g. evictTo=0.4 (repeatable)."),
                                           QStringLiteral("KEY=VALUE"));
    const QCommandLineOption shapesOption(
        QStringLiteral("shapes"),
        QStringLiteral("Generated transcripts to replay as well: all, none or shape names (long-chat, heavy-reading, many-edits, "
                       "huge-outputs, mixed), comma-separated (default: all with the default set, none with --transcript)."),
        QStringLiteral("LIST"));
    const QCommandLineOption shapeSeedOption(QStringLiteral("shape-seed"), QStringLiteral("The seed of the generated transcripts (default 18)."),
                                             QStringLiteral("N"), QString::number(bench::DefaultShapeSeed));
    parser.addOptions({fixturesOption, windowsOption, strategiesOption, modelOption, fileOption, jsonOption, minRequestsOption,
                       settingOption, shapesOption, shapeSeedOption});
    parser.process(app);

    QList<qint64> windows;
    for (const QString &value : parser.value(windowsOption).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 window = value.trimmed().toLongLong(&ok);
        if (!ok || window < 1000) {
            err() << "bench_replay: --windows takes whole numbers of at least 1000, not \"" << value << "\"\n";
            return 2;
        }
        windows.append(window);
    }

    std::vector<std::unique_ptr<ContextStrategy>> owned = bench::makePeerBaselines();
#ifdef VALIS_HAVE_PROGRESSIVE
    owned.push_back(std::make_unique<ProgressiveStrategy>());
#endif
#ifdef VALIS_HAVE_GRADIENT
    owned.push_back(std::make_unique<GradientStrategy>());
#endif
    QList<ContextStrategy *> strategies{nullptr}; // none
    for (const auto &strategy : owned)
        strategies.append(strategy.get());
    if (parser.isSet(strategiesOption)) {
        const QStringList wanted = parser.value(strategiesOption).split(QLatin1Char(','), Qt::SkipEmptyParts);
        QList<ContextStrategy *> chosen;
        for (const QString &id : wanted) {
            bool found = false;
            for (ContextStrategy *strategy : std::as_const(strategies)) {
                if ((strategy ? strategy->id() : QStringLiteral("none")) == id.trimmed()) {
                    chosen.append(strategy);
                    found = true;
                }
            }
            if (!found) {
                QStringList known;
                for (ContextStrategy *strategy : std::as_const(strategies))
                    known.append(strategy ? strategy->id() : QStringLiteral("none"));
                err() << "bench_replay: no strategy \"" << id << "\" (known: " << known.join(QStringLiteral(", ")) << ")\n";
                return 2;
            }
        }
        strategies = chosen;
    }
#ifndef VALIS_HAVE_PROGRESSIVE
    out() << "note: Valis's progressive strategy is not part of this build; its rows are missing.\n";
#endif
#ifndef VALIS_HAVE_GRADIENT
    out() << "note: Valis's gradient strategy is not part of this build; its rows are missing.\n";
#else
    out() << "note: no model is called: the gradient shows the extractive S/C/T versions of each turn.\n";
#endif

    const QString fixtures = fixturesDir(parser.value(fixturesOption));
    QTemporaryDir scratch;
    if (!scratch.isValid()) {
        err() << "bench_replay: cannot create a temporary folder\n";
        return 1;
    }
    QStringList notes;
    QList<Transcript> transcripts;
    if (parser.isSet(fileOption)) {
        for (const QString &file : parser.values(fileOption))
            transcripts += load(QFileInfo(file).isAbsolute() ? QString() : fixtures, file, scratch.path(), &notes);
    } else {
        transcripts = defaultTranscripts(fixtures, scratch.path(), &notes);
    }
    // The generated shapes cover what the fixtures lack (long chats, heavy reading, many small
    // edits, huge outputs): on with the default set, asked for by name otherwise.
    const QString shapes = parser.isSet(shapesOption) ? parser.value(shapesOption)
                                                      : (parser.isSet(fileOption) ? QStringLiteral("none") : QStringLiteral("all"));
    QStringList unknownShapes;
    transcripts += shapedTranscripts(shapes, parser.value(shapeSeedOption).toULongLong(), &unknownShapes);
    if (!unknownShapes.isEmpty()) {
        err() << "bench_replay: no shape \"" << unknownShapes.join(QStringLiteral("\", \"")) << "\" (known: all, none";
        for (const bench::TranscriptShape shape : bench::allTranscriptShapes())
            err() << ", " << bench::transcriptShapeName(shape);
        err() << ")\n";
        return 2;
    }
    const int minRequests = parser.value(minRequestsOption).toInt();
    for (qsizetype i = transcripts.size() - 1; i >= 0; --i) {
        const int requests = requestsOf(transcripts.at(i).session.messages);
        if (requests < minRequests) {
            notes.append(QStringLiteral("skipped %1 %2: %3 model requests").arg(transcripts.at(i).file, transcripts.at(i).session.info.id).arg(requests));
            transcripts.removeAt(i);
        }
    }
    for (const QString &note : std::as_const(notes))
        out() << "note: " << note << '\n';
    out() << "strategies:";
    for (ContextStrategy *strategy : std::as_const(strategies))
        out() << ' ' << (strategy ? strategy->id() : QStringLiteral("none"));
    out() << "\ntranscripts: " << transcripts.size() << " · windows:";
    for (const qint64 window : std::as_const(windows))
        out() << ' ' << formatTokenCount(window);
    out() << '\n';
    out().flush();

    const ModelCatalog catalog = ModelCatalog::builtIn();
    const Replayer replayer(catalog);
    QJsonArray all;
    for (const Transcript &transcript : std::as_const(transcripts)) {
        QString pricingNote;
        const QString model = parser.isSet(modelOption) ? parser.value(modelOption) : pricingModel(transcript.session, catalog, &pricingNote);
        for (const qint64 window : std::as_const(windows)) {
            QList<ReplayReport> reports;
            for (ContextStrategy *strategy : std::as_const(strategies)) {
                ReplayOptions options;
                options.contextWindow = window;
                options.model = model;
                if (strategy && parser.isSet(settingOption)) {
                    const Result<QHash<QString, QJsonObject>> settings = parseContextOverrides(parser.values(settingOption), strategy->id());
                    if (settings.ok())
                        options.strategySettings = settings.value();
                }
                const Result<ReplayReport> report = replayer.replay(transcript.session.info, transcript.session.messages, strategy, options);
                if (report.hasError()) {
                    err() << "bench_replay: " << transcript.file << ": " << report.error().toString() << '\n';
                    continue;
                }
                reports.append(report.value());
                if (!pricingNote.isEmpty())
                    reports.last().notes.prepend(pricingNote);
                all.append(QJsonObject{{QStringLiteral("file"), transcript.file},
                                       {QStringLiteral("window"), window},
                                       {QStringLiteral("report"), report->toJson(qEnvironmentVariableIsSet("VALIS_BENCH_PER_REQUEST"))}});
            }
            if (!reports.isEmpty())
                printTable(transcript, window, reports);
        }
    }
    out() << "\n* the lowest billed cost of its table. Costs: cache reads at the cache-read price, the rest of each request at the "
             "cache-write price, answers at the output price, summary calls as the strategy's events describe them.\n"
             "Old facts (paths, URLs, ids, numbers, error codes, names from the first 25% of the requests, counted once 20 "
             "requests old): the share verbatim in the view, then the share whose turn a tag in the view names (one get_turn "
             "away); each as the mean over the requests / at the last request.\n";
    out().flush();

    if (parser.isSet(jsonOption)) {
        QSaveFile file(parser.value(jsonOption));
        if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(all).toJson(QJsonDocument::Indented)) < 0 || !file.commit()) {
            err() << "bench_replay: cannot write " << parser.value(jsonOption) << ": " << file.errorString() << '\n';
            return 1;
        }
    }
    return 0;
}
