#include "testsupport.h"

#include "mainwindow.h"
#include "sessionlistmodel.h"
#include "transcriptview.h"

#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QPixmap>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStatusBar>
#include <QTreeView>

using namespace valis;

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsSessionsAndTranscript();
    void escapesRecordContent();
    void safeModeSaysSo();
    void reportsUnreadableStore();
    void emptyProfileExplainsWhatToDo();

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
    QTRY_VERIFY(window.transcriptView()->toPlainText().contains(QLatin1String("hello from the test")));
    QVERIFY(window.transcriptView()->toPlainText().contains(QLatin1String("make: *** [all] Error 2")));
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
    QTRY_VERIFY(window.transcriptView()->toPlainText().contains(QLatin1String("<img src=\"http://198.51.100.7/x.png\">")));
    // Shown as text: the markup did not become a bold span, an image or a link.
    QVERIFY(!window.transcriptView()->toHtml().contains(QLatin1String("<img")));
    QVERIFY(!window.transcriptView()->toHtml().contains(QLatin1String("href=\"javascript")));
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
    QTRY_VERIFY(window.transcriptView()->toPlainText().contains(QLatin1String("newer Valis")));
}

void TestMainWindow::emptyProfileExplainsWhatToDo()
{
    test::TemporaryHome home;
    MainWindow window(DataLocations::underHome(home.path()), {});
    window.show();
    QTRY_VERIFY(window.transcriptView()->toPlainText().contains(QLatin1String("valis-cli import")));
    QCOMPARE(window.sessionModel()->sessionCount(), 0);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
