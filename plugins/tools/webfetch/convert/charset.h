#pragma once

#include "valis/core/result.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace valis::web::detail {

/// A Content-Type header taken apart: the media type in lower case ("text/html") and its
/// charset parameter as written (empty when absent).
struct MediaType
{
    QString type;
    QByteArray charset;
};

MediaType parseContentType(const QString &header);

/// Where a document's charset came from, and which one it is (a name QStringDecoder knows).
struct CharsetChoice
{
    enum class Source { Bom, Header, Document, Utf8Valid, Fallback };
    QByteArray name;      ///< "utf-8", "windows-1252", "Shift_JIS" ...
    Source source = Source::Fallback;
    qsizetype bomLength = 0;
};

/// What the bytes' document may declare inside itself, looked for in its first bytes.
enum class DeclarationKind { None, HtmlMeta, XmlDeclaration };

/// The charset of `body`: a BOM, then the header's charset, then the document's own declaration,
/// then UTF-8 when the bytes are valid UTF-8, else windows-1252 (what browsers assume for
/// undeclared legacy pages). Labels are mapped as the WHATWG Encoding Standard maps them
/// (latin1, us-ascii -> windows-1252; gb2312 -> GBK ...). Error "web.charset" for a label this
/// build of Qt cannot decode.
Result<CharsetChoice> chooseCharset(QByteArrayView body, const QByteArray &declared, DeclarationKind kind);

/// The canonical name for a charset label, or empty when the label is unknown here.
QByteArray canonicalCharset(QByteArrayView label);

/// `body` decoded with `choice` (its BOM skipped); malformed bytes become U+FFFD.
QString decode(QByteArrayView body, const CharsetChoice &choice);

/// True when `choice` is UTF-8, so the bytes can go to the parser as they are.
bool isUtf8(const CharsetChoice &choice);

} // namespace valis::web::detail
