#include "documentsdock.h"

#include "documentsview.h"

#include <QCoreApplication>
#include <QDockWidget>
#include <QMainWindow>

namespace valis {

DocumentsView *addDocumentsDock(QMainWindow *window, const DataLocations &locations)
{
    auto *view = new DocumentsView(locations);
    auto *dock = new QDockWidget(QCoreApplication::translate("valis::DocumentsView", "Documents"), window);
    dock->setObjectName(QStringLiteral("documentsDock"));
    dock->setWidget(view);
    window->addDockWidget(Qt::RightDockWidgetArea, dock);
    if (auto *memoryDock = window->findChild<QDockWidget *>(QStringLiteral("memoryDock")))
        window->tabifyDockWidget(memoryDock, dock);
    QObject::connect(dock, &QDockWidget::visibilityChanged, view, [view](bool visible) {
        if (visible)
            view->refresh();
    });
    return view;
}

} // namespace valis
