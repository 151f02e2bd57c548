#include "testsupport.h"
#include "webtestsupport.h"
#include "mainwindowtestsupport.h"

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

// What a person does in the main window: Settings applied to the running shell, the composer's
// attachments, folder and pack, the binary started on a session, branches, and renaming,
// archiving and deleting sessions.
class TestShellTurns : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void settingsApplyToTheRunningShell();
    void composerSendsAttachmentsFromAChosenFolder();
    void launchesOnTheSessionGivenOnItsCommandLine();
    void editsRegeneratesAndSwitchesBranches();
    void renamesArchivesAndListsShortcuts();
};

void TestShellTurns::settingsApplyToTheRunningShell()
{
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_BUILT_PLUGIN_DIR));
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QTRY_VERIFY(!status->text().isEmpty());
    QVERIFY(!status->text().contains(QLatin1String("NO ISOLATION")));
    QTRY_COMPARE(evaluate(window, QStringLiteral("document.documentElement.dataset.theme")).toString(), QStringLiteral("light"));

    // Ctrl+, opens Settings, once.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_Comma, Qt::ControlModifier);
    auto *dialog = window.findChild<SettingsDialog *>();
    QTRY_VERIFY(dialog && dialog->isVisible());
    window.showSettings(QStringLiteral("Tools"));
    QCOMPARE(window.findChildren<SettingsDialog *>().size(), 1);
    auto *tools = dialog->findChild<ToolsPage *>();
    auto *sandbox = tools->findChild<QComboBox *>(QStringLiteral("sandbox"));
    sandbox->setCurrentIndex(sandbox->findData(QStringLiteral("plain")));
    auto *theme = dialog->findChild<AppearancePage *>()->findChild<QComboBox *>(QStringLiteral("theme"));
    theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(dialog->grab().save(dir + QStringLiteral("/settings-tools.png")));
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();

    // The running shell follows: the sandbox warning at once, the page in the dark theme.
    QTRY_VERIFY2(status->text().contains(QLatin1String("NO ISOLATION")), qPrintable(status->text()));
    QTRY_COMPARE(evaluate(window, QStringLiteral("document.documentElement.dataset.theme")).toString(), QStringLiteral("dark"));
    QCOMPARE(evaluate(window, QStringLiteral("getComputedStyle(document.body).backgroundColor")).toString(),
             QStringLiteral("rgb(22, 24, 28)")); // the dark page's --bg, the widgets' Base (Appearance::designTokens)
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/dark-theme.png")));
    Appearance::applyTheme(QStringLiteral("system"));
    QTRY_COMPARE(evaluate(window, QStringLiteral("document.documentElement.dataset.theme")).toString(), QStringLiteral("light"));
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestShellTurns::composerSendsAttachmentsFromAChosenFolder()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const QString project = home.filePath(QStringLiteral("project"));
    QVERIFY(QDir().mkpath(project));
    const QString notes = test::writeFileIn(project, QStringLiteral("notes.txt"), "remember the ``` fence\n");
    QImage pixel(2, 2, QImage::Format_RGB32);
    pixel.fill(Qt::red);
    const QString picture = project + QStringLiteral("/pixel.png");
    QVERIFY(pixel.save(picture));
    const QString binary = test::writeFileIn(project, QStringLiteral("blob.bin"), QByteArray("\x00\x01\x02garbage", 10));

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    window.newSession();

    // The folder, from the chooser the workspace button opens.
    auto *workspaceButton = window.findChild<QToolButton *>(QStringLiteral("composerWorkspace"));
    QVERIFY(workspaceButton->isEnabled());
    workspaceButton->click();
    QFileDialog *chooser = nullptr;
    QTRY_VERIFY((chooser = window.findChild<QFileDialog *>(QStringLiteral("workspaceChooser"))) != nullptr);
    chooser->setDirectory(project);
    chooser->selectFile(project);
    static_cast<QDialog *>(chooser)->accept();
    QTRY_COMPARE(window.composer()->workspace(), project);
    auto *pack = window.findChild<QComboBox *>(QStringLiteral("composerToolPack"));
    QVERIFY(pack->findData(QStringLiteral("file-ops")) >= 0);
    pack->setCurrentIndex(pack->findData(QStringLiteral("file-ops")));

    // A file that is neither text nor an image: nothing is sent, and the composer says why.
    window.composer()->addAttachment(binary);
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Look at these"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY(window.composer()->status().contains(QLatin1String("blob.bin")));
    QVERIFY(window.composer()->status().contains(QLatin1String("neither UTF-8 text")));
    QCOMPARE(server.requests().size(), 0);
    QCOMPARE(window.composer()->editor()->toPlainText(), QStringLiteral("Look at these"));
    auto chips = window.findChildren<QToolButton *>(QStringLiteral("attachment"));
    QCOMPARE(chips.size(), 1);
    chips.first()->click(); // removes it
    QTRY_VERIFY(window.composer()->attachments().isEmpty());

    window.composer()->addAttachment(notes);
    window.composer()->addAttachment(picture);
    QCOMPARE(window.findChildren<QToolButton *>(QStringLiteral("attachment")).size(), 2);
    QTRY_VERIFY(window.findChildren<QToolButton *>(QStringLiteral("attachment")).last()->isVisible());
    QTRY_VERIFY(!window.findChildren<QToolButton *>(QStringLiteral("attachment")).last()->geometry().isEmpty());
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/composer-attachments.png")));
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(QStringLiteral("A red pixel.")).stop(QStringLiteral("end_turn"))));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("A red pixel.")), 10000);
    QCOMPARE(server.requests().size(), 1);
    const QJsonObject request = server.requests().first().json();
    const QJsonArray content = request.value(QLatin1String("messages")).toArray().first().toObject().value(QLatin1String("content")).toArray();
    QString texts;
    bool image = false;
    for (const QJsonValue &block : content) {
        texts += block.toObject().value(QLatin1String("text")).toString();
        if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("image")) {
            image = true;
            QCOMPARE(block.toObject().value(QLatin1String("source")).toObject().value(QLatin1String("media_type")).toString(), QStringLiteral("image/png"));
        }
    }
    QVERIFY2(texts.contains(QLatin1String("Look at these")), qPrintable(texts));
    QVERIFY2(texts.contains(QLatin1String("notes.txt")) && texts.contains(QLatin1String("````\nremember the ``` fence")), qPrintable(texts));
    QVERIFY(image);
    QVERIFY(window.composer()->attachments().isEmpty());
    // The chosen pack: file tools, no commands.
    QStringList tools;
    for (const QJsonValue &tool : request.value(QLatin1String("tools")).toArray())
        tools << tool.toObject().value(QLatin1String("name")).toString();
    QVERIFY2(tools.contains(QLatin1String("read_file")) && !tools.contains(QLatin1String("exec")), qPrintable(tools.join(u',')));
    // The session works in the chosen folder, and is listed under it.
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 1);
    const QString sessionId = window.shownSession();
    QCOMPARE(window.sessionModel()->session(sessionId)->workspace, project);
    QCOMPARE(window.sessionModel()->index(0, 0).data(SessionListModel::WorkspaceRole).toString(), project);
    QVERIFY(!workspaceButton->isEnabled());

    // Its commands: isolation off and the network on, for this session only.
    auto *sandboxChoice = window.findChild<QComboBox *>(QStringLiteral("sandboxChoice"));
    auto *status = window.findChild<QLabel *>(QStringLiteral("sandboxStatus"));
    QVERIFY(!status->text().contains(QLatin1String("NO ISOLATION")));
    const int plain = sandboxChoice->findData(QStringLiteral("plain"));
    QVERIFY(plain >= 0);
    sandboxChoice->setCurrentIndex(plain);
    Q_EMIT sandboxChoice->activated(plain);
    QTRY_VERIFY2(status->text().contains(QLatin1String("NO ISOLATION")), qPrintable(status->text()));
    QCOMPARE(window.conversation()->sessionChoice(sessionId).sandbox, QStringLiteral("plain"));
    window.newSession();
    QTRY_VERIFY2(!status->text().contains(QLatin1String("NO ISOLATION")), qPrintable(status->text()));
    QCOMPARE(window.composer()->workspace(), project); // the last folder chosen
    window.findChild<QTreeView *>(QStringLiteral("sessionList"))->setCurrentIndex(
        window.findChild<QTreeView *>(QStringLiteral("sessionList"))->model()->index(0, 0, window.findChild<QTreeView *>(QStringLiteral("sessionList"))->model()->index(0, 0)));
    QTRY_VERIFY2(status->text().contains(QLatin1String("NO ISOLATION")), qPrintable(status->text()));
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestShellTurns::launchesOnTheSessionGivenOnItsCommandLine()
{
    // The real binary, as `valis --home DIR --session ID` from a script or valis-cli sessions.
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(QStringLiteral("hello from the command line"))};
    QString parentId;
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        auto created = store.value()->createSession({});
        VALIS_VERIFY_OK(created);
        parentId = created->id;
        VALIS_VERIFY_OK(store.value()->appendMessages(parentId, {user}));
    }
    QProcess valis;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("VALIS_REPORT_STARTUP"), QStringLiteral("1"));
    environment.insert(QStringLiteral("VALIS_PLUGIN_PATH"), QStringLiteral(VALIS_BUILT_PLUGIN_DIR));
    valis.setProcessEnvironment(environment);
    valis.start(QStringLiteral(VALIS_BINARY), {QStringLiteral("--home"), home.path(), QStringLiteral("--session"), parentId});
    QVERIFY(valis.waitForStarted());
    QByteArray reported;
    // The plugins come after the session's first screen (desktop/mainwindowstartup.cpp).
    QTRY_VERIFY_WITH_TIMEOUT((reported += valis.readAllStandardError()).contains("valis-startup plugins-running")
                                 || valis.state() == QProcess::NotRunning, 30000);
    valis.kill();
    valis.waitForFinished();
    QVERIFY2(reported.contains("valis-startup session-shown"), reported.right(2000).constData());
    // The window is painted before the plugins are loaded, never after.
    const qsizetype painted = reported.indexOf("valis-startup first-paint");
    const qsizetype plugins = reported.indexOf("valis-startup plugins-running");
    QVERIFY(painted >= 0 && plugins > painted);
    QVERIFY(plugins > reported.indexOf("valis-startup session-shown"));
}

void TestShellTurns::editsRegeneratesAndSwitchesBranches()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const auto answer = [&server](const QString &text) {
        server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(text).stop(QStringLiteral("end_turn"))));
    };
    const auto lastUserText = [&server] {
        const QJsonArray messages = server.requests().constLast().json().value(QLatin1String("messages")).toArray();
        return QString::fromUtf8(QJsonDocument(messages).toJson(QJsonDocument::Compact));
    };

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    window.newSession();
    answer(QStringLiteral("Paris, first answer."));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("Capital of France?"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Paris, first answer.")), 10000);
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());

    // Edit the question in the composer and send it again: a new branch, without the old answer.
    QTRY_VERIFY(evaluate(window, QStringLiteral("document.querySelector('button.edit') !== null")).toBool());
    evaluate(window, QStringLiteral("document.querySelector('button.edit').click()"));
    QTRY_COMPARE(window.composer()->editor()->toPlainText(), QStringLiteral("Capital of France?"));
    QVERIFY(!window.composer()->editingMessage().isEmpty());
    QVERIFY(window.findChild<QWidget *>(QStringLiteral("composerEditing"))->isVisible());
    window.composer()->editor()->setPlainText(QStringLiteral("Capital of Italy?"));
    answer(QStringLiteral("Rome, second answer."));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Rome, second answer.")), 10000);
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    QCOMPARE(server.requests().size(), 2);
    QVERIFY(lastUserText().contains(QLatin1String("Capital of Italy?")));
    QVERIFY(!lastUserText().contains(QLatin1String("France")));
    QVERIFY(!lastUserText().contains(QLatin1String("Paris")));
    QVERIFY(window.composer()->editingMessage().isEmpty());
    QTRY_VERIFY(!pageText(window).contains(QLatin1String("Paris")));
    QTRY_COMPARE(evaluate(window, QStringLiteral("(document.querySelector('.branch-index') || {}).textContent")).toString(),
                 QStringLiteral("2 / 2"));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/branches.png")));

    // Regenerate the last answer: a third branch, the question sent again.
    answer(QStringLiteral("Rome, regenerated."));
    evaluate(window, QStringLiteral("document.querySelector('button.regenerate').click()"));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Rome, regenerated.")), 10000);
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    QCOMPARE(server.requests().size(), 3);
    QVERIFY(lastUserText().contains(QLatin1String("Capital of Italy?")));
    QVERIFY(!lastUserText().contains(QLatin1String("second answer")));
    QTRY_COMPARE(evaluate(window, QStringLiteral("(document.querySelector('.branch-index') || {}).textContent")).toString(),
                 QStringLiteral("3 / 3"));

    // Back to the first version: its answer is shown, and the next turn continues from it.
    evaluate(window, QStringLiteral("document.querySelector('.branch-step').click()"));
    QTRY_COMPARE(evaluate(window, QStringLiteral("(document.querySelector('.branch-index') || {}).textContent")).toString(),
                 QStringLiteral("2 / 3"));
    evaluate(window, QStringLiteral("document.querySelector('.branch-step').click()"));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Paris, first answer.")), 10000);
    QVERIFY(!pageText(window).contains(QLatin1String("Rome")));
    answer(QStringLiteral("About two million people."));
    QTest::keyClicks(window.composer()->editor(), QStringLiteral("How many live there?"));
    QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("About two million people.")), 10000);
    QCOMPARE(server.requests().size(), 4);
    QVERIFY(lastUserText().contains(QLatin1String("Paris, first answer.")));
    QVERIFY(!lastUserText().contains(QLatin1String("Rome")));
    // The record keeps every branch.
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    VALIS_VERIFY_OK(store);
    const auto record = store.value()->messages(window.shownSession());
    VALIS_VERIFY_OK(record);
    QCOMPARE(record->size(), 8);
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestShellTurns::renamesArchivesAndListsShortcuts()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        for (const QString &title : {QStringLiteral("First"), QStringLiteral("Second")}) {
            SessionInfo info;
            info.title = title;
            VALIS_VERIFY_OK(store.value()->createSession(info));
        }
    }
    // Owned so the test can close it and look at the store afterwards.
    auto windowOwner = std::make_unique<MainWindow>(locations, ShellOptions{});
    MainWindow &window = *windowOwner;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 2);
    auto *list = window.findChild<QTreeView *>(QStringLiteral("sessionList"));
    QVERIFY(list);
    // Both work in no folder: one group holds them.
    const auto titles = [&] {
        QStringList out;
        const QModelIndex folder = window.sessionModel()->index(0, 0);
        for (int row = 0; row < window.sessionModel()->rowCount(folder); ++row)
            out << window.sessionModel()->index(row, 0, folder).data().toString();
        out.sort();
        return out;
    };
    // F2 renames the selected session.
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    list->setFocus();
    list->setCurrentIndex(list->model()->index(0, 0, list->model()->index(0, 0)));
    const QString renamedFrom = list->currentIndex().data().toString();
    QTest::keyClick(list, Qt::Key_F2);
    QInputDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<QInputDialog *>(QStringLiteral("renameSession"))) != nullptr);
    QCOMPARE(dialog->textValue(), renamedFrom);
    dialog->setTextValue(QStringLiteral("Renamed"));
    dialog->accept();
    QTRY_VERIFY(titles().contains(QStringLiteral("Renamed")));
    QVERIFY(!titles().contains(renamedFrom));
    // Delete archives it, and the status bar offers it back.
    list->setFocus();
    const QModelIndex folder = list->model()->index(0, 0);
    for (int row = 0; row < list->model()->rowCount(folder); ++row) {
        if (list->model()->index(row, 0, folder).data().toString() == QLatin1String("Renamed"))
            list->setCurrentIndex(list->model()->index(row, 0, folder));
    }
    QTest::keyClick(list, Qt::Key_Delete);
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 1);
    auto *undo = window.findChild<QPushButton *>(QStringLiteral("undoArchive"));
    QVERIFY(undo);
    undo->click();
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 2);
    QVERIFY(titles().contains(QStringLiteral("Renamed")));
    // F1 lists the shortcuts the menus really have.
    QTest::keyClick(&window, Qt::Key_F1);
    QDialog *help = nullptr;
    QTRY_VERIFY((help = window.findChild<QDialog *>(QStringLiteral("shortcutsHelp"))) != nullptr);
    auto *table = help->findChild<QTableWidget *>();
    QStringList rows;
    for (int row = 0; row < table->rowCount(); ++row)
        rows << table->item(row, 0)->text() + QLatin1Char('=') + table->item(row, 1)->text();
    QVERIFY2(rows.contains(QStringLiteral("Stop the turn=Esc")), qPrintable(rows.join(QLatin1Char(' '))));
    QVERIFY2(rows.contains(QStringLiteral("Search transcripts=Ctrl+Shift+F")), qPrintable(rows.join(QLatin1Char(' '))));
    QVERIFY2(rows.contains(QStringLiteral("Delete session…=Shift+Del")), qPrintable(rows.join(QLatin1Char(' '))));
    QVERIFY(rows.size() >= 10);
    help->close();

    // Shift+Delete deletes: gone from the list at once, back with Undo.
    const auto selectTitled = [&](const QString &title) {
        const QModelIndex group = list->model()->index(0, 0);
        for (int row = 0; row < list->model()->rowCount(group); ++row) {
            if (list->model()->index(row, 0, group).data().toString() == title)
                list->setCurrentIndex(list->model()->index(row, 0, group));
        }
        return list->currentIndex().data().toString() == title;
    };
    list->setFocus();
    QVERIFY(selectTitled(QStringLiteral("Renamed")));
    QTest::keyClick(list, Qt::Key_Delete, Qt::ShiftModifier);
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 1);
    QVERIFY(!titles().contains(QStringLiteral("Renamed")));
    auto *undoDelete = window.findChild<QPushButton *>(QStringLiteral("undoDelete"));
    QVERIFY(undoDelete);
    undoDelete->click();
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 2);
    QVERIFY(titles().contains(QStringLiteral("Renamed")));
    // Deleted again, and the window closes within the undo time: the store loses it then.
    list->setFocus();
    QVERIFY(selectTitled(QStringLiteral("Renamed")));
    QTest::keyClick(list, Qt::Key_Delete, Qt::ShiftModifier);
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 1);
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        QCOMPARE(store.value()->sessions()->size(), 2); // not yet
    }
    windowOwner.reset();
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    VALIS_VERIFY_OK(store);
    const auto left = store.value()->sessions();
    VALIS_VERIFY_OK(left);
    QCOMPARE(left->size(), 1);
    QVERIFY(left->first().title != QLatin1String("Renamed"));
}

VALIS_WEBENGINE_TEST_MAIN(TestShellTurns)

#include "tst_shellturns.moc"
