#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QUrl>

namespace valis::web {

/// What fetch_url gives the model: "markdown" (the default), "text" or "html" (the page's
/// HTML as it came, decoded).
enum class DocumentFormat { Markdown, Text, Html };

struct ConvertOptions
{
    QUrl baseUrl;                 ///< relative links and images are made absolute against it
    DocumentFormat format = DocumentFormat::Markdown;
    /// Keep the article, drop navigation, banners, ads, sidebars and footers.
    bool mainContentOnly = true;
    /// The most characters of content returned; the rest is cut (ConvertedDocument::truncated).
    /// Bounds what a huge or hostile page can cost the model and the caller.
    qsizetype maxContentChars = 2'000'000;
};

/// A fetched document, converted.
struct ConvertedDocument
{
    QString content;          ///< in the format asked for
    QString title;
    QString contentType;      ///< "text/html", "application/pdf", "text/plain" ...
    QString charset;          ///< the charset the bytes were decoded with ("utf-8")
    /// True when a main-content block was found and the rest dropped; false when the whole
    /// body was converted (no clear article, or mainContentOnly off).
    bool mainContentExtracted = false;
    /// True when the content was cut at ConvertOptions::maxContentChars (or an input cap).
    bool truncated = false;
};

/// Converts a fetched body to what the model reads: HTML through a real HTML5 parser
/// (gumbo) into clean Markdown or text, PDF to text, plain text, JSON and XML as they are.
/// The charset comes from a BOM, the Content-Type header's charset, or <meta charset> (an XML
/// declaration for XML), in that order (as browsers do: a BOM says what the bytes are); without
/// one, UTF-8 when the bytes are valid UTF-8, else windows-1252. Synchronous and CPU-bound:
/// call it off the GUI thread; it keeps no state between calls. The content is always valid
/// Unicode; nesting and size are capped, so hostile input costs bounded time and memory.
/// Errors: "web.unsupported-type" (images, archives, other binaries: says the type),
/// "web.pdf" (a PDF that cannot be read), "web.charset" (an unknown charset).
Result<ConvertedDocument> convertDocument(const QByteArray &body, const QString &contentTypeHeader,
                                          const ConvertOptions &options);

} // namespace valis::web
