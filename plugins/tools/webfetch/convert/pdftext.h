#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QString>

namespace valis::web::detail {

/// A PDF's text, page by page, read with poppler.
struct PdfText
{
    QString title;   ///< the document information's Title, or empty
    QString text;    ///< the pages' text, each under a "--- Page N of M ---" line
    int pages = 0;
    bool truncated = false;
};

/// Reads the text of every page (in reading order) up to `maxChars`. Error "web.pdf" for a
/// document poppler cannot open or one that needs a password.
Result<PdfText> readPdfText(const QByteArray &body, qsizetype maxChars);

} // namespace valis::web::detail
