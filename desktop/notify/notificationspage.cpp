#include "notificationspage.h"

#include "desktopnotifier.h"

#include <QCheckBox>
#include <QLabel>
#include <QSystemTrayIcon>
#include <QVBoxLayout>

namespace valis {

NotificationsPage::NotificationsPage(const DataLocations &locations, QWidget *parent)
    : SettingsPage(parent), m_locations(locations)
{
    setObjectName(QStringLiteral("notificationsPage"));
    auto *layout = new QVBoxLayout(this);
    m_enabled = new QCheckBox(tr("Notify me when a turn ends, an approval waits or a background job fails "
                                 "while the window is in the background"), this);
    m_enabled->setObjectName(QStringLiteral("notificationsEnabled"));
    m_enabled->setAccessibleName(tr("Desktop notifications"));
    m_enabled->setChecked(DesktopNotifier::isEnabled(locations));
    layout->addWidget(m_enabled);
    auto *note = new QLabel(QSystemTrayIcon::isSystemTrayAvailable()
                                ? tr("While notifications are on, Valis also keeps an icon in the system tray.")
                                : tr("This desktop has no system tray: notifications go to its notification service."),
                            this);
    note->setObjectName(QStringLiteral("notificationsNote"));
    note->setWordWrap(true);
    layout->addWidget(note);
    layout->addStretch(1);
    connect(m_enabled, &QCheckBox::toggled, this, &SettingsPage::edited);
}

void NotificationsPage::apply(std::function<void(const Result<void> &)> done)
{
    if (isModified()) {
        DesktopNotifier::setEnabled(m_locations, m_enabled->isChecked());
        setModified(false);
    }
    done({});
}

} // namespace valis
