#include "contentextractor.h"

#include "htmldocument.h"

#include <QByteArray>
#include <QList>

#include <algorithm>
#include <unordered_map>

namespace valis::web::detail {

namespace {

/// Deeper than this the analysis stops descending (the parser input is already capped at
/// MaxOpenElements counted elements; this bounds the recursion whatever happens).
constexpr int MaxAnalysisDepth = 1200;

bool inList(QByteArrayView word, std::initializer_list<const char *> words)
{
    for (const char *candidate : words) {
        if (word == QByteArrayView(candidate))
            return true;
    }
    return false;
}

// Class and id words. A strong word marks chrome whatever else the element says; a weak one
// only when no content word is beside it ("sidebar-content" stays, "main-nav" goes).
bool isStrongChromeWord(QByteArrayView word)
{
    return inList(word, {"ad", "ads", "adv", "advert", "adverts", "advertisement", "advertising", "adsense",
                         "adsbygoogle", "adslot", "adunit", "sponsor", "sponsored", "sponsors", "cookie", "cookies",
                         "consent", "gdpr", "nav", "navbar", "navigation", "menu", "breadcrumb", "breadcrumbs",
                         "comment", "comments", "disqus", "outbrain", "taboola", "newsletter", "paywall", "popup",
                         "modal", "skip", "social", "share", "sharing", "promo", "promoted", "promotion", "banner"});
}

bool isWeakChromeWord(QByteArrayView word)
{
    return inList(word, {"sidebar", "related", "footer", "header", "masthead", "widget", "toolbar", "pagination",
                         "pager", "toc", "subscribe", "signup", "recommended", "trending", "popular", "tags"});
}

bool isContentWord(QByteArrayView word)
{
    return inList(word, {"article", "content", "main", "body", "entry", "post", "story", "prose", "markdown", "readme"});
}

struct Hints
{
    bool strong = false;
    bool weak = false;
    bool content = false;
};

/// Splits class and id into lower-case words at spaces, '-', '_', ':', '.', and camelCase.
Hints classHints(const GumboNode *element)
{
    Hints hints;
    auto scan = [&hints](QByteArrayView value) {
        QByteArray word;
        auto finish = [&] {
            if (word.isEmpty())
                return;
            hints.strong = hints.strong || isStrongChromeWord(word);
            hints.weak = hints.weak || isWeakChromeWord(word);
            hints.content = hints.content || isContentWord(word);
            word.clear();
        };
        for (qsizetype i = 0; i < value.size(); ++i) {
            const char c = value.at(i);
            const bool upper = c >= 'A' && c <= 'Z';
            if (upper && i > 0 && value.at(i - 1) >= 'a' && value.at(i - 1) <= 'z')
                finish();
            if ((c >= 'a' && c <= 'z') || upper || (c >= '0' && c <= '9'))
                word += upper ? char(c - 'A' + 'a') : c;
            else
                finish();
        }
        finish();
    };
    scan(attribute(element, "class"));
    scan(attribute(element, "id"));
    return hints;
}

bool isHidden(const GumboNode *element)
{
    if (hasAttribute(element, "hidden") || attribute(element, "aria-hidden") == QByteArrayView("true"))
        return true;
    const QByteArrayView styleValue = attribute(element, "style");
    if (styleValue.isEmpty())
        return false;
    QByteArray style = styleValue.toByteArray().toLower();
    style.replace(' ', QByteArray());
    return style.contains("display:none") || style.contains("visibility:hidden");
}

bool isChromeRole(QByteArrayView role)
{
    return inList(role, {"navigation", "banner", "contentinfo", "complementary", "search", "dialog", "alertdialog",
                         "menu", "menubar", "toolbar"});
}

bool isBlock(GumboTag tag)
{
    switch (tag) {
    case GUMBO_TAG_P: case GUMBO_TAG_DIV: case GUMBO_TAG_SECTION: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_MAIN:
    case GUMBO_TAG_UL: case GUMBO_TAG_OL: case GUMBO_TAG_LI: case GUMBO_TAG_TABLE: case GUMBO_TAG_PRE:
    case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4:
    case GUMBO_TAG_H5: case GUMBO_TAG_H6: case GUMBO_TAG_DL: case GUMBO_TAG_FIGURE: case GUMBO_TAG_HR:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_FOOTER: case GUMBO_TAG_ASIDE: case GUMBO_TAG_NAV: case GUMBO_TAG_FORM:
        return true;
    default:
        return false;
    }
}

bool isHeading(GumboTag tag)
{
    return tag >= GUMBO_TAG_H1 && tag <= GUMBO_TAG_H6;
}

/// Collapsed length in bytes and commas of a text node.
void measure(const char *text, qint64 *length, qint64 *commas)
{
    bool space = true;
    for (const char *c = text; *c; ++c) {
        const bool isSpace = *c == ' ' || *c == '\n' || *c == '\t' || *c == '\r' || *c == '\f';
        if (!isSpace)
            ++*length;
        else if (!space)
            ++*length;
        space = isSpace;
        if (*c == ',')
            ++*commas;
    }
}

struct Totals
{
    qint64 text = 0;
    qint64 linkText = 0;
    qint64 commas = 0;
    int links = 0;
    bool hasBlock = false;
};

struct Info
{
    qint64 text = 0;
    qint64 linkText = 0;
    double score = 0;
    bool scored = false;
    bool outermostSemantic = false;
};

class Analyzer
{
public:
    explicit Analyzer(bool mainContentOnly) : m_mainContentOnly(mainContentOnly) {}

    Totals visit(const GumboNode *element, int depth);

    std::unordered_map<const GumboNode *, Info> info;
    std::unordered_set<const GumboNode *> dropped;
    std::vector<const GumboNode *> articles; ///< outermost <article>s
    std::vector<const GumboNode *> mains;    ///< outermost <main> / role="main"

private:
    bool isChrome(const GumboNode *element) const;
    void addScore(double score);
    Info &candidate(const GumboNode *element);

    bool m_mainContentOnly;
    std::vector<const GumboNode *> m_path; ///< the ancestors of the element being visited
    int m_articleDepth = 0;
    int m_mainDepth = 0;
};

bool isMain(const GumboNode *element)
{
    return tagOf(element) == GUMBO_TAG_MAIN || attribute(element, "role") == QByteArrayView("main");
}

bool Analyzer::isChrome(const GumboNode *element) const
{
    const GumboTag tag = tagOf(element);
    if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_HTML)
        return false;
    if (tag == GUMBO_TAG_NAV || tag == GUMBO_TAG_ASIDE || tag == GUMBO_TAG_FOOTER || tag == GUMBO_TAG_MENU)
        return true;
    // gumbo 0.10 predates <dialog>: it is an unknown tag there.
    if (tag == GUMBO_TAG_UNKNOWN && element->v.element.original_tag.length >= 7
        && qstrnicmp(element->v.element.original_tag.data + 1, "dialog", 6) == 0)
        return true;
    if (tag == GUMBO_TAG_HEADER && m_articleDepth == 0 && m_mainDepth == 0)
        return true;
    if (isChromeRole(attribute(element, "role")) || isHidden(element))
        return true;
    if (isMain(element))
        return false;
    const Hints hints = classHints(element);
    if (hints.strong)
        return true;
    return hints.weak && !hints.content && tag != GUMBO_TAG_ARTICLE;
}

Info &Analyzer::candidate(const GumboNode *element)
{
    Info &entry = info[element];
    if (entry.scored)
        return entry;
    entry.scored = true;
    switch (tagOf(element)) {
    case GUMBO_TAG_DIV: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_SECTION: case GUMBO_TAG_MAIN:
        entry.score = 5;
        break;
    case GUMBO_TAG_PRE: case GUMBO_TAG_TD: case GUMBO_TAG_BLOCKQUOTE:
        entry.score = 3;
        break;
    case GUMBO_TAG_ADDRESS: case GUMBO_TAG_OL: case GUMBO_TAG_UL: case GUMBO_TAG_DL: case GUMBO_TAG_DD:
    case GUMBO_TAG_DT: case GUMBO_TAG_LI: case GUMBO_TAG_FORM:
        entry.score = -3;
        break;
    case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
    case GUMBO_TAG_H6: case GUMBO_TAG_TH:
        entry.score = -5;
        break;
    default:
        break;
    }
    const Hints hints = classHints(element);
    if (hints.content)
        entry.score += 25;
    if (hints.weak || hints.strong)
        entry.score -= 25;
    return entry;
}

void Analyzer::addScore(double score)
{
    // The paragraph's parent gets it whole, the grandparent half, further ancestors less.
    const qsizetype levels = qMin<qsizetype>(qsizetype(m_path.size()), 5);
    for (qsizetype level = 0; level < levels; ++level) {
        const GumboNode *ancestor = m_path.at(m_path.size() - 1 - size_t(level));
        if (tagOf(ancestor) == GUMBO_TAG_BODY || tagOf(ancestor) == GUMBO_TAG_HTML)
            break;
        const double divider = level == 0 ? 1 : level == 1 ? 2 : double(level) * 3;
        candidate(ancestor).score += score / divider;
    }
}

Totals Analyzer::visit(const GumboNode *element, int depth)
{
    if (isNeverContent(element))
        return {};
    const GumboTag tag = tagOf(element);
    if (m_mainContentOnly && isChrome(element)) {
        dropped.insert(element);
        return Totals{0, 0, 0, 0, isBlock(tag)};
    }
    Totals totals;
    if (depth > MaxAnalysisDepth) {
        totals.text = collapsedText(element).size();
        return totals;
    }
    const bool article = tag == GUMBO_TAG_ARTICLE;
    const bool main = isMain(element);
    if (article && m_articleDepth == 0)
        articles.push_back(element);
    if (main && m_mainDepth == 0)
        mains.push_back(element);
    m_articleDepth += article ? 1 : 0;
    m_mainDepth += main ? 1 : 0;
    m_path.push_back(element);
    const GumboVector &children = childrenOf(element);
    for (unsigned int i = 0; i < children.length; ++i) {
        const GumboNode *child = childAt(children, i);
        if (child->type == GUMBO_NODE_TEXT || child->type == GUMBO_NODE_CDATA) {
            measure(child->v.text.text, &totals.text, &totals.commas);
        } else if (isElement(child)) {
            const Totals inner = visit(child, depth + 1);
            totals.text += inner.text;
            totals.linkText += inner.linkText;
            totals.commas += inner.commas;
            totals.links += inner.links;
            totals.hasBlock = totals.hasBlock || inner.hasBlock || isBlock(tagOf(child));
        }
    }
    m_path.pop_back();
    m_articleDepth -= article ? 1 : 0;
    m_mainDepth -= main ? 1 : 0;

    if (tag == GUMBO_TAG_A) {
        totals.linkText = totals.text;
        ++totals.links;
    }
    if (m_mainContentOnly) {
        // Small forms (search boxes, sign-up forms) and blocks that are nothing but links
        // (share bars, tag clouds, link lists without a class saying so).
        const bool smallForm = tag == GUMBO_TAG_FORM && totals.text < 500;
        const bool linkFarm = (tag == GUMBO_TAG_DIV || tag == GUMBO_TAG_SECTION || tag == GUMBO_TAG_TABLE)
            && totals.links >= 3 && totals.text > 0 && double(totals.linkText) > 0.75 * double(totals.text)
            && totals.text - totals.linkText < 40;
        if (smallForm || linkFarm) {
            dropped.insert(element);
            return Totals{0, 0, 0, 0, true};
        }
    }
    const bool paragraphLike = tag == GUMBO_TAG_P || tag == GUMBO_TAG_PRE || tag == GUMBO_TAG_TD
        || tag == GUMBO_TAG_BLOCKQUOTE || ((tag == GUMBO_TAG_DIV || tag == GUMBO_TAG_SECTION) && !totals.hasBlock);
    if (paragraphLike && totals.text >= 25)
        addScore(1.0 + double(totals.commas) + qMin(double(totals.text) / 100.0, 3.0));
    Info &entry = info[element];
    entry.text = totals.text;
    entry.linkText = totals.linkText;
    return totals;
}

const GumboNode *commonAncestor(const std::vector<const GumboNode *> &nodes)
{
    std::vector<const GumboNode *> chain;
    for (const GumboNode *node = nodes.front(); node; node = node->parent)
        chain.push_back(node);
    std::reverse(chain.begin(), chain.end());
    size_t common = chain.size();
    for (size_t i = 1; i < nodes.size(); ++i) {
        std::vector<const GumboNode *> other;
        for (const GumboNode *node = nodes.at(i); node; node = node->parent)
            other.push_back(node);
        std::reverse(other.begin(), other.end());
        size_t same = 0;
        while (same < common && same < other.size() && chain.at(same) == other.at(same))
            ++same;
        common = same;
    }
    return common == 0 ? nullptr : chain.at(common - 1);
}

double linkDensity(const Info &entry)
{
    return entry.text > 0 ? double(entry.linkText) / double(entry.text) : 0.0;
}

} // namespace

bool isNeverContent(const GumboNode *element)
{
    switch (tagOf(element)) {
    case GUMBO_TAG_SCRIPT: case GUMBO_TAG_STYLE: case GUMBO_TAG_NOSCRIPT: case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_IFRAME: case GUMBO_TAG_SVG: case GUMBO_TAG_MATH: case GUMBO_TAG_CANVAS: case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_EMBED: case GUMBO_TAG_APPLET: case GUMBO_TAG_BUTTON: case GUMBO_TAG_INPUT: case GUMBO_TAG_SELECT:
    case GUMBO_TAG_TEXTAREA: case GUMBO_TAG_OPTION: case GUMBO_TAG_DATALIST: case GUMBO_TAG_KEYGEN:
    case GUMBO_TAG_LINK: case GUMBO_TAG_META: case GUMBO_TAG_TITLE: case GUMBO_TAG_BASE: case GUMBO_TAG_HEAD:
    case GUMBO_TAG_FRAMESET: case GUMBO_TAG_NOFRAMES: case GUMBO_TAG_NOEMBED: case GUMBO_TAG_AUDIO:
    case GUMBO_TAG_VIDEO: case GUMBO_TAG_MAP:
        return true;
    default:
        return element->type == GUMBO_NODE_TEMPLATE;
    }
}

Extraction extractContent(const GumboNode *body, bool mainContentOnly)
{
    Extraction extraction;
    if (!body)
        return extraction;
    Analyzer analyzer(mainContentOnly);
    const Totals whole = analyzer.visit(body, 0);
    extraction.dropped = std::move(analyzer.dropped);
    extraction.roots = {body};
    if (!mainContentOnly || whole.text == 0)
        return extraction;
    const double bodyText = double(whole.text);
    auto textOf = [&analyzer](const GumboNode *node) { return analyzer.info[node].text; };
    auto choose = [&](const GumboNode *node) {
        extraction.roots = {node};
        extraction.extracted = node != body;
        return extraction;
    };

    // An article, or the common ancestor of several comparable ones (a thread of posts).
    std::vector<const GumboNode *> articles;
    qint64 articleText = 0;
    for (const GumboNode *article : analyzer.articles) {
        if (!extraction.dropped.count(article) && textOf(article) >= 200) {
            articles.push_back(article);
            articleText += textOf(article);
        }
    }
    if (!articles.empty()) {
        const GumboNode *largest = *std::max_element(articles.begin(), articles.end(),
                                                      [&](auto *a, auto *b) { return textOf(a) < textOf(b); });
        const GumboNode *chosen = largest;
        if (articles.size() > 1 && double(textOf(largest)) < 0.6 * double(articleText))
            chosen = commonAncestor(articles);
        if (chosen && double(textOf(chosen)) >= 0.25 * bodyText)
            return choose(chosen);
    }
    for (const GumboNode *main : analyzer.mains) {
        if (textOf(main) >= 140 && double(textOf(main)) >= 0.25 * bodyText)
            return choose(main);
    }

    // The best-scoring block, adjusted for how much of its text is links.
    const GumboNode *top = nullptr;
    double topScore = 0;
    for (const auto &[node, entry] : analyzer.info) {
        if (!entry.scored)
            continue;
        const double score = entry.score * (1.0 - linkDensity(entry));
        if (!top || score > topScore) {
            top = node;
            topScore = score;
        }
    }
    if (!top || top == body || textOf(top) < 140 || topScore < 10)
        return extraction;
    // Its siblings join when they score well too, or read as prose, or are the headings
    // before it (an article's title often sits just outside its text's block).
    const GumboNode *parent = top->parent;
    if (!parent || !isElement(parent))
        return choose(top);
    const double threshold = qMax(10.0, topScore * 0.2);
    std::vector<const GumboNode *> roots;
    const GumboVector &siblings = childrenOf(parent);
    bool topSeen = false;
    for (unsigned int i = 0; i < siblings.length; ++i) {
        const GumboNode *sibling = childAt(siblings, i);
        if (!isElement(sibling) || extraction.dropped.count(sibling) || isNeverContent(sibling))
            continue;
        bool keep = sibling == top;
        topSeen = topSeen || keep;
        const auto found = analyzer.info.find(sibling);
        if (!keep && found != analyzer.info.end()) {
            const Info &entry = found->second;
            if (entry.scored && entry.score * (1.0 - linkDensity(entry)) >= threshold)
                keep = true;
            else if (tagOf(sibling) == GUMBO_TAG_P && entry.text >= 80 && linkDensity(entry) < 0.25)
                keep = true;
            else if (isHeading(tagOf(sibling)) && entry.text > 0 && !topSeen)
                keep = true;
        }
        if (keep)
            roots.push_back(sibling);
    }
    extraction.roots = roots;
    extraction.extracted = true;
    return extraction;
}

} // namespace valis::web::detail
