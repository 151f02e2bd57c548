#pragma once

#include <QByteArray>
#include <QSize>
#include <QString>

namespace valis::tools {

/// What the first bytes of a file say it is: one of the image types every model that accepts
/// images takes (PNG, JPEG, GIF, WebP), judged by magic bytes, never by the file name.
struct ImageFormat
{
    QString mediaType;  ///< "image/png"...; empty when the bytes are none of the four.
    QString name;       ///< "PNG", or for other files what they look like ("SVG", "PDF"), or empty.
    QSize size;         ///< Pixels, when the header says (invalid otherwise).

    bool isSupported() const { return !mediaType.isEmpty(); }

    static ImageFormat sniff(const QByteArray &bytes);
};

} // namespace valis::tools
