#pragma once

#include "settingspage.h"

#include "valis/core/datalocations.h"

class QCheckBox;

namespace valis {

/// Settings > Notifications: whether the desktop tells the person, while its window is in the
/// background, that a turn ended, an approval waits or a background job failed (and keeps a tray
/// icon where there is a tray). Stored in the desktop settings (DesktopNotifier::setEnabled()).
class NotificationsPage : public SettingsPage
{
    Q_OBJECT

public:
    explicit NotificationsPage(const DataLocations &locations, QWidget *parent = nullptr);

    QString title() const override { return tr("Notifications"); }
    void apply(std::function<void(const Result<void> &)> done) override;

private:
    DataLocations m_locations;
    QCheckBox *m_enabled;
};

} // namespace valis
