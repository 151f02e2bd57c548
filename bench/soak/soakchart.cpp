#include "soakchart.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <functional>

namespace valis::bench {

namespace {

struct Series
{
    QString name;
    QColor color;
    std::function<double(const SoakSample &)> value;
};

// One panel: its series against minutes in `area`, the y axis from zero to the largest value.
void drawPanel(QPainter &painter, const QRectF &area, const QString &unit, const QList<Series> &series,
               const QList<SoakSample> &samples, double maxMinutes, double warmupMinutes)
{
    double top = 0;
    for (const Series &line : series)
        for (const SoakSample &sample : samples)
            top = std::max(top, line.value(sample));
    top = top <= 0 ? 1 : top * 1.1;
    const QRectF plot = area.adjusted(70, 24, -10, -22);
    painter.setPen(QColor(0xcc, 0xcc, 0xcc));
    for (int i = 0; i <= 4; ++i) {
        const double y = plot.bottom() - plot.height() * i / 4;
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(area.left(), y - 8, 66, 16), Qt::AlignRight | Qt::AlignVCenter, QString::number(top * i / 4, 'f', top < 10 ? 1 : 0));
        painter.setPen(QColor(0xcc, 0xcc, 0xcc));
    }
    const auto x = [&](double minutes) { return plot.left() + plot.width() * minutes / std::max(maxMinutes, 0.01); };
    if (warmupMinutes > 0) {
        painter.setPen(QPen(QColor(0x99, 0x99, 0x99), 1, Qt::DashLine));
        painter.drawLine(QPointF(x(warmupMinutes), plot.top()), QPointF(x(warmupMinutes), plot.bottom()));
    }
    painter.setPen(Qt::black);
    painter.drawRect(plot);
    for (int i = 0; i <= 6; ++i) {
        const double minutes = maxMinutes * i / 6;
        painter.drawText(QRectF(x(minutes) - 30, plot.bottom() + 2, 60, 16), Qt::AlignCenter, QString::number(minutes, 'f', maxMinutes < 10 ? 1 : 0));
    }
    QString legend = unit + QStringLiteral(":");
    qreal legendX = plot.left();
    painter.drawText(QPointF(legendX, area.top() + 16), legend);
    legendX += painter.fontMetrics().horizontalAdvance(legend) + 10;
    for (const Series &line : series) {
        QPainterPath path;
        for (qsizetype i = 0; i < samples.size(); ++i) {
            const QPointF point(x(samples.at(i).minutes), plot.bottom() - plot.height() * line.value(samples.at(i)) / top);
            if (i == 0)
                path.moveTo(point);
            else
                path.lineTo(point);
        }
        painter.setPen(QPen(line.color, 2));
        painter.drawPath(path);
        painter.drawText(QPointF(legendX, area.top() + 16), line.name);
        legendX += painter.fontMetrics().horizontalAdvance(line.name) + 16;
    }
}

} // namespace

QImage soakChart(const QList<SoakSample> &samples, double warmupMinutes, const QString &title)
{
    QImage image(1200, 1000, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::black);
    painter.drawText(QRectF(0, 4, image.width(), 24), Qt::AlignCenter, title);
    const double maxMinutes = samples.isEmpty() ? 1 : samples.last().minutes;
    const double panel = (image.height() - 40) / 4.0;
    const auto area = [&](int i) { return QRectF(0, 32 + panel * i, image.width(), panel); };
    const auto mib = [](qint64 kib) { return double(kib) / 1024.0; };
    drawPanel(painter, area(0), QStringLiteral("PSS, MiB"),
              {{QStringLiteral("process tree"), QColor(0x1f, 0x77, 0xb4), [mib](const SoakSample &s) { return mib(s.pssTreeKiB); }},
               {QStringLiteral("valis process"), QColor(0xff, 0x7f, 0x0e), [mib](const SoakSample &s) { return mib(s.pssSelfKiB); }},
               {QStringLiteral("tree, anonymous"), QColor(0x17, 0xbe, 0xcf), [mib](const SoakSample &s) { return mib(std::max<qint64>(0, s.anonTreeKiB)); }},
               {QStringLiteral("its malloc heap in use"), QColor(0x2c, 0xa0, 0x2c), [mib](const SoakSample &s) { return mib(std::max<qint64>(0, s.heapInUseKiB)); }},
               {QStringLiteral("freed, kept by malloc"), QColor(0x7f, 0x7f, 0x7f), [mib](const SoakSample &s) { return mib(std::max<qint64>(0, s.heapFreeKiB)); }}},
              samples, maxMinutes, warmupMinutes);
    drawPanel(painter, area(1), QStringLiteral("count"),
              {{QStringLiteral("descriptors"), QColor(0x2c, 0xa0, 0x2c), [](const SoakSample &s) { return double(s.fds); }},
               {QStringLiteral("threads"), QColor(0xd6, 0x27, 0x28), [](const SoakSample &s) { return double(s.threads); }},
               {QStringLiteral("threads of the tree"), QColor(0x94, 0x67, 0xbd), [](const SoakSample &s) { return double(s.treeThreads); }}},
              samples, maxMinutes, warmupMinutes);
    drawPanel(painter, area(2), QStringLiteral("store, MiB"),
              {{QStringLiteral("db + wal + blobs"), QColor(0x8c, 0x56, 0x4b), [](const SoakSample &s) { return double(s.storeBytes) / 1048576.0; }}},
              samples, maxMinutes, warmupMinutes);
    drawPanel(painter, area(3), QStringLiteral("done (x: minutes)"),
              {{QStringLiteral("turns"), QColor(0x17, 0xbe, 0xcf), [](const SoakSample &s) { return double(s.turns); }},
               {QStringLiteral("searches"), QColor(0xbc, 0xbd, 0x22), [](const SoakSample &s) { return double(s.searches); }},
               {QStringLiteral("pages"), QColor(0x7f, 0x7f, 0x7f), [](const SoakSample &s) { return double(s.pages); }}},
              samples, maxMinutes, warmupMinutes);
    return image;
}

} // namespace valis::bench
