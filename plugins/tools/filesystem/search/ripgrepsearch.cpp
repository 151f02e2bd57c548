#include "grepsearch.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

#include <algorithm>
#include <map>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace valis::tools::search {

// The ripgrep engine. The files to search come from the FileTree walk (the same list the
// built-in engine gets), so ripgrep gets explicit paths and never applies its own ignore rules;
// the binary test is ours too (ripgrep runs with -a; we probe the files it names), so both
// engines skip the same files. In content mode a small first batch lets a search for a common
// word stop early; otherwise batches are as large as the command line allows. Messages here go
// back to the model; they are not tr()'d.

namespace {

/// How much of a command line the file paths of one batch may take.
qsizetype maxArgumentBytes()
{
#ifdef Q_OS_WIN
    return 24000; // CreateProcess allows 32767 characters for the whole command line
#else
    // Half the system's limit (which the environment shares), at most 1 MiB.
    const long system = ::sysconf(_SC_ARG_MAX);
    return system > 0 ? std::min<qsizetype>(qsizetype(system) / 2, 1 << 20) : 128 * 1024;
#endif
}

// In content mode the first batch is small: a common word fills the page from it alone, and the
// search ends there; otherwise the rest goes in batches as large as the command line allows,
// since every process costs its start-up and the time its threads wait for the last file.
constexpr qsizetype FirstBatchFiles = 512;
constexpr qsizetype MaxStderrBytes = 64 * 1024;

Error cancelledError()
{
    return Error(QStringLiteral("grep.cancelled"), QStringLiteral("The search was cancelled."));
}

/// What ripgrep wrote to stderr, turned into the reason for the model when it refused to run.
QString stderrReason(const QByteArray &errors)
{
    const QStringList lines = QString::fromUtf8(errors).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("error: ")))
            return line.mid(7).trimmed();
    }
    for (const QString &line : lines) {
        if (!line.trimmed().isEmpty())
            return line.trimmed();
    }
    return QStringLiteral("no reason given");
}

bool isPatternError(const QByteArray &errors)
{
    return errors.contains("regex parse error") || errors.contains("not allowed in a regex")
           || errors.contains("error parsing") || errors.contains("size limit");
}

/// Runs ripgrep once and hands its standard output to `consume` as it arrives.
Result<int> runRipgrep(const QString &executable, const QString &folder, const QStringList &arguments,
                       const std::function<void(const QByteArray &)> &consume, const CancelCheck &cancelled,
                       QByteArray &errors)
{
    QProcess process;
    process.setProgram(executable);
    process.setArguments(arguments);
    process.setWorkingDirectory(folder);
    process.setStandardInputFile(QProcess::nullDevice());
    process.start(QIODevice::ReadOnly);
    if (!process.waitForStarted(30000)) {
        return Error(QStringLiteral("grep.ripgrep"),
                     QStringLiteral("ripgrep (%1) could not be started: %2.").arg(executable, process.errorString()));
    }
    const auto drainErrors = [&process, &errors] {
        const QByteArray more = process.readAllStandardError();
        if (errors.size() < MaxStderrBytes)
            errors += more.left(MaxStderrBytes - errors.size());
    };
    for (;;) {
        if (cancelled && cancelled()) {
            process.kill(); // ripgrep has no children: killing it ends the whole search
            process.waitForFinished(5000);
            return cancelledError();
        }
        const bool ready = process.waitForReadyRead(50);
        const QByteArray output = process.readAllStandardOutput();
        if (!output.isEmpty())
            consume(output);
        drainErrors();
        if (!ready && process.state() == QProcess::NotRunning)
            break;
    }
    process.waitForFinished(-1);
    const QByteArray rest = process.readAllStandardOutput();
    if (!rest.isEmpty())
        consume(rest);
    drainErrors();
    if (process.exitStatus() != QProcess::NormalExit) {
        return Error(QStringLiteral("grep.ripgrep"),
                     QStringLiteral("ripgrep stopped unexpectedly: %1.").arg(process.errorString()));
    }
    return process.exitCode();
}

/// Splits a stream into records ending with `separator`, keeping an unfinished tail.
class RecordSplitter
{
public:
    explicit RecordSplitter(char separator) : m_separator(separator) {}
    template<typename F>
    void feed(const QByteArray &bytes, F &&handle)
    {
        m_pending += bytes;
        qsizetype start = 0;
        for (qsizetype end = m_pending.indexOf(m_separator); end >= 0; end = m_pending.indexOf(m_separator, start)) {
            handle(QByteArray::fromRawData(m_pending.constData() + start, end - start));
            start = end + 1;
        }
        m_pending.remove(0, start);
    }
    template<typename F>
    void finish(F &&handle)
    {
        if (!m_pending.isEmpty())
            handle(m_pending);
        m_pending.clear();
    }

private:
    char m_separator;
    QByteArray m_pending;
};

QByteArray jsonBytes(const QJsonObject &data)
{
    if (data.contains(QLatin1String("text")))
        return data.value(QLatin1String("text")).toString().toUtf8();
    return QByteArray::fromBase64(data.value(QLatin1String("bytes")).toString().toLatin1());
}

/// What one batch found, per file, while ripgrep's output comes in.
struct Collector
{
    const GrepQuery &query;
    const FileTree &tree;
    const QHash<QByteArray, QString> &pathOf; // ripgrep's path bytes -> backend path
    std::map<QString, std::map<qint64, GrepLine>> lines;
    std::map<QString, qint64> counts;
    QHash<QString, bool> binary;

    /// Whether a file ripgrep found something in is binary. Probed as soon as ripgrep names it,
    /// while it is still searching other files.
    bool isBinary(const QString &path)
    {
        auto known = binary.constFind(path);
        if (known == binary.cend())
            known = binary.insert(path, looksBinary(tree.head(path, BinaryProbeBytes)));
        return *known;
    }

    void jsonRecord(const QByteArray &record)
    {
        const QJsonObject message = QJsonDocument::fromJson(record).object();
        const QString type = message.value(QLatin1String("type")).toString();
        const bool isMatch = type == QLatin1String("match");
        if (!isMatch && type != QLatin1String("context"))
            return;
        const QJsonObject data = message.value(QLatin1String("data")).toObject();
        const QString path = pathOf.value(jsonBytes(data.value(QLatin1String("path")).toObject()));
        if (path.isEmpty() || isBinary(path))
            return;
        const QByteArray block = jsonBytes(data.value(QLatin1String("lines")).toObject());
        const qint64 firstNumber = data.value(QLatin1String("line_number")).toInteger();

        // A block holds one line, or several for a match across lines; split it, and find
        // where the first match on each line starts (ripgrep gives byte offsets in the block).
        QList<qsizetype> starts{0};
        for (qsizetype i = block.indexOf('\n'); i >= 0 && i + 1 < block.size(); i = block.indexOf('\n', i + 1))
            starts.append(i + 1);
        const auto lineOf = [&starts](qsizetype offset) {
            return qsizetype(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin()) - 1;
        };
        QList<qsizetype> firstMatch(starts.size(), -1);
        if (isMatch) {
            for (const QJsonValue &value : data.value(QLatin1String("submatches")).toArray()) {
                const QJsonObject submatch = value.toObject();
                const qsizetype start = submatch.value(QLatin1String("start")).toInteger();
                const qsizetype end = submatch.value(QLatin1String("end")).toInteger();
                const qsizetype first = lineOf(start);
                const qsizetype last = end > start ? lineOf(end - 1) : first;
                for (qsizetype line = first; line <= last && line < starts.size(); ++line) {
                    const qsizetype column = line == first ? start - starts.at(line) : 0;
                    if (firstMatch[line] < 0 || column < firstMatch[line])
                        firstMatch[line] = column;
                }
            }
        }
        auto &fileLines = lines[path];
        for (qsizetype i = 0; i < starts.size(); ++i) {
            const qsizetype end = i + 1 < starts.size() ? starts.at(i + 1) : block.size();
            QByteArray bytes = block.mid(starts.at(i), end - starts.at(i));
            if (bytes.endsWith('\n'))
                bytes.chop(1);
            const qsizetype byteColumn = std::max<qsizetype>(firstMatch.at(i), 0);
            if (bytes.endsWith('\r'))
                bytes.chop(1);
            GrepLine line;
            line.number = firstNumber + i;
            line.text = QString::fromUtf8(bytes);
            line.isMatch = isMatch;
            line.column = isMatch ? QString::fromUtf8(bytes.left(byteColumn)).size() : 0;
            fileLines[line.number] = line;
        }
    }

    void fileRecord(const QByteArray &record)
    {
        const QString path = pathOf.value(record);
        if (!path.isEmpty() && !isBinary(path))
            counts[path] = 1;
    }

    void countRecord(const QByteArray &record)
    {
        const qsizetype separator = record.lastIndexOf('\0');
        if (separator < 0)
            return;
        const QString path = pathOf.value(record.left(separator));
        if (!path.isEmpty() && !isBinary(path))
            counts[path] = record.mid(separator + 1).trimmed().toLongLong();
    }
};

} // namespace

QString ripgrepExecutable()
{
    return QStandardPaths::findExecutable(QStringLiteral("rg"));
}

Result<QList<GrepFileResult>> searchWithRipgrep(const QString &executable, const FileTree &tree, const QStringList &files,
                                                const GrepQuery &query, qint64 stopAfter, const CancelCheck &cancelled)
{
    // JSON where lines are needed (content; counts in multiline mode, where ripgrep's --count
    // counts matches rather than the lines they touch); compact listings otherwise.
    const bool json = query.mode == GrepOutputMode::Content || (query.mode == GrepOutputMode::Count && query.multiline);
    QStringList common{QStringLiteral("--no-config"), QStringLiteral("--no-ignore"), QStringLiteral("--text"),
                       QStringLiteral("--crlf"), QStringLiteral("--color=never")};
    if (json) {
        common << QStringLiteral("--json");
        if (query.mode == GrepOutputMode::Content && query.before > 0)
            common << QStringLiteral("--before-context=%1").arg(query.before);
        if (query.mode == GrepOutputMode::Content && query.after > 0)
            common << QStringLiteral("--after-context=%1").arg(query.after);
    } else if (query.mode == GrepOutputMode::FilesWithMatches) {
        common << QStringLiteral("--files-with-matches") << QStringLiteral("--null");
    } else {
        common << QStringLiteral("--count") << QStringLiteral("--null") << QStringLiteral("--with-filename");
    }
    if (query.caseInsensitive)
        common << QStringLiteral("--ignore-case");
    if (query.multiline)
        common << QStringLiteral("--multiline");
    common << QStringLiteral("--") << query.prepared.rust;

    const QString folder = tree.localPath(QString());
    QList<GrepFileResult> results;
    qint64 total = 0;
    qsizetype next = 0;
    const qsizetype maxBytes = maxArgumentBytes();
    qsizetype batchLimit = query.mode == GrepOutputMode::Content ? FirstBatchFiles : files.size();
    // Even with no files the pattern is checked, so a bad pattern is reported whatever the
    // folder holds, as the built-in engine does.
    do {
        QStringList arguments = common;
        QHash<QByteArray, QString> pathOf;
        qsizetype bytes = 0;
        const qsizetype batchStart = next;
        while (next < files.size() && next - batchStart < batchLimit && bytes < maxBytes) {
            const QString &path = files.at(next++);
            // ripgrep reads standard input for "-"; a file of that name is "./-".
            const QString argument = path == QLatin1String("-") ? QStringLiteral("./-") : path;
            arguments << argument;
            const QByteArray native = QFile::encodeName(argument);
            bytes += native.size() + 1 + qsizetype(sizeof(char *));
            pathOf.insert(native, path);
        }
        if (pathOf.isEmpty())
            arguments << QStringLiteral("-"); // the empty standard input: only the pattern is checked
        batchLimit = files.size();

        Collector collector{query, tree, pathOf, {}, {}, {}};
        RecordSplitter splitter(json ? '\n' : query.mode == GrepOutputMode::FilesWithMatches ? '\0' : '\n');
        const auto handle = [&collector, json, &query](const QByteArray &record) {
            if (json)
                collector.jsonRecord(record);
            else if (query.mode == GrepOutputMode::FilesWithMatches)
                collector.fileRecord(record);
            else
                collector.countRecord(record);
        };
        QByteArray errors;
        const Result<int> exitCode = runRipgrep(
            executable, folder, arguments, [&splitter, &handle](const QByteArray &output) { splitter.feed(output, handle); },
            cancelled, errors);
        if (exitCode.hasError())
            return exitCode.error();
        splitter.finish(handle);
        if (*exitCode == 2 && isPatternError(errors)) {
            return Error(QStringLiteral("grep.pattern"),
                         QStringLiteral("Invalid pattern: %1. %2").arg(stderrReason(errors), patternSyntaxHint()));
        }
        // A usage error ("error: Found argument ...") means this ripgrep does not understand us.
        if (*exitCode == 2 && (errors.startsWith("error:") || (pathOf.isEmpty() && !errors.isEmpty()))) {
            return Error(QStringLiteral("grep.ripgrep"), QStringLiteral("ripgrep failed: %1.").arg(stderrReason(errors)));
        }
        // Exit status 2 with results: some files could not be read; the others count.

        std::map<QString, GrepFileResult> batch;
        for (auto &[path, lines] : collector.lines) {
            GrepFileResult &result = batch[path];
            result.backendPath = path;
            for (auto &[number, line] : lines) {
                if (line.isMatch)
                    ++result.matchingLines;
                if (query.mode == GrepOutputMode::Content)
                    result.lines.append(std::move(line));
            }
        }
        for (const auto &[path, count] : collector.counts) {
            batch[path].backendPath = path;
            batch[path].matchingLines = count;
        }
        for (auto &[path, result] : batch) {
            if (result.matchingLines == 0)
                continue;
            total += result.matchingLines;
            results.append(std::move(result));
        }
        if (stopAfter > 0 && total >= stopAfter)
            break;
    } while (next < files.size());
    return results;
}

} // namespace valis::tools::search
