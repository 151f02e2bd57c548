// bench_webfetch: fetch_url's document converter (gumbo + main-content extraction + Markdown)
// beside a Node converter (jsdom + @mozilla/readability + turndown) on the same pages, in the
// same run. See bench/README.md.
#include "documentconverter.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTextStream>

#include <algorithm>

using namespace valis::web;

namespace {

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

struct PageSet
{
    QString name;
    QStringList files;
    QList<QByteArray> pages;
    qint64 bytes = 0;
};

PageSet load(const QString &name, const QStringList &files)
{
    PageSet set{name, {}, {}, 0};
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        set.files << path;
        set.pages << file.readAll();
        set.bytes += set.pages.back().size();
    }
    return set;
}

QStringList htmlFilesIn(const QString &folder)
{
    QStringList files;
    const QDir dir(folder);
    for (const QString &name : dir.entryList({QStringLiteral("*.html")}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

/// Median MB/s over `runs`, each converting the pages in turn until `target` bytes were read.
double convertRate(const PageSet &set, qint64 target, int runs, DocumentFormat format, qint64 *outputChars)
{
    ConvertOptions options;
    options.baseUrl = QUrl(QStringLiteral("https://example.org/page.html"));
    options.format = format;
    QList<double> rates;
    for (int run = 0; run < runs; ++run) {
        qint64 bytes = 0;
        *outputChars = 0;
        QElapsedTimer timer;
        timer.start();
        for (qsizetype i = 0; bytes < target; i = (i + 1) % set.pages.size()) {
            const auto converted = convertDocument(set.pages.at(i), QStringLiteral("text/html"), options);
            *outputChars += converted.ok() ? converted->content.size() : 0;
            bytes += set.pages.at(i).size();
        }
        rates << double(bytes) / 1e6 / (double(timer.nsecsElapsed()) / 1e9);
    }
    std::sort(rates.begin(), rates.end());
    return rates.at(rates.size() / 2);
}

QJsonObject runNode(const PageSet &set, qint64 target, int runs)
{
    QProcess node;
    node.setWorkingDirectory(QStringLiteral(VALIS_SOURCE_DIR));
    node.start(QStringLiteral("node"), QStringList{QStringLiteral(VALIS_SOURCE_DIR "/bench/webfetch_npm.mjs"),
                                                   QString::number(runs), QString::number(target)}
                                           + set.files);
    if (!node.waitForFinished(3600000) || node.exitCode() != 0) {
        out() << "the Node converter did not run: " << node.readAllStandardError().left(500) << Qt::endl;
        return {};
    }
    return QJsonDocument::fromJson(node.readAllStandardOutput().trimmed()).object();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("fetch_url's converter beside jsdom + readability + turndown (see bench/README.md)."));
    parser.addHelpOption();
    const QCommandLineOption sizeOption(QStringLiteral("size-mb"), QStringLiteral("Bytes of HTML converted per run and page set (default 2)."),
                                        QStringLiteral("MB"), QStringLiteral("2"));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Runs of the C++ converter (default 5; the median is shown)."),
                                        QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption nodeRunsOption(QStringLiteral("node-runs"), QStringLiteral("Runs of the Node converter (default 1: it is slow)."),
                                            QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption noNodeOption(QStringLiteral("no-node"), QStringLiteral("Do not run the Node converter."));
    parser.addOptions({sizeOption, runsOption, nodeRunsOption, noNodeOption});
    parser.process(app);
    const qint64 target = qint64(parser.value(sizeOption).toDouble() * 1e6);
    const int runs = qMax(1, parser.value(runsOption).toInt());
    const int nodeRuns = qMax(1, parser.value(nodeRunsOption).toInt());

    QList<PageSet> sets;
    sets << load(QStringLiteral("saved pages"), htmlFilesIn(QStringLiteral(VALIS_SOURCE_DIR "/tests/data/webpages")));
    // Manuals Debian ships as HTML, when installed: larger pages, generated markup.
    QStringList manuals = htmlFilesIn(QStringLiteral("/usr/share/doc/valgrind/html"));
    manuals += htmlFilesIn(QStringLiteral("/usr/share/doc/libffi8/html"));
    const PageSet debian = load(QStringLiteral("Debian manuals"), manuals);
    if (debian.pages.isEmpty())
        out() << "no Debian HTML manuals here (valgrind, libffi8): only the saved pages are measured" << Qt::endl;
    else
        sets << debian;

    out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7")
                 .arg(QStringLiteral("page set").leftJustified(15), QStringLiteral("pages").rightJustified(5),
                      QStringLiteral("MB").rightJustified(5), QStringLiteral("C++ md MB/s").rightJustified(11),
                      QStringLiteral("C++ text MB/s").rightJustified(13), QStringLiteral("node MB/s").rightJustified(9),
                      QStringLiteral("x node"))
          << Qt::endl;
    for (const PageSet &set : std::as_const(sets)) {
        qint64 markdownChars = 0;
        qint64 textChars = 0;
        const double markdown = convertRate(set, target, runs, DocumentFormat::Markdown, &markdownChars);
        const double text = convertRate(set, target, runs, DocumentFormat::Text, &textChars);
        const QJsonObject node = parser.isSet(noNodeOption) ? QJsonObject() : runNode(set, target, nodeRuns);
        const double nodeRate = node.value(QLatin1String("mbPerSecond")).toDouble();
        out() << QStringLiteral("%1  %2  %3  %4  %5  %6  %7")
                     .arg(set.name.leftJustified(15))
                     .arg(set.pages.size(), 5)
                     .arg(double(target) / 1e6, 5, 'f', 1)
                     .arg(markdown, 11, 'f', 2)
                     .arg(text, 13, 'f', 2)
                     .arg(nodeRate, 9, 'f', 3)
                     .arg(nodeRate > 0 ? QStringLiteral("%1x").arg(markdown / nodeRate, 0, 'f', 0) : QStringLiteral("-"))
              << Qt::endl;
        out() << QStringLiteral("  %1: %2 distinct bytes; Markdown out %3 chars (C++), %4 chars (node)")
                     .arg(set.name)
                     .arg(set.bytes)
                     .arg(markdownChars)
                     .arg(node.value(QLatin1String("outputChars")).toInteger())
              << Qt::endl;
    }
    return 0;
}
