// valis-iconpack: draws the application icon from its SVG into the containers the Windows and
// macOS builds embed, at build time, so no rendered icon is ever committed.
//   valis-iconpack ICON.svg OUT.ico    every size Windows shows, in one .ico
//   valis-iconpack ICON.svg OUT.icns   16 to 1024 pixels, in one .icns
//   valis-iconpack ICON.svg DIR SIZE...  DIR/SIZExSIZE/apps/<name>.png, the hicolor theme's
//                                        layout (Linux menus and docks)
#include "iconcontainers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
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

// The small drawing (ICON-16.svg beside ICON.svg, when there is one) for the sizes where the
// large one's thin strokes would blur: 16 to 24 pixels.
QSvgRenderer *smallDrawing = nullptr;
constexpr int SmallDrawingUpTo = 24;

QImage render(QSvgRenderer &large, int size)
{
    QSvgRenderer &renderer = smallDrawing && size <= SmallDrawingUpTo ? *smallDrawing : large;
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    return image;
}

/// The hicolor layout: one PNG per size under DIR/SIZExSIZE/apps.
int writeThemeFolder(QSvgRenderer &renderer, const QString &name, const QString &folder, const QStringList &sizeArguments)
{
    for (const QString &argument : sizeArguments) {
        bool ok = false;
        const int size = argument.toInt(&ok);
        if (!ok || size < 1 || size > 1024)
            return fail(QStringLiteral("\"%1\" is not a size in pixels").arg(argument));
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(folder).arg(size);
        if (!QDir().mkpath(dir))
            return fail(QStringLiteral("cannot create %1").arg(dir));
        const QString file = QStringLiteral("%1/%2.png").arg(dir, name);
        if (!render(renderer, size).save(file, "PNG"))
            return fail(QStringLiteral("cannot write %1").arg(file));
    }
    return 0;
}

} // namespace

int main(int argc, char *argv[])
{
    QGuiApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    if (arguments.size() < 3)
        return fail(QStringLiteral("usage: valis-iconpack ICON.svg OUT.ico|OUT.icns|DIR SIZE..."));
    QSvgRenderer renderer(arguments.at(1));
    if (!renderer.isValid())
        return fail(QStringLiteral("%1 is not an SVG image it can draw").arg(arguments.at(1)));
    const QFileInfo icon(arguments.at(1));
    QSvgRenderer small(icon.dir().filePath(icon.completeBaseName() + QStringLiteral("-16.svg")));
    if (small.isValid())
        smallDrawing = &small;
    const QString output = arguments.at(2);
    if (arguments.size() > 3)
        return writeThemeFolder(renderer, QFileInfo(arguments.at(1)).completeBaseName(), output, arguments.mid(3));
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
