#pragma once

#include <gumbo.h>

#include <unordered_set>
#include <vector>

namespace valis::web::detail {

/// What of a page's body the writer converts.
struct Extraction
{
    /// The subtrees to convert, in document order: the main content, or the body.
    std::vector<const GumboNode *> roots;
    /// True when a main-content block was chosen and the rest of the body left out.
    bool extracted = false;
    /// Elements inside the roots the writer skips: navigation, banners, ads, sidebars, footers,
    /// comment sections, link farms, small forms (only with main-content extraction).
    std::unordered_set<const GumboNode *> dropped;
};

/// Never content in any mode: script, style, noscript, template, form controls, iframe, svg,
/// math, canvas, embedded objects.
bool isNeverContent(const GumboNode *element);

/// Finds the main content of `body` as reader modes do: an <article> (or the common ancestor
/// of several comparable ones), else <main> or role="main", else the block that scores highest
/// for paragraph text (commas, length) with the least link text, with its sibling paragraphs
/// and headings. Chrome is recognised by element (nav, aside, header and footer outside the
/// article), ARIA role, hidden state, and class/id words (ad, sponsor, cookie, banner, share,
/// related, comments ...). With `mainContentOnly` false the whole body is kept and nothing is
/// dropped but what isNeverContent() says. Linear in the number of nodes; nesting is capped.
Extraction extractContent(const GumboNode *body, bool mainContentOnly);

} // namespace valis::web::detail
