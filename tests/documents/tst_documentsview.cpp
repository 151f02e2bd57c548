// The Documents view of the memory browser on a real X server (xvfb-run): documents saved in
// a throwaway profile's SQLite DetailStore are listed with key, size, retention or "pinned" and
// source; the first list sweeps the expired one away; the preview shows the selected one's
// start; Pin and Delete change the store.
#include "testsupport.h"

#include "documentsview.h"

#include "valis/memory/documentstore.h"
#include "valis/memory/memoryenvironment.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTreeWidget>
#include <QtTest>

using namespace valis;

namespace {

QTreeWidgetItem *rowNamed(QTreeWidget *list, const QString &name)
{
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        if (list->topLevelItem(i)->text(DocumentsView::NameColumn) == name)
            return list->topLevelItem(i);
    }
    return nullptr;
}

void screenshot(QWidget *widget, const QString &name)
{
    const QString folder = qEnvironmentVariable("VALIS_SCREENSHOT_DIR");
    if (!folder.isEmpty())
        widget->grab().save(QDir(folder).filePath(name));
}

} // namespace

class TestDocumentsView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsPreviewsPinsAndDeletes();
};

void TestDocumentsView::listsPreviewsPinsAndDeletes()
{
    test::TemporaryHome profile;
    const DataLocations locations = DataLocations::underHome(profile.path());
    QString freshKey;
    QString oldPinnedKey;
    QString expiredKey;
    {
        Result<MemoryEnvironment> memory = MemoryEnvironment::open(locations);
        VALIS_VERIFY_OK(memory);
        // Two of them saved ten days ago with a retention of one day; one of those is pinned.
        const QDateTime tenDaysAgo = QDateTime::currentDateTimeUtc().addDays(-10);
        DocumentStore past(*memory->store(), [tenDaysAgo] { return tenDaysAgo; });
        NewDocument old;
        old.name = QStringLiteral("old but pinned");
        old.content = "kept forever\n";
        old.retentionDays = 1;
        old.pinned = true;
        old.source = DocumentSource::FromKey;
        old.sourceRef = QStringLiteral("m-3f9a2c");
        const Result<DocumentInfo> pinned = past.save(old);
        VALIS_VERIFY_OK(pinned);
        oldPinnedKey = pinned->fileKey;
        old.name = QStringLiteral("ran out");
        old.content = "gone soon\n";
        old.pinned = false;
        const Result<DocumentInfo> expired = past.save(old);
        VALIS_VERIFY_OK(expired);
        expiredKey = expired->fileKey;
        NewDocument fresh;
        fresh.name = QStringLiteral("release notes");
        fresh.content = "Release 2.0\n\n- faster\n- smaller\n";
        const Result<DocumentInfo> saved = DocumentStore(*memory->store()).save(fresh);
        VALIS_VERIFY_OK(saved);
        freshKey = saved->fileKey;
    }

    DocumentsView view(locations);
    view.resize(900, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.refresh();
    QTreeWidget *list = view.documentList();
    QTRY_COMPARE(view.listsShown(), 1);
    // The list swept first: the expired document is gone, the pinned one stays.
    QCOMPARE(list->topLevelItemCount(), 2);
    QVERIFY2(view.statusLabel()->text().contains(QLatin1String("1 expired")), qPrintable(view.statusLabel()->text()));
    QTreeWidgetItem *fresh = rowNamed(list, QStringLiteral("release notes"));
    QTreeWidgetItem *pinned = rowNamed(list, QStringLiteral("old but pinned"));
    QVERIFY(fresh && pinned);
    QVERIFY(!rowNamed(list, QStringLiteral("ran out")));
    QCOMPARE(fresh->text(DocumentsView::KeyColumn), freshKey);
    QCOMPARE(pinned->text(DocumentsView::RetentionColumn), QStringLiteral("pinned"));
    QVERIFY2(fresh->text(DocumentsView::RetentionColumn).startsWith(QLatin1String("until ")),
             qPrintable(fresh->text(DocumentsView::RetentionColumn)));
    QVERIFY2(pinned->text(DocumentsView::SourceColumn).contains(QLatin1String("m-3f9a2c")),
             qPrintable(pinned->text(DocumentsView::SourceColumn)));
    QVERIFY(!fresh->text(DocumentsView::SizeColumn).isEmpty());

    // Open: the preview shows the document's start.
    list->setCurrentItem(fresh);
    QTRY_COMPARE(view.shownKey(), freshKey);
    QVERIFY2(view.preview()->toPlainText().contains(QLatin1String("Release 2.0\n\n- faster")), qPrintable(view.preview()->toPlainText()));
    screenshot(&view, QStringLiteral("documents-view.png"));

    // Pin, then delete, through the buttons.
    QCOMPARE(view.pinButton()->text(), QStringLiteral("Pin"));
    QTest::mouseClick(view.pinButton(), Qt::LeftButton);
    QTRY_VERIFY(rowNamed(list, QStringLiteral("release notes"))
                && rowNamed(list, QStringLiteral("release notes"))->text(DocumentsView::RetentionColumn) == QLatin1String("pinned"));
    QTRY_COMPARE(view.pinButton()->text(), QStringLiteral("Unpin"));
    list->setCurrentItem(rowNamed(list, QStringLiteral("release notes")));
    QVERIFY(view.deleteButton()->isEnabled());
    QTest::mouseClick(view.deleteButton(), Qt::LeftButton);
    QTRY_COMPARE(list->topLevelItemCount(), 1);
    QVERIFY(view.shownKey().isEmpty());

    Result<MemoryEnvironment> memory = MemoryEnvironment::open(locations);
    VALIS_VERIFY_OK(memory);
    DocumentStore cabinet(*memory->store());
    const Result<DocumentInfo> deleted = cabinet.find(QStringLiteral("default"), freshKey);
    VALIS_VERIFY_OK(deleted);
    QCOMPARE(deleted->state, DocumentInfo::State::Deleted);
    QVERIFY(deleted->pinned);
    QCOMPARE(cabinet.find(QStringLiteral("default"), expiredKey)->state, DocumentInfo::State::Expired);
    QCOMPARE(cabinet.find(QStringLiteral("default"), oldPinnedKey)->state, DocumentInfo::State::Active);
}

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestDocumentsView test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_documentsview.moc"
