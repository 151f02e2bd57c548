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
};

/// Converts a fetched body to what the model reads: HTML through a real HTML5 parser
/// (gumbo) into clean Markdown or text, PDF to text, plain text, JSON and XML as they are.
/// The charset comes from the Content-Type header, a BOM, or <meta charset>, in that order.
/// Errors: "web.unsupported-type" (images, archives, other binaries: says the type),
/// "web.pdf" (a PDF that cannot be read), "web.charset" (an unknown charset).
Result<ConvertedDocument> convertDocument(const QByteArray &body, const QString &contentTypeHeader,
                                          const ConvertOptions &options);

} // namespace valis::web
