#pragma once

#include "valis/core/datalocations.h"
#include "valis/core/result.h"

#include <QObject>
#include <QPointer>
#include <QSet>

class QSystemTrayIcon;
class QWidget;

namespace valis {

/// Tells the person, outside the window, that something needs them: a turn ended, an approval
/// waits, a background job failed. Only while the window is not the active one (whoever looks
/// at the window sees it there), and only while notifications are on (Settings >
/// Notifications, stored in the desktop settings as notifications/enabled, on by default).
///
/// Where the platform has a system tray it keeps an icon there (Show, Quit) and notifies through
/// it; elsewhere it sends org.freedesktop.Notifications.Notify over the session bus when the
/// build has QtDBus. Lives on the GUI thread, a child of the window it watches.
class DesktopNotifier : public QObject
{
    Q_OBJECT

public:
    enum class Channel { None, Tray, FreedesktopDBus };

    DesktopNotifier(QWidget *window, const DataLocations &locations);
    ~DesktopNotifier() override;

    /// Whether notifications are on in `locations`' desktop settings.
    static bool isEnabled(const DataLocations &locations);
    static void setEnabled(const DataLocations &locations, bool enabled);

    /// How notifications are shown here (None: neither a tray nor a session bus).
    Channel channel() const;
    /// Whether the watched window (or a dialog of it) is the active window.
    bool windowIsActive() const;
    /// Shows `summary` (the session's title) with `body` unless notifications are off or the
    /// window is active; true when it was handed to the tray or the bus.
    bool notify(const QString &summary, const QString &body);
    /// Reads the setting again: the tray icon comes and goes with it.
    void reload();
    QSystemTrayIcon *trayIcon() const { return m_tray; }

Q_SIGNALS:
    /// The notification service refused or could not be reached (the reason, for the status bar).
    void failed(const valis::Error &error);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private Q_SLOTS:
    void showWindow();
    /// The service's ActionInvoked: a click on one of ours brings the window forward.
    void onActionInvoked(uint id, const QString &action);

private:
    void sendOverDBus(const QString &summary, const QString &body);

    QPointer<QWidget> m_window;
    DataLocations m_locations;
    QSystemTrayIcon *m_tray = nullptr;
    bool m_enabled = true;
    bool m_listening = false; ///< connected to the service's ActionInvoked
    QSet<uint> m_sent;        ///< the ids the service gave our notifications
};

} // namespace valis
