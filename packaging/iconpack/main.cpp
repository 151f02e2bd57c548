// valis-iconpack: draws the application icon from its SVG into the containers the Windows and
// macOS builds embed, at build time, so no rendered icon is ever committed.
//   valis-iconpack ICON.svg OUT.ico    every size Windows shows, in one .ico
//   valis-iconpack ICON.svg OUT.icns   16 to 1024 pixels, in one .icns
#include "iconcontainers.h"

#include <QFile>
#include <QGuiApplication>
#include <QPainter>
#include <QSaveFile>
#include <QSvgRenderer>

#include <cstdio>

using namespace valis::iconpack;

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "valis-iconpack: %s\n", qPrintable(message));
    return 1;
}

QImage render(QSvgRenderer &renderer, int size)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    return image;
}

} // namespace

int main(int argc, char *argv[])
{
    QGuiApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() != 3)
        return fail(QStringLiteral("usage: valis-iconpack ICON.svg OUT.ico|OUT.icns"));
    QSvgRenderer renderer(arguments.at(1));
    if (!renderer.isValid())
        return fail(QStringLiteral("%1 is not an SVG image it can draw").arg(arguments.at(1)));
    const QString output = arguments.at(2);
    const bool ico = output.endsWith(QLatin1String(".ico"));
    if (!ico && !output.endsWith(QLatin1String(".icns")))
        return fail(QStringLiteral("%1: the output must end in .ico or .icns").arg(output));

    const QList<int> sizes = ico ? QList<int>{16, 20, 24, 32, 40, 48, 64, 256} : icnsSizes();
    QList<IconImage> images;
    for (int size : sizes)
        images.append({size, render(renderer, size)});
    const QByteArray bytes = ico ? icoFile(images) : icnsFile(images);
    if (bytes.isEmpty())
        return fail(QStringLiteral("no icon could be assembled for %1").arg(output));
    QSaveFile file(output);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(QStringLiteral("cannot write %1: %2").arg(output, file.errorString()));
    return 0;
}
