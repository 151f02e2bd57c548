#include "grepsearch.h"

#include <QEventLoop>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace valis::tools::search {

// The ripgrep engine. The files to search come from the FileTree walk (the same list the
// built-in engine gets): ripgrep gets them as paths, or a folder the walk took whole, and never
// applies ignore rules of its own; the binary test is ours too (ripgrep runs with -a; we probe
// the files it names), so both engines search the same files. In content mode a small first
// batch lets a search for a common word stop early; otherwise batches are as large as the
// command line allows. Messages here go back to the model; they are not tr()'d.

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

/// A path as ripgrep writes it back: the bytes it was given (UTF-8 on Windows, where it gets
/// UTF-16 arguments and prints UTF-8).
QByteArray pathBytes(const QString &path)
{
#ifdef Q_OS_WIN
    return path.toUtf8();
#else
    return QFile::encodeName(path);
#endif
}

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
    const QSet<QString> &known; // the files of the walk: what ripgrep names must be one of them
    std::map<QString, std::map<qint64, GrepLine>> lines;
    std::map<QString, qint64> counts;
    QHash<QString, bool> binary;
    char probe[BinaryProbeBytes];

    /// The file ripgrep names (as given, or below a folder it was given), or "" for one the
    /// walk did not list (created since).
    QString backendPath(const QByteArray &printed) const
    {
#ifdef Q_OS_WIN
        QString path = QString::fromUtf8(printed);
#else
        QString path = QFile::decodeName(printed);
#endif
        if (path.startsWith(QLatin1String("./")))
            path.remove(0, 2);
        return known.contains(path) ? path : QString();
    }

    /// Whether a file ripgrep found something in is binary. Probed as soon as ripgrep names it,
    /// while it is still searching other files. This probe opens every file ripgrep names a
    /// second time, which is most of what a listing of a common word costs beyond ripgrep's
    /// own time: hence readHead(), one open and one read into this buffer.
    bool isBinary(const QString &path)
    {
        auto cached = binary.constFind(path);
        if (cached == binary.cend()) {
            const qint64 size = tree.readHead(path, probe, BinaryProbeBytes);
            // A file that cannot be read is kept: ripgrep could read it.
            const bool isBinaryFile = size > 0 && looksBinary(QByteArray::fromRawData(probe, qsizetype(size)));
            cached = binary.insert(path, isBinaryFile);
        }
        return *cached;
    }

    void jsonRecord(const QByteArray &record)
    {
        const QJsonObject message = QJsonDocument::fromJson(record).object();
        const QString type = message.value(QLatin1String("type")).toString();
        const bool isMatch = type == QLatin1String("match");
        if (!isMatch && type != QLatin1String("context"))
            return;
        const QJsonObject data = message.value(QLatin1String("data")).toObject();
        const QString path = backendPath(jsonBytes(data.value(QLatin1String("path")).toObject()));
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
        const QString path = backendPath(record);
        if (!path.isEmpty() && !isBinary(path))
            counts[path] = 1;
    }

    void countRecord(const QByteArray &record)
    {
        const qsizetype separator = record.lastIndexOf('\0');
        if (separator < 0)
            return;
        const QString path = backendPath(record.left(separator));
        if (!path.isEmpty() && !isBinary(path))
            counts[path] = record.mid(separator + 1).trimmed().toLongLong();
    }
};

/// One ripgrep process over one batch of files, and what it found.
struct Batch
{
    QStringList arguments;
    bool checksPatternOnly = false; // no files: only the pattern is checked
    std::unique_ptr<QProcess> process;
    std::unique_ptr<Collector> collector;
    std::unique_ptr<RecordSplitter> splitter;
    QByteArray errors;
    bool exited = false;   // the process ended
    bool finished = false; // and what it wrote has been read
    qint64 matchingLines = 0;
};

/// Runs the batches in this worker thread's own event loop. Listings run two at a time (the
/// next one starts while the previous finishes, hiding each process's start-up and its threads'
/// wait for the last file). Content mode runs one at a time and stops once the batches finished
/// so far, in order, hold `stopAfter` matching lines: a batch running beside the first would
/// slow it down, and the first alone is enough for a common word.
class BatchRunner
{
public:
    BatchRunner(const QString &executable, const FileTree &tree, const GrepQuery &query, const CancelCheck &cancelled)
        : m_executable(executable), m_tree(tree), m_query(query), m_cancelled(cancelled),
          m_json(query.mode == GrepOutputMode::Content || (query.mode == GrepOutputMode::Count && query.multiline))
    {
    }

    Result<QList<GrepFileResult>> run(const QStringList &files, const QList<CompleteFolder> &folders, qint64 stopAfter)
    {
        plan(files, folders);
        m_stopAfter = stopAfter;
        QTimer poll;
        QObject::connect(&poll, &QTimer::timeout, &m_loop, [this] {
            if (m_cancelled && m_cancelled()) {
                m_error = cancelledError();
                m_loop.quit();
            }
        });
        poll.start(50);
        m_parallel = stopAfter > 0 ? 1 : 2;
        for (int i = 0; i < m_parallel && m_started < qsizetype(m_batches.size()); ++i)
            start(m_started++);
        if (!m_error)
            m_loop.exec();
        for (Batch &batch : m_batches) {
            if (batch.process && batch.process->state() != QProcess::NotRunning) {
                batch.process->disconnect();
                batch.process->kill(); // ripgrep has no children: killing it ends its search
                batch.process->waitForFinished(5000);
            }
        }
        if (m_error)
            return *m_error;
        QList<GrepFileResult> results;
        for (qsizetype i = 0; i < m_done; ++i)
            collect(m_batches[size_t(i)], results);
        return results;
    }

private:

    QString m_executable;
    const FileTree &m_tree;
    const GrepQuery &m_query;
    const CancelCheck &m_cancelled;
    bool m_json;
    std::vector<Batch> m_batches;
    QSet<QString> m_known;
    qsizetype m_started = 0;
    qsizetype m_done = 0; // batches finished, in order
    qint64 m_total = 0;   // their matching lines
    qint64 m_stopAfter = -1;
    int m_parallel = 1;
    std::optional<Error> m_error;
    QEventLoop m_loop;

    QStringList commonArguments() const
    {
        // JSON where lines are needed (content; counts in multiline mode, where ripgrep's
        // --count counts matches rather than the lines they touch); compact listings otherwise.
        // --no-ignore --hidden: in a folder it walks itself, ripgrep lists what our walk listed
        // (a complete folder has nothing ignored, and no links, which neither follows).
        QStringList arguments{QStringLiteral("--no-config"), QStringLiteral("--no-ignore"), QStringLiteral("--hidden"),
                              QStringLiteral("--text"),      QStringLiteral("--crlf"),    QStringLiteral("--color=never")};
        if (m_json) {
            arguments << QStringLiteral("--json");
            if (m_query.mode == GrepOutputMode::Content && m_query.before > 0)
                arguments << QStringLiteral("--before-context=%1").arg(m_query.before);
            if (m_query.mode == GrepOutputMode::Content && m_query.after > 0)
                arguments << QStringLiteral("--after-context=%1").arg(m_query.after);
        } else if (m_query.mode == GrepOutputMode::FilesWithMatches) {
            arguments << QStringLiteral("--files-with-matches") << QStringLiteral("--null");
        } else {
            arguments << QStringLiteral("--count") << QStringLiteral("--null") << QStringLiteral("--with-filename");
        }
        if (m_query.caseInsensitive)
            arguments << QStringLiteral("--ignore-case");
        if (m_query.multiline)
            arguments << QStringLiteral("--multiline");
        arguments << QStringLiteral("--") << m_query.prepared.rust;
        return arguments;
    }

    /// The batches: the files in order, a complete folder given as the folder when the whole of
    /// it fits in the batch (ripgrep then walks it itself, which is faster than being handed
    /// its files one by one, and keeps the command line short).
    void plan(const QStringList &files, const QList<CompleteFolder> &folders)
    {
        QHash<qsizetype, QList<const CompleteFolder *>> startingAt; // largest first
        for (const CompleteFolder &folder : folders)
            startingAt[folder.first].append(&folder);
        for (auto &candidates : startingAt) {
            std::sort(candidates.begin(), candidates.end(),
                      [](const CompleteFolder *a, const CompleteFolder *b) { return a->count > b->count; });
        }
        m_known = QSet<QString>(files.cbegin(), files.cend());
        const QStringList common = commonArguments();
        const qsizetype maxBytes = maxArgumentBytes();
        qsizetype next = 0;
        qsizetype batchLimit = m_query.mode == GrepOutputMode::Content ? FirstBatchFiles : files.size();
        do {
            Batch batch;
            batch.arguments = common;
            qsizetype bytes = 0;
            qsizetype inBatch = 0;
            while (next < files.size() && inBatch < batchLimit && bytes < maxBytes) {
                QString argument = files.at(next);
                qsizetype count = 1;
                for (const CompleteFolder *folder : startingAt.value(next)) {
                    if (folder->count <= batchLimit - inBatch) {
                        argument = folder->path.isEmpty() ? QStringLiteral(".") : folder->path;
                        count = folder->count;
                        break;
                    }
                }
                // ripgrep reads standard input for "-"; a file of that name is "./-".
                if (argument == QLatin1String("-"))
                    argument = QStringLiteral("./-");
                bytes += pathBytes(argument).size() + 1 + qsizetype(sizeof(char *));
                batch.arguments << argument;
                next += count;
                inBatch += count;
            }
            // With no files the pattern is still checked (on the empty standard input), so a bad
            // pattern is reported whatever the folder holds, as the built-in engine does.
            if (inBatch == 0) {
                batch.arguments << QStringLiteral("-");
                batch.checksPatternOnly = true;
            }
            batchLimit = files.size();
            m_batches.push_back(std::move(batch));
        } while (next < files.size());
    }

    void start(qsizetype index)
    {
        Batch &batch = m_batches[size_t(index)];
        batch.collector = std::make_unique<Collector>(Collector{m_query, m_tree, m_known, {}, {}, {}, {}});
        batch.splitter = std::make_unique<RecordSplitter>(m_json                                                  ? '\n'
                                                          : m_query.mode == GrepOutputMode::FilesWithMatches ? '\0'
                                                                                                             : '\n');
        batch.process = std::make_unique<QProcess>();
        QProcess *process = batch.process.get();
        process->setProgram(m_executable);
        process->setArguments(batch.arguments);
        process->setWorkingDirectory(m_tree.localPath(QString()));
        process->setStandardInputFile(QProcess::nullDevice());
        QObject::connect(process, &QProcess::readyReadStandardOutput, &m_loop, [this, index] { consume(index); });
        QObject::connect(process, &QProcess::readyReadStandardError, &m_loop, [this, index] { consumeErrors(index); });
        QObject::connect(process, &QProcess::finished, &m_loop, [this, index] {
            m_batches[size_t(index)].exited = true;
            advance();
        });
        QObject::connect(process, &QProcess::errorOccurred, &m_loop, [this, process](QProcess::ProcessError error) {
            if (error == QProcess::FailedToStart) {
                fail(Error(QStringLiteral("grep.ripgrep"),
                           QStringLiteral("ripgrep (%1) could not be started: %2.").arg(m_executable, process->errorString())));
            }
        });
        process->start(QIODevice::ReadOnly);
    }

    void consume(qsizetype index)
    {
        // In content mode only the earliest unfinished batch is read: the later ones may be
        // stopped unread, and reading a common word's lines from them would only cost time.
        // (QProcess keeps their output meanwhile.)
        if (m_stopAfter > 0 && index != m_done)
            return;
        Batch &batch = m_batches[size_t(index)];
        if (!batch.process)
            return; // not started yet
        Collector &collector = *batch.collector;
        const bool json = m_json;
        const GrepOutputMode mode = m_query.mode;
        batch.splitter->feed(batch.process->readAllStandardOutput(), [&collector, json, mode](const QByteArray &record) {
            if (json)
                collector.jsonRecord(record);
            else if (mode == GrepOutputMode::FilesWithMatches)
                collector.fileRecord(record);
            else
                collector.countRecord(record);
        });
    }

    void consumeErrors(qsizetype index)
    {
        Batch &batch = m_batches[size_t(index)];
        const QByteArray more = batch.process->readAllStandardError();
        if (batch.errors.size() < MaxStderrBytes)
            batch.errors += more.left(MaxStderrBytes - batch.errors.size());
    }

    void fail(Error error)
    {
        if (!m_error)
            m_error = std::move(error);
        m_loop.quit();
    }

    /// Finishes the batches that ended, in order; stops, or starts the next one.
    void advance()
    {
        while (!m_error && m_done < qsizetype(m_batches.size()) && m_batches[size_t(m_done)].exited) {
            finish(m_done);
            if (m_error)
                return;
            m_total += m_batches[size_t(m_done++)].matchingLines;
            if (m_stopAfter > 0 && m_total >= m_stopAfter)
                break;
        }
        if (m_done == qsizetype(m_batches.size()) || (m_stopAfter > 0 && m_total >= m_stopAfter)) {
            m_loop.quit();
            return;
        }
        if (m_done < qsizetype(m_batches.size()))
            consume(m_done); // what the new earliest batch wrote while it waited
        while (m_started < qsizetype(m_batches.size()) && m_started < m_done + m_parallel)
            start(m_started++);
    }

    void finish(qsizetype index)
    {
        Batch &batch = m_batches[size_t(index)];
        consume(index);
        consumeErrors(index);
        const bool json = m_json;
        const GrepOutputMode mode = m_query.mode;
        Collector &collector = *batch.collector;
        batch.splitter->finish([&collector, json, mode](const QByteArray &record) {
            if (json)
                collector.jsonRecord(record);
            else if (mode == GrepOutputMode::FilesWithMatches)
                collector.fileRecord(record);
            else
                collector.countRecord(record);
        });
        if (batch.process->exitStatus() != QProcess::NormalExit) {
            fail(Error(QStringLiteral("grep.ripgrep"),
                       QStringLiteral("ripgrep stopped unexpectedly: %1.").arg(batch.process->errorString())));
            return;
        }
        const int exitCode = batch.process->exitCode();
        if (exitCode == 2 && isPatternError(batch.errors)) {
            fail(Error(QStringLiteral("grep.pattern"),
                       QStringLiteral("Invalid pattern: %1. %2").arg(stderrReason(batch.errors), patternSyntaxHint())));
            return;
        }
        // A usage error ("error: Found argument ...") means this ripgrep does not understand us;
        // other failures with status 2 are files that could not be read, skipped like the
        // built-in engine skips them.
        if (exitCode == 2 && (batch.errors.startsWith("error:") || (batch.checksPatternOnly && !batch.errors.isEmpty()))) {
            fail(Error(QStringLiteral("grep.ripgrep"), QStringLiteral("ripgrep failed: %1.").arg(stderrReason(batch.errors))));
            return;
        }
        batch.finished = true;
        for (const auto &[path, count] : collector.counts)
            batch.matchingLines += count;
        for (const auto &[path, lines] : collector.lines) {
            for (const auto &[number, line] : lines)
                batch.matchingLines += line.isMatch ? 1 : 0;
        }
    }

    void collect(Batch &batch, QList<GrepFileResult> &results) const
    {
        std::map<QString, GrepFileResult> byPath;
        for (auto &[path, lines] : batch.collector->lines) {
            GrepFileResult &result = byPath[path];
            result.backendPath = path;
            for (auto &[number, line] : lines) {
                if (line.isMatch)
                    ++result.matchingLines;
                if (m_query.mode == GrepOutputMode::Content)
                    result.lines.append(std::move(line));
            }
        }
        for (const auto &[path, count] : batch.collector->counts) {
            byPath[path].backendPath = path;
            byPath[path].matchingLines = count;
        }
        for (auto &[path, result] : byPath) {
            if (result.matchingLines > 0)
                results.append(std::move(result));
        }
    }
};

} // namespace

QString ripgrepExecutable()
{
    return QStandardPaths::findExecutable(QStringLiteral("rg"));
}

Result<QList<GrepFileResult>> searchWithRipgrep(const QString &executable, const FileTree &tree, const QStringList &files,
                                                const QList<CompleteFolder> &completeFolders, const GrepQuery &query,
                                                qint64 stopAfter, const CancelCheck &cancelled)
{
    return BatchRunner(executable, tree, query, cancelled).run(files, completeFolders, stopAfter);
}

} // namespace valis::tools::search
