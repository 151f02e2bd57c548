#include "charset.h"

#include <QStringDecoder>
#include <QStringList>

namespace valis::web::detail {

namespace {

// Errors here reach the model inside fetch_url's result: English, not tr()'d.

/// How far into a document its own charset declaration is looked for. The HTML standard's
/// prescan reads 1024 bytes; real pages put long <head> material first, so a little more.
constexpr qsizetype PrescanBytes = 4096;

QByteArray lowered(QByteArrayView bytes)
{
    QByteArray result(bytes.data(), bytes.size());
    for (char &c : result) {
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    return result;
}

bool isLabelChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.'
        || c == ':';
}

/// The label after "charset" (or "encoding") at `at` in `text`: `= "label"`, quotes optional.
QByteArray labelAfter(const QByteArray &text, qsizetype at)
{
    qsizetype i = at;
    while (i < text.size() && (text.at(i) == ' ' || text.at(i) == '\t' || text.at(i) == '\n' || text.at(i) == '\r'))
        ++i;
    if (i >= text.size() || text.at(i) != '=')
        return {};
    ++i;
    while (i < text.size() && (text.at(i) == ' ' || text.at(i) == '"' || text.at(i) == '\''))
        ++i;
    const qsizetype start = i;
    while (i < text.size() && isLabelChar(text.at(i)))
        ++i;
    return text.mid(start, i - start);
}

/// <meta charset="x"> or <meta http-equiv="Content-Type" content="text/html; charset=x">.
QByteArray metaCharset(QByteArrayView body)
{
    const QByteArray head = lowered(body.first(qMin(PrescanBytes, body.size())));
    qsizetype from = 0;
    while (true) {
        const qsizetype meta = head.indexOf("<meta", from);
        if (meta < 0)
            return {};
        qsizetype end = head.indexOf('>', meta);
        if (end < 0)
            end = head.size();
        const QByteArray tag = head.mid(meta, end - meta);
        const qsizetype charset = tag.indexOf("charset");
        if (charset >= 0) {
            const QByteArray label = labelAfter(tag, charset + 7);
            if (!label.isEmpty())
                return label;
        }
        from = end;
    }
}

/// <?xml version="1.0" encoding="x"?>
QByteArray xmlEncoding(QByteArrayView body)
{
    const QByteArray head = lowered(body.first(qMin(PrescanBytes, body.size())));
    if (!head.trimmed().startsWith("<?xml"))
        return {};
    const qsizetype end = head.indexOf("?>");
    const qsizetype encoding = head.indexOf("encoding");
    if (encoding < 0 || (end >= 0 && encoding > end))
        return {};
    return labelAfter(head, encoding + 8);
}

struct Alias
{
    const char *label;
    const char *name;
};

// The WHATWG Encoding Standard's labels for the encodings pages really use, where the label is
// not a name ICU accepts for the same decoder (latin1 means windows-1252 on the web, not
// ISO-8859-1; gb2312 means GBK).
constexpr Alias Aliases[] = {
    {"utf8", "utf-8"}, {"unicode-1-1-utf-8", "utf-8"}, {"unicode11utf8", "utf-8"}, {"unicode20utf8", "utf-8"},
    {"x-unicode20utf8", "utf-8"},
    {"ascii", "windows-1252"}, {"us-ascii", "windows-1252"}, {"ansi_x3.4-1968", "windows-1252"},
    {"iso-8859-1", "windows-1252"}, {"iso8859-1", "windows-1252"}, {"iso88591", "windows-1252"},
    {"iso_8859-1", "windows-1252"}, {"iso_8859-1:1987", "windows-1252"}, {"latin1", "windows-1252"},
    {"l1", "windows-1252"}, {"cp1252", "windows-1252"}, {"x-cp1252", "windows-1252"}, {"cp819", "windows-1252"},
    {"ibm819", "windows-1252"}, {"csisolatin1", "windows-1252"}, {"iso-ir-100", "windows-1252"},
    {"iso-8859-9", "windows-1254"}, {"iso8859-9", "windows-1254"}, {"latin5", "windows-1254"},
    {"iso-8859-11", "windows-874"}, {"tis-620", "windows-874"},
    {"gb2312", "GBK"}, {"gbk", "GBK"}, {"x-gbk", "GBK"}, {"chinese", "GBK"}, {"csgb2312", "GBK"},
    {"iso-ir-58", "GBK"}, {"gb_2312", "GBK"}, {"gb_2312-80", "GBK"}, {"cp936", "GBK"},
    {"gb18030", "GB18030"},
    {"shift_jis", "Shift_JIS"}, {"shift-jis", "Shift_JIS"}, {"sjis", "Shift_JIS"}, {"x-sjis", "Shift_JIS"},
    {"ms932", "Shift_JIS"}, {"ms_kanji", "Shift_JIS"}, {"windows-31j", "Shift_JIS"}, {"csshiftjis", "Shift_JIS"},
    {"euc-jp", "EUC-JP"}, {"x-euc-jp", "EUC-JP"},
    {"euc-kr", "EUC-KR"}, {"ks_c_5601-1987", "EUC-KR"}, {"windows-949", "EUC-KR"},
    {"big5", "Big5"}, {"big5-hkscs", "Big5-HKSCS"}, {"x-x-big5", "Big5"},
    {"koi8-r", "KOI8-R"}, {"koi8_r", "KOI8-R"}, {"koi8-u", "KOI8-U"},
    {"utf-16", "utf-16le"}, {"utf-16le", "utf-16le"}, {"utf-16be", "utf-16be"},
};

} // namespace

MediaType parseContentType(const QString &header)
{
    MediaType media;
    const QStringList parts = header.split(QLatin1Char(';'));
    media.type = parts.value(0).trimmed().toLower();
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QString parameter = parts.at(i).trimmed();
        const qsizetype equals = parameter.indexOf(QLatin1Char('='));
        if (equals < 0 || parameter.left(equals).trimmed().compare(QLatin1String("charset"), Qt::CaseInsensitive) != 0)
            continue;
        QString value = parameter.mid(equals + 1).trimmed();
        if (value.size() >= 2 && (value.startsWith(QLatin1Char('"')) || value.startsWith(QLatin1Char('\''))))
            value = value.mid(1, value.size() - 2);
        media.charset = value.trimmed().toLatin1();
    }
    return media;
}

QByteArray canonicalCharset(QByteArrayView label)
{
    const QByteArray key = lowered(label).trimmed();
    if (key.isEmpty())
        return {};
    if (key == "utf-8")
        return "utf-8";
    QByteArray name = key;
    for (const Alias &alias : Aliases) {
        if (key == alias.label) {
            name = alias.name;
            break;
        }
    }
    // Qt decodes UTF-8/16/32 and Latin-1 everywhere, and the rest through ICU where Qt was built
    // with it (as on Debian); a build without ICU reports the others as unknown.
    const QStringDecoder decoder(name.constData());
    return decoder.isValid() ? name : QByteArray();
}

Result<CharsetChoice> chooseCharset(QByteArrayView body, const QByteArray &declared, DeclarationKind kind)
{
    if (body.startsWith("\xEF\xBB\xBF"))
        return CharsetChoice{"utf-8", CharsetChoice::Source::Bom, 3};
    if (body.startsWith("\xFF\xFE"))
        return CharsetChoice{"utf-16le", CharsetChoice::Source::Bom, 2};
    if (body.startsWith("\xFE\xFF"))
        return CharsetChoice{"utf-16be", CharsetChoice::Source::Bom, 2};

    auto named = [](const QByteArray &label, CharsetChoice::Source source) -> Result<CharsetChoice> {
        const QByteArray name = canonicalCharset(label);
        if (name.isEmpty()) {
            return Error(QStringLiteral("web.charset"),
                         QStringLiteral("The document is in the character set \"%1\", which this build cannot decode.")
                             .arg(QString::fromLatin1(label)));
        }
        return CharsetChoice{name, source, 0};
    };
    if (!declared.trimmed().isEmpty())
        return named(declared, CharsetChoice::Source::Header);

    QByteArray own;
    if (kind == DeclarationKind::HtmlMeta)
        own = metaCharset(body);
    else if (kind == DeclarationKind::XmlDeclaration)
        own = xmlEncoding(body);
    if (!own.isEmpty()) {
        Result<CharsetChoice> fromDocument = named(own, CharsetChoice::Source::Document);
        // A document that says it is UTF-16 in ASCII-compatible bytes is not (HTML standard).
        if (fromDocument.ok() && fromDocument->name.startsWith("utf-16"))
            fromDocument->name = "utf-8";
        return fromDocument;
    }

    // Checked in slices so a large body is not held twice; the decoder carries a sequence
    // split between two slices over. A sequence cut at the very end (a body cut at the size
    // limit) is not an error.
    QStringDecoder utf8(QStringDecoder::Utf8);
    constexpr qsizetype Slice = 64 * 1024;
    for (qsizetype at = 0; at < body.size() && !utf8.hasError(); at += Slice)
        (void)QString(utf8.decode(body.sliced(at, qMin(Slice, body.size() - at))));
    if (!utf8.hasError())
        return CharsetChoice{"utf-8", CharsetChoice::Source::Utf8Valid, 0};
    return CharsetChoice{"windows-1252", CharsetChoice::Source::Fallback, 0};
}

bool isUtf8(const CharsetChoice &choice)
{
    return choice.name == "utf-8";
}

QString decode(QByteArrayView body, const CharsetChoice &choice)
{
    QStringDecoder decoder(choice.name.constData(), QStringDecoder::Flag::Stateless);
    if (!decoder.isValid())
        decoder = QStringDecoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    return decoder.decode(body.sliced(qMin(choice.bomLength, body.size())));
}

} // namespace valis::web::detail
