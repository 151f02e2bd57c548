// bench_tokenizer: BpeEncoding's speed beside the npm tokenizers (gpt-tokenizer, tiktoken's
// WASM build), on the same ~5 MB files of prose, code and JSON, one core. See bench/README.md.
#include "stats.h"
#include "valis/import/transcriptimporter.h"
#include "valis/tokens/bpeencoding.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <thread>

using namespace valis;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QString fixtures()
{
    return qEnvironmentVariableIsSet("VALIS_FIXTURES") ? qEnvironmentVariable("VALIS_FIXTURES") : QStringLiteral(VALIS_FIXTURES_DEFAULT);
}

QStringList filesUnder(const QString &folder, const QStringList &patterns)
{
    QStringList files;
    QDirIterator it(folder, patterns, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.contains(QLatin1String("/node_modules/")) && !path.contains(QLatin1String("/build")))
            files << path;
    }
    files.sort();
    return files;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// A corpus: distinct material first; repeated only when there is not enough of it (said).
struct Corpus
{
    QString name;
    QString source;
    QByteArray text;
    qint64 distinct = 0;
};

Corpus fill(const QString &name, const QString &source, const QByteArray &material, qint64 size)
{
    Corpus corpus{name, source, {}, qMin<qint64>(material.size(), size)};
    if (material.isEmpty())
        return corpus;
    while (corpus.text.size() < size)
        corpus.text += material.left(size - corpus.text.size());
    return corpus;
}

/// People's and models' own words from the fixture transcripts (no tool output, no code).
QByteArray fixtureProse()
{
    QByteArray prose;
    const TranscriptImporters importers;
    for (const QString &path : filesUnder(fixtures(), {QStringLiteral("*.jsonl"), QStringLiteral("*.traj"), QStringLiteral("*.json")})) {
        if (path.contains(QLatin1String("claude-trace")) || path.contains(QLatin1String("mcp-stdio")))
            continue;
        const Result<const TranscriptImporter *> importer = importers.detect(path);
        if (importer.hasError())
            continue;
        const Result<ImportedTranscript> transcript = importer.value()->read(path);
        if (transcript.hasError())
            continue;
        for (const ImportedSession &session : transcript->sessions) {
            for (const Message &message : session.messages) {
                if (message.role != Role::User && message.role != Role::Assistant)
                    continue;
                for (const Part &part : message.parts) {
                    if (part.kind == PartKind::Text && !part.text.contains(QLatin1String("```")))
                        prose += part.text.toUtf8() + "\n\n";
                }
            }
        }
    }
    // Aider's chat history outside its code fences.
    bool fence = false;
    for (const QByteArray &line : readAll(fixtures() + QStringLiteral("/aider/chat-history.md")).split('\n')) {
        if (line.startsWith("```"))
            fence = !fence;
        else if (!fence)
            prose += line + '\n';
    }
    return prose;
}

QByteArray repositoryText(const QStringList &patterns)
{
    QByteArray text;
    for (const QString &path : filesUnder(QStringLiteral(VALIS_SOURCE_DIR), patterns))
        text += readAll(path);
    return text;
}

QByteArray fixtureJson()
{
    QByteArray json = readAll(fixtures() + QStringLiteral("/claude-trace-traffic/test-traffic.redacted.jsonl"));
    for (const QString &path : filesUnder(fixtures(), {QStringLiteral("*.json"), QStringLiteral("*.traj")}))
        json += readAll(path);
    return json;
}

/// Median MB/s of `work` over `runs`, each on a fresh thread (the per-thread piece cache
/// starts empty, as it does for the first request of a new build thread).
double megabytesPerSecond(qint64 bytes, int runs, const std::function<void()> &work)
{
    QList<double> rates;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        std::thread worker([&] {
            timer.start();
            work();
        });
        worker.join();
        rates.append(double(bytes) / 1e6 / (double(timer.nsecsElapsed()) / 1e9));
    }
    std::sort(rates.begin(), rates.end());
    return rates.at(rates.size() / 2);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("BpeEncoding against the npm tokenizers (see bench/README.md)."));
    parser.addHelpOption();
    const QCommandLineOption sizeOption(QStringLiteral("size-mb"), QStringLiteral("Size of each corpus (default 5)."), QStringLiteral("MB"),
                                        QStringLiteral("5"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs per measurement (default 5)."), QStringLiteral("N"),
                                        QStringLiteral("5"));
    const QCommandLineOption encodingOption(QStringLiteral("encoding"), QStringLiteral("o200k_base (default) or cl100k_base."),
                                            QStringLiteral("NAME"), QStringLiteral("o200k_base"));
    const QCommandLineOption noNodeOption(QStringLiteral("no-node"), QStringLiteral("Do not run the npm tokenizers."));
    parser.addOptions({sizeOption, runsOption, encodingOption, noNodeOption});
    parser.process(app);
    const qint64 size = qint64(parser.value(sizeOption).toDouble() * 1e6);
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const QString encoding = parser.value(encodingOption);

    // The first load in this process: the embedded rank file parsed into the table.
    QElapsedTimer load;
    load.start();
    const Result<std::shared_ptr<const BpeEncoding>> loaded = BpeEncoding::load(encoding);
    const double loadMs = double(load.nsecsElapsed()) / 1e6;
    if (loaded.hasError()) {
        out() << loaded.error().toString() << Qt::endl;
        return 1;
    }
    const std::shared_ptr<const BpeEncoding> bpe = loaded.value();
    QList<double> parses;
    {
        QFile data(QStringLiteral(":/valis/tokenizers/%1.tiktoken").arg(encoding));
        data.open(QIODevice::ReadOnly);
        const QByteArray bytes = data.readAll();
        for (int run = 0; run < runs; ++run) {
            QElapsedTimer timer;
            timer.start();
            (void)BpeEncoding::fromRankFile(encoding, bytes);
            parses.append(double(timer.nsecsElapsed()) / 1e6);
        }
    }
    out() << QStringLiteral("%1: first load %2 ms; parsing the rank file again: %3").arg(encoding).arg(loadMs, 0, 'f', 1)
                 .arg(LatencySummary::of(parses).toString())
          << Qt::endl;

    const bool haveFixtures = QFileInfo::exists(fixtures() + QStringLiteral("/aider/chat-history.md"));
    QList<Corpus> corpora;
    corpora.append(haveFixtures ? fill(QStringLiteral("prose"), QStringLiteral("fixture transcripts' own words, Aider's history outside code"), fixtureProse(), size)
                                : fill(QStringLiteral("prose"), QStringLiteral("the repository's Markdown"), repositoryText({QStringLiteral("*.md")}), size));
    corpora.append(fill(QStringLiteral("code"), QStringLiteral("the repository's C++ and CMake"),
                        repositoryText({QStringLiteral("*.cpp"), QStringLiteral("*.h"), QStringLiteral("CMakeLists.txt")}), size));
    corpora.append(haveFixtures ? fill(QStringLiteral("json"), QStringLiteral("recorded API traffic and trajectories"), fixtureJson(), size)
                                : fill(QStringLiteral("json"), QStringLiteral("the model catalogue"), readAll(QStringLiteral(VALIS_SOURCE_DIR "/resources/models.json")), size));

    QTemporaryDir dir;
    QStringList files;
    for (const Corpus &corpus : std::as_const(corpora)) {
        const QString path = dir.filePath(corpus.name + QStringLiteral(".txt"));
        QFile file(path);
        file.open(QIODevice::WriteOnly);
        file.write(corpus.text);
        files << path;
    }

    QHash<QString, QJsonObject> npm; // "file|tokenizer" -> result
    if (!parser.isSet(noNodeOption)) {
        QProcess node;
        node.start(QStringLiteral("node"), QStringList{QStringLiteral(VALIS_SOURCE_DIR "/bench/tokenizer_npm.mjs"), encoding,
                                                       QString::number(runs)} + files);
        if (node.waitForFinished(1800000) && node.exitCode() == 0) {
            for (const QByteArray &line : node.readAllStandardOutput().split('\n')) {
                const QJsonObject result = QJsonDocument::fromJson(line).object();
                if (!result.isEmpty())
                    npm.insert(result.value(QLatin1String("file")).toString() + QLatin1Char('|') + result.value(QLatin1String("tokenizer")).toString(), result);
            }
        } else {
            out() << "the npm tokenizers did not run: " << node.readAllStandardError().left(500) << Qt::endl;
        }
    }

    out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8")
                 .arg(QStringLiteral("corpus").leftJustified(6), QStringLiteral("MB").rightJustified(5),
                      QStringLiteral("tokens").rightJustified(9), QStringLiteral("count MB/s").rightJustified(10),
                      QStringLiteral("encode MB/s").rightJustified(11), QStringLiteral("gpt-tokenizer").rightJustified(13),
                      QStringLiteral("tiktoken").rightJustified(8), QStringLiteral("x gpt-tokenizer"))
          << Qt::endl;
    for (qsizetype i = 0; i < corpora.size(); ++i) {
        const Corpus &corpus = corpora.at(i);
        qint64 tokens = 0;
        const double count = megabytesPerSecond(corpus.text.size(), runs, [&] { tokens = bpe->count(QByteArrayView(corpus.text)); });
        const double encode = megabytesPerSecond(corpus.text.size(), runs, [&] { (void)bpe->encode(QByteArrayView(corpus.text)); });
        const QJsonObject gpt = npm.value(files.at(i) + QStringLiteral("|gpt-tokenizer"));
        const QJsonObject wasm = npm.value(files.at(i) + QStringLiteral("|tiktoken (WASM)"));
        const double gptRate = gpt.value(QLatin1String("mbPerSecond")).toDouble();
        out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7  %8")
                     .arg(corpus.name.leftJustified(6))
                     .arg(double(corpus.text.size()) / 1e6, 5, 'f', 1)
                     .arg(tokens, 9)
                     .arg(count, 10, 'f', 1)
                     .arg(encode, 11, 'f', 1)
                     .arg(gptRate, 13, 'f', 1)
                     .arg(wasm.value(QLatin1String("mbPerSecond")).toDouble(), 8, 'f', 1)
                     .arg(gptRate > 0 ? QStringLiteral("%1x").arg(count / gptRate, 0, 'f', 1) : QStringLiteral("-"));
        if (!gpt.isEmpty() && gpt.value(QLatin1String("tokens")).toInteger() != tokens)
            out() << QStringLiteral("  MISMATCH: gpt-tokenizer counted %1").arg(gpt.value(QLatin1String("tokens")).toInteger());
        out() << Qt::endl;
    }
    for (const Corpus &corpus : std::as_const(corpora))
        out() << QStringLiteral("%1: %2 (%3 MB distinct)").arg(corpus.name, corpus.source).arg(double(corpus.distinct) / 1e6, 0, 'f', 1) << Qt::endl;
    if (!npm.isEmpty())
        out() << QStringLiteral("npm load: gpt-tokenizer %1 ms, tiktoken %2 ms")
                     .arg(npm.value(files.at(0) + QStringLiteral("|gpt-tokenizer")).value(QLatin1String("loadMs")).toDouble(), 0, 'f', 0)
                     .arg(npm.value(files.at(0) + QStringLiteral("|tiktoken (WASM)")).value(QLatin1String("loadMs")).toDouble(), 0, 'f', 0)
              << Qt::endl;
    return 0;
}
