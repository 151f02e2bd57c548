#include "desktopnotifier.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QIcon>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QSystemTrayIcon>
#include <QWidget>

#ifdef VALIS_HAVE_QTDBUS
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#endif

namespace valis {

namespace {

const QString enabledKey = QStringLiteral("notifications/enabled");
#ifdef VALIS_HAVE_QTDBUS
const QString service = QStringLiteral("org.freedesktop.Notifications");
const QString path = QStringLiteral("/org/freedesktop/Notifications");
#endif

} // namespace

DesktopNotifier::DesktopNotifier(QWidget *window, const DataLocations &locations)
    : QObject(window)
    , m_window(window)
    , m_locations(locations)
{
    setObjectName(QStringLiteral("desktopNotifier"));
    // Coming back to the window (after Settings, say) is when a changed setting takes effect.
    window->installEventFilter(this);
    reload();
}

DesktopNotifier::~DesktopNotifier() = default;

bool DesktopNotifier::isEnabled(const DataLocations &locations)
{
    return QSettings(locations.desktopSettingsPath(), QSettings::IniFormat).value(enabledKey, true).toBool();
}

void DesktopNotifier::setEnabled(const DataLocations &locations, bool enabled)
{
    QSettings(locations.desktopSettingsPath(), QSettings::IniFormat).setValue(enabledKey, enabled);
}

DesktopNotifier::Channel DesktopNotifier::channel() const
{
    if (QSystemTrayIcon::isSystemTrayAvailable())
        return Channel::Tray;
#ifdef VALIS_HAVE_QTDBUS
    // No synchronous question to the bus here (the GUI thread never waits on it): a service
    // that is missing makes the asynchronous Notify fail, and failed() says so.
    if (QDBusConnection::sessionBus().isConnected())
        return Channel::FreedesktopDBus;
#endif
    return Channel::None;
}

bool DesktopNotifier::windowIsActive() const
{
    QWidget *active = QApplication::activeWindow();
    return m_window && active && (active == m_window || m_window->isAncestorOf(active));
}

void DesktopNotifier::reload()
{
    m_enabled = isEnabled(m_locations);
    const bool wantTray = m_enabled && QSystemTrayIcon::isSystemTrayAvailable();
    if (!wantTray) {
        delete std::exchange(m_tray, nullptr);
        return;
    }
    if (m_tray)
        return;
    QIcon icon = m_window ? m_window->windowIcon() : QIcon();
    if (icon.isNull())
        icon = QApplication::windowIcon();
    if (icon.isNull())
        icon = QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation);
    m_tray = new QSystemTrayIcon(icon, this);
    m_tray->setObjectName(QStringLiteral("trayIcon"));
    m_tray->setToolTip(tr("Valis"));
    auto *menu = new QMenu(m_window);
    menu->setObjectName(QStringLiteral("trayMenu"));
    menu->setAccessibleName(tr("Valis tray menu"));
    menu->addAction(tr("&Show Valis"), this, &DesktopNotifier::showWindow);
    menu->addAction(tr("&Quit"), this, [this] {
        if (m_window)
            m_window->close();
    });
    m_tray->setContextMenu(menu);
    connect(m_tray, &QSystemTrayIcon::activated, this, [this](QSystemTrayIcon::ActivationReason reason) {
        if (reason == QSystemTrayIcon::Trigger || reason == QSystemTrayIcon::DoubleClick)
            showWindow();
    });
    connect(m_tray, &QSystemTrayIcon::messageClicked, this, &DesktopNotifier::showWindow);
    connect(m_tray, &QObject::destroyed, menu, &QObject::deleteLater);
    m_tray->show();
}

bool DesktopNotifier::notify(const QString &summary, const QString &body)
{
    m_enabled = isEnabled(m_locations);
    if (!m_enabled || windowIsActive())
        return false;
    if (m_tray && m_tray->isVisible()) {
        m_tray->showMessage(summary, body, QSystemTrayIcon::Information);
        return true;
    }
    switch (channel()) {
    case Channel::Tray:
        reload();
        if (m_tray) {
            m_tray->showMessage(summary, body, QSystemTrayIcon::Information);
            return true;
        }
        return false;
    case Channel::FreedesktopDBus:
        sendOverDBus(summary, body);
        return true;
    case Channel::None:
        break;
    }
    return false;
}

void DesktopNotifier::sendOverDBus(const QString &summary, const QString &body)
{
#ifdef VALIS_HAVE_QTDBUS
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!m_listening) {
        // A click on the notification ("default" action) brings the window forward.
        m_listening = bus.connect(service, path, service, QStringLiteral("ActionInvoked"), this,
                                  SLOT(onActionInvoked(uint,QString)));
    }
    QDBusMessage call = QDBusMessage::createMethodCall(service, path, service, QStringLiteral("Notify"));
    // Notify(app_name s, replaces_id u, app_icon s, summary s, body s, actions as, hints a{sv}, expire_timeout i)
    call << QStringLiteral("Valis") << uint(0) << QStringLiteral("valis") << summary << body
         << QStringList{QStringLiteral("default"), tr("Show")}
         << QVariantMap{{QStringLiteral("desktop-entry"), QStringLiteral("valis")}} << int(-1);
    auto *watcher = new QDBusPendingCallWatcher(bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *done) {
        const QDBusPendingReply<uint> reply = *done;
        if (reply.isError())
            Q_EMIT failed(Error(QStringLiteral("notifications.refused"), reply.error().message(), reply.error().name()));
        else
            m_sent.insert(reply.value());
        done->deleteLater();
    });
#else
    Q_UNUSED(summary)
    Q_UNUSED(body)
#endif
}

void DesktopNotifier::showWindow()
{
    if (!m_window)
        return;
    m_window->showNormal();
    m_window->raise();
    m_window->activateWindow();
}

void DesktopNotifier::onActionInvoked(uint id, const QString &action)
{
    if (m_sent.contains(id) && action == QLatin1String("default"))
        showWindow();
}

bool DesktopNotifier::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::WindowActivate)
        reload();
    return QObject::eventFilter(watched, event);
}

} // namespace valis
