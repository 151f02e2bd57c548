#pragma once

#include <QByteArray>
#include <QImage>
#include <QList>

namespace valis::iconpack {

/// One square rendering of the icon, as the containers below store it.
struct IconImage
{
    int size = 0;
    QImage image; ///< size x size pixels, any format QImage converts from.
};

/// A Windows .ico holding every image: the 256-pixel one as PNG (what Windows Vista and later
/// read at that size), the smaller ones as 32-bit DIBs with an AND mask, which every reader of
/// the format, NSIS's installer icon included, understands. Sizes must be 1..256.
QByteArray icoFile(const QList<IconImage> &images);

/// The pixel sizes an .icns needs: 16 to 512 and their doubles for Retina screens.
QList<int> icnsSizes();

/// A macOS .icns of PNG entries (the types macOS 10.7 and later read: icp4..icp6, ic07..ic14).
/// Each size of icnsSizes() must be present; the @2x entries reuse the image of twice the size.
QByteArray icnsFile(const QList<IconImage> &images);

} // namespace valis::iconpack
