#include "testsupport.h"
#include "webtestsupport.h"

#include "mainwindow.h"
#include "sessionlistmodel.h"

#include "valis/store/sessionstore.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPixmap>
#include <QProcess>
#include <QSortFilterProxyModel>
#include <QSettings>
#include <QTemporaryDir>
#include <QTreeView>

#include <memory>

using namespace valis;

// The session list lived in: pins that survive a restart, sorting, the filter finding sessions by
// title at once and by their messages' content after a pause, and exports equal to valis-cli's.
class TestSessionList : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sortsAndPinsAcrossARestart();
    void filtersByTitleAndByContent();
    void exportsMarkdownAndJsonlAsTheCliDoes();

private:
    std::unique_ptr<test::TemporaryHome> m_home;
    QHash<QString, QString> m_ids; ///< title -> id
};

namespace {

QDateTime day(int d)
{
    return QDateTime(QDate(2026, 1, d), QTime(12, 0), Qt::UTC);
}

/// The titles the list shows (the filtered view), in order: the one folder's sessions.
QStringList shownTitles(MainWindow &window)
{
    auto *list = window.findChild<QTreeView *>(QStringLiteral("sessionList"));
    QStringList titles;
    const QModelIndex folder = list->model()->index(0, 0);
    for (int row = 0; row < list->model()->rowCount(folder); ++row)
        titles << list->model()->index(row, 0, folder).data().toString();
    return titles;
}

bool selectTitled(MainWindow &window, const QString &title)
{
    auto *list = window.findChild<QTreeView *>(QStringLiteral("sessionList"));
    const QModelIndex folder = list->model()->index(0, 0);
    for (int row = 0; row < list->model()->rowCount(folder); ++row) {
        if (list->model()->index(row, 0, folder).data().toString() == title)
            list->setCurrentIndex(list->model()->index(row, 0, folder));
    }
    return list->currentIndex().data().toString() == title;
}

QAction *action(MainWindow &window, const char *name)
{
    return window.findChild<QAction *>(QLatin1String(name));
}

QByteArray cliExport(const QString &home, const QString &sessionId, const QString &format)
{
    QProcess cli;
    cli.start(QStringLiteral(VALIS_CLI_BINARY), {QStringLiteral("--home"), home, QStringLiteral("export"), sessionId,
                                                 QStringLiteral("--format"), format});
    if (!cli.waitForFinished(60000) || cli.exitCode() != 0)
        return "valis-cli failed: " + cli.readAllStandardError();
    return cli.readAllStandardOutput();
}

/// A JSONL export without the moment it was made (the header's exported_at).
QByteArray withoutExportTime(const QByteArray &jsonl)
{
    QList<QByteArray> lines = jsonl.split('\n');
    QJsonObject header = QJsonDocument::fromJson(lines.value(0)).object();
    if (!header.contains(QLatin1String("exported_at")))
        return "no exported_at in " + lines.value(0);
    header.remove(QLatin1String("exported_at"));
    lines[0] = QJsonDocument(header).toJson(QJsonDocument::Compact);
    return lines.join('\n');
}

} // namespace

void TestSessionList::initTestCase()
{
    m_home = std::make_unique<test::TemporaryHome>();
    const DataLocations locations = DataLocations::underHome(m_home->path());
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    VALIS_VERIFY_OK(store);
    // Created Alpha, Gamma, Beta (newest first); active Beta, Gamma, Alpha (by their messages).
    const struct
    {
        const char *title;
        int created;
        int lastMessage;
        const char *said;
    } seeds[] = {{"Alpha notes", 3, 4, "Remember the zebra crossing by the old school."},
                 {"Beta plan", 1, 6, "The budget for the spring."},
                 {"Gamma list", 2, 5, "Groceries: apples, flour, eggs."}};
    for (const auto &seed : seeds) {
        SessionInfo info;
        info.title = QString::fromUtf8(seed.title);
        info.createdAt = day(seed.created);
        info.updatedAt = day(seed.created);
        auto created = store.value()->createSession(info);
        VALIS_VERIFY_OK(created);
        m_ids.insert(info.title, created->id);
        Message user;
        user.role = Role::User;
        user.parts = {Part::makeText(QString::fromUtf8(seed.said))};
        user.createdAt = day(seed.lastMessage).addSecs(-60);
        Message answer;
        answer.role = Role::Assistant;
        answer.parts = {Part::makeText(QStringLiteral("Noted."))};
        answer.createdAt = day(seed.lastMessage);
        VALIS_VERIFY_OK(store.value()->appendMessages(created->id, {user, answer}));
    }
}

void TestSessionList::sortsAndPinsAcrossARestart()
{
    const DataLocations locations = DataLocations::underHome(m_home->path());
    auto window = std::make_unique<MainWindow>(locations, ShellOptions{});
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QTRY_COMPARE(window->sessionModel()->sessionCount(), 3);
    QCOMPARE(shownTitles(*window), (QStringList{QStringLiteral("Beta plan"), QStringLiteral("Gamma list"), QStringLiteral("Alpha notes")}));
    QVERIFY(action(*window, "sortBy-activity")->isChecked());

    action(*window, "sortBy-title")->trigger();
    QCOMPARE(shownTitles(*window), (QStringList{QStringLiteral("Alpha notes"), QStringLiteral("Beta plan"), QStringLiteral("Gamma list")}));
    action(*window, "sortBy-created")->trigger();
    QCOMPARE(shownTitles(*window), (QStringList{QStringLiteral("Alpha notes"), QStringLiteral("Gamma list"), QStringLiteral("Beta plan")}));

    // Pin Beta (from the list's own actions, as its context menu shows them): first, with a pin.
    auto *list = window->findChild<QTreeView *>(QStringLiteral("sessionList"));
    QVERIFY(list->actions().contains(action(*window, "pinSessionAction")));
    QVERIFY(list->actions().contains(action(*window, "exportMarkdownAction")));
    QVERIFY(selectTitled(*window, QStringLiteral("Beta plan")));
    QCOMPARE(action(*window, "pinSessionAction")->text(), QStringLiteral("&Pin session"));
    action(*window, "pinSessionAction")->trigger();
    QTRY_COMPARE(shownTitles(*window).value(0), QStringLiteral("Beta plan"));
    QCOMPARE(shownTitles(*window), (QStringList{QStringLiteral("Beta plan"), QStringLiteral("Alpha notes"), QStringLiteral("Gamma list")}));
    const QModelIndex pinned = window->sessionModel()->indexOf(m_ids.value(QStringLiteral("Beta plan")));
    QVERIFY(pinned.data(SessionListModel::PinnedRole).toBool());
    QVERIFY(!pinned.data(Qt::DecorationRole).value<QPixmap>().isNull());
    QCOMPARE(pinned.data(Qt::AccessibleTextRole).toString(), QStringLiteral("Beta plan, pinned"));
    QVERIFY(window->sessionModel()->indexOf(m_ids.value(QStringLiteral("Alpha notes"))).data(Qt::DecorationRole).isNull());
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(list->grab().save(dir + QStringLiteral("/sessionlist-pinned.png")));

    // A restart: still pinned (the session's metadata), still sorted by creation (the settings).
    window.reset();
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        const auto beta = store.value()->session(m_ids.value(QStringLiteral("Beta plan")));
        VALIS_VERIFY_OK(beta);
        QCOMPARE(beta->metadata.value(QLatin1String("pinned")).toBool(), true);
    }
    window = std::make_unique<MainWindow>(locations, ShellOptions{});
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QTRY_COMPARE(window->sessionModel()->sessionCount(), 3);
    QVERIFY(action(*window, "sortBy-created")->isChecked());
    QCOMPARE(shownTitles(*window), (QStringList{QStringLiteral("Beta plan"), QStringLiteral("Alpha notes"), QStringLiteral("Gamma list")}));

    // Unpinned: back in its place, the key gone from the metadata.
    QVERIFY(selectTitled(*window, QStringLiteral("Beta plan")));
    QCOMPARE(action(*window, "pinSessionAction")->text(), QStringLiteral("Un&pin session"));
    action(*window, "pinSessionAction")->trigger();
    QTRY_COMPARE(shownTitles(*window), (QStringList{QStringLiteral("Alpha notes"), QStringLiteral("Gamma list"), QStringLiteral("Beta plan")}));
    window.reset();
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    VALIS_VERIFY_OK(store);
    QVERIFY(!store.value()->session(m_ids.value(QStringLiteral("Beta plan")))->metadata.contains(QLatin1String("pinned")));
    // The next tests see the list by activity again.
    QSettings(locations.desktopSettingsPath(), QSettings::IniFormat).remove(QStringLiteral("sessions/sort"));
}

void TestSessionList::filtersByTitleAndByContent()
{
    const DataLocations locations = DataLocations::underHome(m_home->path());
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 3);
    auto *filter = window.findChild<QLineEdit *>(QStringLiteral("sessionFilter"));
    QVERIFY(filter);
    // A title: at once, without waiting for the store.
    QTest::keyClicks(filter, QStringLiteral("gamma"));
    QCOMPARE(shownTitles(window), QStringList{QStringLiteral("Gamma list")});
    // A word only in Alpha's messages: no title has it, the transcript search finds it.
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("zebra"));
    QCOMPARE(shownTitles(window), QStringList());
    QTRY_COMPARE(shownTitles(window), QStringList{QStringLiteral("Alpha notes")});
    // Words of two sessions' messages; then one found nowhere.
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("noted"));
    QTRY_COMPARE(shownTitles(window).size(), 3);
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("zebrafish"));
    QTest::qWait(800);
    QCOMPARE(shownTitles(window), QStringList());
    filter->clear();
    QCOMPARE(shownTitles(window).size(), 3);
}

void TestSessionList::exportsMarkdownAndJsonlAsTheCliDoes()
{
    const DataLocations locations = DataLocations::underHome(m_home->path());
    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 3);
    QTemporaryDir out;
    QVERIFY(out.isValid());
    const QString id = m_ids.value(QStringLiteral("Alpha notes"));
    for (const QString &format : {QStringLiteral("markdown"), QStringLiteral("jsonl")}) {
        QVERIFY(selectTitled(window, QStringLiteral("Alpha notes")));
        action(window, format == QLatin1String("jsonl") ? "exportJsonlAction" : "exportMarkdownAction")->trigger();
        QFileDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<QFileDialog *>(QStringLiteral("exportSessionDialog"))) != nullptr);
        QVERIFY(dialog->selectedFiles().value(0).endsWith(format == QLatin1String("jsonl") ? QLatin1String("Alpha-notes.jsonl")
                                                                                          : QLatin1String("Alpha-notes.md")));
        const QString path = out.filePath(QStringLiteral("alpha.") + format);
        dialog->selectFile(path);
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog::accept(), as its Save button does
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(path), 10000);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray written = file.readAll();
        const QByteArray cli = cliExport(m_home->path(), id, format);
        QVERIFY2(!written.isEmpty(), qPrintable(path));
        if (format == QLatin1String("jsonl")) {
            QCOMPARE(withoutExportTime(written), withoutExportTime(cli));
            QVERIFY(written.contains("zebra crossing"));
        } else {
            QCOMPARE(written, cli);
            QVERIFY(written.contains("zebra crossing"));
        }
        QTRY_VERIFY(!window.findChild<QFileDialog *>(QStringLiteral("exportSessionDialog")));
    }
}

VALIS_WEBENGINE_TEST_MAIN(TestSessionList)

#include "tst_sessionlist.moc"
