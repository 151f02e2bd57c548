#include "grepsearch.h"

#include <QRegularExpression>
#include <QStringDecoder>

#include <algorithm>
#include <map>
#include <vector>

namespace valis::tools::search {

// The built-in engine: QRegularExpression (PCRE2) over the files read through the FileTree. It
// mirrors what ripgrep does with the options the ripgrep engine passes (-a --crlf, UTF-16 and
// UTF-8 byte order marks honoured), so both give the same lines; see regexdialect.h for how the
// pattern is made to mean the same. Messages here go back to the model; they are not tr()'d.

namespace {

constexpr qint64 ChunkBytes = 16 << 20;

// The texts searched come from QString::fromUtf8 or QStringDecoder, which never produce invalid
// UTF-16; without this PCRE2 would check the rest of a whole chunk again on every call.
constexpr QRegularExpression::MatchOptions Unchecked = QRegularExpression::DontCheckSubjectStringMatchOption;

enum class Encoding { Utf8, Utf8Bom, Utf16LE, Utf16BE };

Encoding sniff(const QByteArray &head)
{
    if (head.startsWith("\xEF\xBB\xBF"))
        return Encoding::Utf8Bom;
    if (head.startsWith("\xFF\xFE"))
        return Encoding::Utf16LE;
    if (head.startsWith("\xFE\xFF"))
        return Encoding::Utf16BE;
    return Encoding::Utf8;
}

QString withoutCarriageReturn(QStringView line)
{
    if (line.endsWith(QLatin1Char('\r')))
        line.chop(1);
    return line.toString();
}

/// A file as decoded text, a chunk of whole lines at a time (all of it at once for UTF-16 files
/// and multiline searches, which need the whole text).
class ChunkReader
{
public:
    ChunkReader(const FileTree &tree, const QString &path, QByteArray head, bool whole)
        : m_tree(tree), m_path(path), m_pending(std::move(head)), m_encoding(sniff(m_pending)),
          m_whole(whole || m_encoding == Encoding::Utf16LE || m_encoding == Encoding::Utf16BE)
    {
        m_offset = m_pending.size();
        m_eof = m_pending.size() < ChunkBytes;
        if (m_encoding == Encoding::Utf8Bom)
            m_pending.remove(0, 3);
    }

    /// The next chunk: decoded text ending at a line end (or at the end of the file), and the
    /// number of its first line. False at the end.
    bool next(QString &text, qint64 &firstLine)
    {
        if (m_done)
            return false;
        while (!m_eof && (m_whole || m_pending.lastIndexOf('\n') < 0))
            readMore();
        QByteArray bytes;
        if (m_eof) {
            bytes = std::move(m_pending);
            m_pending.clear();
            m_done = true;
        } else {
            const qsizetype cut = m_pending.lastIndexOf('\n') + 1;
            bytes = m_pending.left(cut);
            m_pending.remove(0, cut);
            readMore();
        }
        text = decode(bytes);
        firstLine = m_nextLine;
        m_nextLine += text.count(QLatin1Char('\n'));
        return !text.isEmpty() || firstLine == 1;
    }

private:
    const FileTree &m_tree;
    QString m_path;
    QByteArray m_pending;
    Encoding m_encoding;
    bool m_whole;
    qint64 m_offset = 0;
    qint64 m_nextLine = 1;
    bool m_eof = false;
    bool m_done = false;

    void readMore()
    {
        const Result<QByteArray> more = m_tree.read(m_path, m_offset, ChunkBytes);
        if (more.hasError() || more->isEmpty()) {
            m_eof = true;
            return;
        }
        m_offset += more->size();
        m_pending += *more;
        m_eof = more->size() < ChunkBytes;
    }

    QString decode(const QByteArray &bytes) const
    {
        if (m_encoding == Encoding::Utf16LE || m_encoding == Encoding::Utf16BE) {
            QStringDecoder decoder(m_encoding == Encoding::Utf16LE ? QStringDecoder::Utf16LE : QStringDecoder::Utf16BE);
            return decoder.decode(bytes); // drops the byte order mark
        }
        return QString::fromUtf8(bytes);
    }
};

struct Compiled
{
    QRegularExpression line;
    QRegularExpression buffer;
};

/// Lines found in one file: number -> (text, first match column), matches only.
using Found = std::map<qint64, GrepLine>;

/// What a search of one file needs to keep.
struct Wanted
{
    bool firstOnly = false; ///< Stop at the first matching line (a listing of files).
    bool text = false;      ///< Keep the lines' text (content mode).
};

/// Line mode: candidates from one search over the chunk, each confirmed on its own line (a
/// candidate may run across a line end, which a line-by-line search cannot).
void searchLines(const Compiled &regex, const QString &text, qint64 firstLine, const Wanted &wanted, Found &found)
{
    const qsizetype length = text.size();
    qsizetype position = 0;
    qsizetype counted = 0; // line numbers are known up to here
    qint64 number = firstLine;
    while (position < length) {
        const QRegularExpressionMatch match = regex.buffer.match(text, position, QRegularExpression::NormalMatch, Unchecked);
        if (!match.hasMatch())
            return;
        const qsizetype start = match.capturedStart();
        const qsizetype lineStart = start == 0 ? 0 : std::max(position, text.lastIndexOf(QLatin1Char('\n'), start - 1) + 1);
        if (lineStart >= length)
            return; // after the last line end: no line there
        qsizetype lineEnd = text.indexOf(QLatin1Char('\n'), start);
        if (lineEnd < 0)
            lineEnd = length;
        number += QStringView(text).mid(counted, lineStart - counted).count(QLatin1Char('\n'));
        counted = lineStart;
        const QStringView line = QStringView(text).mid(lineStart, lineEnd - lineStart);
        qsizetype column = -1;
        if (match.capturedEnd() <= lineEnd) {
            column = start - lineStart;
        } else {
            // ripgrep matches a line without its terminator, "\r\n" included (--crlf).
            QStringView subject = line;
            if (subject.endsWith(QLatin1Char('\r')))
                subject.chop(1);
            const QRegularExpressionMatch own = regex.line.match(subject, 0, QRegularExpression::NormalMatch, Unchecked);
            if (own.hasMatch())
                column = own.capturedStart();
        }
        if (column >= 0) {
            found.emplace(number, GrepLine{number, wanted.text ? withoutCarriageReturn(line) : QString(), true, column});
            if (wanted.firstOnly)
                return;
        }
        position = lineEnd + 1;
    }
}

/// Multiline mode: every line a match touches is a matching line.
void searchWhole(const Compiled &regex, const QString &text, const Wanted &wanted, Found &found)
{
    std::vector<qsizetype> lineEnds; // index of each '\n'
    for (qsizetype i = text.indexOf(QLatin1Char('\n')); i >= 0; i = text.indexOf(QLatin1Char('\n'), i + 1))
        lineEnds.push_back(i);
    const bool endsWithNewline = text.isEmpty() || text.endsWith(QLatin1Char('\n'));
    const auto lineOf = [&lineEnds](qsizetype position) {
        return qsizetype(std::lower_bound(lineEnds.begin(), lineEnds.end(), position) - lineEnds.begin());
    };
    const auto lineStart = [&lineEnds](qsizetype line) { return line == 0 ? 0 : lineEnds[size_t(line - 1)] + 1; };
    const auto lineText = [&](qsizetype line) {
        const qsizetype start = lineStart(line);
        const qsizetype end = line < qsizetype(lineEnds.size()) ? lineEnds[size_t(line)] : text.size();
        return withoutCarriageReturn(QStringView(text).mid(start, end - start));
    };
    QRegularExpressionMatchIterator it = regex.buffer.globalMatch(text, 0, QRegularExpression::NormalMatch, Unchecked);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const qsizetype start = match.capturedStart();
        const qsizetype end = match.capturedEnd();
        if (start >= text.size() && endsWithNewline)
            break; // after the last line end: no line there
        const qsizetype first = lineOf(start);
        const qsizetype last = end > start ? lineOf(end - 1) : first;
        for (qsizetype line = first; line <= last; ++line) {
            const qsizetype column = line == first ? start - lineStart(line) : 0;
            auto existing = found.find(line + 1);
            if (existing == found.end())
                found.emplace(line + 1, GrepLine{line + 1, wanted.text ? lineText(line) : QString(), true, column});
            else
                existing->second.column = std::min(existing->second.column, column);
        }
        if (wanted.firstOnly)
            return;
    }
}

/// The context lines around `found` (content mode), read in a second pass over the file.
void addContext(const FileTree &tree, const QString &path, const GrepQuery &query, Found &found)
{
    std::vector<qint64> wanted;
    for (const auto &[number, line] : found) {
        for (qint64 n = std::max<qint64>(1, number - query.before); n <= number + query.after; ++n) {
            if (!found.count(n))
                wanted.push_back(n);
        }
    }
    std::sort(wanted.begin(), wanted.end());
    wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
    if (wanted.empty())
        return;
    const Result<QByteArray> head = tree.read(path, 0, ChunkBytes);
    if (head.hasError())
        return;
    ChunkReader reader(tree, path, *head, query.multiline);
    QString text;
    qint64 firstLine = 1;
    auto next = wanted.begin();
    while (next != wanted.end() && reader.next(text, firstLine)) {
        qint64 number = firstLine;
        qsizetype start = 0;
        while (next != wanted.end() && start < text.size()) {
            qsizetype end = text.indexOf(QLatin1Char('\n'), start);
            if (end < 0)
                end = text.size();
            if (number == *next) {
                found.emplace(number, GrepLine{number, withoutCarriageReturn(QStringView(text).mid(start, end - start)), false, 0});
                ++next;
            }
            ++number;
            start = end + 1;
        }
    }
}

} // namespace

bool looksBinary(const QByteArray &head)
{
    if (head.startsWith("\xFF\xFE") || head.startsWith("\xFE\xFF"))
        return false;
    return head.left(BinaryProbeBytes).contains('\0');
}

Result<QList<GrepFileResult>> searchBuiltin(const FileTree &tree, const QStringList &files, const GrepQuery &query,
                                            qint64 stopAfter, const CancelCheck &cancelled)
{
    QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
    if (query.caseInsensitive)
        options |= QRegularExpression::CaseInsensitiveOption;
    Compiled regex{QRegularExpression(query.prepared.pcreLine, options),
                   QRegularExpression(query.prepared.pcreBuffer, options | QRegularExpression::MultilineOption)};
    for (const QRegularExpression *compiled : {&regex.line, &regex.buffer}) {
        if (!compiled->isValid()) {
            return Error(QStringLiteral("grep.pattern"),
                         QStringLiteral("Invalid pattern: %1. %2").arg(compiled->errorString(), patternSyntaxHint()));
        }
    }
    regex.line.optimize();
    regex.buffer.optimize();

    const Wanted wanted{query.mode == GrepOutputMode::FilesWithMatches, query.mode == GrepOutputMode::Content};
    QList<GrepFileResult> results;
    qint64 total = 0;
    for (const QString &path : files) {
        if (cancelled && cancelled())
            return Error(QStringLiteral("grep.cancelled"), QStringLiteral("The search was cancelled."));
        const Result<QByteArray> head = tree.read(path, 0, ChunkBytes);
        if (head.hasError() || looksBinary(*head))
            continue; // unreadable files are skipped, as ripgrep skips them
        Found found;
        ChunkReader reader(tree, path, *head, query.multiline);
        QString text;
        qint64 firstLine = 1;
        while (reader.next(text, firstLine)) {
            if (query.multiline)
                searchWhole(regex, text, wanted, found);
            else
                searchLines(regex, text, firstLine, wanted, found);
            if (wanted.firstOnly && !found.empty())
                break;
            if (cancelled && cancelled())
                return Error(QStringLiteral("grep.cancelled"), QStringLiteral("The search was cancelled."));
        }
        if (found.empty())
            continue;
        GrepFileResult result;
        result.backendPath = path;
        result.matchingLines = qint64(found.size());
        if (query.mode == GrepOutputMode::Content) {
            if (query.before > 0 || query.after > 0)
                addContext(tree, path, query, found);
            result.lines.reserve(qsizetype(found.size()));
            for (auto &entry : found)
                result.lines.append(std::move(entry.second));
        }
        total += result.matchingLines;
        results.append(std::move(result));
        if (stopAfter > 0 && total >= stopAfter)
            break;
    }
    return results;
}

} // namespace valis::tools::search
