// valis-iconrender: draws the application icon from its SVG at the sizes installers need, at
// build time, so no rendered icon is ever committed.
//   valis-iconrender ICON.svg OUTDIR SIZE...   writes OUTDIR/SIZExSIZE/apps/<name>.png
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

namespace {

int fail(const QString &message)
{
    std::fprintf(stderr, "valis-iconrender: %s\n", qPrintable(message));
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
    if (arguments.size() < 4)
        return fail(QStringLiteral("usage: valis-iconrender ICON.svg OUTDIR SIZE..."));
    QSvgRenderer renderer(arguments.at(1));
    if (!renderer.isValid())
        return fail(QStringLiteral("%1 is not an SVG image it can draw").arg(arguments.at(1)));
    QList<int> sizes;
    for (const QString &argument : arguments.mid(3)) {
        bool ok = false;
        const int size = argument.toInt(&ok);
        if (!ok || size < 1 || size > 4096)
            return fail(QStringLiteral("\"%1\" is not a size in pixels").arg(argument));
        sizes << size;
    }
    const QString name = QFileInfo(arguments.at(1)).completeBaseName();
    const QString target = arguments.at(2);
    for (int size : sizes) {
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(target).arg(size);
        if (!QDir().mkpath(dir))
            return fail(QStringLiteral("cannot create %1").arg(dir));
        const QString file = QStringLiteral("%1/%2.png").arg(dir, name);
        if (!render(renderer, size).save(file, "PNG"))
            return fail(QStringLiteral("cannot write %1").arg(file));
    }
    return 0;
}
