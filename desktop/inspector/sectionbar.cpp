#include "sectionbar.h"

#include <QPainter>

namespace valis {

SectionBar::SectionBar(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("inspectorSectionBar"));
    setAccessibleName(tr("Tokens per section"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void SectionBar::setSections(const QList<Section> &sections)
{
    m_sections = sections;
    QStringList parts;
    for (const Section &section : sections)
        parts << tr("%1: %2 tokens").arg(section.label).arg(section.tokens);
    setAccessibleDescription(parts.join(QStringLiteral(", ")));
    setToolTip(parts.join(QLatin1Char('\n')));
    update();
}

QSize SectionBar::sizeHint() const
{
    return {240, 10};
}

void SectionBar::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF bar = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.setBrush(palette().color(QPalette::Base));
    painter.drawRoundedRect(bar, 3, 3);
    qint64 total = 0;
    for (const Section &section : std::as_const(m_sections))
        total += qMax<qint64>(0, section.tokens);
    if (total <= 0)
        return;
    painter.setPen(Qt::NoPen);
    double x = bar.left();
    for (const Section &section : std::as_const(m_sections)) {
        const double width = bar.width() * double(qMax<qint64>(0, section.tokens)) / double(total);
        painter.setBrush(section.colour);
        painter.drawRect(QRectF(x, bar.top(), width, bar.height()));
        x += width;
    }
}

} // namespace valis
