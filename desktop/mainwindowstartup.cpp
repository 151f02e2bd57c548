// When the plugins load: after the window's first paint and, with --session, the session's
// first screen.
#include "conversationbridge.h"
#include "conversationview.h"
#include "mainwindow.h"

#include <QTimer>

namespace valis {

void MainWindow::startPluginsAfterFirstScreen()
{
    // Loading the plugins holds the GUI thread for a few hundred milliseconds (their libraries'
    // relocations, on a loaded machine more), and the GUI thread is what serves the page its
    // files and carries its web channel: loaded at the first paint, they held up the page's
    // scripts and so the first screen of the session opened with --session. So then they wait
    // for that first screen (or a few seconds, for a page that never shows it). Without
    // --session the window shows no session at once, and they load after the first paint.
    if (m_options.initialSession.isEmpty()) {
        m_pageShown = true;
        QTimer::singleShot(std::chrono::milliseconds(800), this, &MainWindow::startPluginsOnce); // never painted
        return;
    }
    connect(m_transcript->bridge(), &ConversationBridge::pageRendered, this, [this] {
        if (m_pageShown || m_shownSession.isEmpty())
            return;
        m_pageShown = true;
        if (m_painted)
            QTimer::singleShot(0, this, &MainWindow::startPluginsOnce);
    });
    QTimer::singleShot(std::chrono::milliseconds(3000), this, &MainWindow::startPluginsOnce);
}

} // namespace valis
