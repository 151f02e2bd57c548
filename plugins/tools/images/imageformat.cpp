#include "imageformat.h"

#include <QtEndian>

namespace valis::tools {

namespace {

quint32 be32(const QByteArray &b, qsizetype at)
{
    return qFromBigEndian<quint32>(reinterpret_cast<const uchar *>(b.constData()) + at);
}
quint16 be16(const QByteArray &b, qsizetype at)
{
    return qFromBigEndian<quint16>(reinterpret_cast<const uchar *>(b.constData()) + at);
}
quint16 le16(const QByteArray &b, qsizetype at)
{
    return qFromLittleEndian<quint16>(reinterpret_cast<const uchar *>(b.constData()) + at);
}
quint32 le24(const QByteArray &b, qsizetype at)
{
    const auto *p = reinterpret_cast<const uchar *>(b.constData()) + at;
    return quint32(p[0]) | (quint32(p[1]) << 8) | (quint32(p[2]) << 16);
}

QSize jpegSize(const QByteArray &b)
{
    // Walk the marker segments to the first start-of-frame, which holds the size.
    qsizetype at = 2;
    while (at + 9 < b.size()) {
        if (uchar(b.at(at)) != 0xFF)
            return {};
        const uchar marker = uchar(b.at(at + 1));
        if (marker == 0xFF) {
            ++at; // fill byte
            continue;
        }
        if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {
            at += 2;
            continue;
        }
        const quint16 length = be16(b, at + 2);
        const bool startOfFrame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (startOfFrame)
            return QSize(be16(b, at + 7), be16(b, at + 5));
        if (length < 2)
            return {};
        at += 2 + length;
    }
    return {};
}

QSize webpSize(const QByteArray &b)
{
    if (b.size() < 30)
        return {};
    const QByteArray chunk = b.mid(12, 4);
    if (chunk == "VP8X")
        return QSize(int(le24(b, 24)) + 1, int(le24(b, 27)) + 1);
    if (chunk == "VP8L" && uchar(b.at(20)) == 0x2F) {
        const auto *p = reinterpret_cast<const uchar *>(b.constData()) + 21;
        const int width = 1 + (int(p[0]) | ((int(p[1]) & 0x3F) << 8));
        const int height = 1 + ((int(p[1]) >> 6) | (int(p[2]) << 2) | ((int(p[3]) & 0x0F) << 10));
        return QSize(width, height);
    }
    if (chunk == "VP8 " && uchar(b.at(23)) == 0x9D && uchar(b.at(24)) == 0x01 && uchar(b.at(25)) == 0x2A)
        return QSize(le16(b, 26) & 0x3FFF, le16(b, 28) & 0x3FFF);
    return {};
}

} // namespace

ImageFormat ImageFormat::sniff(const QByteArray &b)
{
    ImageFormat format;
    if (b.startsWith("\x89PNG\r\n\x1a\n")) {
        format.mediaType = QStringLiteral("image/png");
        format.name = QStringLiteral("PNG");
        if (b.size() >= 24 && b.mid(12, 4) == "IHDR")
            format.size = QSize(int(be32(b, 16)), int(be32(b, 20)));
    } else if (b.size() >= 3 && uchar(b.at(0)) == 0xFF && uchar(b.at(1)) == 0xD8 && uchar(b.at(2)) == 0xFF) {
        format.mediaType = QStringLiteral("image/jpeg");
        format.name = QStringLiteral("JPEG");
        format.size = jpegSize(b);
    } else if (b.startsWith("GIF87a") || b.startsWith("GIF89a")) {
        format.mediaType = QStringLiteral("image/gif");
        format.name = QStringLiteral("GIF");
        if (b.size() >= 10)
            format.size = QSize(le16(b, 6), le16(b, 8));
    } else if (b.size() >= 12 && b.startsWith("RIFF") && b.mid(8, 4) == "WEBP") {
        format.mediaType = QStringLiteral("image/webp");
        format.name = QStringLiteral("WebP");
        format.size = webpSize(b);
    } else if (b.startsWith("BM")) {
        format.name = QStringLiteral("BMP");
    } else if (b.startsWith("II*") || b.startsWith(QByteArray("MM\0*", 4))) {
        format.name = QStringLiteral("TIFF");
    } else if (b.startsWith("%PDF")) {
        format.name = QStringLiteral("PDF");
    } else if (b.size() >= 12 && b.mid(4, 4) == "ftyp" && (b.mid(8, 4) == "heic" || b.mid(8, 4) == "heix" || b.mid(8, 4) == "mif1")) {
        format.name = QStringLiteral("HEIC");
    } else if (b.size() >= 12 && b.mid(4, 4) == "ftyp" && b.mid(8, 4) == "avif") {
        format.name = QStringLiteral("AVIF");
    } else if (b.left(512).contains("<svg")) {
        format.name = QStringLiteral("SVG");
    } else if (b.startsWith(QByteArray("\0\0\1\0", 4))) {
        format.name = QStringLiteral("ICO");
    }
    return format;
}

} // namespace valis::tools
