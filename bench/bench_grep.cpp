// bench_grep: the grep tool (through a ThreadedToolProvider, as the agent calls it) against
// ripgrep run directly with the same flags, over a large generated workspace of source-like
// files; the built-in engine's speed for information. Prints figures; asserts nothing.
#include "searchtools.h"
#include "stats.h"

#include "valis/filesystem/agentfilesystem.h"
#include "valis/plugins/toolinvocation.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <memory>
#include <optional>

using namespace valis;

namespace {

constexpr int CorpusVersion = 1;
// Planted a few times in the whole corpus, for the "rare" patterns.
const QByteArray RareLiteral = "ERR_RARE_TOKEN_4711";
const QByteArray RareRegexSample = "QuuxFrobnicate123";

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

/// Deterministic source-like text: C++-, Python- and JavaScript-flavoured lines over a
/// vocabulary whose words follow a skewed distribution, comments with some non-ASCII text.
class SourceText
{
public:
    explicit SourceText(quint32 seed) : m_random(seed)
    {
        static const char *const parts[] = {"data", "file", "buffer", "session", "request", "handler", "index", "node",
                                            "value", "count", "result", "error", "parser", "token", "stream", "cache",
                                            "item", "list", "map", "state", "event", "tool", "path", "config",
                                            "window", "model", "view", "query", "store", "record", "entry", "frame"};
        for (int i = 0; i < 3000; ++i) {
            QByteArray name = parts[m_random.bounded(int(std::size(parts)))];
            const QByteArray second = parts[m_random.bounded(int(std::size(parts)))];
            if (i % 3 == 0)
                name += '_' + second;
            else
                name += char(second.at(0) - 32) + second.mid(1);
            if (i % 7 == 0)
                name += QByteArray::number(i % 100);
            m_words.append(name);
        }
    }

    QByteArray word()
    {
        // Squaring a uniform number skews towards the first words, as real identifiers are.
        const double u = m_random.generateDouble();
        return m_words.at(qsizetype(u * u * double(m_words.size() - 1)));
    }

    QByteArray line()
    {
        switch (m_random.bounded(16)) {
        case 0:
            return "    int " + word() + " = " + word() + "(" + word() + ", " + QByteArray::number(m_random.bounded(1000)) + ");";
        case 1:
            return "    if (" + word() + " != nullptr && " + word() + "->" + word() + "()) {";
        case 2:
            return "        return " + word() + ";";
        case 3:
            return "    // " + word() + " " + word() + " " + word() + (m_random.bounded(20) == 0 ? " TODO: naïve café 日本語" : "");
        case 4:
            return "    for (int i = 0; i < " + word() + ".size(); ++i) {";
        case 5:
            return "    }";
        case 6:
            return QByteArray();
        case 7:
            return "#include \"" + word() + ".h\"";
        case 8:
            return "    std::string " + word() + " = \"" + word() + " " + word() + "\";";
        case 9:
            return "static void " + word() + "_" + word() + "(const " + word() + " &" + word() + ")";
        case 10:
            return "def " + word() + "(self, " + word() + ", " + word() + "=None):";
        case 11:
            return "        self." + word() + " = " + word() + "." + word() + "(" + word() + ")";
        case 12:
            return "const " + word() + " = await " + word() + "." + word() + "({ " + word() + ": " + word() + " });";
        case 13:
            return "    " + word() + "." + word() + "(" + word() + ", " + word() + ", " + word() + ");";
        case 14:
            return "    throw std::runtime_error(\"" + word() + " failed: \" + " + word() + ");";
        default:
            return "    auto " + word() + " = std::make_unique<" + word() + ">(" + word() + ");";
        }
    }

    quint32 bounded(quint32 n) { return m_random.bounded(n); }

private:
    QRandomGenerator m_random;
    QList<QByteArray> m_words;
};

struct Corpus
{
    QString tree;
    qint64 bytes = 0;
    qint64 files = 0;
};

std::optional<Corpus> readMarker(const QString &folder, qint64 sizeMb)
{
    QFile marker(QDir(folder).filePath(QStringLiteral("corpus.json")));
    if (!marker.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject object = QJsonDocument::fromJson(marker.readAll()).object();
    if (object.value(QStringLiteral("version")).toInt() != CorpusVersion
        || object.value(QStringLiteral("sizeMb")).toInteger() != sizeMb)
        return std::nullopt;
    return Corpus{QDir(folder).filePath(QStringLiteral("tree")), object.value(QStringLiteral("bytes")).toInteger(),
                  object.value(QStringLiteral("files")).toInteger()};
}

std::optional<Corpus> generate(const QString &folder, qint64 sizeMb)
{
    const qint64 target = sizeMb * 1024 * 1024;
    const QString tree = QDir(folder).filePath(QStringLiteral("tree"));
    QDir(tree).removeRecursively(); // an older or different-size corpus
    SourceText text(4711);
    static const char *const extensions[] = {".cpp", ".cpp", ".h", ".py", ".js", ".md"};
    Corpus corpus{tree, 0, 0};
    // Where the rare tokens go: a few file indexes spread over the whole corpus.
    const qint64 expectedFiles = std::max<qint64>(1, target / (40 * 1024));
    QList<qint64> rareFiles;
    for (int i = 0; i < 12; ++i)
        rareFiles.append(qint64(text.bounded(quint32(expectedFiles))));
    QElapsedTimer timer;
    timer.start();
    while (corpus.bytes < target) {
        const qint64 index = corpus.files;
        const QString directory = QStringLiteral("%1/module%2/part%3")
                                      .arg(tree)
                                      .arg(index / 400, 3, 10, QLatin1Char('0'))
                                      .arg((index / 40) % 10);
        if (index % 40 == 0 && !QDir().mkpath(directory))
            return std::nullopt;
        const qint64 size = 4096 + qint64(text.bounded(72 * 1024)); // 4..76 KiB, 40 on average
        QByteArray content;
        content.reserve(size + 256);
        while (content.size() < size)
            content += text.line() + '\n';
        if (rareFiles.contains(index)) {
            const qsizetype at = content.indexOf('\n', content.size() / 2) + 1;
            content.insert(at, "    log(" + RareLiteral + ", " + RareRegexSample + ");\n");
        }
        QFile file(QStringLiteral("%1/file%2%3").arg(directory).arg(index, 6, 10, QLatin1Char('0')).arg(QLatin1String(extensions[index % 6])));
        if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
            return std::nullopt;
        corpus.bytes += content.size();
        ++corpus.files;
        if (corpus.files % 5000 == 0) {
            out() << QStringLiteral("  generated %1 MB in %2 files\n").arg(corpus.bytes >> 20).arg(corpus.files);
            out().flush();
        }
    }
    QFile marker(QDir(folder).filePath(QStringLiteral("corpus.json")));
    const QJsonObject object{{QStringLiteral("version"), CorpusVersion}, {QStringLiteral("sizeMb"), sizeMb},
                             {QStringLiteral("bytes"), corpus.bytes}, {QStringLiteral("files"), corpus.files}};
    if (!marker.open(QIODevice::WriteOnly) || marker.write(QJsonDocument(object).toJson()) < 0)
        return std::nullopt;
    out() << QStringLiteral("Generated %1 MB in %2 files in %3 s\n")
                 .arg(corpus.bytes >> 20)
                 .arg(corpus.files)
                 .arg(double(timer.elapsed()) / 1000.0, 0, 'f', 1);
    return corpus;
}

/// One measured case: the tool's arguments and ripgrep's equivalent flags.
struct Case
{
    QString name;
    QJsonObject arguments;
    QStringList ripgrepFlags;
    bool builtinToo = false;
};

QList<Case> cases()
{
    const auto args = [](const QString &pattern, const QString &mode, bool ignoreCase = false) {
        QJsonObject object{{QStringLiteral("pattern"), pattern}, {QStringLiteral("output_mode"), mode}};
        if (ignoreCase)
            object.insert(QStringLiteral("case_insensitive"), true);
        return object;
    };
    const QString rare = QString::fromLatin1(RareLiteral);
    const QString rareRegex = QStringLiteral("Quux[A-Z][a-z]+\\d{3}");
    const QString commonRegex = QStringLiteral("\\bfor\\s*\\(int");
    const QStringList content{QStringLiteral("-n"), QStringLiteral("--no-heading"), QStringLiteral("--with-filename")};
    return {
        {QStringLiteral("literal, rare, content"), args(rare, QStringLiteral("content")), content, true},
        {QStringLiteral("literal, rare, files"), args(rare, QStringLiteral("files_with_matches")), {QStringLiteral("-l")}, false},
        {QStringLiteral("regex, rare, content"), args(rareRegex, QStringLiteral("content")), content, true},
        {QStringLiteral("regex, rare, -i, content"), args(QStringLiteral("quux[a-z]+\\d{3}"), QStringLiteral("content"), true),
         content + QStringList{QStringLiteral("-i")}, false},
        {QStringLiteral("literal, common, content"), args(QStringLiteral("return"), QStringLiteral("content")), content, true},
        {QStringLiteral("literal, common, files"), args(QStringLiteral("return"), QStringLiteral("files_with_matches")),
         {QStringLiteral("-l")}, false},
        {QStringLiteral("literal, common, count"), args(QStringLiteral("return"), QStringLiteral("count")), {QStringLiteral("-c")}, true},
        {QStringLiteral("regex, common, count"), args(commonRegex, QStringLiteral("count")), {QStringLiteral("-c")}, false},
        {QStringLiteral("literal, -i, 1/20 lines, count"), args(QStringLiteral("todo: naïve"), QStringLiteral("count"), true),
         {QStringLiteral("-c"), QStringLiteral("-i")}, false},
    };
}

/// ripgrep run directly over the tree, its output read to the end, as a caller would.
double timeRipgrep(const QString &rg, const QString &tree, const Case &c, qint64 &outputBytes)
{
    QProcess process;
    process.setWorkingDirectory(tree);
    process.setStandardInputFile(QProcess::nullDevice());
    QStringList arguments{QStringLiteral("--no-config"), QStringLiteral("--color=never")};
    arguments << c.ripgrepFlags << QStringLiteral("--") << c.arguments.value(QStringLiteral("pattern")).toString();
    QElapsedTimer timer;
    timer.start();
    process.start(rg, arguments);
    outputBytes = 0;
    process.waitForStarted(-1);
    while (process.state() != QProcess::NotRunning) {
        process.waitForReadyRead(100);
        outputBytes += process.readAllStandardOutput().size();
    }
    outputBytes += process.readAllStandardOutput().size();
    return double(timer.nsecsElapsed()) / 1e6;
}

/// The tool called through the provider, from invoke() until its result arrives.
double timeTool(ToolProvider &provider, const ToolContext &context, const QString &name, const QJsonObject &arguments,
                QString &result)
{
    QObject owner;
    QEventLoop loop;
    QElapsedTimer timer;
    timer.start();
    ToolInvocation *invocation = provider.invoke(name, arguments, context, &owner);
    QObject::connect(invocation, &ToolInvocation::finished, &loop, [&](const Part &part) {
        result = part.content.isEmpty() ? QString() : part.content.first().text;
        if (part.isError)
            result.prepend(QStringLiteral("ERROR: "));
        loop.quit();
    });
    loop.exec();
    return double(timer.nsecsElapsed()) / 1e6;
}

double median(QList<double> values)
{
    return LatencySummary::of(std::move(values)).p50;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Times the grep tool against ripgrep over a generated workspace."));
    parser.addHelpOption();
    const QCommandLineOption sizeOption(QStringLiteral("size-mb"), QStringLiteral("Workspace size in MB (default 1024, or $VALIS_BENCH_GREP_MB)."),
                                        QStringLiteral("mb"));
    const QCommandLineOption dirOption(QStringLiteral("dir"),
                                       QStringLiteral("Where the workspace goes; one generated there before with the same size is reused "
                                                      "(and kept). Default: a new temporary folder, removed at the end."),
                                       QStringLiteral("path"));
    const QCommandLineOption keepOption(QStringLiteral("keep"), QStringLiteral("Keep a workspace this run generated."));
    const QCommandLineOption runsOption(QStringLiteral("runs"), QStringLiteral("Timed runs per case (median shown; default 3)."),
                                        QStringLiteral("n"), QStringLiteral("3"));
    const QCommandLineOption noBuiltinOption(QStringLiteral("no-builtin"), QStringLiteral("Skip timing the built-in engine."));
    parser.addOptions({sizeOption, dirOption, keepOption, runsOption, noBuiltinOption});
    parser.process(app);

    qint64 sizeMb = 1024;
    if (parser.isSet(sizeOption))
        sizeMb = parser.value(sizeOption).toLongLong();
    else if (qEnvironmentVariableIsSet("VALIS_BENCH_GREP_MB"))
        sizeMb = qEnvironmentVariable("VALIS_BENCH_GREP_MB").toLongLong();
    const int runs = std::max(1, parser.value(runsOption).toInt());
    if (sizeMb <= 0) {
        QTextStream(stderr) << "bench_grep: --size-mb must be a positive number\n";
        return 2;
    }
    const QString rg = QStandardPaths::findExecutable(QStringLiteral("rg"));
    if (rg.isEmpty()) {
        QTextStream(stderr) << "bench_grep: ripgrep (rg) is not on PATH; there is nothing to compare with\n";
        return 1;
    }

    std::unique_ptr<QTemporaryDir> temporary;
    QString folder = parser.value(dirOption);
    if (folder.isEmpty()) {
        temporary = std::make_unique<QTemporaryDir>(QDir::temp().filePath(QStringLiteral("bench_grep-XXXXXX")));
        if (!temporary->isValid()) {
            QTextStream(stderr) << "bench_grep: cannot create a temporary folder\n";
            return 1;
        }
        temporary->setAutoRemove(!parser.isSet(keepOption));
        folder = temporary->path();
    }
    folder = QDir(folder).absolutePath();
    std::optional<Corpus> corpus = readMarker(folder, sizeMb);
    bool generated = false;
    if (corpus) {
        out() << QStringLiteral("Reusing the %1 MB workspace in %2 (%3 files)\n").arg(corpus->bytes >> 20).arg(folder).arg(corpus->files);
    } else {
        out() << QStringLiteral("Generating a %1 MB workspace in %2 ...\n").arg(sizeMb).arg(folder);
        out().flush();
        corpus = generate(folder, sizeMb);
        generated = true;
        if (!corpus) {
            QTextStream(stderr) << "bench_grep: writing the workspace failed (disk full?)\n";
            QDir(QDir(folder).filePath(QStringLiteral("tree"))).removeRecursively();
            return 1;
        }
    }
    const bool removeAtEnd = generated && !parser.isSet(keepOption);

    AgentFilesystem filesystem(corpus->tree);
    tools::ThreadedToolProvider provider(QStringLiteral("filesystem"));
    for (auto &tool : tools::makeSearchTools())
        provider.add(std::move(tool));
    ToolContext context;
    context.sessionId = QStringLiteral("bench");
    context.callId = QStringLiteral("call");
    context.workingDirectory = corpus->tree;
    context.filesystem = &filesystem;

    // Warm the page cache, so every run reads from memory.
    qint64 ignored = 0;
    timeRipgrep(rg, corpus->tree, Case{QString(), {{QStringLiteral("pattern"), QStringLiteral("zzzzqqqq")}}, {QStringLiteral("-c")}}, ignored);
    const double mb = double(corpus->bytes) / (1024.0 * 1024.0);
    out() << QStringLiteral("\n%1 MB, %2 files; median of %3 runs, page cache warm; ripgrep %4\n\n")
                 .arg(mb, 0, 'f', 0)
                 .arg(corpus->files)
                 .arg(runs)
                 .arg(rg);
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                 .arg(QStringLiteral("case"), -34)
                 .arg(QStringLiteral("rg ms"), 9)
                 .arg(QStringLiteral("tool ms"), 9)
                 .arg(QStringLiteral("tool/rg"), 8)
                 .arg(QStringLiteral("tool MB/s"), 10)
                 .arg(QStringLiteral("builtin MB/s"), 13);
    for (const Case &c : cases()) {
        QList<double> rgTimes;
        QList<double> toolTimes;
        QString result;
        qint64 rgBytes = 0;
        for (int i = 0; i < runs; ++i) {
            rgTimes.append(timeRipgrep(rg, corpus->tree, c, rgBytes));
            qunsetenv("VALIS_GREP_BACKEND");
            toolTimes.append(timeTool(provider, context, QStringLiteral("grep"), c.arguments, result));
        }
        QString builtin = QStringLiteral("-");
        if (c.builtinToo && !parser.isSet(noBuiltinOption)) {
            qputenv("VALIS_GREP_BACKEND", "builtin");
            QString builtinResult;
            const double ms = timeTool(provider, context, QStringLiteral("grep"), c.arguments, builtinResult);
            qunsetenv("VALIS_GREP_BACKEND");
            builtin = QString::number(mb / (ms / 1000.0), 'f', 0);
            if (builtinResult != result)
                builtin += QStringLiteral(" (DIFFERENT OUTPUT)");
        }
        const double rgMs = median(rgTimes);
        const double toolMs = median(toolTimes);
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                     .arg(c.name, -34)
                     .arg(rgMs, 9, 'f', 0)
                     .arg(toolMs, 9, 'f', 0)
                     .arg(toolMs / rgMs, 8, 'f', 2)
                     .arg(mb / (toolMs / 1000.0), 10, 'f', 0)
                     .arg(builtin, 13);
        out() << QStringLiteral("    rg printed %1; the tool answered %2 lines%3\n")
                     .arg(rgBytes < 10240 ? QStringLiteral("%1 bytes").arg(rgBytes) : QStringLiteral("%1 KB").arg(rgBytes / 1024))
                     .arg(result.count(QLatin1Char('\n')) + 1)
                     .arg(result.startsWith(QLatin1String("ERROR")) ? QStringLiteral(" (") + result.left(200) + QLatin1Char(')') : QString());
        out().flush();
    }

    // The walk the tools share, for information.
    out() << QStringLiteral("\nfor information: ");
    for (const auto &[name, arguments] :
         {std::pair{QStringLiteral("glob"), QJsonObject{{QStringLiteral("pattern"), QStringLiteral("**/*.h")}}},
          std::pair{QStringLiteral("file_search"), QJsonObject{{QStringLiteral("query"), QStringLiteral("mod12part3file")}}}}) {
        QString result;
        QList<double> times;
        for (int i = 0; i < runs; ++i)
            times.append(timeTool(provider, context, name, arguments, result));
        out() << QStringLiteral("%1 %2 ms  ").arg(name).arg(median(times), 0, 'f', 0);
    }
    out() << "\n";

    if (removeAtEnd) {
        out() << QStringLiteral("Removing the workspace (--keep keeps it)\n");
        QDir(corpus->tree).removeRecursively();
        QFile::remove(QDir(folder).filePath(QStringLiteral("corpus.json")));
    } else {
        out() << QStringLiteral("The workspace stays in %1 (reuse it with --dir %1)\n").arg(folder);
    }
    return 0;
}
