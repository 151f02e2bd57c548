// Test only, never shipped: a minimal valis::web::convertDocument for tst_webfetch while the real
// converter (plugins/tools/webfetch/convert, valis_web_convert) is not in the build. It honours
// the charset of the Content-Type header, takes the <title>, turns <h1> into "# " and drops the
// other tags: enough for the fetch tests, which are about fetching, not converting.
#include "documentconverter.h"

#include <QRegularExpression>
#include <QStringDecoder>

namespace valis::web {

Result<ConvertedDocument> convertDocument(const QByteArray &body, const QString &contentTypeHeader, const ConvertOptions &options)
{
    const QString type = contentTypeHeader.section(QLatin1Char(';'), 0, 0).trimmed().toLower();
    static const QRegularExpression charsetPattern(QStringLiteral("charset=\"?([^\";\\s]+)"), QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch charsetMatch = charsetPattern.match(contentTypeHeader);
    ConvertedDocument document;
    document.contentType = type;
    document.charset = charsetMatch.hasMatch() ? charsetMatch.captured(1).toLower() : QStringLiteral("utf-8");
    QStringDecoder decoder(document.charset.toUtf8().constData());
    if (!decoder.isValid())
        return Error(QStringLiteral("web.charset"), QStringLiteral("unknown charset %1").arg(document.charset));
    const QString text = decoder.decode(body);
    if (type == QLatin1String("text/plain")) {
        document.content = text;
        return document;
    }
    if (type != QLatin1String("text/html"))
        return Error(QStringLiteral("web.unsupported-type"), QStringLiteral("cannot read %1 content").arg(type));
    static const QRegularExpression title(QStringLiteral("<title>(.*?)</title>"), QRegularExpression::DotMatchesEverythingOption);
    document.title = title.match(text).captured(1).trimmed();
    if (options.format == DocumentFormat::Html) {
        document.content = text;
        return document;
    }
    QString content = text;
    content.remove(QRegularExpression(QStringLiteral("<(head|script|style)\\b.*?</\\1>"), QRegularExpression::DotMatchesEverythingOption));
    if (options.format == DocumentFormat::Markdown)
        content.replace(QRegularExpression(QStringLiteral("<h1[^>]*>")), QStringLiteral("\n# "));
    content.remove(QRegularExpression(QStringLiteral("<[^>]+>")));
    content.replace(QStringLiteral("&amp;"), QStringLiteral("&"));
    document.content = content.trimmed();
    return document;
}

} // namespace valis::web
