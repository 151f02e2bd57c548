#include "import/aiderhistoryparser.h"

#include "valis/import/jsonsource.h"

#include <QCoreApplication>

namespace valis::aider {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::AiderImporter)
};

constexpr QByteArrayView kHeader("# aider chat started at ");

bool isBlank(QByteArrayView line)
{
    for (const char c : line) {
        if (c != ' ' && c != '\t')
            return false;
    }
    return true;
}

// Aider ends every line it logs with a Markdown hard break: two spaces after the text.
bool endsWithBreak(QByteArrayView line)
{
    return line.endsWith("  ") && !isBlank(line);
}

bool isUserLine(QByteArrayView line)
{
    if (!line.startsWith("####"))
        return false;
    const QByteArrayView rest = line.sliced(4);
    return isBlank(rest) || (rest.startsWith(' ') && line.endsWith("  "));
}

bool isOutputLine(QByteArrayView line)
{
    return line.startsWith("> ") || (line.startsWith('>') && isBlank(line.sliced(1)));
}

// A code fence the reply opened: a run of backticks or tildes, or one of the HTML-like tags
// Aider asks some models to fence code with (<source>python ... </source>).
struct Fence
{
    char marker = 0;
    qsizetype length = 0;
    QByteArray closingTag;

    bool isOpen() const { return marker != 0 || !closingTag.isEmpty(); }
};

Fence openingFence(QByteArrayView line)
{
    const QByteArrayView text = line.trimmed();
    if (text.startsWith("```") || text.startsWith("~~~")) {
        const char marker = text.front();
        qsizetype length = 0;
        while (length < text.size() && text.at(length) == marker)
            ++length;
        // "```x```" is inline code: a backtick fence's info string holds no backtick.
        if (marker == '`' && text.sliced(length).contains('`'))
            return {};
        return {marker, length, {}};
    }
    static const char *const tags[] = {"source", "sourcecode", "codeblock", "code", "pre"};
    for (const char *tag : tags) {
        const QByteArray open = QByteArray("<") + tag + '>';
        if (!text.startsWith(open))
            continue;
        // Only a language name may follow the tag; anything else is inline HTML.
        for (const char c : text.sliced(open.size())) {
            if (!QChar::isLetterOrNumber(uchar(c)) && c != '-' && c != '+' && c != '#' && c != '.')
                return {};
        }
        return {0, 0, QByteArray("</") + tag + '>'};
    }
    return {};
}

bool closesFence(const Fence &fence, QByteArrayView line)
{
    const QByteArrayView text = line.trimmed();
    if (fence.marker == 0)
        return text.startsWith(fence.closingTag);
    if (text.size() < fence.length)
        return false;
    for (const char c : text) {
        if (c != fence.marker)
            return false;
    }
    return true;
}

// Feeds lines to sections and blocks; see HistoryParser for the rules.
class Splitter
{
public:
    explicit Splitter(History *history) : m_history(history) {}

    void startSection(int headerLine, const QDateTime &startedAt, qsizetype begin)
    {
        endSection(begin);
        m_section = Section();
        m_section.headerLine = headerLine;
        m_section.startedAt = startedAt;
        m_section.begin = begin;
        m_haveSection = true;
        m_fence = {};
        m_pendingOutput = false;
        m_previousBlank = true;
        m_previousUser = false;
    }

    void endSection(qsizetype end)
    {
        if (!m_haveSection)
            return;
        flush();
        m_section.end = end;
        // The lines before the first header count only when they say something.
        if (m_section.headerLine > 0 || !m_section.blocks.isEmpty())
            m_history->sections.append(std::move(m_section));
        m_haveSection = false;
    }

    void addLine(QByteArrayView line, int number)
    {
        const bool blank = isBlank(line);
        const bool user = isUserLine(line);
        const bool output = !user && isOutputLine(line);
        const bool afterBlank = m_previousBlank;
        const bool afterUser = m_previousUser;
        m_previousBlank = blank;
        m_previousUser = false;

        if (m_pendingOutput && !user) {
            // A continuation: keep a leading ">" (pytest marks lines so), drop only the break.
            append(BlockKind::Output, line, number, Markers::BreakOnly);
            if (endsWithBreak(line))
                m_pendingOutput = false;
            return;
        }
        m_pendingOutput = false;

        if (m_fence.isOpen()) {
            if ((user || output) && afterBlank) {
                m_fence = {};
                ++m_history->repliesEndedInFence;
            } else {
                if (closesFence(m_fence, line))
                    m_fence = {};
                append(BlockKind::Assistant, line, number);
                return;
            }
        }
        if (user) {
            if (m_kind != BlockKind::User || !afterUser)
                flush();
            append(BlockKind::User, line, number);
            m_previousUser = true;
            return;
        }
        if (output) {
            append(BlockKind::Output, line, number);
            m_pendingOutput = !isBlank(line.sliced(1)) && !line.endsWith("  ");
            return;
        }
        if (blank) {
            if (m_kind == BlockKind::User)
                flush();
            else if (m_lineCount > 0)
                ++m_pendingBlanks;
            return;
        }
        append(BlockKind::Assistant, line, number);
        m_fence = openingFence(line);
    }

private:
    enum class Markers { Prefix, BreakOnly };

    void append(BlockKind kind, QByteArrayView line, int number, Markers markers = Markers::Prefix)
    {
        if (m_lineCount > 0 && kind != m_kind)
            flush();
        if (isBlank(line) && kind != BlockKind::User && m_lineCount > 0) {
            ++m_pendingBlanks; // kept only when more of the block follows
            return;
        }
        if (m_lineCount == 0) {
            m_kind = kind;
            m_firstLine = number;
        } else {
            m_text.append(m_pendingBlanks + 1, '\n');
        }
        m_pendingBlanks = 0;
        ++m_lineCount;
        m_text.append(strip(kind, line, markers));
    }

    // The line without Aider's markers: the "#### " or "> " prefix and the two-space break.
    static QByteArrayView strip(BlockKind kind, QByteArrayView line, Markers markers)
    {
        if (kind == BlockKind::Assistant)
            return line;
        if (markers == Markers::Prefix && kind == BlockKind::User) {
            line = line.sliced(4);
            if (line.startsWith(' '))
                line = line.sliced(1);
        } else if (markers == Markers::Prefix && line.startsWith('>')) {
            line = line.sliced(qMin<qsizetype>(2, line.size()));
        }
        if (line.endsWith("  "))
            line.chop(2);
        return isBlank(line) ? QByteArrayView() : line;
    }

    void flush()
    {
        if (m_lineCount > 0) {
            qsizetype from = 0;
            while (from < m_text.size() && m_text.at(from) == '\n')
                ++from;
            qsizetype to = m_text.size();
            while (to > from && m_text.at(to - 1) == '\n')
                --to;
            m_section.blocks.append(
                {m_kind, m_firstLine, QString::fromUtf8(m_text.constData() + from, to - from)});
        }
        m_text.resize(0);
        m_lineCount = 0;
        m_pendingBlanks = 0;
        m_kind = BlockKind::Assistant;
        m_firstLine = 0;
    }

    History *m_history;
    Section m_section;
    bool m_haveSection = false;
    Fence m_fence;
    bool m_pendingOutput = false;
    bool m_previousBlank = true;
    bool m_previousUser = false;

    BlockKind m_kind = BlockKind::Assistant;
    int m_firstLine = 0;
    int m_lineCount = 0;
    int m_pendingBlanks = 0;
    QByteArray m_text;
};

} // namespace

Result<History> HistoryParser::parse(const QString &path, const QByteArray &bytes)
{
    History history;
    Splitter splitter(&history);
    bool sawHeader = false;
    int number = 0;
    qsizetype position = 0;
    while (position < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', position);
        if (end < 0)
            end = bytes.size();
        const qsizetype begin = position;
        position = end + 1;
        ++number;
        QByteArrayView line(bytes.constData() + begin, end - begin);
        if (line.endsWith('\r'))
            line.chop(1);

        if (number == 1) {
            const QByteArrayView trimmed = line.trimmed();
            if (trimmed.size() > 6 && trimmed.startsWith("-*-") && trimmed.endsWith("-*-")) {
                history.skippedModeLine = true; // an Emacs file-variables line, not Aider's
                splitter.startSection(0, {}, position);
                continue;
            }
            splitter.startSection(0, {}, begin);
        }
        if (line.startsWith(kHeader)) {
            const QString when = QString::fromLatin1(line.sliced(kHeader.size()).trimmed());
            const QDateTime local = QDateTime::fromString(when, QStringLiteral("yyyy-MM-dd HH:mm:ss"));
            if (!local.isValid()) {
                return malformedInput(path, number,
                                      Text::tr("the session header's time \"%1\" is not "
                                               "YYYY-MM-DD HH:MM:SS").arg(when));
            }
            splitter.startSection(number, QDateTime(local.date(), local.time(), Qt::UTC), begin);
            sawHeader = true;
            continue;
        }
        splitter.addLine(line, number);
    }
    splitter.endSection(bytes.size());
    if (!sawHeader) {
        return malformedInput(path, 1,
                              Text::tr("not an Aider chat history: no \"# aider chat started at\" line"));
    }
    return history;
}

} // namespace valis::aider
