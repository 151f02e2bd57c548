// MarkdownWriter's tables: data tables as GFM pipe tables, layout tables as their content.
#include "markdownwriter.h"

#include "contentextractor.h"
#include "htmldocument.h"

#include <utility>

namespace valis::web::detail {

namespace {

/// Wider tables are cut: a model gains nothing from a 500-column spreadsheet row.
constexpr int MaxColumns = 64;

void collectRows(const GumboNode *table, std::vector<const GumboNode *> *rows, const GumboNode **caption)
{
    const GumboVector &children = childrenOf(table);
    for (unsigned int i = 0; i < children.length; ++i) {
        const GumboNode *child = childAt(children, i);
        switch (tagOf(child)) {
        case GUMBO_TAG_TR:
            rows->push_back(child);
            break;
        case GUMBO_TAG_THEAD: case GUMBO_TAG_TBODY: case GUMBO_TAG_TFOOT: {
            const GumboVector &sectionRows = childrenOf(child);
            for (unsigned int k = 0; k < sectionRows.length; ++k) {
                if (tagOf(childAt(sectionRows, k)) == GUMBO_TAG_TR)
                    rows->push_back(childAt(sectionRows, k));
            }
            break;
        }
        case GUMBO_TAG_CAPTION:
            *caption = child;
            break;
        default:
            break;
        }
    }
}

bool isCell(const GumboNode *node)
{
    return tagOf(node) == GUMBO_TAG_TD || tagOf(node) == GUMBO_TAG_TH;
}

int spanOf(const GumboNode *cell)
{
    const int span = attribute(cell, "colspan").toByteArray().trimmed().toInt();
    return qBound(1, span, MaxColumns);
}

/// A table inside a cell, or block content with a lot of text, marks a layout table.
bool hasNestedTable(const GumboNode *row)
{
    std::vector<const GumboNode *> stack{row};
    int visited = 0;
    while (!stack.empty() && ++visited < 20000) {
        const GumboNode *node = stack.back();
        stack.pop_back();
        if (node != row && tagOf(node) == GUMBO_TAG_TABLE)
            return true;
        if (!isElement(node))
            continue;
        const GumboVector &children = childrenOf(node);
        for (unsigned int i = 0; i < children.length; ++i)
            stack.push_back(childAt(children, i));
    }
    return false;
}

} // namespace

void MarkdownWriter::table(const GumboNode *element, int depth)
{
    if (m_inline) {
        block(element, depth);
        return;
    }
    std::vector<const GumboNode *> rows;
    const GumboNode *caption = nullptr;
    collectRows(element, &rows, &caption);
    int columns = 0;
    bool layout = rows.empty() || attribute(element, "role") == QByteArrayView("presentation");
    for (const GumboNode *row : rows) {
        int width = 0;
        const GumboVector &cells = childrenOf(row);
        for (unsigned int i = 0; i < cells.length; ++i) {
            if (isCell(childAt(cells, i)))
                width += spanOf(childAt(cells, i));
        }
        columns = qMax(columns, qMin(width, MaxColumns));
        layout = layout || hasNestedTable(row);
    }
    if (layout || columns <= 1) {
        // Pages laid out with tables: their cells are ordinary blocks.
        block(element, depth);
        return;
    }
    flush();
    if (caption && !(m_options.dropped && m_options.dropped->count(caption)))
        block(caption, depth + 1);

    std::vector<QStringList> grid;
    for (const GumboNode *row : rows) {
        if (m_truncated)
            return;
        if (m_options.dropped && m_options.dropped->count(row))
            continue;
        QStringList cellsText;
        const GumboVector &cells = childrenOf(row);
        for (unsigned int i = 0; i < cells.length && cellsText.size() < MaxColumns; ++i) {
            const GumboNode *cell = childAt(cells, i);
            if (!isCell(cell))
                continue;
            cellsText.append(cellText(cell, depth + 2));
            for (int extra = spanOf(cell) - 1; extra > 0 && cellsText.size() < MaxColumns; --extra)
                cellsText.append(QString());
        }
        while (cellsText.size() < columns)
            cellsText.append(QString());
        grid.push_back(cellsText);
    }
    if (grid.empty())
        return;

    QStringList lines;
    auto rowLine = [this](const QStringList &cellsText) {
        return markdown() ? QStringLiteral("| ") + cellsText.join(QStringLiteral(" | ")) + QStringLiteral(" |")
                          : cellsText.join(QStringLiteral(" | "));
    };
    for (size_t r = 0; r < grid.size(); ++r) {
        lines.append(rowLine(grid.at(r)));
        // GFM needs a header row; the first row is it (a <thead> or <th> row in almost every
        // data table, and the best guess otherwise).
        if (r == 0 && markdown()) {
            QStringList separator;
            for (int c = 0; c < columns; ++c)
                separator.append(QStringLiteral("---"));
            lines.append(rowLine(separator));
        }
    }
    emitLines(lines);
    m_forceBlank = true;
}

QString MarkdownWriter::cellText(const GumboNode *cell, int depth)
{
    QString saved = std::exchange(m_para, QString());
    ++m_inline;
    visitChildren(cell, depth);
    --m_inline;
    QString text = std::exchange(m_para, std::move(saved));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text = text.trimmed();
    if (markdown()) {
        // A pipe inside a cell (code spans included) must be escaped in GFM.
        QString escaped;
        escaped.reserve(text.size());
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (text.at(i) == QLatin1Char('|') && (i == 0 || text.at(i - 1) != QLatin1Char('\\')))
                escaped += QLatin1Char('\\');
            escaped += text.at(i);
        }
        text = escaped;
    }
    return text;
}

} // namespace valis::web::detail
