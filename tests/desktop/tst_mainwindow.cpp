#include "testsupport.h"
#include "webtestsupport.h"

#include "composerwidget.h"
#include "mainwindow.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "sessionlistmodel.h"
#include "contextmeter.h"
#include "conversationbridge.h"
#include "conversationscheme.h"
#include "conversationview.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QPixmap>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStatusBar>
#include <QTreeView>
#include <QJsonArray>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStandardPaths>

using namespace valis;

namespace {

QVariant evaluate(MainWindow &window, const QString &script)
{
    return test::evaluateInPage(window.conversationView()->page(), script);
}

// What the conversation page shows, as text.
QString pageText(MainWindow &window)
{
    return evaluate(window, QStringLiteral("document.body.textContent")).toString();
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsSessionsAndTranscript();
    void escapesRecordContent();
    void safeModeSaysSo();
    void reportsUnreadableStore();
    void emptyProfileExplainsWhatToDo();
    void runsATurnFromTheComposer();
    void statusBarSaysWhereCommandsRun();

private:
    static void seed(const DataLocations &locations, const QList<Message> &messages, QString *parentId);
};

void TestMainWindow::seed(const DataLocations &locations, const QList<Message> &messages, QString *parentId)
{
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    VALIS_VERIFY_OK(store);
    SessionInfo parent;
    parent.title = QStringLiteral("Fix the flaky build");
    auto created = store.value()->createSession(parent);
    VALIS_VERIFY_OK(created);
    *parentId = created->id;
    VALIS_VERIFY_OK(store.value()->appendMessages(created->id, messages));
    SessionInfo child;
    child.title = QStringLiteral("Subagent: read the logs");
    child.parentSessionId = created->id;
    VALIS_VERIFY_OK(store.value()->createSession(child));
}

void TestMainWindow::showsSessionsAndTranscript()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(QStringLiteral("hello from the test"))};
    Message tool;
    tool.role = Role::Tool;
    tool.parts = {Part::makeToolResultText(QStringLiteral("c1"), QStringLiteral("make: *** [all] Error 2"), true)};
    QString parentId;
    seed(locations, {user, tool}, &parentId);
    if (QTest::currentTestFailed())
        return;

    ShellOptions options;
    options.initialSession = parentId;
    MainWindow window(locations, options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 2);
    QCOMPARE(window.sessionModel()->rowCount(), 1); // the subagent sits under its parent
    const QModelIndex parent = window.sessionModel()->index(0, 0);
    QCOMPARE(parent.data().toString(), QStringLiteral("Fix the flaky build"));
    QCOMPARE(window.sessionModel()->rowCount(parent), 1);
    QCOMPARE(window.sessionModel()->index(0, 0, parent).data().toString(), QStringLiteral("Subagent: read the logs"));
    QTRY_VERIFY(pageText(window).contains(QLatin1String("hello from the test")));
    QVERIFY(pageText(window).contains(QLatin1String("make: *** [all] Error 2")));
    QTRY_VERIFY(window.pluginStatus().startsWith(QLatin1String("Plugins: ")));
    QVERIFY(!window.pluginStatus().contains(QLatin1String("starting")));
    const QPixmap shot = window.grab();
    QVERIFY(!shot.isNull());
    // For people: VALIS_SCREENSHOT_DIR=/some/dir keeps a picture of what the window showed.
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(shot.save(dir + QStringLiteral("/mainwindow.png")));
}

void TestMainWindow::escapesRecordContent()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    Message hostile;
    hostile.role = Role::Assistant;
    hostile.parts = {Part::makeText(QStringLiteral("<b>bold</b><img src=\"http://198.51.100.7/x.png\"><a href=\"javascript:alert(1)\">x</a>"))};
    QString parentId;
    seed(locations, {hostile}, &parentId);
    ShellOptions options;
    options.initialSession = parentId;
    MainWindow window(locations, options);
    window.show();
    QTRY_VERIFY(pageText(window).contains(QLatin1String("<img src=\"http://198.51.100.7/x.png\">")));
    // Shown as text: the markup did not become a bold span, an image or a javascript: link (the
    // bare address may become a link, which the shell asks about before opening).
    QCOMPARE(evaluate(window, QStringLiteral("document.querySelectorAll('main b, main img').length")).toInt(), 0);
    QCOMPARE(evaluate(window, QStringLiteral("[...document.querySelectorAll('main a')].filter(a => !/^https?:/.test(a.getAttribute('href'))).length")).toInt(), 0);
    QVERIFY(window.conversationView()->requestGuard() != nullptr);
}

void TestMainWindow::safeModeSaysSo()
{
    test::TemporaryHome home;
    ShellOptions options;
    options.safeMode = true;
    MainWindow window(DataLocations::underHome(home.path()), options);
    window.show();
    QTRY_COMPARE(window.pluginStatus(), QStringLiteral("Plugins: safe mode, none loaded"));
}

void TestMainWindow::reportsUnreadableStore()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    {
        auto store = SessionStore::open(locations.sessionDatabasePath());
        VALIS_VERIFY_OK(store);
    }
    {
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        raw.setDatabaseName(locations.sessionDatabasePath());
        QVERIFY(raw.open());
        QSqlQuery(raw).exec(QStringLiteral("PRAGMA user_version = 999"));
        raw.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    MainWindow window(locations, {});
    window.show();
    QTRY_VERIFY(pageText(window).contains(QLatin1String("newer Valis")));
}

void TestMainWindow::emptyProfileExplainsWhatToDo()
{
    test::TemporaryHome home;
    MainWindow window(DataLocations::underHome(home.path()), {});
    window.show();
    QTRY_VERIFY(pageText(window).contains(QLatin1String("valis-cli import")));
    QCOMPARE(window.sessionModel()->sessionCount(), 0);
}


void TestMainWindow::runsATurnFromTheComposer()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::writeFile(locations.providerSettingsPath(),
                            QStringLiteral("{\"version\": 1, \"defaultProvider\": \"anthropic\", \"providers\": {\"anthropic\": "
                                           "{\"model\": \"claude-sonnet-4-5\", \"baseUrl\": \"%1\"}}}")
                                .arg(server.baseUrl().toString())
                                .toUtf8()));
    // The real provider plugins and the test tools; the key from the environment, as no
    // keychain answers here (the bus address leads nowhere).
    qputenv("VALIS_PLUGIN_PATH", (QStringLiteral(VALIS_BUILT_PLUGIN_DIR) + QDir::listSeparator() + QStringLiteral(VALIS_TEST_TOOL_PLUGIN_DIR)).toUtf8());
    qputenv("ANTHROPIC_API_KEY", "sk-desktop-test");
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/valis-no-session-bus");
    qunsetenv("ANTHROPIC_BASE_URL");

    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .text(QStringLiteral("I will write the file."))
                                                   .toolUse(QStringLiteral("toolu_w"), QStringLiteral("write"), QJsonObject{{QStringLiteral("text"), QStringLiteral("notes.md")}})
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("The file is written.")).stop(QStringLiteral("end_turn"))));

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    QCOMPARE(window.composer()->provider(), QStringLiteral("anthropic"));
    QCOMPARE(window.composer()->model(), QStringLiteral("claude-sonnet-4-5"));

    window.composer()->editor()->setFocus();
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Write the notes"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);

    // The write needs approval: a card in the conversation shows the full arguments.
    QTRY_VERIFY_WITH_TIMEOUT(evaluate(window, QStringLiteral("document.querySelector('.approval pre') !== null")).toBool(), 10000);
    QVERIFY(evaluate(window, QStringLiteral("document.querySelector('.approval pre').textContent")).toString().contains(QLatin1String("notes.md")));
    QVERIFY(window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/approval.png")));
    evaluate(window, QStringLiteral("document.querySelector('.approval .actions button').click()")); // Allow once

    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("The file is written.")), 10000);
    QTRY_VERIFY(window.findChild<QPushButton *>(QStringLiteral("composerSend"))->isEnabled());
    QCOMPARE(server.requests().size(), 2);
    QCOMPARE(server.requests().first().header("x-api-key"), QByteArray("sk-desktop-test"));
    QVERIFY(server.requests().at(1).body.contains("write: notes.md"));
    QVERIFY(window.composer()->editor()->toPlainText().isEmpty());
    // The new session is in the list, shown, and its cost is in the status bar.
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 1);
    QVERIFY(!window.shownSession().isEmpty());
    QVERIFY(pageText(window).contains(QLatin1String("Write the notes")));
    QTRY_VERIFY(window.findChild<QLabel *>(QStringLiteral("usageStatus"))->text().startsWith(QLatin1String("2 requests")));
    // The context gauge: the last request's prompt against the model's window.
    auto *meter = window.findChild<ContextMeter *>(QStringLiteral("contextMeter"));
    QVERIFY(meter);
    QCOMPARE(meter->window(), ModelCatalog::builtIn().lookup(QStringLiteral("claude-sonnet-4-5")).model.contextWindow);
    QVERIFY(meter->tokens() > 0);
    QVERIFY2(meter->text().contains(QLatin1Char('/')), qPrintable(meter->text()));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/conversation.png")));

    // "New session" while a turn still runs: that turn finishes in its own session, and the
    // next turn starts a new one that does not carry the first.
    const QString first = window.shownSession();
    test::ScriptedResponse slow = test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Still the first.")).stop(QStringLiteral("end_turn")));
    slow.headerDelay = std::chrono::milliseconds(300);
    server.enqueue(slow);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("One more"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY(window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    window.newSession();
    QTRY_VERIFY_WITH_TIMEOUT(window.findChild<QPushButton *>(QStringLiteral("composerSend"))->isEnabled(), 10000);
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("Fresh start.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Another thing"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(window.sessionModel()->sessionCount(), 2, 10000);
    QTRY_VERIFY(pageText(window).contains(QLatin1String("Fresh start.")));
    QCOMPARE(server.requests().size(), 4);
    QCOMPARE(server.requests().at(2).json().value(QLatin1String("messages")).toArray().size(), 5);
    QCOMPARE(server.requests().at(3).json().value(QLatin1String("messages")).toArray().size(), 1);
    QVERIFY(window.shownSession() != first);
}


void TestMainWindow::statusBarSaysWhereCommandsRun()
{
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_BUILT_PLUGIN_DIR));
    {
        test::TemporaryHome home;
        MainWindow window(DataLocations::underHome(home.path()), {});
        window.show();
        auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
        QVERIFY(status);
        // The default isolates; without bubblewrap the label says commands cannot run.
        QTRY_VERIFY(!status->text().isEmpty());
        if (QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty())
            QVERIFY2(status->text().contains(QLatin1String("cannot run")), qPrintable(status->text()));
        else
            QVERIFY2(status->text().startsWith(QLatin1String("sandbox: bubblewrap")), qPrintable(status->text()));
        QVERIFY(!status->text().contains(QLatin1String("NO ISOLATION")));
    }
    {
        // Isolation turned off by the person: the status bar keeps saying so.
        test::TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        QVERIFY(test::writeFile(locations.toolSettingsPath(), "{\"version\": 1, \"sandbox\": \"plain\"}"));
        MainWindow window(locations, {});
        window.show();
        auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
        QTRY_VERIFY2(status->text().contains(QLatin1String("NO ISOLATION")), qPrintable(status->text()));
    }
    qunsetenv("VALIS_PLUGIN_PATH");
}

VALIS_WEBENGINE_TEST_MAIN(TestMainWindow)

#include "tst_mainwindow.moc"
