// The learned-memory pane of the memory dock with the real controller, a real SessionStore and
// a real SQLite DetailStore in a temporary profile: a job started from the pane (and one the
// idle timer starts), its progress and Cancel, recommendations with their evidence, Accept
// writing /memories/AGENTS.md through writeFile, the lessons with weight and layer.
#include "../memory/processingtranscripts.h"
#include "testsupport.h"

#include "panes/memoryprocessingcontroller.h"
#include "panes/memoryprocessingpane.h"

#include "valis/core/datalocations.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace valis::test::processing;

class TestMemoryProcessingPane : public QObject
{
    Q_OBJECT

    std::unique_ptr<TemporaryHome> m_home;
    DataLocations m_locations = DataLocations::underHome(QString());

    QTreeWidgetItem *rowWith(QTreeWidget *tree, int column, const QString &text)
    {
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            if (tree->topLevelItem(i)->text(column).contains(text))
                return tree->topLevelItem(i);
        }
        return nullptr;
    }

    void storeSessions(int fillers)
    {
        auto sessions = SessionStore::open(m_locations.sessionDatabasePath());
        QVERIFY2(sessions.ok(), sessions.ok() ? "" : qPrintable(sessions.error().toString()));
        store(*sessions.value(), QStringLiteral("staging"), QStringLiteral("/work/project"), stagingBuild());
        for (int n = 0; n < fillers; ++n)
            store(*sessions.value(), QStringLiteral("filler %1").arg(n), QStringLiteral("/work/project"), filler(n));
    }

private Q_SLOTS:
    void init()
    {
        m_home = std::make_unique<TemporaryHome>();
        m_locations = DataLocations::underHome(m_home->path());
        QVERIFY(QDir().mkpath(QFileInfo(m_locations.sessionDatabasePath()).path()));
        QVERIFY(QDir().mkpath(QFileInfo(m_locations.memoryDatabasePath()).path()));
    }

    void acceptingARecommendationWritesAgentsMd()
    {
        storeSessions(0);
        MemoryProcessingController controller(m_locations);
        MemoryProcessingPane pane(&controller);
        pane.resize(700, 600);
        pane.show();
        QSignalSpy finished(&controller, &MemoryProcessingController::finished);
        QTest::mouseClick(pane.processButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(pane.recommendationList()->topLevelItemCount() > 0, 15000);
        QVERIFY2(pane.statusText().contains(QStringLiteral("1 session")), qPrintable(pane.statusText()));
        QVERIFY(pane.progressBar()->isHidden());
        QVERIFY(pane.cancelButton()->isHidden());

        // The lessons with weight and layer.
        QTreeWidgetItem *lesson = rowWith(pane.learnedList(), 1, QStringLiteral("LTO=--no-lto"));
        QVERIFY(lesson);
        QCOMPARE(lesson->text(0), QStringLiteral("Lesson"));
        QCOMPARE(lesson->text(2), QLocale().toString(2.0, 'f', 2));
        QCOMPARE(lesson->text(3), QStringLiteral("project"));
        QVERIFY(rowWith(pane.learnedList(), 1, QStringLiteral("https://ci.example.com/jobs/42")));

        // The AGENTS.md proposal with its evidence; nothing written before Accept.
        QTreeWidgetItem *proposal = rowWith(pane.recommendationList(), 0, QStringLiteral("AGENTS.md"));
        QVERIFY(proposal);
        QVERIFY(!pane.acceptButton()->isEnabled());
        pane.recommendationList()->setCurrentItem(proposal);
        QVERIFY(pane.acceptButton()->isEnabled());
        QVERIFY(pane.details()->toPlainText().contains(QStringLiteral("Writes /memories/AGENTS.md")));
        QVERIFY(pane.details()->toPlainText().contains(QStringLiteral("Evidence: ")));
        auto memory = SqliteDetailStore::open(m_locations.memoryDatabasePath());
        QVERIFY(memory.ok());
        QCOMPARE(memory.value()->readFile(QStringLiteral("default"), QStringLiteral("AGENTS.md")).error().code,
                 QStringLiteral("memory.not-found"));
        const int before = pane.recommendationList()->topLevelItemCount();
        QSignalSpy decided(&controller, &MemoryProcessingController::decided);
        QTest::mouseClick(pane.acceptButton(), Qt::LeftButton);
        QVERIFY(decided.wait(15000));
        const Result<MemoryRecord> agents = memory.value()->readFile(QStringLiteral("default"), QStringLiteral("AGENTS.md"));
        QVERIFY(agents.ok());
        QVERIFY(agents->content.contains("- `make staging` needs `LTO=--no-lto`"));
        QTRY_COMPARE_WITH_TIMEOUT(pane.recommendationList()->topLevelItemCount(), before - 1, 15000);
        QVERIFY(pane.statusText().startsWith(QStringLiteral("Accepted: ")));
    }

    void cancelStopsTheJobBetweenSessions()
    {
        storeSessions(30);
        MemoryProcessingController controller(m_locations);
        MemoryProcessingPane pane(&controller);
        pane.show();
        QSignalSpy finished(&controller, &MemoryProcessingController::finished);
        connect(&controller, &MemoryProcessingController::progress, &pane, [&pane] {
            // A running job shows its progress and a Cancel button; the person presses it.
            if (pane.cancelButton()->isVisible() && pane.progressBar()->isVisible())
                QTest::mouseClick(pane.cancelButton(), Qt::LeftButton);
        });
        QTest::mouseClick(pane.processButton(), Qt::LeftButton);
        QVERIFY(finished.wait(60000));
        const MemoryProcessingResult result = finished.first().first().value<MemoryProcessingResult>();
        QVERIFY(result.cancelled);
        QVERIFY(result.sessionsProcessed < 31);
        QVERIFY2(pane.statusText().startsWith(QStringLiteral("Cancelled")), qPrintable(pane.statusText()));
        QVERIFY(pane.processButton()->isEnabled());
    }

    void quietSessionsAreProcessedByThemselves()
    {
        storeSessions(0);
        MemoryProcessingController controller(m_locations);
        controller.setIdleInterval(50);
        QSignalSpy finished(&controller, &MemoryProcessingController::finished);
        controller.noteActivity(QStringLiteral("s-any"));
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().value<MemoryProcessingResult>().sessionsProcessed, 1);
    }
};

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestMemoryProcessingPane test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_memoryprocessingpane.moc"
