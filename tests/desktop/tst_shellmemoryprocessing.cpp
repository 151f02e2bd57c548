// Offline memory processing in the running shell: a turn stored in the window, the session
// quiet for the idle time (VALIS_MEMORY_IDLE_MS), and the Learned tab shows the lesson the job
// extracted, with nobody pressing anything. The real plugins against the local test server.
#include "mainwindowtestsupport.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "composerwidget.h"
#include "mainwindow.h"
#include "memoryprocessingpane.h"

#include <QApplication>
#include <QDockWidget>
#include <QPlainTextEdit>
#include <QTreeWidget>
#include <QtTest>

using namespace valis;
using test::pageText;
using test::runTurnsAgainst;

class TestShellMemoryProcessing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aQuietSessionIsLearnedFrom()
    {
        test::TemporaryHome home;
        const DataLocations locations = DataLocations::underHome(home.path());
        test::ProviderTestServer server;
        QVERIFY(server.listen());
        QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
        qputenv("VALIS_MEMORY_IDLE_MS", "300");
        server.enqueue(test::ScriptedResponse::sse(
            test::AnthropicStream().text(QStringLiteral("Noted, I will pass it from now on.")).stop(QStringLiteral("end_turn"))));

        MainWindow window(locations, {});
        window.resize(1280, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.composer()->isEnabled(), 10000);
        QTest::keyClicks(window.composer()->editor(), QStringLiteral("Remember: the staging build needs --no-lto."));
        QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
        QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("Noted, I will pass it")), 15000);

        // No click: the idle timer starts the job; the tab lists what it learned.
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("memoryLearnedDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        MemoryProcessingPane *pane = window.memoryProcessingPane();
        QTRY_VERIFY_WITH_TIMEOUT(pane->statusText().startsWith(QStringLiteral("Learned from 1 session")), 20000);
        QTreeWidget *learned = pane->learnedList();
        QTRY_VERIFY_WITH_TIMEOUT(learned->topLevelItemCount() > 0, 10000);
        bool found = false;
        for (int i = 0; i < learned->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = learned->topLevelItem(i);
            found = found || (item->text(0) == QStringLiteral("Lesson") && item->text(1).contains(QStringLiteral("staging build needs --no-lto")));
        }
        QVERIFY(found);
        if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
            QVERIFY(window.grab().save(dir + QStringLiteral("/memory-learned.png")));
        qunsetenv("VALIS_MEMORY_IDLE_MS");
        qunsetenv("VALIS_PLUGIN_PATH");
    }
};

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestShellMemoryProcessing test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_shellmemoryprocessing.moc"
