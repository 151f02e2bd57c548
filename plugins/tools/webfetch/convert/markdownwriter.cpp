#include "markdownwriter.h"

#include "contentextractor.h"
#include "htmldocument.h"

#include <utility>

namespace valis::web::detail {

namespace {

/// Deeper than this, a subtree is written as its plain text (no recursion).
constexpr int MaxWriterDepth = 1200;

/// A line that would start a heading, quote, list, rule or fence in Markdown gets a backslash.
QString escapeLineStart(const QString &line)
{
    if (line.isEmpty())
        return line;
    const QChar first = line.at(0);
    if (first == QLatin1Char('#') || first == QLatin1Char('>'))
        return QLatin1Char('\\') + line;
    if ((first == QLatin1Char('-') || first == QLatin1Char('+') || first == QLatin1Char('='))
        && (line.size() == 1 || line.at(1) == QLatin1Char(' ') || line.at(1) == first))
        return QLatin1Char('\\') + line;
    if (line.startsWith(QLatin1String("~~~")))
        return QLatin1Char('\\') + line;
    qsizetype digits = 0;
    while (digits < line.size() && digits < 10 && line.at(digits).isDigit())
        ++digits;
    if (digits > 0 && digits < line.size() && (line.at(digits) == QLatin1Char('.') || line.at(digits) == QLatin1Char(')'))
        && (digits + 1 == line.size() || line.at(digits + 1) == QLatin1Char(' ')))
        return line.left(digits) + QLatin1Char('\\') + line.mid(digits);
    return line;
}

/// "language-python", "lang-js" on the element (or its first <code>, or the wrapper GitHub
/// and Sphinx put around it: "highlight-source-rust", "highlight-python"), or data-lang.
QString codeLanguage(const GumboNode *pre)
{
    auto fromClass = [](const GumboNode *element) -> QString {
        const QByteArray classes = attribute(element, "class").toByteArray();
        for (const QByteArray &token : classes.split(' ')) {
            for (const char *prefix : {"language-", "lang-", "highlight-source-", "highlight-"}) {
                if (token.startsWith(prefix) && token.size() > qsizetype(qstrlen(prefix)))
                    return QString::fromLatin1(token.mid(qstrlen(prefix)));
            }
        }
        const QByteArrayView dataLang = attribute(element, "data-lang");
        return dataLang.isEmpty() ? QString() : QString::fromUtf8(dataLang);
    };
    QString language = fromClass(pre);
    const GumboVector &children = childrenOf(pre);
    for (unsigned int i = 0; language.isEmpty() && i < children.length; ++i) {
        if (tagOf(childAt(children, i)) == GUMBO_TAG_CODE)
            language = fromClass(childAt(children, i));
    }
    const GumboNode *wrapper = pre->parent;
    for (int level = 0; language.isEmpty() && level < 2 && wrapper && tagOf(wrapper) == GUMBO_TAG_DIV; ++level) {
        language = fromClass(wrapper);
        wrapper = wrapper->parent;
    }
    if (language == QLatin1String("default") || language == QLatin1String("none"))
        language.clear();
    QString clean;
    for (const QChar c : std::as_const(language)) {
        if (c.isLetterOrNumber() || c == QLatin1Char('+') || c == QLatin1Char('#') || c == QLatin1Char('-')
            || c == QLatin1Char('_') || c == QLatin1Char('.'))
            clean += c;
    }
    return clean.left(32);
}

/// The text of a <pre> as it is: text verbatim, <br> as a line break, nothing else.
QString preformattedText(const GumboNode *pre)
{
    QByteArray text;
    std::vector<const GumboNode *> stack{pre};
    while (!stack.empty()) {
        const GumboNode *node = stack.back();
        stack.pop_back();
        if (isTextual(node)) {
            text += node->v.text.text;
        } else if (isElement(node) && !isNeverContent(node)) {
            if (tagOf(node) == GUMBO_TAG_BR)
                text += '\n';
            const GumboVector &children = childrenOf(node);
            for (unsigned int i = children.length; i > 0; --i)
                stack.push_back(childAt(children, i - 1));
        }
    }
    QString code = QString::fromUtf8(text);
    code.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    if (code.startsWith(QLatin1Char('\n')))
        code.remove(0, 1);
    while (!code.isEmpty() && code.back().isSpace())
        code.chop(1);
    return code;
}

} // namespace

QString markdownFence(const QString &code, QChar fenceChar, int minimum)
{
    int longest = 0;
    int run = 0;
    for (const QChar c : code) {
        run = c == fenceChar ? run + 1 : 0;
        longest = qMax(longest, run);
    }
    return QString(qMax(minimum, longest + 1), fenceChar);
}

MarkdownWriter::MarkdownWriter(WriterOptions options) : m_options(std::move(options)) {}

void MarkdownWriter::write(const GumboNode *root)
{
    visit(root, 0);
    flush();
}

void MarkdownWriter::visitChildren(const GumboNode *element, int depth)
{
    const GumboVector &children = childrenOf(element);
    for (unsigned int i = 0; i < children.length && !m_truncated; ++i)
        visit(childAt(children, i), depth + 1);
}

void MarkdownWriter::visit(const GumboNode *node, int depth)
{
    if (m_truncated)
        return;
    if (isTextual(node)) {
        appendText(node->v.text.text);
        return;
    }
    if (tagOf(node) == GUMBO_TAG_INPUT && markdown() && attribute(node, "type") == QByteArrayView("checkbox")) {
        // A task list's box: GFM's own spelling.
        appendSpace();
        m_para += hasAttribute(node, "checked") ? QStringLiteral("[x] ") : QStringLiteral("[ ] ");
        return;
    }
    if (!isElement(node) || isNeverContent(node) || (m_options.dropped && m_options.dropped->count(node)))
        return;
    if (depth > MaxWriterDepth) {
        appendSpace();
        appendText(collapsedText(node, m_options.maxChars).toUtf8().constData());
        return;
    }
    switch (tagOf(node)) {
    case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
        heading(node, depth, int(tagOf(node) - GUMBO_TAG_H1) + 1);
        return;
    case GUMBO_TAG_PRE: case GUMBO_TAG_LISTING: case GUMBO_TAG_XMP: case GUMBO_TAG_PLAINTEXT:
        preformatted(node);
        return;
    case GUMBO_TAG_UL: case GUMBO_TAG_MENU: case GUMBO_TAG_DIR:
        list(node, depth, false);
        return;
    case GUMBO_TAG_OL:
        list(node, depth, true);
        return;
    case GUMBO_TAG_LI:
        listItem(node, depth);
        return;
    case GUMBO_TAG_BLOCKQUOTE:
        blockquote(node, depth);
        return;
    case GUMBO_TAG_TABLE:
        table(node, depth);
        return;
    case GUMBO_TAG_A:
        link(node, depth);
        return;
    case GUMBO_TAG_IMG: case GUMBO_TAG_IMAGE:
        image(node);
        return;
    case GUMBO_TAG_CODE: case GUMBO_TAG_KBD: case GUMBO_TAG_SAMP: case GUMBO_TAG_TT:
        inlineCode(node);
        return;
    case GUMBO_TAG_EM: case GUMBO_TAG_I: case GUMBO_TAG_CITE: case GUMBO_TAG_DFN: case GUMBO_TAG_VAR:
        wrapped(node, depth, QStringLiteral("*"));
        return;
    case GUMBO_TAG_STRONG: case GUMBO_TAG_B:
        wrapped(node, depth, QStringLiteral("**"));
        return;
    case GUMBO_TAG_DEL: case GUMBO_TAG_S: case GUMBO_TAG_STRIKE:
        wrapped(node, depth, QStringLiteral("~~"));
        return;
    case GUMBO_TAG_DT:
        // A term reads as a short bold line above its definition.
        if (m_inline) {
            visitChildren(node, depth);
        } else {
            flush();
            wrapped(node, depth, QStringLiteral("**"));
            flush();
        }
        return;
    case GUMBO_TAG_Q:
        m_para += QChar(0x201C);
        visitChildren(node, depth);
        m_para += QChar(0x201D);
        return;
    case GUMBO_TAG_BR:
        if (m_inline)
            appendSpace();
        else
            m_para += QLatin1Char('\n');
        return;
    case GUMBO_TAG_HR:
        if (m_inline) {
            appendSpace();
        } else {
            flush();
            // A rule before any content only separated the chrome that was dropped.
            if (markdown() && !m_out.isEmpty())
                emitLines({QStringLiteral("---")});
        }
        return;
    case GUMBO_TAG_RP:
        return;
    case GUMBO_TAG_P: case GUMBO_TAG_DIV: case GUMBO_TAG_SECTION: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_MAIN:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_FOOTER: case GUMBO_TAG_ASIDE: case GUMBO_TAG_NAV: case GUMBO_TAG_ADDRESS:
    case GUMBO_TAG_FIGURE: case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_DETAILS: case GUMBO_TAG_SUMMARY:
    case GUMBO_TAG_DL: case GUMBO_TAG_DD: case GUMBO_TAG_CENTER: case GUMBO_TAG_FIELDSET: case GUMBO_TAG_LEGEND:
    case GUMBO_TAG_HGROUP: case GUMBO_TAG_BODY: case GUMBO_TAG_HTML: case GUMBO_TAG_FORM: case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_TR: case GUMBO_TAG_TD: case GUMBO_TAG_TH: case GUMBO_TAG_THEAD: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TFOOT: case GUMBO_TAG_FRAME:
        block(node, depth);
        return;
    default:
        visitChildren(node, depth);
        return;
    }
}

void MarkdownWriter::block(const GumboNode *element, int depth)
{
    if (m_inline) {
        appendSpace();
        visitChildren(element, depth);
        appendSpace();
        return;
    }
    flush();
    visitChildren(element, depth);
    flush();
}

void MarkdownWriter::heading(const GumboNode *element, int depth, int level)
{
    if (m_inline) {
        appendSpace();
        visitChildren(element, depth);
        appendSpace();
        return;
    }
    flush();
    ++m_inline;
    visitChildren(element, depth);
    --m_inline;
    const QString text = std::exchange(m_para, QString()).trimmed();
    if (text.isEmpty())
        return;
    emitLines({markdown() ? QString(level, QLatin1Char('#')) + QLatin1Char(' ') + text : text});
}

void MarkdownWriter::preformatted(const GumboNode *element)
{
    if (m_inline) {
        inlineCode(element);
        return;
    }
    flush();
    const QString code = preformattedText(element);
    if (code.trimmed().isEmpty())
        return;
    QStringList lines = code.split(QLatin1Char('\n'));
    if (markdown()) {
        const QString fence = markdownFence(code, QLatin1Char('`'), 3);
        lines.prepend(fence + codeLanguage(element));
        lines.append(fence);
    }
    emitLines(lines);
}

void MarkdownWriter::list(const GumboNode *element, int depth, bool ordered)
{
    if (m_inline) {
        block(element, depth);
        return;
    }
    flush();
    if (!insideListItem())
        m_forceBlank = true;
    ListState state{ordered, 1};
    if (ordered) {
        bool ok = false;
        const qint64 start = QByteArray(attribute(element, "start").toByteArray()).trimmed().toLongLong(&ok);
        if (ok && start >= 0 && start < 1000000000)
            state.next = start;
    }
    m_lists.push_back(state);
    visitChildren(element, depth);
    flush();
    m_lists.pop_back();
    if (!insideListItem())
        m_forceBlank = true;
}

void MarkdownWriter::listItem(const GumboNode *element, int depth)
{
    if (m_inline) {
        block(element, depth);
        return;
    }
    flush();
    QString marker = QStringLiteral("- ");
    if (!m_lists.empty() && m_lists.back().ordered)
        marker = QString::number(m_lists.back().next++) + QStringLiteral(". ");
    m_containers.push_back({QString(marker.size(), QLatin1Char(' ')), marker, true, true});
    visitChildren(element, depth);
    flush();
    m_containers.pop_back();
}

void MarkdownWriter::blockquote(const GumboNode *element, int depth)
{
    if (m_inline) {
        block(element, depth);
        return;
    }
    flush();
    // The blank line before the quote belongs to the enclosing quote, not to this one.
    if (!m_out.isEmpty() && (m_forceBlank || !insideListItem())) {
        QString blank = linePrefix(false);
        while (blank.endsWith(QLatin1Char(' ')))
            blank.chop(1);
        m_out += blank + QLatin1Char('\n');
        m_separated = true;
    }
    m_containers.push_back({markdown() ? QStringLiteral("> ") : QStringLiteral("  "), QString(), false, false});
    visitChildren(element, depth);
    flush();
    m_containers.pop_back();
    m_forceBlank = true;
}

void MarkdownWriter::flush()
{
    ++m_flushes;
    if (m_para.isEmpty())
        return;
    const QString text = std::exchange(m_para, QString());
    if (m_truncated)
        return;
    QStringList paragraph;
    auto emitParagraph = [&] {
        if (paragraph.isEmpty())
            return;
        if (markdown()) {
            for (qsizetype i = 0; i < paragraph.size(); ++i) {
                paragraph[i] = escapeLineStart(paragraph.at(i));
                if (i + 1 < paragraph.size())
                    paragraph[i] += QLatin1Char('\\'); // a hard line break
            }
        }
        emitLines(paragraph);
        paragraph.clear();
    };
    for (const QStringView line : QStringView(text).split(QLatin1Char('\n'))) {
        const QString trimmed = line.trimmed().toString();
        if (trimmed.isEmpty())
            emitParagraph();
        else
            paragraph.append(trimmed);
    }
    emitParagraph();
}

bool MarkdownWriter::insideListItem() const
{
    for (const Container &container : m_containers) {
        if (container.listItem)
            return true;
    }
    return false;
}

QString MarkdownWriter::linePrefix(bool firstLine) const
{
    QString prefix;
    for (const Container &container : m_containers)
        prefix += (firstLine && container.markerPending) ? container.marker : container.prefix;
    return prefix;
}

void MarkdownWriter::emitLines(const QStringList &lines)
{
    if (m_truncated || lines.isEmpty())
        return;
    if (!m_out.isEmpty() && !m_separated && (m_forceBlank || !insideListItem())) {
        QString blank = linePrefix(false);
        while (blank.endsWith(QLatin1Char(' ')))
            blank.chop(1);
        m_out += blank + QLatin1Char('\n');
    }
    m_forceBlank = false;
    m_separated = false;
    for (qsizetype i = 0; i < lines.size(); ++i)
        m_out += linePrefix(i == 0) + lines.at(i) + QLatin1Char('\n');
    for (Container &container : m_containers)
        container.markerPending = false;
    if (m_out.size() > m_options.maxChars)
        m_truncated = true;
}

QString MarkdownWriter::finish(bool *truncated)
{
    flush();
    // Trailing spaces off every line, at most one blank line in a row, no blank start or end.
    QString result;
    result.reserve(m_out.size());
    int newlines = 0;
    qsizetype lineStart = 0;
    for (qsizetype at = 0; at <= m_out.size(); ++at) {
        if (at < m_out.size() && m_out.at(at) != QLatin1Char('\n'))
            continue;
        QStringView line = QStringView(m_out).mid(lineStart, at - lineStart);
        while (!line.isEmpty() && line.back().isSpace())
            line.chop(1);
        lineStart = at + 1;
        if (line.isEmpty()) {
            ++newlines;
            continue;
        }
        if (!result.isEmpty())
            result += newlines > 1 ? QStringLiteral("\n\n") : QStringLiteral("\n");
        newlines = 1;
        result += line;
    }
    bool cut = m_truncated;
    if (result.size() > m_options.maxChars) {
        qsizetype end = m_options.maxChars;
        if (end > 0 && result.at(end - 1).isHighSurrogate())
            --end;
        result.truncate(end);
        cut = true;
    }
    *truncated = cut;
    return result;
}

} // namespace valis::web::detail
