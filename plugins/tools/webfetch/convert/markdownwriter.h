#pragma once

#include <QString>
#include <QStringList>
#include <QUrl>

#include <gumbo.h>

#include <unordered_set>
#include <vector>

namespace valis::web::detail {

enum class WriterMode { Markdown, Text };

struct WriterOptions
{
    WriterMode mode = WriterMode::Markdown;
    /// Links and images are made absolute against it (already combined with <base href>).
    QUrl baseUrl;
    qsizetype maxChars = 2'000'000;
    /// Elements to leave out (the extractor's chrome); may be null.
    const std::unordered_set<const GumboNode *> *dropped = nullptr;
};

/// Streams parsed HTML as Markdown (CommonMark with GFM tables and strikethrough) or plain
/// text, in one pass over the tree: headings, paragraphs, emphasis, inline and fenced code
/// (language from class="language-x"), nested lists, pipe tables, blockquotes, absolute links
/// (javascript: dropped), images, hard breaks and rules. Text is escaped so it never reads as
/// Markdown or HTML; whitespace is collapsed as a browser does. Stops at maxChars.
class MarkdownWriter
{
public:
    explicit MarkdownWriter(WriterOptions options);

    /// Converts `root` and its subtree (call once per extracted root, in document order).
    void write(const GumboNode *root);
    /// The converted text with blank lines and trailing spaces normalised. `truncated` is set
    /// when maxChars cut it.
    QString finish(bool *truncated);

private:
    struct Container
    {
        QString prefix;          ///< "> " for a quote, spaces as wide as a list item's marker
        QString marker;          ///< "- ", "3. " for a list item
        bool markerPending = false;
        bool listItem = false;
    };
    struct ListState
    {
        bool ordered = false;
        qint64 next = 1;
    };

    bool markdown() const { return m_options.mode == WriterMode::Markdown; }
    void visit(const GumboNode *node, int depth);
    void visitChildren(const GumboNode *element, int depth);
    void block(const GumboNode *element, int depth);
    void heading(const GumboNode *element, int depth, int level);
    void preformatted(const GumboNode *element);
    void list(const GumboNode *element, int depth, bool ordered);
    void listItem(const GumboNode *element, int depth);
    void blockquote(const GumboNode *element, int depth);
    void table(const GumboNode *element, int depth);
    QString cellText(const GumboNode *cell, int depth);
    void link(const GumboNode *element, int depth);
    void image(const GumboNode *element);
    void inlineCode(const GumboNode *element);
    void wrapped(const GumboNode *element, int depth, const QString &marker);

    void appendText(const char *utf8);
    void appendSpace();
    void flush();
    void emitLines(const QStringList &lines);
    QString linePrefix(bool firstLine) const;
    bool insideListItem() const;
    QString resolveUrl(const QByteArray &raw, bool image) const;

    WriterOptions m_options;
    QString m_out;
    QString m_para;                       ///< the paragraph being built (inline Markdown)
    std::vector<Container> m_containers;
    std::vector<ListState> m_lists;
    int m_openEmphasis = 0;               ///< "*" wrappers open around the current text
    int m_openStrong = 0;                 ///< "**"
    int m_openStrike = 0;                 ///< "~~"
    int m_inline = 0;                     ///< >0: inside a link, heading or table cell (one line)
    bool m_forceBlank = false;            ///< a blank line before the next block (list start)
    bool m_separated = false;             ///< that blank line is already written (quote start)
    bool m_truncated = false;
    quint64 m_flushes = 0;                ///< paragraphs flushed; an inline wrapper checks it
};

/// The shortest run of `fenceChar` (at least `minimum`) longer than any run inside `code`.
QString markdownFence(const QString &code, QChar fenceChar, int minimum);

} // namespace valis::web::detail
