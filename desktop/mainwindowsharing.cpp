// The main window's part in Valis as a server: it owns the OpenAI-compatible API's switch, so
// `valis-cli serve` runs while the app does (Settings > Share memory with other agents turns it
// on and off) and is started again when it was left on.
#include "mainwindow.h"

#include "apiservercontroller.h"
#include "sharingpage.h"

#include <QTimer>

namespace valis {

void MainWindow::connectSharing()
{
    m_apiServer = new ApiServerController(SharingPage::installedCli(), m_locations.desktopSettingsPath(),
                                          m_locations.isOverridden() ? m_locations.home() : QString(), this);
    QTimer::singleShot(0, m_apiServer, &ApiServerController::restore);
}

} // namespace valis
