#include "iconcontainers.h"

#include <QBuffer>
#include <QtEndian>

#include <algorithm>

namespace valis::iconpack {

namespace {

QByteArray png(const QImage &image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

void appendLE16(QByteArray &out, quint16 value)
{
    char bytes[2];
    qToLittleEndian(value, bytes);
    out.append(bytes, 2);
}

void appendLE32(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToLittleEndian(value, bytes);
    out.append(bytes, 4);
}

void appendBE32(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    out.append(bytes, 4);
}

/// BITMAPINFOHEADER, bottom-up BGRA rows, then the 1-bit AND mask (set where fully transparent).
QByteArray dib(const QImage &source)
{
    const QImage image = source.convertToFormat(QImage::Format_ARGB32);
    const int size = image.width();
    const int maskStride = ((size + 31) / 32) * 4;
    QByteArray out;
    appendLE32(out, 40);
    appendLE32(out, quint32(size));
    appendLE32(out, quint32(size * 2)); // the colour rows and the mask rows
    appendLE16(out, 1);
    appendLE16(out, 32);
    appendLE32(out, 0); // BI_RGB
    appendLE32(out, quint32(size * size * 4 + maskStride * size));
    for (int i = 0; i < 4; ++i)
        appendLE32(out, 0);
    for (int y = size - 1; y >= 0; --y) {
        const auto *row = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < size; ++x) {
            const QRgb pixel = row[x];
            const char bgra[4] = {char(qBlue(pixel)), char(qGreen(pixel)), char(qRed(pixel)), char(qAlpha(pixel))};
            out.append(bgra, 4);
        }
    }
    for (int y = size - 1; y >= 0; --y) {
        QByteArray mask(maskStride, '\0');
        const auto *row = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < size; ++x) {
            if (qAlpha(row[x]) == 0)
                mask[x / 8] = char(mask.at(x / 8) | (0x80 >> (x % 8)));
        }
        out.append(mask);
    }
    return out;
}

const QImage *imageOfSize(const QList<IconImage> &images, int size)
{
    const auto found = std::find_if(images.cbegin(), images.cend(), [size](const IconImage &entry) {
        return entry.size == size;
    });
    return found == images.cend() ? nullptr : &found->image;
}

} // namespace

QByteArray icoFile(const QList<IconImage> &images)
{
    QList<QByteArray> payloads;
    for (const IconImage &entry : images)
        payloads.append(entry.size >= 256 ? png(entry.image) : dib(entry.image));
    QByteArray out;
    appendLE16(out, 0);
    appendLE16(out, 1); // an icon, not a cursor
    appendLE16(out, quint16(images.size()));
    quint32 offset = quint32(6 + 16 * images.size());
    for (qsizetype i = 0; i < images.size(); ++i) {
        const int size = images.at(i).size;
        out.append(char(size >= 256 ? 0 : size)); // 0 stands for 256
        out.append(char(size >= 256 ? 0 : size));
        out.append('\0'); // no palette
        out.append('\0');
        appendLE16(out, 1);
        appendLE16(out, 32);
        appendLE32(out, quint32(payloads.at(i).size()));
        appendLE32(out, offset);
        offset += quint32(payloads.at(i).size());
    }
    for (const QByteArray &payload : payloads)
        out.append(payload);
    return out;
}

QList<int> icnsSizes()
{
    return {16, 32, 64, 128, 256, 512, 1024};
}

QByteArray icnsFile(const QList<IconImage> &images)
{
    // Type and pixel size; the @2x types hold the image of twice their nominal size.
    static const QList<QPair<QByteArray, int>> entries = {
        {"icp4", 16},  {"ic11", 32},  {"icp5", 32},  {"ic12", 64},  {"icp6", 64},  {"ic07", 128},
        {"ic13", 256}, {"ic08", 256}, {"ic14", 512}, {"ic09", 512}, {"ic10", 1024}};
    QByteArray body;
    for (const auto &[type, size] : entries) {
        const QImage *image = imageOfSize(images, size);
        if (!image)
            return {};
        const QByteArray data = png(*image);
        body.append(type);
        appendBE32(body, quint32(8 + data.size()));
        body.append(data);
    }
    QByteArray out("icns");
    appendBE32(out, quint32(8 + body.size()));
    out.append(body);
    return out;
}

} // namespace valis::iconpack
