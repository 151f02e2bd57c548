#include "testsupport.h"
#include "webtestsupport.h"
#include "mainwindowtestsupport.h"

#include "aboutdialog.h"
#include "composerwidget.h"
#include "conversationcontroller.h"
#include "mainwindow.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "sessionlistmodel.h"
#include "contextmeter.h"
#include "conversationbridge.h"
#include "memorybrowserpane.h"
#include "sandboxpane.h"
#include "transcriptgreppane.h"
#include "welcomeview.h"
#include "conversationscheme.h"
#include "conversationview.h"
#include "settingsdialog.h"
#include "toolspage.h"
#include "appearancepage.h"
#include "appearance.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/memory/memoryenvironment.h"
#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QDir>
#include <QMenuBar>
#include <QAction>
#include <QPixmap>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStatusBar>
#include <QTreeView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QCheckBox>
#include <QTextEdit>
#include <QTreeWidget>
#include <QDockWidget>
#include <QListWidget>
#include <QStackedWidget>
#include <QInputDialog>
#include <QTableWidget>
#include <QPlainTextEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QJsonDocument>
#include <QProcess>
#include <QTimeZone>
#include <QFileDialog>
#include <QImage>
#include <QToolButton>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QStandardPaths>

using namespace valis;
using test::evaluate;
using test::pageText;
using test::runTurnsAgainst;
using test::useTestServer;

class TestMainWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void showsSessionsAndTranscript();
    void escapesRecordContent();
    void safeModeSaysSo();
    void helpAboutOpensTheAboutDialog();
    void reportsUnreadableStore();
    void emptyProfileExplainsWhatToDo();
    void runsATurnFromTheComposer();
    void statusBarSaysWhereCommandsRun();
    void searchesTranscriptsAndJumpsToTheHit();
    void sandboxPaneShowsAndKillsACommand();
    void memoryBrowserPagesEditsAndUndoesADelete();
    void welcomeFindsLocalModelsAndImportsSessions();

private:
    static void seed(const DataLocations &locations, const QList<Message> &messages, QString *parentId);
};

void TestMainWindow::seed(const DataLocations &locations, const QList<Message> &messages, QString *parentId)
{
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    VALIS_VERIFY_OK(store);
    SessionInfo parent;
    parent.title = QStringLiteral("Fix the flaky build");
    parent.workspace = QStringLiteral("/srv/projects/flaky-build");
    auto created = store.value()->createSession(parent);
    VALIS_VERIFY_OK(created);
    *parentId = created->id;
    VALIS_VERIFY_OK(store.value()->appendMessages(created->id, messages));
    SessionInfo child;
    child.title = QStringLiteral("Subagent: read the logs");
    child.parentSessionId = created->id;
    child.workspace = parent.workspace;
    VALIS_VERIFY_OK(store.value()->createSession(child));
}

void TestMainWindow::showsSessionsAndTranscript()
{
    // Building the window draws no complaint from Qt's status bar (it once inserted a widget
    // at an index Qt refused, with a warning at every start).
    QTest::failOnWarning(QRegularExpression(QStringLiteral("^QStatusBar")));
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(QStringLiteral("hello from the test"))};
    Message tool;
    tool.role = Role::Tool;
    tool.parts = {Part::makeToolResultText(QStringLiteral("c1"), QStringLiteral("make: *** [all] Error 2"), true)};
    QString parentId;
    {
        // An older session that works in no folder: a group of its own, listed after.
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        SessionInfo loose;
        loose.title = QStringLiteral("Notes without a folder");
        VALIS_VERIFY_OK(store.value()->createSession(loose));
    }
    QTest::qWait(20); // a later update time for the seeded ones
    seed(locations, {user, tool}, &parentId);
    if (QTest::currentTestFailed())
        return;

    ShellOptions options;
    options.initialSession = parentId;
    MainWindow window(locations, options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 3);
    // Grouped by workspace folder, the most recent first; the subagent sits under its parent.
    QCOMPARE(window.sessionModel()->rowCount(), 2);
    const QModelIndex folder = window.sessionModel()->index(0, 0);
    QCOMPARE(folder.data().toString(), QStringLiteral("flaky-build (1)"));
    QCOMPARE(folder.data(SessionListModel::WorkspaceRole).toString(), QStringLiteral("/srv/projects/flaky-build"));
    QVERIFY(folder.data(SessionListModel::SessionIdRole).toString().isEmpty());
    QCOMPARE(window.sessionModel()->rowCount(folder), 1);
    const QModelIndex parent = window.sessionModel()->index(0, 0, folder);
    QCOMPARE(parent.data().toString(), QStringLiteral("Fix the flaky build"));
    QCOMPARE(window.sessionModel()->parent(parent), folder);
    QCOMPARE(window.sessionModel()->index(1, 0).data().toString(), QStringLiteral("No folder (1)"));
    // The composer shows where the session works, not to be changed after its start.
    auto *workspaceButton = window.findChild<QToolButton *>(QStringLiteral("composerWorkspace"));
    QTRY_COMPARE(window.composer()->workspace(), QStringLiteral("/srv/projects/flaky-build"));
    QVERIFY(!workspaceButton->isEnabled());
    // The session filter finds a folder's sessions by its name.
    auto *filter = window.findChild<QLineEdit *>(QStringLiteral("sessionFilter"));
    QVERIFY(filter);
    QAbstractItemModel *shown = window.findChild<QTreeView *>(QStringLiteral("sessionList"))->model();
    filter->setText(QStringLiteral("flaky-build"));
    QCOMPARE(shown->rowCount(), 1);
    QCOMPARE(shown->rowCount(shown->index(0, 0)), 1);
    filter->setText(QStringLiteral("without"));
    QCOMPARE(shown->rowCount(), 1);
    QCOMPARE(shown->index(0, 0, shown->index(0, 0)).data().toString(), QStringLiteral("Notes without a folder"));
    filter->clear();
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

void TestMainWindow::helpAboutOpensTheAboutDialog()
{
    test::TemporaryHome home;
    ShellOptions options;
    options.safeMode = true;
    MainWindow window(DataLocations::underHome(home.path()), options);
    window.show();
    QAction *about = nullptr;
    for (QAction *action : window.menuBar()->findChildren<QAction *>()) {
        if (action->text() == QLatin1String("&About Valis"))
            about = action;
    }
    QVERIFY(about);
    about->trigger();
    AboutDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<AboutDialog *>()) && dialog->isVisible());
    const auto *profile = dialog->findChild<QLabel *>(QStringLiteral("profile"));
    QVERIFY(profile && profile->text().contains(QDir::toNativeSeparators(home.path())));
    dialog->close();
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
    // The real provider plugins and the test tools.
    QVERIFY(runTurnsAgainst(locations, server,
                            (QStringLiteral(VALIS_BUILT_PLUGIN_DIR) + QDir::listSeparator() + QStringLiteral(VALIS_TEST_TOOL_PLUGIN_DIR)).toUtf8()));

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
    // Allowed from the keyboard this time (the cards are clicked in the sandbox test).
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Y, Qt::ControlModifier | Qt::ShiftModifier);

    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("The file is written.")), 10000);
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
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
    QTRY_VERIFY_WITH_TIMEOUT(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled(), 10000);
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

void TestMainWindow::searchesTranscriptsAndJumpsToTheHit()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    QString targetSession;
    QString targetMessage;
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        for (int s = 0; s < 2; ++s) {
            SessionInfo info;
            info.title = s == 0 ? QStringLiteral("Old work") : QStringLiteral("Where the flux was found");
            auto created = store.value()->createSession(info);
            VALIS_VERIFY_OK(created);
            QList<Message> messages;
            for (int i = 0; i < 400; ++i) {
                Message message;
                message.role = i % 2 ? Role::Assistant : Role::User;
                message.parts = {Part::makeText(QStringLiteral("ordinary line %1 about the build").arg(i))};
                if (s == 1 && i == 30)
                    message.parts = {Part::makeText(QStringLiteral("the zanzibar-flux capacitor failed at step 30"))};
                if (s == 0) // written long ago
                    message.createdAt = QDateTime(QDate(2020, 3, 1), QTime(10, 0), Qt::UTC).addSecs(i);
                if (s == 0 && i == 7)
                    message.parts = {Part::makeText(QStringLiteral("a quokka in the old logs"))};
                messages.append(message);
            }
            VALIS_VERIFY_OK(store.value()->appendMessages(created->id, messages));
            if (s == 1) {
                targetSession = created->id;
                auto stored = store.value()->messages(created->id);
                VALIS_VERIFY_OK(stored);
                targetMessage = stored->at(30).id;
            }
        }
    }
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 2);
    TranscriptGrepPane *grep = window.grepPane();
    QVERIFY(grep);
    // Results come as the person types.
    QTest::keyClicks(grep->queryEdit(), QStringLiteral("zanzibar"));
    QTRY_VERIFY2_WITH_TIMEOUT(grep->resultList()->count() == 1, qPrintable(grep->statusText()), 10000);
    QVERIFY2(grep->statusText().startsWith(QLatin1String("1 hit")), qPrintable(grep->statusText()));
    // The regex mode finds it too; a broken regex says why.
    grep->findChild<QCheckBox *>()->setChecked(true); // "Regex" comes first
    grep->queryEdit()->setText(QStringLiteral("zanz(["));
    QTRY_VERIFY_WITH_TIMEOUT(grep->statusText().startsWith(QLatin1String("Search failed")), 10000);
    QCOMPARE(grep->resultList()->count(), 0);
    grep->queryEdit()->setText(QStringLiteral("[0-9]+"));
    QTRY_VERIFY_WITH_TIMEOUT(grep->statusText().startsWith(QLatin1String("A regex needs a word")), 10000);
    grep->queryEdit()->setText(QStringLiteral("capa[a-z]+ fail(ed|s) at step [0-9]+"));
    QTRY_VERIFY2_WITH_TIMEOUT(grep->resultList()->count() == 1, qPrintable(grep->statusText()), 10000);
    grep->queryEdit()->setText(QStringLiteral("ordinary line 3[0-9] about"));
    QTRY_VERIFY2_WITH_TIMEOUT(grep->statusText().startsWith(QLatin1String("19 hits")), qPrintable(grep->statusText()), 10000);
    grep->queryEdit()->setText(QStringLiteral("zanz[a-z]+"));
    QTRY_VERIFY2_WITH_TIMEOUT(grep->resultList()->count() == 1, qPrintable(grep->statusText()), 10000);

    // The date filter: what was written long ago drops out of "last year".
    grep->findChild<QCheckBox *>()->setChecked(false);
    grep->queryEdit()->setText(QStringLiteral("quokka"));
    QTRY_VERIFY2_WITH_TIMEOUT(grep->resultList()->count() == 1, qPrintable(grep->statusText()), 10000);
    auto *when = grep->findChild<QComboBox *>(QStringLiteral("grepWhen"));
    when->setCurrentIndex(when->findData(365));
    QTRY_VERIFY2_WITH_TIMEOUT(grep->resultList()->count() == 0 && !grep->statusText().startsWith(QLatin1String("Search")),
                              qPrintable(grep->statusText()), 10000);
    grep->queryEdit()->setText(QStringLiteral("zanzibar"));
    QTRY_VERIFY2_WITH_TIMEOUT(grep->resultList()->count() == 1, qPrintable(grep->statusText()), 10000);
    when->setCurrentIndex(0);

    // A click opens the session at that message, far back in it, marked.
    const QRect rect = grep->resultList()->visualItemRect(grep->resultList()->item(0));
    QTest::mouseClick(grep->resultList()->viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_COMPARE(window.shownSession(), targetSession);
    QTRY_VERIFY_WITH_TIMEOUT(evaluate(window, QStringLiteral("document.querySelector('article.focus') !== null")).toBool(), 10000);
    QCOMPARE(evaluate(window, QStringLiteral("document.querySelector('article.focus').dataset.id")).toString(), targetMessage);
    QVERIFY(window.conversationView()->firstRendered() <= 30 && window.conversationView()->endRendered() > 30);
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/grep.png")));
}

void TestMainWindow::sandboxPaneShowsAndKillsACommand()
{
    if (QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty())
        QSKIP("bubblewrap is not installed: exec cannot run commands here (scripts/dev.sh setup installs it)");
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    // A command that prints in colour and then would run for a minute.
    const QString command = QStringLiteral("printf 'building\\n\\033[31mred alert\\033[0m\\n'; sleep 60; echo never");
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream()
                                                   .toolUse(QStringLiteral("toolu_x"), QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), command}})
                                                   .stop(QStringLiteral("tool_use"))));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("It was killed.")).stop(QStringLiteral("end_turn"))));

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->isEnabled(), 10000);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Build it"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(evaluate(window, QStringLiteral("document.querySelector('.approval button') !== null")).toBool(), 10000);
    evaluate(window, QStringLiteral("document.querySelector('.approval .actions button').click()")); // Allow once

    SandboxPane *pane = window.sandboxPane();
    QTRY_COMPARE_WITH_TIMEOUT(pane->commandList()->topLevelItemCount(), 1, 10000);
    QCOMPARE(pane->statusOf(QStringLiteral("toolu_x")), QStringLiteral("running"));
    QVERIFY(pane->commandList()->topLevelItem(0)->text(3).contains(QLatin1String("sleep 60")));
    // Live output, in its colour, while the command still runs.
    QTRY_VERIFY_WITH_TIMEOUT(pane->outputView()->toPlainText().contains(QLatin1String("red alert")), 10000);
    QVERIFY2(pane->outputView()->toHtml().contains(QLatin1String("#cd3131")), qPrintable(pane->outputView()->toHtml()));
    QVERIFY(!pane->outputView()->toPlainText().contains(QLatin1String("[31m")));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/sandbox.png")));
    QVERIFY(pane->killButton()->isEnabled());
    pane->killButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(pane->statusOf(QStringLiteral("toolu_x")), QStringLiteral("killed"), 10000);
    QVERIFY(!pane->killButton()->isEnabled());
    // The turn went on: the model was told, long before the minute was up.
    QTRY_COMPARE_WITH_TIMEOUT(server.requests().size(), 2, 10000);
    QVERIFY(server.requests().at(1).body.contains("killed"));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("It was killed.")), 10000);
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestMainWindow::memoryBrowserPagesEditsAndUndoesADelete()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    QString outputKey;
    QString noteKey;
    std::shared_ptr<DetailStore> store;
    {
        Result<MemoryEnvironment> memory = MemoryEnvironment::open(locations);
        VALIS_VERIFY_OK(memory);
        store = memory->store();
        NewMemory output;
        output.type = QLatin1String(MemoryType::CommandOutput);
        output.summary = QStringLiteral("make output: 2500 lines");
        for (int i = 1; i <= 2500; ++i)
            output.content += QStringLiteral("build step %1 finished\n").arg(i).toUtf8();
        auto put = store->put(output);
        VALIS_VERIFY_OK(put);
        outputKey = put->key;
        NewMemory note;
        note.summary = QStringLiteral("the staging database listens on port 6543");
        note.content = "the staging database listens on port 6543\n";
        auto noted = store->put(note);
        VALIS_VERIFY_OK(noted);
        noteKey = noted->key;
        VALIS_VERIFY_OK(store->writeFile(QStringLiteral("default"), QStringLiteral("AGENTS.md"), "# Rules\nRun the tests.\n"));
    }
    // A session whose tool result the model saw as a MemoryRef to the output.
    QString sessionId;
    {
        Message call;
        call.role = Role::Assistant;
        call.parts = {Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), QStringLiteral("make")}})};
        Message result;
        result.role = Role::Tool;
        Part part = Part::makeToolResultText(QStringLiteral("c1"), QStringLiteral("build step 1 finished\n..."));
        part.captured.key = outputKey;
        part.captured.placeholder = QStringLiteral("[MemoryRef: %1 - make output]").arg(outputKey);
        result.parts = {part};
        seed(locations, {call, result}, &sessionId);
    }
    ShellOptions options;
    options.initialSession = sessionId;
    MainWindow window(locations, options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("memoryDock"));
    QVERIFY(dock);
    dock->show();
    dock->raise();
    MemoryBrowserPane *pane = window.memoryPane();
    QTRY_COMPARE_WITH_TIMEOUT(pane->recordList()->topLevelItemCount(), 3, 10000);
    QVERIFY2(pane->statusText().contains(QLatin1String("3 records")), qPrintable(pane->statusText()));

    // A huge record pages: 1,000 lines at a time.
    for (int i = 0; i < 3; ++i) {
        if (pane->recordList()->topLevelItem(i)->toolTip(1).startsWith(outputKey))
            pane->recordList()->setCurrentItem(pane->recordList()->topLevelItem(i));
    }
    QTRY_COMPARE(pane->viewer()->blockCount(), 1001); // 1,000 lines and the empty last block
    QVERIFY(pane->moreButton()->isEnabled());
    pane->moreButton()->click();
    QTRY_COMPARE(pane->viewer()->document()->lineCount() >= 2000, true);
    pane->moreButton()->click();
    QTRY_VERIFY(pane->viewer()->toPlainText().contains(QLatin1String("build step 2500 finished")));
    QVERIFY(!pane->moreButton()->isEnabled());
    QVERIFY(!pane->editButton()->isEnabled()); // only /memories/ files are edited

    // Search.
    QTest::keyClicks(pane->searchEdit(), QStringLiteral("staging"));
    QTRY_COMPARE_WITH_TIMEOUT(pane->recordList()->topLevelItemCount(), 1, 10000);
    pane->searchEdit()->clear();
    QTRY_COMPARE_WITH_TIMEOUT(pane->recordList()->topLevelItemCount(), 3, 10000);

    // Edit and save AGENTS.md: a new version, the old one kept inactive.
    for (int i = 0; i < 3; ++i) {
        if (pane->recordList()->topLevelItem(i)->text(1) == QLatin1String("/memories/AGENTS.md"))
            pane->recordList()->setCurrentItem(pane->recordList()->topLevelItem(i));
    }
    QTRY_VERIFY(pane->editButton()->isEnabled());
    pane->editButton()->click();
    QVERIFY(!pane->viewer()->isReadOnly());
    pane->viewer()->setPlainText(QStringLiteral("# Rules\nRun the tests.\nNever push on Fridays.\n"));
    pane->saveButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(pane->viewer()->isReadOnly(), 10000);
    auto agents = store->readFile(QStringLiteral("default"), QStringLiteral("AGENTS.md"));
    VALIS_VERIFY_OK(agents);
    QCOMPARE(agents->content, QByteArray("# Rules\nRun the tests.\nNever push on Fridays.\n"));

    // Delete, undo, delete: the store changes only when the undo time is over.
    for (int i = 0; i < pane->recordList()->topLevelItemCount(); ++i) {
        if (pane->recordList()->topLevelItem(i)->toolTip(1).startsWith(noteKey))
            pane->recordList()->setCurrentItem(pane->recordList()->topLevelItem(i));
    }
    QTRY_COMPARE(pane->shownKey(), noteKey);
    QTRY_VERIFY(pane->deleteButton()->isEnabled());
    pane->deleteButton()->click();
    QCOMPARE(pane->recordList()->topLevelItemCount(), 2);
    QVERIFY(pane->undoButton()->isVisible());
    pane->undoButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(pane->recordList()->topLevelItemCount(), 3, 10000);
    QVERIFY(store->get(noteKey)->active);
    QTRY_COMPARE(pane->shownKey(), noteKey);
    QTRY_VERIFY(pane->deleteButton()->isEnabled());
    pane->deleteButton()->click();
    pane->commitPendingDelete(); // as the undo time running out does
    QTRY_VERIFY_WITH_TIMEOUT(!store->get(noteKey)->active, 10000);

    // A MemoryRef in the conversation opens its record here.
    QTRY_VERIFY_WITH_TIMEOUT(evaluate(window, QStringLiteral("document.querySelector('.tool-card .result .cut button') !== null")).toBool(), 10000);
    evaluate(window, QStringLiteral("document.querySelector('.tool-card .result .cut button').click()"));
    QTRY_COMPARE_WITH_TIMEOUT(pane->shownKey(), outputKey, 10000);
    QTRY_VERIFY(pane->viewer()->toPlainText().startsWith(QLatin1String("build step 1 finished")));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/memory.png")));
}

void TestMainWindow::welcomeFindsLocalModelsAndImportsSessions()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path() + QStringLiteral("/valis"));
    // A person's home with one Claude Code session in it.
    const QByteArray savedHome = qgetenv("HOME");
    qputenv("HOME", home.path().toUtf8());
    const auto restoreHome = qScopeGuard([&] { qputenv("HOME", savedHome); });
    const QString session = QStringLiteral("11111111-2222-3333-4444-555555555555");
    const QString user = QStringLiteral(R"({"type":"user","uuid":"u1","parentUuid":null,"sessionId":"%1","cwd":"/work/project",)"
                                        R"("timestamp":"2026-02-10T21:11:56.846Z","message":{"role":"user","content":"Why is the build red?"}})")
                             .arg(session);
    const QString answer = QStringLiteral(R"({"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"%1","cwd":"/work/project",)"
                                          R"("timestamp":"2026-02-10T21:11:58.000Z","message":{"role":"assistant","id":"msg_1",)"
                                          R"("model":"claude-opus-4-6","stop_reason":"end_turn","usage":{"input_tokens":3,"output_tokens":5},)"
                                          R"("content":[{"type":"text","text":"A missing header."}]}})")
                               .arg(session);
    QVERIFY(QDir().mkpath(home.path() + QStringLiteral("/.claude/projects/-work-project")));
    QVERIFY(test::writeFile(home.path() + QStringLiteral("/.claude/projects/-work-project/%1.jsonl").arg(session),
                            (user + QLatin1Char('\n') + answer + QLatin1Char('\n')).toUtf8()));
    // An Ollama on loopback.
    test::ProviderTestServer ollama;
    QVERIFY(ollama.listen());
    ollama.enqueue(test::ScriptedResponse::json(200, R"({"models":[{"name":"qwen3:8b"},{"name":"llama3.2:3b"}]})"));
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_BUILT_PLUGIN_DIR));
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/valis-no-session-bus");

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    WelcomeView *welcome = window.welcomeView();
    QTRY_VERIFY_WITH_TIMEOUT(welcome->isVisible(), 10000);
    // The folders it found, counted, imported only on a click.
    QTRY_COMPARE_WITH_TIMEOUT(welcome->sourceList()->count(), 1, 10000);
    QVERIFY2(welcome->sourceList()->item(0)->text().startsWith(QLatin1String("Claude Code: 1 transcript")),
             qPrintable(welcome->sourceList()->item(0)->text()));
    QCOMPARE(window.sessionModel()->sessionCount(), 0);
    // The local server's models.
    welcome->setServers({{QStringLiteral("Ollama"), QStringLiteral("ollama"), ollama.baseUrl()}});
    welcome->probe();
    QTRY_COMPARE_WITH_TIMEOUT(welcome->modelList()->count(), 2, 10000);
    QCOMPARE(ollama.requests().last().path, QByteArray("/api/tags"));
    // Without a keychain the key is not saved, and it says so.
    welcome->keyEdit()->setText(QStringLiteral("sk-ant-test"));
    welcome->saveKeyButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(welcome->keyStatus().startsWith(QLatin1String("The key was not saved")), 10000);
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/welcome.png")));
    // Import: the session arrives and the conversation takes the welcome's place.
    QVERIFY(welcome->importButton()->isEnabled());
    welcome->importButton()->click();
    QTRY_COMPARE_WITH_TIMEOUT(window.sessionModel()->sessionCount(), 1, 10000);
    QVERIFY2(welcome->importStatus().startsWith(QLatin1String("Imported sessions: 1, messages: 2.")), qPrintable(welcome->importStatus()));
    QTRY_VERIFY(!welcome->isVisible());
    // A local model chosen: the next turn goes to it.
    Q_EMIT welcome->modelList()->itemActivated(welcome->modelList()->item(0));
    QTRY_COMPARE(window.composer()->provider(), QStringLiteral("openai-compatible"));
    QCOMPARE(window.composer()->model(), QStringLiteral("qwen3:8b"));
    qunsetenv("VALIS_PLUGIN_PATH");
}

VALIS_WEBENGINE_TEST_MAIN(TestMainWindow)

#include "tst_mainwindow.moc"
