// bench_soak: the real desktop (MainWindow, its WebEngine page, the real anthropic, filesystem
// and compaction plugins) in a long, fast session against a scripted local provider: turns that
// stream, call the file tools and wait for approvals, compactions in a small context window,
// transcript searches and pages loaded back and forth. Every --interval it samples the PSS of the
// process tree, descriptors, threads and the store's size to a CSV; at the end it checks the
// store's integrity, judges growth after warm-up, draws the curve and exits non-zero when a limit
// is broken. Run under a display (xvfb-run is fine); see bench/README.md.
#include "soakchart.h"
#include "soakdriver.h"
#include "soakmodel.h"
#include "soaksampler.h"
#include "storecheck.h"

#include "conversationapp.h"
#include "eventloopwait.h"
#include "providerserver.h"

#include "mainwindow.h"

#include "valis/core/datalocations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <memory>


using namespace valis;
using namespace valis::bench;

namespace {

QTextStream out(stdout);

struct SoakOptions
{
    int turns = 10000;
    double minutes = 0; ///< 0: until the turns are done
    int intervalSeconds = 60;
    double warmupMinutes = 10;
    int sessionTurns = 500;
    int searchEvery = 10;
    int pageEvery = 15;
    int contextWindow = 16000;
    QString csv;
    QString png;
    QString home;
    SoakLimits limits;
};

bool writeBytes(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
}

// The profile: a model with a small window (so compactions come every few turns), the anthropic
// provider pointed at the local server, and a workspace of notes for the file tools.
bool prepareProfile(const DataLocations &locations, const QString &workspace, const QUrl &server, int contextWindow)
{
    const QJsonObject models{{QStringLiteral("formatVersion"), 1},
                             {QStringLiteral("models"),
                              QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("soak-sonnet")},
                                                     {QStringLiteral("provider"), QStringLiteral("anthropic")},
                                                     {QStringLiteral("contextWindow"), contextWindow},
                                                     {QStringLiteral("maxOutputTokens"), 1000},
                                                     {QStringLiteral("prices"), QJsonObject{{QStringLiteral("input"), 3},
                                                                                            {QStringLiteral("output"), 15},
                                                                                            {QStringLiteral("cacheWrite"), 3.75},
                                                                                            {QStringLiteral("cacheRead"), 0.3}}},
                                                     {QStringLiteral("tokenizer"), QStringLiteral("estimate")}}}}};
    const QJsonObject providers{{QStringLiteral("version"), 1},
                                {QStringLiteral("defaultProvider"), QStringLiteral("anthropic")},
                                {QStringLiteral("providers"),
                                 QJsonObject{{QStringLiteral("anthropic"), QJsonObject{{QStringLiteral("model"), QStringLiteral("soak-sonnet")},
                                                                                       {QStringLiteral("baseUrl"), server.toString()}}}}}};
    if (!writeBytes(locations.modelCatalogOverridePath(), QJsonDocument(models).toJson())
        || !writeBytes(locations.providerSettingsPath(), QJsonDocument(providers).toJson()))
        return false;
    for (int t = 0; t < 12; ++t) {
        const QString topic = SoakModel::topicOf(t);
        QByteArray notes;
        for (int line = 1; line <= 60; ++line)
            notes += QStringLiteral("note %1: the %2 keeps a table of pending items and reads them in order.\n").arg(line).arg(topic).toUtf8();
        if (!writeBytes(workspace + QStringLiteral("/notes/%1.md").arg(topic), notes))
            return false;
    }
    return writeBytes(workspace + QStringLiteral("/notes/counter.md"), "count: 0\n");
}

QList<SoakSample> readCsv(const QString &path)
{
    QList<SoakSample> samples;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return samples;
    while (!file.atEnd()) {
        SoakSample sample;
        if (SoakSample::fromCsv(QString::fromUtf8(file.readLine()), &sample))
            samples << sample;
    }
    return samples;
}

QString mib(qint64 kib)
{
    return QString::number(double(kib) / 1024.0, 'f', 1) + QStringLiteral(" MiB");
}

void printVerdict(const SoakVerdict &verdict, const SoakOptions &options, const QList<SoakSample> &samples)
{
    const SoakSample last = samples.isEmpty() ? SoakSample() : samples.last();
    out << "soak: " << last.turns << " turns in " << QString::number(last.minutes, 'f', 1) << " min ("
        << QString::number(last.minutes > 0 ? double(last.turns) / last.minutes : 0, 'f', 1) << " turns/min), "
        << last.searches << " searches, " << last.pages << " pages, " << last.summaries << " summaries\n";
    if (!verdict.enoughSamples)
        return;
    out << "warm-up: the first " << options.limits.warmupMinutes << " min; baseline = median of the first 3 samples after it, "
        << "end = median of the last 3\n";
    out << "PSS of the tree: " << mib(verdict.baseline.pssTreeKiB) << " after warm-up, " << mib(verdict.end.pssTreeKiB) << " at the end, "
        << mib(verdict.maxPssTreeKiB) << " max; growth " << QString::number(verdict.pssGrowthPercent, 'f', 1) << "% (max "
        << QString::number(verdict.maxPssGrowthPercent, 'f', 1) << "%, limit " << options.limits.pssGrowthPercent << "%)\n";
    out << "PSS of the valis process: " << mib(verdict.baseline.pssSelfKiB) << " -> " << mib(verdict.end.pssSelfKiB) << "\n";
    if (verdict.baseline.anonTreeKiB >= 0) {
        const double anonGrowth = 100.0 * double(verdict.end.anonTreeKiB - verdict.baseline.anonTreeKiB)
                                  / double(std::max<qint64>(1, verdict.baseline.anonTreeKiB));
        out << "anonymous PSS of the tree (not shared with other programs' libraries): " << mib(verdict.baseline.anonTreeKiB) << " -> "
            << mib(verdict.end.anonTreeKiB) << " (" << QString::number(anonGrowth, 'f', 1) << "%)\n";
    }
    if (verdict.baseline.heapInUseKiB >= 0)
        out << "malloc heap of the valis process: in use " << mib(verdict.baseline.heapInUseKiB) << " -> " << mib(verdict.end.heapInUseKiB)
            << ", freed but kept " << mib(verdict.baseline.heapFreeKiB) << " -> " << mib(verdict.end.heapFreeKiB) << "\n";
    out << "descriptors: " << verdict.baseline.fds << " -> " << verdict.end.fds << " (limit +" << options.limits.fdGrowth << ")\n";
    out << "threads: " << verdict.baseline.threads << " -> " << verdict.end.threads << " (limit +" << options.limits.threadGrowth
        << "); whole tree " << verdict.baseline.treeThreads << " -> " << verdict.end.treeThreads << "\n";
    out << "store: " << mib(verdict.baseline.storeBytes / 1024) << " -> " << mib(verdict.end.storeBytes / 1024) << "\n";
}

} // namespace

int main(int argc, char *argv[])
{
    valis::bench::prepareConversationApp();
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("A long, fast session in the real desktop against a scripted provider (see bench/README.md)."));
    parser.addHelpOption();
    const QCommandLineOption turnsOption(QStringLiteral("turns"), QStringLiteral("Turns to run (default 10000)."), QStringLiteral("N"), QStringLiteral("10000"));
    const QCommandLineOption minutesOption(QStringLiteral("minutes"), QStringLiteral("Stop after M minutes even if turns remain (default: no limit)."),
                                           QStringLiteral("M"), QStringLiteral("0"));
    const QCommandLineOption intervalOption(QStringLiteral("interval"), QStringLiteral("Seconds between samples (default 60)."), QStringLiteral("S"),
                                            QStringLiteral("60"));
    const QCommandLineOption warmupOption(QStringLiteral("warmup"), QStringLiteral("Minutes of warm-up not judged (default: a fifth of --minutes, else 10)."),
                                          QStringLiteral("M"));
    const QCommandLineOption csvOption(QStringLiteral("csv"), QStringLiteral("Write the samples to PATH."), QStringLiteral("PATH"));
    const QCommandLineOption pngOption(QStringLiteral("png"), QStringLiteral("Draw the curve to PATH."), QStringLiteral("PATH"));
    const QCommandLineOption renderOption(QStringLiteral("render"), QStringLiteral("Only draw --png from the samples in CSV (a run still going, say)."),
                                          QStringLiteral("CSV"));
    const QCommandLineOption homeOption(QStringLiteral("home"), QStringLiteral("Keep the profile in DIR (default: a temporary folder)."), QStringLiteral("DIR"));
    const QCommandLineOption sessionTurnsOption(QStringLiteral("session-turns"), QStringLiteral("Turns per session before a new one (default 500)."),
                                                QStringLiteral("N"), QStringLiteral("500"));
    const QCommandLineOption pssOption(QStringLiteral("pss-limit"), QStringLiteral("Largest PSS growth after warm-up, percent (default 10)."),
                                       QStringLiteral("P"), QStringLiteral("10"));
    const QCommandLineOption fdOption(QStringLiteral("fd-limit"), QStringLiteral("Largest growth in descriptors after warm-up (default 2)."),
                                      QStringLiteral("N"), QStringLiteral("2"));
    const QCommandLineOption threadOption(QStringLiteral("thread-limit"), QStringLiteral("Largest growth in threads after warm-up (default 2)."),
                                          QStringLiteral("N"), QStringLiteral("2"));
    const QCommandLineOption windowOption(QStringLiteral("context-window"), QStringLiteral("The model's context window in tokens (default 16000)."),
                                          QStringLiteral("N"), QStringLiteral("16000"));
    parser.addOptions({turnsOption, minutesOption, intervalOption, warmupOption, csvOption, pngOption, renderOption, homeOption,
                       sessionTurnsOption, pssOption, fdOption, threadOption, windowOption});
    parser.process(app);
    SoakOptions options;
    options.turns = parser.value(turnsOption).toInt();
    options.minutes = parser.value(minutesOption).toDouble();
    options.intervalSeconds = std::max(1, parser.value(intervalOption).toInt());
    options.limits.warmupMinutes = parser.isSet(warmupOption) ? parser.value(warmupOption).toDouble()
                                   : options.minutes > 0        ? options.minutes / 5
                                                                : 10;
    options.sessionTurns = std::max(1, parser.value(sessionTurnsOption).toInt());
    options.limits.pssGrowthPercent = parser.value(pssOption).toDouble();
    options.limits.fdGrowth = parser.value(fdOption).toInt();
    options.limits.threadGrowth = parser.value(threadOption).toInt();
    options.contextWindow = parser.value(windowOption).toInt();
    options.csv = parser.value(csvOption);
    options.png = parser.value(pngOption);
    options.home = parser.value(homeOption);

    if (parser.isSet(renderOption)) {
        const QList<SoakSample> samples = readCsv(parser.value(renderOption));
        if (samples.isEmpty() || options.png.isEmpty()) {
            out << "bench_soak: --render needs a CSV with samples and --png\n";
            return 2;
        }
        printVerdict(SoakVerdict::of(samples, options.limits), options, samples);
        return soakChart(samples, options.limits.warmupMinutes, QFileInfo(parser.value(renderOption)).fileName()).save(options.png) ? 0 : 1;
    }

    QTemporaryDir temporary;
    const QString home = options.home.isEmpty() ? temporary.path() : options.home;
    const DataLocations locations = DataLocations::underHome(home);
    const QString workspace = home + QStringLiteral("/workspace");
    test::ProviderTestServer server;
    if (!server.listen() || !prepareProfile(locations, workspace, server.baseUrl(), options.contextWindow)) {
        out << "bench_soak: cannot set up the profile in " << home << "\n";
        return 2;
    }
    SoakModel model(&server, workspace);
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_PLUGIN_DIR));
    qputenv("ANTHROPIC_API_KEY", "sk-soak");
    qunsetenv("ANTHROPIC_BASE_URL");
    // No keychain answers here: the key comes from the environment.
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/valis-soak-no-bus");

    QFile csv(options.csv);
    if (!options.csv.isEmpty()) {
        QDir().mkpath(QFileInfo(options.csv).absolutePath());
        if (!csv.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            out << "bench_soak: cannot write " << options.csv << "\n";
            return 2;
        }
        csv.write(SoakSample::csvHeader().toUtf8() + '\n');
        csv.flush();
    }

    QList<SoakSample> samples;
    QString failure;
    int turn = 0;
    {
        auto window = std::make_unique<MainWindow>(locations, ShellOptions{});
        SoakDriver driver(*window, workspace);
        QElapsedTimer clock;
        const auto sample = [&] {
            const ProcessTreeFigures figures = ProcessTreeFigures::now();
            SoakSample s;
            s.minutes = double(clock.elapsed()) / 60000.0;
            s.turns = turn;
            s.pssTreeKiB = figures.pssTreeKiB;
            s.pssSelfKiB = figures.pssSelfKiB;
            s.fds = figures.fds;
            s.threads = figures.threads;
            s.treeThreads = figures.treeThreads;
            s.processes = figures.processes;
            s.heapInUseKiB = figures.heapInUseKiB;
            s.heapFreeKiB = figures.heapFreeKiB;
            s.anonTreeKiB = figures.anonTreeKiB;
            s.storeBytes = storeBytes(locations.sessionDatabasePath(), locations.blobDir());
            s.searches = driver.searches();
            s.pages = driver.pages();
            s.summaries = model.summaries();
            samples << s;
            if (csv.isOpen()) {
                csv.write(s.csvLine().toUtf8() + '\n');
                csv.flush();
            }
            out << QString::number(s.minutes, 'f', 1) << " min: " << s.turns << " turns, PSS " << mib(s.pssTreeKiB) << " (anonymous "
                << mib(s.anonTreeKiB) << "; valis " << mib(s.pssSelfKiB) << ", heap " << mib(s.heapInUseKiB) << " in use + "
                << mib(s.heapFreeKiB) << " free), " << s.fds << " fds, " << s.threads << " threads, store " << mib(s.storeBytes / 1024)
                << "\n";
            out.flush();
        };
        if (Result<void> started = driver.start(); !started.ok()) {
            out << "bench_soak: " << started.error().toString() << "\n";
            return 1;
        }
        clock.start();
        sample();
        QTimer sampler;
        QObject::connect(&sampler, &QTimer::timeout, &app, sample);
        sampler.start(options.intervalSeconds * 1000);
        QRandomGenerator random(24);
        int sessionStart = 1;
        while (turn < options.turns && (options.minutes <= 0 || clock.elapsed() < qint64(options.minutes * 60000))) {
            const int next = turn + 1;
            Result<void> step = next - sessionStart >= options.sessionTurns ? driver.newSession() : Result<void>();
            if (step.ok() && next - sessionStart >= options.sessionTurns)
                sessionStart = next;
            if (step.ok())
                step = driver.runTurn(next);
            if (step.ok())
                turn = next;
            // A search for what an earlier turn of this session said, and the page read back and forth.
            if (step.ok() && turn % options.searchEvery == 0 && turn > sessionStart)
                step = driver.search(sessionStart + int(random.bounded(turn - sessionStart)));
            if (step.ok() && turn % options.pageEvery == 0)
                step = driver.pageBackAndForth(3);
            if (!step.ok()) {
                failure = step.error().toString();
                break;
            }
        }
        sampler.stop();
        sample();
        out << "approvals answered: " << driver.approvals() << ", sessions: " << driver.sessions() << ", search misses: " << driver.searchMisses()
            << ", model requests: " << model.requests() << ", tool calls: " << model.toolCalls() << "\n";
        window->close();
        window.reset();
        spinFor(500); // what the window deleted later goes now, before the store is checked
    }

    const SoakVerdict verdict = SoakVerdict::of(samples, options.limits);
    printVerdict(verdict, options, samples);
    const StoreCheck check = StoreCheck::run(locations);
    for (const QString &line : check.passed)
        out << "store check passed: " << line << "\n";
    for (const QString &line : check.failures)
        out << "STORE CHECK FAILED: " << line << "\n";
    if (!options.png.isEmpty() && !soakChart(samples, options.limits.warmupMinutes, QStringLiteral("bench_soak")).save(options.png))
        out << "bench_soak: cannot write " << options.png << "\n";
    QStringList broken = verdict.broken;
    if (!failure.isEmpty())
        broken.prepend(QStringLiteral("the run stopped at turn %1: %2").arg(turn + 1).arg(failure));
    if (server.unexpectedRequests() > 0 || model.unplaced() > 0)
        broken << QStringLiteral("%1 requests came unscripted, %2 without a turn marker").arg(server.unexpectedRequests()).arg(model.unplaced());
    if (!check.failures.isEmpty())
        broken << QStringLiteral("the store failed %1 integrity checks").arg(check.failures.size());
    for (const QString &line : std::as_const(broken))
        out << "LIMIT BROKEN: " << line << "\n";
    out << (broken.isEmpty() ? "soak: PASS\n" : "soak: FAIL\n");
    out.flush();
    return broken.isEmpty() ? 0 : 1;
}
