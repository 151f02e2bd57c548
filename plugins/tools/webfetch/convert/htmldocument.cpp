#include "htmldocument.h"

#include <QHash>
#include <QList>

#include <cstring>
#include <vector>

namespace valis::web::detail {

namespace {

bool isAsciiAlpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
}

bool oneOf(QByteArrayView name, std::initializer_list<const char *> names)
{
    for (const char *candidate : names) {
        if (name == QByteArrayView(candidate))
            return true;
    }
    return false;
}

/// Elements that never hold children, and those whose end tag is optional: neither nests in
/// itself, so neither deepens the tree without another element between.
bool doesNotNest(QByteArrayView name)
{
    return oneOf(name, {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
                        "track", "wbr", "keygen", "basefont", "bgsound", "frame", "image", "p", "li", "dt", "dd",
                        "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "rt", "rp", "rb", "rtc",
                        "caption", "colgroup", "html", "head", "body"});
}

/// Elements whose content is text up to their end tag, whatever it looks like.
bool isRawText(QByteArrayView name)
{
    return oneOf(name, {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"});
}

/// The end of the tag that starts at `at` ('<'), past its closing '>' (quoted '>' skipped).
qsizetype tagEnd(const QByteArray &html, qsizetype at)
{
    char quote = 0;
    for (qsizetype i = at + 1; i < html.size(); ++i) {
        const char c = html.at(i);
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            // Quotes only open an attribute value after '='.
            qsizetype back = i - 1;
            while (back > at && isSpace(html.at(back)))
                --back;
            if (html.at(back) == '=')
                quote = c;
        } else if (c == '>') {
            return i + 1;
        }
    }
    return html.size();
}

} // namespace

QByteArray limitNesting(const QByteArray &html, bool *limited)
{
    *limited = false;
    std::vector<QByteArray> open;      // names of the counted open elements
    QHash<QByteArray, int> dropped;    // start tags dropped past the limit, by name
    int foreignDepth = 0;              // inside <svg> or <math>, "/>" closes the element
    QByteArray result;
    qsizetype copiedUpTo = 0;          // html[copiedUpTo, i) still to copy into result
    auto omit = [&](qsizetype from, qsizetype to) {
        if (!*limited) {
            *limited = true;
            result.reserve(html.size());
        }
        result.append(html.constData() + copiedUpTo, from - copiedUpTo);
        copiedUpTo = to;
    };

    qsizetype i = 0;
    const qsizetype size = html.size();
    while (i < size) {
        const char *found = static_cast<const char *>(std::memchr(html.constData() + i, '<', size_t(size - i)));
        if (!found)
            break;
        i = found - html.constData();
        if (i + 1 >= size)
            break;
        const char next = html.at(i + 1);
        if (next == '!') {
            if (html.mid(i, 4) == "<!--") {
                const qsizetype close = html.indexOf("-->", i + 4);
                i = close < 0 ? size : close + 3;
            } else {
                const qsizetype close = html.indexOf('>', i + 2);
                i = close < 0 ? size : close + 1;
            }
            continue;
        }
        if (next == '?') {
            const qsizetype close = html.indexOf('>', i + 2);
            i = close < 0 ? size : close + 1;
            continue;
        }
        const bool endTag = next == '/';
        const qsizetype nameStart = i + (endTag ? 2 : 1);
        if (nameStart >= size || !isAsciiAlpha(html.at(nameStart))) {
            ++i;
            continue;
        }
        qsizetype nameEnd = nameStart;
        while (nameEnd < size && !isSpace(html.at(nameEnd)) && html.at(nameEnd) != '/' && html.at(nameEnd) != '>')
            ++nameEnd;
        QByteArray name = html.mid(nameStart, nameEnd - nameStart);
        for (char &c : name)
            c = lower(c);
        const qsizetype end = tagEnd(html, i);

        if (endTag) {
            auto drop = dropped.find(name);
            if (drop != dropped.end() && drop.value() > 0) {
                --drop.value();
                omit(i, end);
            } else {
                for (auto it = open.rbegin(); it != open.rend(); ++it) {
                    if (*it == name) {
                        const auto depthRemoved = std::distance(open.rbegin(), it) + 1;
                        for (qsizetype k = 0; k < depthRemoved; ++k) {
                            if (open.back() == "svg" || open.back() == "math")
                                --foreignDepth;
                            open.pop_back();
                        }
                        break;
                    }
                }
            }
            i = end;
            continue;
        }

        const bool selfClosing = end >= 2 && html.at(end - 2) == '/';
        if (isRawText(name)) {
            // Skip to its end tag so markup-looking text inside is not counted.
            const QByteArray close = "</" + name;
            qsizetype from = end;
            qsizetype closeAt = -1;
            while (from < size) {
                const qsizetype candidate = html.indexOf("</", from);
                if (candidate < 0)
                    break;
                if (qstrnicmp(html.constData() + candidate, close.constData(), size_t(close.size())) == 0) {
                    closeAt = candidate;
                    break;
                }
                from = candidate + 2;
            }
            i = closeAt < 0 ? size : closeAt;
            continue;
        }
        if (doesNotNest(name) || (selfClosing && foreignDepth > 0)) {
            i = end;
            continue;
        }
        if (int(open.size()) >= MaxOpenElements) {
            ++dropped[name];
            omit(i, end);
        } else {
            if (name == "svg" || name == "math")
                ++foreignDepth;
            open.push_back(name);
        }
        i = end;
    }
    if (!*limited)
        return html;
    result.append(html.constData() + copiedUpTo, size - copiedUpTo);
    return result;
}

HtmlDocument::HtmlDocument(const QByteArray &utf8)
    : m_bytes(limitNesting(utf8, &m_limited))
{
    GumboOptions options = kGumboDefaultOptions;
    // Parse errors are not used; recording them all costs time and memory on broken pages.
    options.max_errors = 0;
    m_output = gumbo_parse_with_options(&options, m_bytes.constData(), size_t(m_bytes.size()));
    const GumboNode *root = m_output->root;
    const GumboVector &children = childrenOf(root);
    for (unsigned int i = 0; i < children.length; ++i) {
        const GumboNode *child = childAt(children, i);
        if (tagOf(child) == GUMBO_TAG_HEAD && !m_head)
            m_head = child;
        else if (tagOf(child) == GUMBO_TAG_BODY && !m_body)
            m_body = child;
    }
}

HtmlDocument::~HtmlDocument()
{
    gumbo_destroy_output(&kGumboDefaultOptions, m_output);
}

const GumboNode *HtmlDocument::html() const
{
    return m_output->root;
}

QString HtmlDocument::title() const
{
    auto clip = [](QString text) { return text.size() > 500 ? text.left(500) : text; };
    if (m_head) {
        const GumboVector &children = childrenOf(m_head);
        QString ogTitle;
        for (unsigned int i = 0; i < children.length; ++i) {
            const GumboNode *child = childAt(children, i);
            if (tagOf(child) == GUMBO_TAG_TITLE) {
                const QString text = collapsedText(child, 2000);
                if (!text.isEmpty())
                    return clip(text);
            } else if (tagOf(child) == GUMBO_TAG_META && attribute(child, "property") == QByteArrayView("og:title")) {
                ogTitle = QString::fromUtf8(attribute(child, "content")).simplified();
            }
        }
        if (!ogTitle.isEmpty())
            return clip(ogTitle);
    }
    if (!m_body)
        return {};
    // The first <h1>, breadth-first so a deep tree costs no stack.
    QList<const GumboNode *> queue{m_body};
    for (qsizetype at = 0; at < queue.size() && at < 200000; ++at) {
        const GumboNode *node = queue.at(at);
        if (tagOf(node) == GUMBO_TAG_H1)
            return clip(collapsedText(node, 2000));
        if (!isElement(node))
            continue;
        const GumboVector &children = childrenOf(node);
        for (unsigned int i = 0; i < children.length; ++i) {
            if (isElement(childAt(children, i)))
                queue.append(childAt(children, i));
        }
    }
    return {};
}

QString HtmlDocument::baseHref() const
{
    if (!m_head)
        return {};
    const GumboVector &children = childrenOf(m_head);
    for (unsigned int i = 0; i < children.length; ++i) {
        const GumboNode *child = childAt(children, i);
        if (tagOf(child) == GUMBO_TAG_BASE && hasAttribute(child, "href"))
            return QString::fromUtf8(attribute(child, "href")).trimmed();
    }
    return {};
}

QByteArrayView attribute(const GumboNode *element, const char *name)
{
    if (!isElement(element))
        return {};
    const GumboAttribute *found = gumbo_get_attribute(&element->v.element.attributes, name);
    return found ? QByteArrayView(found->value) : QByteArrayView();
}

bool hasAttribute(const GumboNode *element, const char *name)
{
    return isElement(element) && gumbo_get_attribute(&element->v.element.attributes, name) != nullptr;
}

QString collapsedText(const GumboNode *node, qsizetype limit)
{
    QByteArray text;
    std::vector<const GumboNode *> stack{node};
    while (!stack.empty() && text.size() < limit) {
        const GumboNode *current = stack.back();
        stack.pop_back();
        if (isTextual(current)) {
            text += current->v.text.text;
            text += ' ';
            continue;
        }
        if (!isElement(current) || tagOf(current) == GUMBO_TAG_SCRIPT || tagOf(current) == GUMBO_TAG_STYLE)
            continue;
        const GumboVector &children = childrenOf(current);
        for (unsigned int i = children.length; i > 0; --i)
            stack.push_back(childAt(children, i - 1));
    }
    return QString::fromUtf8(text).simplified();
}

} // namespace valis::web::detail
