#include "indentblock.h"

#include <algorithm>
#include <limits>

namespace valis::tools::files {

namespace {

constexpr int TabWidth = 4;

/// Leading columns, or -1 for a blank line.
int indentOf(const QString &line)
{
    int columns = 0;
    for (const QChar c : line) {
        if (c == QLatin1Char(' '))
            ++columns;
        else if (c == QLatin1Char('\t'))
            columns += TabWidth;
        else
            return columns;
    }
    return -1;
}

class Layout
{
public:
    explicit Layout(const QStringList &lines) : m_lines(lines)
    {
        m_indents.reserve(lines.size());
        for (const QString &line : lines)
            m_indents.append(indentOf(line));
    }

    qsizetype size() const { return m_lines.size(); }
    bool blank(qsizetype i) const { return m_indents.at(i) < 0; }
    int indent(qsizetype i) const { return m_indents.at(i); }
    QString trimmed(qsizetype i) const { return m_lines.at(i).trimmed(); }

    qsizetype nextNonBlank(qsizetype i) const
    {
        for (qsizetype j = i + 1; j < size(); ++j) {
            if (!blank(j))
                return j;
        }
        return -1;
    }

    qsizetype previousNonBlank(qsizetype i) const
    {
        for (qsizetype j = i - 1; j >= 0; --j) {
            if (!blank(j))
                return j;
        }
        return -1;
    }

    bool opensBlock(qsizetype i) const
    {
        const qsizetype next = nextNonBlank(i);
        return next >= 0 && indent(next) > indent(i);
    }

    /// The nearest line above `i` indented less than it: the header of the block `i` is in.
    qsizetype enclosingHeader(qsizetype i) const
    {
        for (qsizetype j = i - 1; j >= 0; --j) {
            if (!blank(j) && indent(j) < indent(i))
                return j;
        }
        return -1;
    }

    /// Where the header that `header` belongs to starts: an Allman "{" line's signature is the
    /// line above it at the same indentation (after any deeper continuation lines).
    qsizetype headerStart(qsizetype header) const
    {
        if (!trimmed(header).startsWith(QLatin1Char('{')))
            return header;
        qsizetype j = previousNonBlank(header);
        while (j >= 0 && indent(j) > indent(header))
            j = previousNonBlank(j);
        if (j >= 0 && indent(j) == indent(header)) {
            const QString text = trimmed(j);
            if (!text.endsWith(QLatin1Char(';')) && !text.endsWith(QLatin1Char('}')) && !text.endsWith(QLatin1Char('{')))
                return j;
        }
        return header;
    }

    qsizetype blockEnd(qsizetype header) const
    {
        qsizetype end = header;
        for (qsizetype i = header + 1; i < size(); ++i) {
            if (blank(i))
                continue;
            if (indent(i) > indent(header)) {
                end = i;
                continue;
            }
            if (indent(i) == indent(header) && isCloser(trimmed(i)))
                end = i;
            break;
        }
        return end;
    }

    static bool isCloser(const QString &text)
    {
        if (text.startsWith(QLatin1Char('}')) || text.startsWith(QLatin1Char(')')) || text.startsWith(QLatin1Char(']'))
            || text.startsWith(QLatin1String("</")))
            return true;
        qsizetype word = 0;
        while (word < text.size() && (text.at(word).isLetter() || text.at(word) == QLatin1Char('#')))
            ++word;
        static const QStringList closers{QStringLiteral("end"),     QStringLiteral("endif"),    QStringLiteral("endfor"),
                                         QStringLiteral("endwhile"), QStringLiteral("endfunction"), QStringLiteral("endmodule"),
                                         QStringLiteral("fi"),      QStringLiteral("done"),     QStringLiteral("esac"),
                                         QStringLiteral("#endif"),  QStringLiteral("until")};
        return closers.contains(text.left(word));
    }

    /// Doc comments, decorators, attributes and template heads that belong to the next line.
    static bool isDecoration(const QString &text)
    {
        static const QStringList starts{QStringLiteral("//"), QStringLiteral("#"),        QStringLiteral("/*"),
                                        QStringLiteral("*"),  QStringLiteral("--"),       QStringLiteral("@"),
                                        QStringLiteral("[["), QStringLiteral("template"), QStringLiteral("\"\"\""),
                                        QStringLiteral(";")};
        for (const QString &start : starts) {
            if (text.startsWith(start))
                return true;
        }
        return false;
    }

private:
    const QStringList &m_lines;
    QList<int> m_indents;
};

} // namespace

BlockRange findBlock(const QStringList &lines, const BlockRequest &request)
{
    const Layout layout(lines);
    BlockRange range;
    if (lines.isEmpty())
        return range;
    qsizetype anchor = std::clamp<qsizetype>(request.anchor, 0, lines.size() - 1);
    if (layout.blank(anchor)) {
        qsizetype other = layout.nextNonBlank(anchor);
        if (other < 0)
            other = layout.previousNonBlank(anchor);
        if (other < 0) {
            range.first = range.last = anchor;
            range.paragraph = true;
            return range;
        }
        anchor = other;
    }

    // Level 1: the block the anchor opens, or the one it is in.
    qsizetype header = -1;
    if (layout.opensBlock(anchor)) {
        header = anchor;
    } else if (Layout::isCloser(layout.trimmed(anchor))) {
        for (qsizetype j = anchor - 1; j >= 0; --j) {
            if (!layout.blank(j) && layout.indent(j) <= layout.indent(anchor)) {
                if (layout.indent(j) == layout.indent(anchor) && layout.opensBlock(j))
                    header = j;
                break;
            }
        }
    }
    if (header < 0)
        header = layout.enclosingHeader(anchor);

    if (header < 0) {
        // A top-level line that opens nothing: its paragraph.
        range.first = anchor;
        range.last = anchor;
        while (range.first > 0 && !layout.blank(range.first - 1))
            --range.first;
        while (range.last + 1 < lines.size() && !layout.blank(range.last + 1))
            ++range.last;
        range.paragraph = true;
        return range;
    }

    range.levels = 1;
    const int wanted = request.maxLevels <= 0 ? std::numeric_limits<int>::max() : request.maxLevels;
    while (range.levels < wanted) {
        const qsizetype parent = layout.enclosingHeader(layout.headerStart(header));
        if (parent < 0) {
            range.reachedTop = request.maxLevels > 0;
            break;
        }
        header = parent;
        ++range.levels;
    }

    if (request.includeSiblings) {
        const qsizetype parent = layout.enclosingHeader(layout.headerStart(header));
        if (parent < 0) {
            // Siblings of a top-level block: everything at the top level.
            range.first = 0;
            range.last = lines.size() - 1;
            while (range.first < range.last && layout.blank(range.first))
                ++range.first;
            while (range.last > range.first && layout.blank(range.last))
                --range.last;
            return range;
        }
        header = parent;
    }

    range.first = layout.headerStart(header);
    range.last = layout.blockEnd(header);
    if (request.includeHeader) {
        const int level = layout.indent(range.first);
        while (range.first > 0 && !layout.blank(range.first - 1) && layout.indent(range.first - 1) == level
               && Layout::isDecoration(layout.trimmed(range.first - 1)))
            --range.first;
    }
    while (range.last > range.first && layout.blank(range.last))
        --range.last;
    return range;
}

} // namespace valis::tools::files
