#include "windowlayout.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QMainWindow>
#include <QPointer>
#include <QTimer>

namespace valis::WindowLayout {

QString sessionsDockName()
{
    return QStringLiteral("sessionsDock");
}

int conversationColumnWidth()
{
    // The page's text font (14 px) as the widgets' fonts resolve it; the page adds 16 px a side.
    QFont font = QApplication::font();
    font.setPixelSize(14);
    return int(QFontMetricsF(font).horizontalAdvance(QLatin1Char('0')) * MeasureCharacters) + 2 * 16;
}

QWidget *centredColumn(QWidget *content, QWidget *parent)
{
    auto *column = new QWidget(parent);
    column->setObjectName(QStringLiteral("composerColumn"));
    auto *layout = new QHBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addStretch(1);
    content->setMaximumWidth(conversationColumnWidth());
    layout->addWidget(content, 100);
    layout->addStretch(1);
    return column;
}

QDockWidget *addSessionsDock(QMainWindow *window, QWidget *sessions)
{
    const QString title = QCoreApplication::translate("valis::WindowLayout", "Sessions");
    auto *dock = new QDockWidget(title, window);
    dock->setObjectName(sessionsDockName());
    dock->setAccessibleName(title);
    dock->setWidget(sessions);
    // Narrow by default; the person may widen it, and the width is saved with the window.
    dock->setMinimumWidth(160);
    window->addDockWidget(Qt::LeftDockWidgetArea, dock);
    return dock;
}

void arrangeFirstStart(QMainWindow *window)
{
    QDockWidget *sessions = nullptr;
    for (QDockWidget *dock : window->findChildren<QDockWidget *>()) {
        if (dock->objectName() == sessionsDockName())
            sessions = dock;
        else
            dock->hide();
    }
    if (!sessions)
        return;
    sessions->show();
    // Dock sizes only hold once the window has its own size: again after the first layout.
    window->resizeDocks({sessions}, {SessionListWidth}, Qt::Horizontal);
    QTimer::singleShot(0, window, [window, guard = QPointer<QDockWidget>(sessions)] {
        if (guard)
            window->resizeDocks({guard.data()}, {SessionListWidth}, Qt::Horizontal);
    });
}

void bringDockForward(QMainWindow *window, const QString &objectName)
{
    auto *dock = window->findChild<QDockWidget *>(objectName);
    if (!dock)
        return;
    const bool wasHidden = dock->isHidden();
    dock->show();
    dock->raise();
    // A pane that comes forward stands beside the conversation, never over most of it.
    const int most = window->width() * 3 / 10;
    if (wasHidden && !dock->isFloating() && window->dockWidgetArea(dock) != Qt::LeftDockWidgetArea
        && dock->width() > most)
        window->resizeDocks({dock}, {most}, Qt::Horizontal);
}

} // namespace valis::WindowLayout
