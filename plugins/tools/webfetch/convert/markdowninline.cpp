// MarkdownWriter's inline content: text with Markdown escaped, links, images, code spans and
// emphasis.
#include "markdownwriter.h"

#include "htmldocument.h"

namespace valis::web::detail {

namespace {

bool isCollapsibleSpace(QChar c)
{
    return c == QLatin1Char(' ') || c == QLatin1Char('\n') || c == QLatin1Char('\t') || c == QLatin1Char('\r')
        || c == QLatin1Char('\f') || c == QChar(0x00A0);
}

bool isInvisible(QChar c)
{
    return c == QChar(0x200B) || c == QChar(0xFEFF) || c == QChar(0x00AD) || c.unicode() < 0x20;
}

} // namespace

void MarkdownWriter::link(const GumboNode *element, int depth)
{
    const QByteArray href = attribute(element, "href").toByteArray();
    if (href.trimmed().startsWith('#')) {
        // In-page anchors: a heading's "¶" or "#" permalink is noise; other text stays.
        const QString text = collapsedText(element, 16);
        bool symbolic = text.size() <= 2;
        for (const QChar c : text)
            symbolic = symbolic && !c.isLetterOrNumber();
        if (symbolic)
            return;
    }
    const QString url = markdown() ? resolveUrl(href, false) : QString();
    if (url.isEmpty()) {
        visitChildren(element, depth);
        return;
    }
    const qsizetype start = m_para.size();
    ++m_inline;
    visitChildren(element, depth);
    --m_inline;
    QString inner = m_para.mid(start);
    m_para.truncate(start);
    const bool leading = inner.startsWith(QLatin1Char(' '));
    const bool trailing = inner.endsWith(QLatin1Char(' '));
    inner = inner.trimmed();
    if (leading)
        appendSpace();
    if (!inner.isEmpty())
        m_para += QLatin1Char('[') + inner + QStringLiteral("](") + url + QLatin1Char(')');
    if (trailing)
        appendSpace();
}

void MarkdownWriter::image(const GumboNode *element)
{
    if (!markdown())
        return;
    if (attribute(element, "width") == QByteArrayView("1") && attribute(element, "height") == QByteArrayView("1"))
        return; // a tracking pixel
    QByteArray source = attribute(element, "src").toByteArray().trimmed();
    for (const char *lazy : {"data-src", "data-original", "data-lazy-src"}) {
        if (!source.isEmpty() && !source.startsWith("data:"))
            break;
        source = attribute(element, lazy).toByteArray().trimmed();
    }
    const QString url = resolveUrl(source, true);
    if (url.isEmpty())
        return;
    QString alt;
    for (const QChar c : QString::fromUtf8(attribute(element, "alt")).simplified()) {
        if (c == QLatin1Char('[') || c == QLatin1Char(']') || c == QLatin1Char('\\'))
            alt += QLatin1Char('\\');
        alt += c;
    }
    if (!m_para.isEmpty() && !m_para.endsWith(QLatin1Char(' ')) && !m_para.endsWith(QLatin1Char('\n'))
        && !m_para.endsWith(QLatin1Char('[')))
        m_para += QLatin1Char(' ');
    m_para += QStringLiteral("![") + alt + QStringLiteral("](") + url + QLatin1Char(')');
}

void MarkdownWriter::inlineCode(const GumboNode *element)
{
    const QString code = collapsedText(element, m_options.maxChars);
    if (code.isEmpty())
        return;
    if (!markdown()) {
        m_para += code;
        return;
    }
    const QString fence = markdownFence(code, QLatin1Char('`'), 1);
    const bool pad = code.startsWith(QLatin1Char('`')) || code.endsWith(QLatin1Char('`'));
    m_para += fence + (pad ? QStringLiteral(" ") : QString()) + code + (pad ? QStringLiteral(" ") : QString()) + fence;
}

void MarkdownWriter::wrapped(const GumboNode *element, int depth, const QString &marker)
{
    // <b> inside <strong> (or a bold <dt>) adds nothing, and "**a **b** c**" reads wrongly.
    int &open = marker.size() == 2 ? (marker.at(0) == QLatin1Char('*') ? m_openStrong : m_openStrike) : m_openEmphasis;
    if (!markdown() || open > 0) {
        visitChildren(element, depth);
        return;
    }
    const qsizetype start = m_para.size();
    const quint64 flushes = m_flushes;
    ++open;
    visitChildren(element, depth);
    --open;
    // A block inside (a paragraph in <b>) was written on its own; no markers around it.
    if (m_flushes != flushes || m_para.size() < start)
        return;
    QString inner = m_para.mid(start);
    if (inner.contains(QLatin1Char('\n')))
        return;
    m_para.truncate(start);
    const bool leading = inner.startsWith(QLatin1Char(' '));
    const bool trailing = inner.endsWith(QLatin1Char(' '));
    inner = inner.trimmed();
    if (leading)
        appendSpace();
    if (!inner.isEmpty())
        m_para += marker + inner + marker;
    if (trailing)
        appendSpace();
}

void MarkdownWriter::appendSpace()
{
    if (!m_para.isEmpty() && !m_para.endsWith(QLatin1Char(' ')) && !m_para.endsWith(QLatin1Char('\n')))
        m_para += QLatin1Char(' ');
}

void MarkdownWriter::appendText(const char *utf8)
{
    const QString text = QString::fromUtf8(utf8);
    const bool escape = markdown();
    m_para.reserve(m_para.size() + text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (isCollapsibleSpace(c)) {
            appendSpace();
            continue;
        }
        if (isInvisible(c))
            continue;
        if (escape) {
            switch (c.unicode()) {
            case '\\': case '*': case '`': case '[': case ']':
                m_para += QLatin1Char('\\');
                break;
            case '_': {
                const bool before = !m_para.isEmpty() && m_para.back().isLetterOrNumber();
                const bool after = i + 1 < text.size() && text.at(i + 1).isLetterOrNumber();
                if (!(before && after))
                    m_para += QLatin1Char('\\');
                break;
            }
            case '<':
                if (i + 1 < text.size() && (text.at(i + 1).isLetter() || text.at(i + 1) == QLatin1Char('/')
                                            || text.at(i + 1) == QLatin1Char('!') || text.at(i + 1) == QLatin1Char('?')))
                    m_para += QLatin1Char('\\');
                break;
            default:
                break;
            }
        }
        m_para += c;
    }
    if (m_para.size() > m_options.maxChars + 1024)
        flush();
}

QString MarkdownWriter::resolveUrl(const QByteArray &raw, bool image) const
{
    QByteArray cleaned;
    cleaned.reserve(raw.size());
    for (const char c : raw) {
        if (c != '\n' && c != '\r' && c != '\t')
            cleaned += c;
    }
    cleaned = cleaned.trimmed();
    if (cleaned.isEmpty() || cleaned.size() > 8192)
        return {};
    const QUrl url(QString::fromUtf8(cleaned));
    if (!url.isValid())
        return {};
    const QUrl resolved = m_options.baseUrl.isEmpty() ? url : m_options.baseUrl.resolved(url);
    const QString scheme = resolved.scheme().toLower();
    if (scheme == QLatin1String("javascript") || scheme == QLatin1String("vbscript") || scheme == QLatin1String("data"))
        return {};
    if (!image && cleaned.startsWith('#') && m_options.baseUrl.isEmpty())
        return {};
    QString text = resolved.toString(QUrl::FullyEncoded);
    text.replace(QLatin1Char('('), QLatin1String("%28"));
    text.replace(QLatin1Char(')'), QLatin1String("%29"));
    text.replace(QLatin1Char(' '), QLatin1String("%20"));
    return text;
}

} // namespace valis::web::detail
