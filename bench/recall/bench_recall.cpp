// bench_recall: what recall finds and how fast.
//   --locomo [FILE]   turn-level recall@5/10/25 of `valis-cli recall` on LoCoMo conversations
//                     (default: $VALIS_FIXTURES/locomo/locomo-train5.json), per category
//   --latency         retrieval latency over a synthetic store (--memories N records,
//                     --transcript-mb M of agent transcripts): p50/p95/p99 of HybridRetriever
// It prints figures; it asserts nothing.
#include "locomorecall.h"
#include "recalllatency.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QTemporaryDir>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption locomo(QStringLiteral("locomo"), QStringLiteral("Recall on LoCoMo conversations in FILE."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption locomoDefault(QStringLiteral("locomo-train5"),
                                           QStringLiteral("Recall on the shared train half of LoCoMo (VALIS_FIXTURES)."));
    const QCommandLineOption perConversation(QStringLiteral("per-conversation"), QStringLiteral("Also print each conversation's recall."));
    const QCommandLineOption categories(QStringLiteral("categories"), QStringLiteral("LoCoMo categories, comma-separated (default 1,2,4)."),
                                        QStringLiteral("LIST"), QStringLiteral("1,2,4"));
    const QCommandLineOption latency(QStringLiteral("latency"), QStringLiteral("Retrieval latency over a synthetic store."));
    const QCommandLineOption memories(QStringLiteral("memories"), QStringLiteral("Memory records for --latency (default 100000)."),
                                      QStringLiteral("N"), QStringLiteral("100000"));
    const QCommandLineOption transcriptMb(QStringLiteral("transcript-mb"),
                                          QStringLiteral("MB of transcripts for --latency (default 100; the issue's figure is 1024)."),
                                          QStringLiteral("MB"), QStringLiteral("100"));
    const QCommandLineOption queries(QStringLiteral("queries"), QStringLiteral("Queries for --latency (default 300)."),
                                     QStringLiteral("N"), QStringLiteral("300"));
    const QCommandLineOption keep(QStringLiteral("dir"), QStringLiteral("Build the stores in DIR (kept; reused by --latency when present)."),
                                  QStringLiteral("DIR"));
    parser.addOptions({locomo, locomoDefault, perConversation, categories, latency, memories, transcriptMb, queries, keep});
    parser.process(app);

    QTextStream out(stdout);
    QTemporaryDir temporary;
    const QString workDir = parser.isSet(keep) ? parser.value(keep) : temporary.path();
    QDir().mkpath(workDir);
    bool ok = true;
    if (parser.isSet(locomo) || parser.isSet(locomoDefault)) {
        LocomoRecallOptions options;
        if (parser.isSet(locomo)) {
            options.file = parser.value(locomo);
        } else {
            const QString fixtures = qEnvironmentVariableIsSet("VALIS_FIXTURES") ? qEnvironmentVariable("VALIS_FIXTURES")
                                                                                 : QStringLiteral(VALIS_FIXTURES_DEFAULT);
            options.file = fixtures + QStringLiteral("/locomo/locomo-train5.json");
        }
        options.categories.clear();
        for (const QString &c : parser.value(categories).split(QLatin1Char(','), Qt::SkipEmptyParts))
            options.categories << c.toInt();
        options.workDir = workDir + QStringLiteral("/locomo");
        options.perConversation = parser.isSet(perConversation);
        ok = runLocomoRecall(options, out) && ok;
    }
    if (parser.isSet(latency)) {
        RecallLatencyOptions options;
        options.memories = parser.value(memories).toInt();
        options.transcriptBytes = qint64(parser.value(transcriptMb).toDouble() * 1024 * 1024);
        options.queries = parser.value(queries).toInt();
        options.workDir = workDir + QStringLiteral("/latency");
        ok = runRecallLatency(options, out) && ok;
    }
    if (!parser.isSet(locomo) && !parser.isSet(locomoDefault) && !parser.isSet(latency))
        parser.showHelp(1);
    return ok ? 0 : 1;
}
