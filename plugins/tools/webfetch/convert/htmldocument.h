#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <gumbo.h>

namespace valis::web::detail {

/// The most elements the depth limiter lets be open at once. HTML5 tree construction scans the
/// stack of open elements for most start tags, so a document nested 100,000 deep costs
/// quadratic time in any conforming parser (gumbo included); past this depth further start tags
/// (and their end tags) are dropped before parsing and their content joins the enclosing element.
constexpr int MaxOpenElements = 400;

/// `html` (UTF-8) with start tags nested deeper than MaxOpenElements removed, with their end
/// tags; the text is kept. Returns `html` itself (no copy) when nothing was that deep.
/// Elements whose end tag is optional (p, li, td ...) and void elements do not count, since
/// they do not nest in themselves.
QByteArray limitNesting(const QByteArray &html, bool *limited);

/// A document parsed by gumbo (HTML5 tree construction, entities decoded, malformed bytes
/// replaced by U+FFFD). Owns the parse tree and the bytes it points into; not copyable.
class HtmlDocument
{
public:
    /// Parses `utf8` after limitNesting().
    explicit HtmlDocument(const QByteArray &utf8);
    ~HtmlDocument();
    HtmlDocument(const HtmlDocument &) = delete;
    HtmlDocument &operator=(const HtmlDocument &) = delete;

    const GumboNode *html() const;
    const GumboNode *head() const { return m_head; }
    const GumboNode *body() const { return m_body; }
    /// <title>, else og:title, else the first <h1>; whitespace collapsed.
    QString title() const;
    /// <base href> when the document has one.
    QString baseHref() const;
    bool nestingLimited() const { return m_limited; }

private:
    QByteArray m_bytes;
    GumboOutput *m_output = nullptr;
    const GumboNode *m_head = nullptr;
    const GumboNode *m_body = nullptr;
    bool m_limited = false;
};

// Small readers of gumbo nodes shared by the extractor and the writer.
inline bool isElement(const GumboNode *node)
{
    return node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE;
}
inline GumboTag tagOf(const GumboNode *node)
{
    return isElement(node) ? node->v.element.tag : GUMBO_TAG_UNKNOWN;
}
inline const GumboVector &childrenOf(const GumboNode *node)
{
    return node->type == GUMBO_NODE_DOCUMENT ? node->v.document.children : node->v.element.children;
}
inline const GumboNode *childAt(const GumboVector &children, unsigned int index)
{
    return static_cast<const GumboNode *>(children.data[index]);
}
/// The attribute's value, or empty.
QByteArrayView attribute(const GumboNode *element, const char *name);
bool hasAttribute(const GumboNode *element, const char *name);
/// Text, whitespace and CDATA nodes carry text.
inline bool isTextual(const GumboNode *node)
{
    return node->type == GUMBO_NODE_TEXT || node->type == GUMBO_NODE_WHITESPACE || node->type == GUMBO_NODE_CDATA;
}
/// All text under `node` with whitespace collapsed, without recursion (any depth). Stops
/// collecting after `limit` characters.
QString collapsedText(const GumboNode *node, qsizetype limit = 100000);

} // namespace valis::web::detail
