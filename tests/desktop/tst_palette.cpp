#include "testsupport.h"
#include "webtestsupport.h"

#include "commandpalette.h"
#include "composerwidget.h"
#include "fuzzymatch.h"
#include "mainwindow.h"
#include "sessionlistmodel.h"
#include "settingsdialog.h"

#include "valis/store/sessionstore.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QLineEdit>
#include <QListWidget>
#include <QPixmap>
#include <QScreen>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>

#include <algorithm>

using namespace valis;

// The command palette (Ctrl+K): its fuzzy ranking, and the real window's actions, sessions,
// Settings pages and workspaces chosen from the keyboard alone.
class TestPalette : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ranksSubsequencesByWordStartsAndRuns();
    void opensActionsSessionsSettingsAndWorkspacesFromTheKeyboard();
};

namespace {

QStringList ranked(const QString &pattern, const QStringList &texts)
{
    QList<QPair<int, QString>> scored;
    for (const QString &text : texts) {
        const FuzzyMatch match = fuzzyMatch(pattern, text);
        if (match.matched)
            scored.append({match.score, text});
    }
    std::stable_sort(scored.begin(), scored.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    QStringList out;
    for (const auto &[score, text] : scored)
        out << text;
    return out;
}

} // namespace

void TestPalette::ranksSubsequencesByWordStartsAndRuns()
{
    const QStringList texts{QStringLiteral("Unsessioned notes"), QStringLiteral("Rename session"), QStringLiteral("Filter sessions"),
                            QStringLiteral("New session"), QStringLiteral("Settings: Notifications"), QStringLiteral("Stop the turn")};
    // Word starts (N, s) and a run (ess) beat letters found inside words.
    const QStringList nsess = ranked(QStringLiteral("nsess"), texts);
    QCOMPARE(nsess.value(0), QStringLiteral("New session"));
    QVERIFY(nsess.contains(QStringLiteral("Unsessioned notes")));
    QVERIFY(!nsess.contains(QStringLiteral("Stop the turn")));
    QVERIFY(fuzzyMatch(QStringLiteral("nsess"), QStringLiteral("New session")).score
            > fuzzyMatch(QStringLiteral("nsess"), QStringLiteral("Unsessioned notes")).score);
    // Case does not matter; the positions are the best alignment's.
    const FuzzyMatch match = fuzzyMatch(QStringLiteral("NSESS"), QStringLiteral("New session"));
    QVERIFY(match.matched);
    QCOMPARE(match.positions, (QList<int>{0, 4, 5, 6, 7}));
    // A subsequence only: order matters, every letter must be there.
    QVERIFY(!fuzzyMatch(QStringLiteral("sn"), QStringLiteral("New")).matched);
    QVERIFY(!fuzzyMatch(QStringLiteral("xyz"), QStringLiteral("New session")).matched);
    // Consecutive letters beat scattered ones of the same words.
    QVERIFY(fuzzyMatch(QStringLiteral("set"), QStringLiteral("Settings")).score
            > fuzzyMatch(QStringLiteral("set"), QStringLiteral("Stop the turn")).score);
    QCOMPARE(ranked(QStringLiteral("notif"), texts).value(0), QStringLiteral("Settings: Notifications"));
    // Nothing typed: everything, unranked.
    QVERIFY(fuzzyMatch(QString(), QStringLiteral("anything")).matched);
}

void TestPalette::opensActionsSessionsSettingsAndWorkspacesFromTheKeyboard()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    QString quarterly;
    {
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        for (const QString &title : {QStringLiteral("Quarterly report draft"), QStringLiteral("Garden party")}) {
            SessionInfo info;
            info.title = title;
            auto created = store.value()->createSession(info);
            VALIS_VERIFY_OK(created);
            if (title.startsWith(QLatin1String("Quarterly")))
                quarterly = created->id;
        }
    }
    QTemporaryDir workspace;
    QVERIFY(workspace.isValid());
    QSettings(locations.desktopSettingsPath(), QSettings::IniFormat)
        .setValue(QStringLiteral("palette/recentWorkspaces"), QStringList{workspace.path()});

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.sessionModel()->sessionCount(), 2);
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    CommandPalette *palette = window.commandPalette();
    QVERIFY(palette);
    QCOMPARE(palette->accessibleName(), QStringLiteral("Command palette"));

    const auto openPalette = [&] {
        QTest::keyClick(&window, Qt::Key_K, Qt::ControlModifier);
        return QTest::qWaitFor([&] { return palette->isVisible() && palette->filter()->hasFocus(); }, 5000);
    };

    // "nsess": New session first. The picture shows the palette over the window.
    QVERIFY(openPalette());
    QTest::keyClicks(palette->filter(), QStringLiteral("nsess"));
    QCOMPARE(palette->shownTexts().value(0), QStringLiteral("New session"));
    QTest::qWait(200);
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty()) {
        const QRect area = window.frameGeometry();
        const QPixmap shot = window.screen()->grabWindow(0, area.x(), area.y(), area.width(), area.height());
        QVERIFY(!shot.isNull());
        // The palette's box is drawn over the window: its filter's place differs from the window's own picture.
        const QPoint inShot = palette->filter()->mapToGlobal(QPoint(4, palette->filter()->height() / 2)) - area.topLeft();
        const QImage image = shot.toImage();
        QVERIFY(QRect(QPoint(0, 0), image.size()).contains(inShot));
        QVERIFY(shot.save(dir + QStringLiteral("/palette.png")));
    }
    // Escape closes it, and nothing ran.
    QTest::keyClick(palette->filter(), Qt::Key_Escape);
    QTRY_VERIFY(!palette->isVisible());
    QVERIFY(window.shownSession().isEmpty());

    // Part of a session's title, Enter: the session opens.
    QVERIFY(openPalette());
    QTest::keyClicks(palette->filter(), QStringLiteral("quar rep"));
    QCOMPARE(palette->shownTexts().value(0), QStringLiteral("Quarterly report draft"));
    QTest::keyClick(palette->filter(), Qt::Key_Return);
    QTRY_VERIFY(!palette->isVisible());
    QTRY_COMPARE(window.shownSession(), quarterly);

    // Every Settings page it offers is one the dialog has.
    QVERIFY(openPalette());
    QStringList pages;
    for (const QString &text : palette->shownTexts()) {
        if (text.startsWith(QLatin1String("Settings: ")))
            pages << text.mid(10);
    }
    QVERIFY2(pages.size() >= 10, qPrintable(pages.join(QLatin1Char(','))));
    // Arrows move through the list; "notif" finds the Notifications page; Enter opens it.
    QTest::keyClicks(palette->filter(), QStringLiteral("notif"));
    QCOMPARE(palette->shownTexts().value(0), QStringLiteral("Settings: Notifications"));
    QTest::keyClick(palette->filter(), Qt::Key_Down);
    QTest::keyClick(palette->filter(), Qt::Key_Up);
    QTest::keyClick(palette->filter(), Qt::Key_Return);
    SettingsDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<SettingsDialog *>()) && dialog->isVisible());
    auto *list = dialog->findChild<QListWidget *>();
    QVERIFY(list);
    QCOMPARE(list->currentItem()->text(), QStringLiteral("Notifications"));
    QStringList dialogPages;
    for (int row = 0; row < list->count(); ++row)
        dialogPages << list->item(row)->text();
    for (const QString &page : std::as_const(pages))
        QVERIFY2(dialogPages.contains(page), qPrintable(page));
    dialog->reject();
    QTRY_VERIFY(!window.findChild<SettingsDialog *>());
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // A recent workspace: a new session works there.
    QVERIFY(openPalette());
    QTest::keyClicks(palette->filter(), QStringLiteral("workspace ") + QDir(workspace.path()).dirName());
    QCOMPARE(palette->shownTexts().value(0), QStringLiteral("Workspace: ") + QDir::toNativeSeparators(workspace.path()));
    QTest::keyClick(palette->filter(), Qt::Key_Return);
    QTRY_COMPARE(window.composer()->workspace(), workspace.path());
    QVERIFY(window.shownSession().isEmpty());

    // An action by its menu text; F1 lists the palette's own shortcut.
    QVERIFY(openPalette());
    QTest::keyClicks(palette->filter(), QStringLiteral("keyboard shortcuts"));
    QCOMPARE(palette->shownTexts().value(0), QStringLiteral("Keyboard shortcuts"));
    QTest::keyClick(palette->filter(), Qt::Key_Return);
    QDialog *help = nullptr;
    QTRY_VERIFY((help = window.findChild<QDialog *>(QStringLiteral("shortcutsHelp"))) != nullptr);
    auto *table = help->findChild<QTableWidget *>();
    QStringList rows;
    for (int row = 0; row < table->rowCount(); ++row)
        rows << table->item(row, 0)->text() + QLatin1Char('=') + table->item(row, 1)->text();
    QVERIFY2(rows.contains(QStringLiteral("Command palette…=Ctrl+K")), qPrintable(rows.join(QLatin1Char(' '))));
    // No other action of the window has Ctrl+K.
    QCOMPARE(rows.filter(QStringLiteral("=Ctrl+K")).size(), 1);
    help->close();
}

VALIS_WEBENGINE_TEST_MAIN(TestPalette)

#include "tst_palette.moc"
