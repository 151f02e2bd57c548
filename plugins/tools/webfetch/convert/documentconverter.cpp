#include "documentconverter.h"

#include "charset.h"
#include "contentextractor.h"
#include "htmldocument.h"
#include "markdownwriter.h"
#include "pdftext.h"


#include <string_view>

namespace valis::web {

namespace {

// Errors here reach the model inside fetch_url's result: English, not tr()'d.

using detail::CharsetChoice;
using detail::DeclarationKind;

/// HTML past this size is cut before parsing: the parse tree costs many times the input, and
/// fetch_url's own limit (10 MB by default) is far below it.
constexpr qsizetype MaxHtmlBytes = 32 * 1024 * 1024;

enum class Kind { Html, Pdf, Text, Xml, Unsupported };

bool startsWithNoCase(QByteArrayView bytes, const char *prefix)
{
    const qsizetype length = qsizetype(qstrlen(prefix));
    return bytes.size() >= length && qstrnicmp(bytes.data(), prefix, size_t(length)) == 0;
}

/// What the bytes are when the header does not say (or says application/octet-stream): the
/// magic numbers of PDF, images and archives, the HTML standard's HTML signatures, else text
/// when there are no NUL bytes and the start is valid UTF-8 or mostly printable.
QString sniff(const QByteArray &body)
{
    const QByteArrayView head = QByteArrayView(body).first(qMin<qsizetype>(1024, body.size()));
    if (head.startsWith("%PDF-"))
        return QStringLiteral("application/pdf");
    using namespace std::string_view_literals;
    const struct
    {
        std::string_view magic;
        const char *type;
    } signatures[] = {
        {"\x89PNG"sv, "image/png"}, {"\xFF\xD8\xFF"sv, "image/jpeg"}, {"GIF8"sv, "image/gif"},
        {"PK\x03\x04"sv, "application/zip"}, {"\x1F\x8B"sv, "application/gzip"}, {"BZh"sv, "application/x-bzip2"},
        {"7z\xBC\xAF"sv, "application/x-7z-compressed"}, {"\xFD" "7zXZ"sv, "application/x-xz"},
        {"Rar!"sv, "application/vnd.rar"}, {"\x7F" "ELF"sv, "application/x-executable"},
        {"\x00\x00\x01\x00"sv, "image/x-icon"}, {"wOFF"sv, "font/woff"}, {"\x00" "asm"sv, "application/wasm"},
    };
    for (const auto &signature : signatures) {
        if (head.startsWith(QByteArrayView(signature.magic.data(), qsizetype(signature.magic.size()))))
            return QString::fromLatin1(signature.type);
    }
    if (head.startsWith("RIFF") && head.size() >= 12 && head.sliced(8, 4) == "WEBP")
        return QStringLiteral("image/webp");
    qsizetype start = head.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (start < head.size() && (head.at(start) == ' ' || head.at(start) == '\n' || head.at(start) == '\r' || head.at(start) == '\t'))
        ++start;
    const QByteArrayView text = head.sliced(start);
    for (const char *signature : {"<!doctype html", "<html", "<head", "<body", "<script", "<iframe", "<h1", "<div", "<font",
                                  "<table", "<a ", "<style", "<title", "<b>", "<br", "<p>", "<p ", "<!--"}) {
        if (startsWithNoCase(text, signature))
            return QStringLiteral("text/html");
    }
    if (startsWithNoCase(text, "<?xml"))
        return QStringLiteral("application/xml");
    const QByteArrayView sample = QByteArrayView(body).first(qMin<qsizetype>(8192, body.size()));
    if (sample.contains('\0') && !(sample.startsWith("\xFF\xFE") || sample.startsWith("\xFE\xFF")))
        return QStringLiteral("application/octet-stream");
    return QStringLiteral("text/plain");
}

Kind kindOf(const QString &type)
{
    if (type == QLatin1String("text/html") || type == QLatin1String("application/xhtml+xml"))
        return Kind::Html;
    if (type == QLatin1String("application/pdf") || type == QLatin1String("application/x-pdf"))
        return Kind::Pdf;
    if (type == QLatin1String("image/svg+xml"))
        return Kind::Unsupported;
    if (type.endsWith(QLatin1String("/xml")) || type.endsWith(QLatin1String("+xml")))
        return Kind::Xml;
    if (type.startsWith(QLatin1String("text/")) || type.endsWith(QLatin1String("+json"))
        || type.endsWith(QLatin1String("/json")))
        return Kind::Text;
    for (const char *textual : {"application/javascript", "application/ecmascript", "application/x-javascript",
                                "application/x-ndjson", "application/jsonl", "application/yaml", "application/x-yaml",
                                "application/toml", "application/x-sh", "application/sql", "application/graphql",
                                "application/x-tex", "application/rtf"}) {
        if (type == QLatin1String(textual))
            return Kind::Text;
    }
    return Kind::Unsupported;
}

Error unsupported(const QString &type)
{
    QString what;
    if (type.startsWith(QLatin1String("image/")))
        what = QStringLiteral("an image");
    else if (type.startsWith(QLatin1String("audio/")))
        what = QStringLiteral("audio");
    else if (type.startsWith(QLatin1String("video/")))
        what = QStringLiteral("a video");
    else if (type.startsWith(QLatin1String("font/")))
        what = QStringLiteral("a font");
    else if (type.contains(QLatin1String("zip")) || type.contains(QLatin1String("tar")) || type.contains(QLatin1String("rar"))
             || type.contains(QLatin1String("7z")) || type.contains(QLatin1String("bzip")) || type.endsWith(QLatin1String("-xz"))
             || type.contains(QLatin1String("compress")) || type.contains(QLatin1String("zstd")))
        what = QStringLiteral("an archive");
    else
        what = QStringLiteral("a binary file");
    return Error(QStringLiteral("web.unsupported-type"),
                 QStringLiteral("The document is %1 (%2); fetch_url reads HTML, PDF, plain text, Markdown, JSON and XML.")
                     .arg(what, type));
}

QString clip(QString text, qsizetype maxChars, bool *truncated)
{
    if (text.size() <= maxChars)
        return text;
    qsizetype end = maxChars;
    if (end > 0 && text.at(end - 1).isHighSurrogate())
        --end;
    text.truncate(end);
    *truncated = true;
    return text;
}

QString charsetName(const CharsetChoice &choice)
{
    return QString::fromLatin1(choice.name).toLower();
}

Result<ConvertedDocument> convertHtml(const QByteArray &body, const QByteArray &declared, const ConvertOptions &options,
                                      ConvertedDocument document)
{
    const QByteArray input = body.size() > MaxHtmlBytes ? body.left(MaxHtmlBytes) : body;
    document.truncated = body.size() > MaxHtmlBytes;
    const Result<CharsetChoice> charset = detail::chooseCharset(input, declared, DeclarationKind::HtmlMeta);
    if (charset.hasError())
        return charset.error();
    document.charset = charsetName(*charset);
    // UTF-8 goes to the parser as it is (gumbo replaces malformed bytes); anything else is
    // decoded and handed over as UTF-8.
    QString decoded;
    QByteArray utf8;
    if (detail::isUtf8(*charset) && options.format != DocumentFormat::Html) {
        utf8 = charset->bomLength > 0 ? input.mid(charset->bomLength) : input;
    } else {
        decoded = detail::decode(input, *charset);
        utf8 = decoded.toUtf8();
    }

    const detail::HtmlDocument parsed(utf8);
    document.title = parsed.title();
    if (options.format == DocumentFormat::Html) {
        document.content = clip(decoded, options.maxContentChars, &document.truncated);
        return document;
    }
    QUrl base = options.baseUrl;
    const QString baseHref = parsed.baseHref();
    if (!baseHref.isEmpty()) {
        const QUrl declaredBase(baseHref);
        if (declaredBase.isValid())
            base = base.isEmpty() ? declaredBase : base.resolved(declaredBase);
    }
    const detail::Extraction extraction = detail::extractContent(parsed.body(), options.mainContentOnly);
    detail::WriterOptions writerOptions;
    writerOptions.mode = options.format == DocumentFormat::Text ? detail::WriterMode::Text : detail::WriterMode::Markdown;
    writerOptions.baseUrl = base;
    writerOptions.maxChars = options.maxContentChars;
    writerOptions.dropped = &extraction.dropped;
    detail::MarkdownWriter writer(writerOptions);
    for (const GumboNode *root : extraction.roots)
        writer.write(root);
    bool cut = false;
    document.content = writer.finish(&cut);
    document.truncated = document.truncated || cut;
    document.mainContentExtracted = extraction.extracted;
    return document;
}

Result<ConvertedDocument> convertText(const QByteArray &body, const QByteArray &declared, Kind kind,
                                      const ConvertOptions &options, ConvertedDocument document)
{
    const Result<CharsetChoice> charset = detail::chooseCharset(
        body, declared, kind == Kind::Xml ? DeclarationKind::XmlDeclaration : DeclarationKind::None);
    if (charset.hasError())
        return charset.error();
    document.charset = charsetName(*charset);
    // Decoding more than can be returned is wasted: four bytes per character at most.
    const qsizetype enough = options.maxContentChars * 4 + 4;
    const QByteArrayView bytes = body.size() > enough ? QByteArrayView(body).first(enough) : QByteArrayView(body);
    document.truncated = body.size() > enough;
    document.content = clip(detail::decode(bytes, *charset), options.maxContentChars, &document.truncated);
    return document;
}

} // namespace

Result<ConvertedDocument> convertDocument(const QByteArray &body, const QString &contentTypeHeader,
                                          const ConvertOptions &options)
{
    const detail::MediaType media = detail::parseContentType(contentTypeHeader);
    QString type = media.type;
    if (type.isEmpty() || type == QLatin1String("application/octet-stream") || type == QLatin1String("binary/octet-stream")
        || type == QLatin1String("application/unknown") || type == QLatin1String("unknown/unknown"))
        type = sniff(body);

    ConvertedDocument document;
    document.contentType = type;
    const Kind kind = kindOf(type);
    switch (kind) {
    case Kind::Html:
        return convertHtml(body, media.charset, options, document);
    case Kind::Pdf: {
        const Result<detail::PdfText> pdf = detail::readPdfText(body, options.maxContentChars);
        if (pdf.hasError())
            return pdf.error();
        document.title = pdf->title;
        document.content = pdf->text;
        document.truncated = pdf->truncated;
        return document;
    }
    case Kind::Text:
    case Kind::Xml:
        return convertText(body, media.charset, kind, options, document);
    case Kind::Unsupported:
        break;
    }
    return unsupported(type);
}

} // namespace valis::web
