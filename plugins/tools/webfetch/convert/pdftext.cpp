#include "pdftext.h"

#include <QStringList>

#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-page.h>

#include <limits>
#include <memory>
#include <mutex>

namespace valis::web::detail {

namespace {

// Errors here reach the model inside fetch_url's result: English, not tr()'d.

QString fromUstring(const poppler::ustring &text)
{
    const poppler::byte_array utf8 = text.to_utf8();
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

/// Page text with the form feeds and trailing spaces poppler leaves taken out.
QString tidy(const QString &page)
{
    QStringList lines = page.split(QLatin1Char('\n'));
    QStringList kept;
    int blank = 0;
    for (QString &line : lines) {
        line.remove(QLatin1Char('\f'));
        line.remove(QLatin1Char('\r'));
        while (!line.isEmpty() && line.back().isSpace())
            line.chop(1);
        blank = line.isEmpty() ? blank + 1 : 0;
        if (blank < 2)
            kept.append(line);
    }
    return kept.join(QLatin1Char('\n')).trimmed();
}

} // namespace

Result<PdfText> readPdfText(const QByteArray &body, qsizetype maxChars)
{
    // poppler reports a damaged file's every fault on stderr; the error value says it once.
    static std::once_flag quiet;
    std::call_once(quiet, [] { poppler::set_debug_error_function([](const std::string &, void *) {}, nullptr); });

    if (body.size() > std::numeric_limits<int>::max())
        return Error(QStringLiteral("web.pdf"), QStringLiteral("The PDF is too large to read."));
    const std::unique_ptr<poppler::document> document(
        poppler::document::load_from_raw_data(body.constData(), int(body.size())));
    if (!document)
        return Error(QStringLiteral("web.pdf"), QStringLiteral("The PDF could not be read: it is damaged or not a PDF."));
    if (document->is_locked())
        return Error(QStringLiteral("web.pdf"), QStringLiteral("The PDF is protected by a password, so its text cannot be read."));

    PdfText result;
    result.title = fromUstring(document->get_title()).simplified();
    result.pages = document->pages();
    for (int index = 0; index < result.pages; ++index) {
        if (result.text.size() > maxChars) {
            result.truncated = true;
            break;
        }
        const std::unique_ptr<poppler::page> page(document->create_page(index));
        const QString text = page ? tidy(fromUstring(page->text(poppler::rectf(), poppler::page::non_raw_non_physical_layout)))
                                  : QString();
        if (!result.text.isEmpty())
            result.text += QStringLiteral("\n\n");
        result.text += QStringLiteral("--- Page %1 of %2 ---\n\n").arg(index + 1).arg(result.pages) + text;
    }
    if (result.text.size() > maxChars) {
        qsizetype end = maxChars;
        if (end > 0 && result.text.at(end - 1).isHighSurrogate())
            --end;
        result.text.truncate(end);
        result.truncated = true;
    }
    return result;
}

} // namespace valis::web::detail
