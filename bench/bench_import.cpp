// bench_import: how long reading and storing each fixture transcript takes, into a fresh store
// each run. Prints figures; asserts nothing.
#include "stats.h"

#include "valis/import/transcriptimporter.h"
#include "valis/store/sessionstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>

using namespace valis;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Import time of the fixture transcripts."));
    parser.addHelpOption();
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per file (default 7)."), QStringLiteral("N"), QStringLiteral("7"));
    parser.addOption(runsOption);
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("Files to import (default: one of each fixture kind)."));
    parser.process(app);

    QTextStream out(stdout);
    const QString fixtures = qEnvironmentVariableIsEmpty("VALIS_FIXTURES") ? QStringLiteral(VALIS_FIXTURES_DEFAULT)
                                                                           : qEnvironmentVariable("VALIS_FIXTURES");
    QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        for (const char *relative : {"claude-code-sessions-spotter/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
                                     "claude-code-sessions-spotter/ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl",
                                     "openai-codex/tui-session-log.binary-size-log.jsonl",
                                     "swe-agent/marshmallow-1867.function_calling_replace_from_source.traj",
                                     "openhands/basic_gui_mode.json", "aider/chat-history.md"}) {
            const QString path = QDir(fixtures).filePath(QString::fromLatin1(relative));
            if (QFileInfo::exists(path))
                files << path;
            else
                out << "missing fixture (set VALIS_FIXTURES): " << path << '\n';
        }
    }
    const int runs = parser.value(runsOption).toInt();
    TranscriptImporters importers;
    for (const QString &file : std::as_const(files)) {
        auto importer = importers.detect(file);
        if (!importer.ok()) {
            out << importer.error().toString() << '\n';
            continue;
        }
        QList<double> readMs;
        QList<double> storeMs;
        QList<double> totalMs;
        qsizetype messages = 0;
        for (int run = 0; run < runs; ++run) {
            QTemporaryDir dir;
            auto store = SessionStore::open(dir.filePath(QStringLiteral("s.db")));
            QElapsedTimer timer;
            timer.start();
            auto transcript = importer.value()->read(file);
            const double read = double(timer.nsecsElapsed()) / 1e6;
            if (!transcript.ok()) {
                out << transcript.error().toString() << '\n';
                break;
            }
            auto report = store.value()->importTranscript(transcript.value());
            const double total = double(timer.nsecsElapsed()) / 1e6;
            if (!report.ok()) {
                out << report.error().toString() << '\n';
                break;
            }
            messages = report->messagesAdded();
            readMs << read;
            storeMs << total - read;
            totalMs << total;
        }
        out << QFileInfo(file).fileName() << " (" << importer.value()->format() << ", "
            << QString::number(double(QFileInfo(file).size()) / (1024 * 1024), 'f', 2) << " MB, " << messages
            << " messages): total p50 " << QString::number(LatencySummary::of(totalMs).p50, 'f', 1) << " ms (read "
            << QString::number(LatencySummary::of(readMs).p50, 'f', 1) << " ms, store "
            << QString::number(LatencySummary::of(storeMs).p50, 'f', 1) << " ms), max "
            << QString::number(LatencySummary::of(totalMs).max, 'f', 1) << " ms over " << totalMs.size() << " runs\n";
        out.flush();
    }
    return 0;
}
