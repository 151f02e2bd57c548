#pragma once

#include <QList>
#include <QWidget>

namespace valis {

/// The status bar's context gauge: how much of the model's window the last request used, as a
/// bar with the marks where the context strategy steps in (evict, summarise), and the figures.
/// It shows one request's prompt (never a sum over the record), or nothing with the reason in
/// its tooltip. Clicking it (or Space/Enter when it has focus) asks for the context inspector.
class ContextMeter : public QWidget
{
    Q_OBJECT

public:
    explicit ContextMeter(QWidget *parent = nullptr);

    /// `tokens` of the last request against a `window` of the model (0: unknown).
    void setUsage(qint64 tokens, qint64 window);
    /// Where the strategy acts, as shares of the window (0.85, 0.95), with a word for each.
    void setMarks(const QList<QPair<double, QString>> &marks);
    void clear();
    /// Nothing to show, and why ("this session records no usage"): the reason is the tooltip.
    void setUnavailable(const QString &reason);
    QString unavailableReason() const { return m_reason; }

    qint64 tokens() const { return m_tokens; }
    qint64 window() const { return m_window; }
    /// "43.2k / 200k · 22%", or empty when nothing is known.
    QString text() const;

    QSize sizeHint() const override;

Q_SIGNALS:
    /// The person wants to see what the request held (the context inspector).
    void activated();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void updateToolTip();

    qint64 m_tokens = 0;
    qint64 m_window = 0;
    QList<QPair<double, QString>> m_marks;
    QString m_reason;
};

} // namespace valis
