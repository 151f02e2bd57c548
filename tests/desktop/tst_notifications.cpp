#include "testsupport.h"
#include "webtestsupport.h"
#include "mainwindowtestsupport.h"

#include "composerwidget.h"
#include "conversationcontroller.h"
#include "desktopnotifier.h"
#include "mainwindow.h"
#include "providerserver.h"
#include "settingsdialog.h"
#include "streambuilders.h"

#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QScopeGuard>
#include <QSystemTrayIcon>
#include <QDir>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>

using namespace valis;

// Desktop notifications against a real notification server: dunst on a private session bus
// (tests/support/with-notification-server.sh), read back with dunstctl. A finished turn while
// the window is in the background notifies once, with the session's title; none while the
// window is active, none when switched off in Settings.
class TestNotifications : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void notifiesAFinishedTurnOnlyInTheBackgroundAndWhenOn();
    void notifiesAnApprovalThatWaits();
    void keepsATrayIconWhereThereIsATray();
};

namespace {

struct Shown
{
    QString appName;
    QString summary;
    QString body;
};

/// Every notification the server has shown so far (closed first, so all are in its history),
/// oldest first; nullopt when dunstctl could not be asked.
std::optional<QList<Shown>> shownNotifications()
{
    const auto run = [](const QStringList &arguments) -> std::optional<QByteArray> {
        QProcess dunstctl;
        dunstctl.start(QStringLiteral("dunstctl"), arguments);
        if (!dunstctl.waitForFinished(10000) || dunstctl.exitCode() != 0)
            return std::nullopt;
        return dunstctl.readAllStandardOutput();
    };
    if (!run({QStringLiteral("close-all")}))
        return std::nullopt;
    const std::optional<QByteArray> history = run({QStringLiteral("history")});
    if (!history)
        return std::nullopt;
    const QJsonArray data = QJsonDocument::fromJson(*history).object().value(QLatin1String("data")).toArray().at(0).toArray();
    QList<Shown> shown;
    for (const QJsonValue &entry : data) {
        const QJsonObject object = entry.toObject();
        const auto field = [&object](const char *name) {
            return object.value(QLatin1String(name)).toObject().value(QLatin1String("data")).toString();
        };
        shown.prepend({field("appname"), field("summary"), field("body")}); // newest first in history
    }
    return shown;
}

} // namespace

void TestNotifications::notifiesAFinishedTurnOnlyInTheBackgroundAndWhenOn()
{
    if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING") || QStandardPaths::findExecutable(QStringLiteral("dunstctl")).isEmpty())
        QSKIP("needs tests/support/with-notification-server.sh (dunst on a private session bus)");
    QVERIFY(shownNotifications().has_value());
    const int before = int(shownNotifications()->size());

    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    // The plugins against the local server; the key from the environment (the bus here is the
    // private one with the notification server and an empty Secret Service).
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_BUILT_PLUGIN_DIR));
    qputenv("ANTHROPIC_API_KEY", "sk-desktop-test");
    qunsetenv("ANTHROPIC_BASE_URL");
    QVERIFY(test::useTestServer(locations, server));

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QVERIFY(window.notifier());
    // Xvfb has no system tray: the notification service on the bus is the way.
    QCOMPARE(window.notifier()->channel(), DesktopNotifier::Channel::FreedesktopDBus);
    QVERIFY(!window.notifier()->trayIcon());
    auto *send = window.findChild<QPushButton *>(QStringLiteral("composerSend"));
    QVERIFY(send);

    // Another window has the focus: the person is elsewhere.
    QWidget elsewhere;
    elsewhere.setWindowTitle(QStringLiteral("Another application"));
    elsewhere.resize(200, 100);
    const auto goElsewhere = [&] {
        elsewhere.show();
        elsewhere.activateWindow();
        return QTest::qWaitForWindowActive(&elsewhere) && !window.notifier()->windowIsActive();
    };
    const auto turn = [&](const QString &question, const QString &answer) {
        server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(answer).stop(QStringLiteral("end_turn"))));
        window.composer()->editor()->setPlainText(question);
        send->click();
        return QTest::qWaitFor([&] { return test::pageText(window).contains(answer) && !window.conversation()->isBusy(); }, 20000);
    };

    window.newSession();
    QVERIFY(goElsewhere());
    QVERIFY(turn(QStringLiteral("Plan the garden party"), QStringLiteral("Lanterns and lemonade.")));
    QTRY_COMPARE_WITH_TIMEOUT(shownNotifications()->size(), before + 1, 10000);
    QString title;
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        const auto session = store.value()->session(window.shownSession());
        VALIS_VERIFY_OK(session);
        title = session->title;
    }
    QCOMPARE(title, QStringLiteral("Plan the garden party"));
    const Shown shown = shownNotifications()->constLast();
    QCOMPARE(shown.summary, title);
    QCOMPARE(shown.body, QStringLiteral("The turn has ended."));
    QCOMPARE(shown.appName, QStringLiteral("Valis"));
    // Exactly one, not one per event of the turn.
    QTest::qWait(1000);
    QCOMPARE(shownNotifications()->size(), before + 1);

    // The window in front: the person sees the answer there, no notification.
    elsewhere.hide();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.notifier()->windowIsActive());
    QVERIFY(turn(QStringLiteral("And the music?"), QStringLiteral("A string quartet.")));
    QTest::qWait(1000);
    QCOMPARE(shownNotifications()->size(), before + 1);

    // Switched off in Settings > Notifications: none in the background either.
    window.showSettings(QStringLiteral("Notifications"));
    SettingsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<SettingsDialog *>()) && dialog->isVisible());
    QCOMPARE(dialog->findChild<QListWidget *>()->currentItem()->text(), QStringLiteral("Notifications"));
    auto *enabled = dialog->findChild<QCheckBox *>(QStringLiteral("notificationsEnabled"));
    QVERIFY(enabled && enabled->isChecked());
    enabled->setChecked(false);
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QTRY_VERIFY(!window.findChild<SettingsDialog *>());
    QVERIFY(!DesktopNotifier::isEnabled(locations));
    QVERIFY(goElsewhere());
    QVERIFY(turn(QStringLiteral("And the cake?"), QStringLiteral("Lemon drizzle.")));
    QTest::qWait(1000);
    QCOMPARE(shownNotifications()->size(), before + 1);

    // On again: the next background turn notifies again, once.
    DesktopNotifier::setEnabled(locations, true);
    QVERIFY(turn(QStringLiteral("And the guests?"), QStringLiteral("Thirty neighbours.")));
    QTRY_COMPARE_WITH_TIMEOUT(shownNotifications()->size(), before + 2, 10000);
    QCOMPARE(shownNotifications()->constLast().summary, title);
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestNotifications::notifiesAnApprovalThatWaits()
{
    if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING") || QStandardPaths::findExecutable(QStringLiteral("dunstctl")).isEmpty())
        QSKIP("needs tests/support/with-notification-server.sh (dunst on a private session bus)");
    const int before = int(shownNotifications().value_or(QList<Shown>()).size());
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    // The test tools: "write" asks for approval.
    qputenv("VALIS_PLUGIN_PATH", (QStringLiteral(VALIS_BUILT_PLUGIN_DIR) + QDir::listSeparator() + QStringLiteral(VALIS_TEST_TOOL_PLUGIN_DIR)).toUtf8());
    qputenv("ANTHROPIC_API_KEY", "sk-desktop-test");
    qunsetenv("ANTHROPIC_BASE_URL");
    QVERIFY(test::useTestServer(locations, server));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .text(QStringLiteral("I will write the file."))
                                                   .toolUse(QStringLiteral("toolu_w"), QStringLiteral("write"), QJsonObject{{QStringLiteral("text"), QStringLiteral("notes.md")}})
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("The file is written.")).stop(QStringLiteral("end_turn"))));

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QWidget elsewhere;
    elsewhere.resize(200, 100);
    elsewhere.show();
    elsewhere.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&elsewhere));
    window.composer()->editor()->setPlainText(QStringLiteral("Write the notes"));
    window.findChild<QPushButton *>(QStringLiteral("composerSend"))->click();

    // The call waits: one notification says so, with the tool's name.
    QTRY_COMPARE_WITH_TIMEOUT(shownNotifications()->size(), before + 1, 15000);
    QCOMPARE(shownNotifications()->constLast().summary, QStringLiteral("Write the notes"));
    QCOMPARE(shownNotifications()->constLast().body, QStringLiteral("A tool call waits for your approval: write"));
    // Allowed: the turn goes on and ends, which is told too.
    QVERIFY(window.conversation()->decideOldestApproval(QStringLiteral("once")));
    QTRY_VERIFY_WITH_TIMEOUT(test::pageText(window).contains(QLatin1String("The file is written.")), 15000);
    QTRY_COMPARE_WITH_TIMEOUT(shownNotifications()->size(), before + 2, 10000);
    QCOMPARE(shownNotifications()->constLast().body, QStringLiteral("The turn has ended."));
    QTest::qWait(500);
    QCOMPARE(shownNotifications()->size(), before + 2);
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestNotifications::keepsATrayIconWhereThereIsATray()
{
    if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING") || QStandardPaths::findExecutable(QStringLiteral("dunstctl")).isEmpty())
        QSKIP("needs tests/support/with-notification-server.sh (dunst on a private session bus)");
    const QString trayerPath = QStandardPaths::findExecutable(QStringLiteral("trayer"));
    if (trayerPath.isEmpty())
        QSKIP("trayer not found (Debian package trayer): the tray test needs a system tray on the X server");
    const int before = int(shownNotifications().value_or(QList<Shown>()).size());
    // A real system tray (trayer owns _NET_SYSTEM_TRAY_S0 on the test's X server).
    QProcess trayer;
    trayer.start(trayerPath, {QStringLiteral("--SetDockType"), QStringLiteral("false")});
    QVERIFY(trayer.waitForStarted());
    const auto stop = qScopeGuard([&trayer] {
        trayer.terminate();
        trayer.waitForFinished(5000);
    });
    QTRY_VERIFY_WITH_TIMEOUT(QSystemTrayIcon::isSystemTrayAvailable(), 10000);

    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_BUILT_PLUGIN_DIR));
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    DesktopNotifier *notifier = window.notifier();
    QCOMPARE(notifier->channel(), DesktopNotifier::Channel::Tray);
    QVERIFY(notifier->trayIcon());
    QVERIFY(notifier->trayIcon()->isVisible());
    QMenu *menu = notifier->trayIcon()->contextMenu();
    QVERIFY(menu);
    QStringList items;
    for (QAction *action : menu->actions())
        items << action->text();
    QCOMPARE(items, (QStringList{QStringLiteral("&Show Valis"), QStringLiteral("&Quit")}));

    // In the background, a notification goes to the tray (a balloon from its icon), not the bus.
    QWidget elsewhere;
    elsewhere.resize(200, 100);
    elsewhere.show();
    elsewhere.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&elsewhere));
    QVERIFY(notifier->notify(QStringLiteral("Garden party"), QStringLiteral("The turn has ended.")));
    QWidget *balloon = nullptr;
    QTRY_VERIFY((balloon = [] {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (widget->inherits("QBalloonTip") && widget->isVisible())
                return widget;
        }
        return static_cast<QWidget *>(nullptr);
    }()) != nullptr);
    QStringList texts;
    for (QLabel *label : balloon->findChildren<QLabel *>())
        texts << label->text();
    QVERIFY2(texts.contains(QStringLiteral("Garden party")), qPrintable(texts.join(QLatin1Char('|'))));
    QCOMPARE(shownNotifications()->size(), before);
    // Show brings the window forward; switched off, the icon goes.
    menu->actions().constFirst()->trigger();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(!notifier->notify(QStringLiteral("Garden party"), QStringLiteral("Nothing to say.")));
    DesktopNotifier::setEnabled(locations, false);
    notifier->reload();
    QVERIFY(!notifier->trayIcon());
    qunsetenv("VALIS_PLUGIN_PATH");
}

VALIS_WEBENGINE_TEST_MAIN(TestNotifications)

#include "tst_notifications.moc"
