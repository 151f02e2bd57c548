#include "contextmeter.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPalette>

namespace valis {

namespace {

constexpr int BarWidth = 120;
constexpr int BarHeight = 8;

// "812", "43.2k", "200k", "1.05M": short enough for a status bar.
QString compactTokens(qint64 tokens)
{
    if (tokens < 1000)
        return QString::number(tokens);
    if (tokens < 1000000) {
        const double k = double(tokens) / 1000.0;
        return QString::number(k, 'f', k < 100 && tokens % 1000 != 0 ? 1 : 0) + QLatin1Char('k');
    }
    return QString::number(double(tokens) / 1e6, 'f', 2) + QLatin1Char('M');
}

} // namespace

ContextMeter::ContextMeter(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("contextMeter"));
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    setFocusPolicy(Qt::TabFocus);
    setCursor(Qt::PointingHandCursor);
    setAccessibleName(tr("Context gauge"));
    updateToolTip();
}

void ContextMeter::setUsage(qint64 tokens, qint64 window)
{
    m_tokens = qMax<qint64>(0, tokens);
    m_window = qMax<qint64>(0, window);
    m_reason.clear();
    updateToolTip();
    updateGeometry();
    update();
}

void ContextMeter::setMarks(const QList<QPair<double, QString>> &marks)
{
    m_marks = marks;
    updateToolTip();
    update();
}

void ContextMeter::clear()
{
    setUsage(0, 0);
}

void ContextMeter::setUnavailable(const QString &reason)
{
    setUsage(0, 0);
    m_reason = reason;
    updateToolTip();
}

void ContextMeter::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint())) {
        Q_EMIT activated();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void ContextMeter::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Space || event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        Q_EMIT activated();
        return;
    }
    QWidget::keyPressEvent(event);
}

QString ContextMeter::text() const
{
    if (m_window <= 0)
        return m_tokens > 0 ? tr("%1 tokens").arg(compactTokens(m_tokens)) : QString();
    const int percent = int(double(m_tokens) * 100.0 / double(m_window) + 0.5);
    return tr("%1 / %2 · %3%").arg(compactTokens(m_tokens), compactTokens(m_window)).arg(percent);
}

void ContextMeter::updateToolTip()
{
    QStringList lines{tr("Context: what the last request used of the model's window.")};
    if (!text().isEmpty())
        lines << text();
    if (!m_reason.isEmpty())
        lines << m_reason;
    for (const auto &[share, word] : std::as_const(m_marks))
        lines << tr("%1 at %2% of the window").arg(word).arg(int(share * 100.0 + 0.5));
    lines << tr("Click to see what the model was sent.");
    setToolTip(lines.join(QLatin1Char('\n')));
    setAccessibleDescription(text().isEmpty() ? m_reason : text());
}

QSize ContextMeter::sizeHint() const
{
    const int textWidth = fontMetrics().horizontalAdvance(text().isEmpty() ? tr("no context yet") : text());
    return {BarWidth + 8 + textWidth + 4, qMax(fontMetrics().height(), BarHeight) + 4};
}

void ContextMeter::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QRectF bar(1, (height() - BarHeight) / 2.0, BarWidth, BarHeight);
    painter.setPen(QPen(pal.color(QPalette::Mid), 1));
    painter.setBrush(pal.color(QPalette::Base));
    painter.drawRoundedRect(bar, 3, 3);

    const double share = m_window > 0 ? qBound(0.0, double(m_tokens) / double(m_window), 1.0) : 0.0;
    // Green below the first mark, amber past it, red past the last: the colour says what comes next.
    QColor fill(0x2e, 0x9e, 0x4f);
    if (!m_marks.isEmpty() && share >= m_marks.first().first)
        fill = QColor(0xd2, 0x99, 0x22);
    if (!m_marks.isEmpty() && share >= m_marks.last().first)
        fill = QColor(0xcf, 0x22, 0x2e);
    if (share > 0) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(fill);
        painter.drawRoundedRect(QRectF(bar.left(), bar.top(), bar.width() * share, bar.height()), 3, 3);
    }
    if (hasFocus()) {
        // Keyboard focus must be visible: a ring around the whole gauge.
        painter.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5));
    }
    painter.setPen(QPen(pal.color(QPalette::WindowText), 1));
    for (const auto &[markShare, word] : std::as_const(m_marks)) {
        Q_UNUSED(word);
        const double x = bar.left() + bar.width() * qBound(0.0, markShare, 1.0);
        painter.drawLine(QPointF(x, bar.top() - 2), QPointF(x, bar.bottom() + 2));
    }
    painter.setPen(pal.color(m_window > 0 ? QPalette::WindowText : QPalette::PlaceholderText));
    const QString label = !text().isEmpty() ? text() : !m_reason.isEmpty() ? tr("no usage") : tr("no context yet");
    painter.drawText(QRectF(bar.right() + 8, 0, width() - bar.right() - 8, height()), Qt::AlignVCenter | Qt::AlignLeft, label);
}

} // namespace valis
