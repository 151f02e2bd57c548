// The memory browser (the Memory pane) with what other agents wrote: a memory stored through
// the real `valis-cli mcp serve` over stdio by a client calling itself claude-code, beside one
// Valis kept itself, in the same SQLite DetailStore; the chip "from claude-code" in the list,
// the whole origin above the viewer, and the filter by origin.
#include "testsupport.h"

#include "memorybrowserpane.h"
#include "memoryworker.h"

#include "valis/memory/memoryenvironment.h"

#include <QApplication>
#include <QComboBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProcess>
#include <QTreeWidget>

using namespace valis;

namespace {

constexpr int FromColumn = 5;

QByteArray line(const QJsonObject &message)
{
    return QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n';
}

/// Reads `process`'s stdout until the JSON-RPC answer with `id`; an empty object when none came.
QJsonObject answer(QProcess &process, int id)
{
    QByteArray buffer;
    while (process.state() == QProcess::Running || process.bytesAvailable() > 0) {
        if (!process.canReadLine() && !process.waitForReadyRead(20000))
            break;
        while (process.canReadLine()) {
            const QJsonObject message = QJsonDocument::fromJson(process.readLine()).object();
            if (message.value(QLatin1String("id")).toInt(-1) == id)
                return message;
        }
    }
    return {};
}

} // namespace

class TestMemoryBrowser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void otherAgentsMemoriesShowTheirOrigin();
};

void TestMemoryBrowser::otherAgentsMemoriesShowTheirOrigin()
{
    test::TemporaryHome profile;
    const DataLocations locations = DataLocations::underHome(profile.path());

    // Valis's own note, straight into the store.
    {
        Result<MemoryEnvironment> memory = MemoryEnvironment::open(locations);
        VALIS_VERIFY_OK(memory);
        NewMemory note;
        note.summary = QStringLiteral("The staging database is read-only on Fridays");
        note.content = "staging: read-only on Fridays\n";
        note.metadata = QJsonObject{{QStringLiteral("source"), QStringLiteral("memory_store")}};
        VALIS_VERIFY_OK(memory->store()->put(note));
    }

    // Another agent's, through the real MCP server over stdio.
    QProcess server;
    server.start(QStringLiteral(VALIS_CLI_BINARY), {QStringLiteral("mcp"), QStringLiteral("serve"), QStringLiteral("--home"), profile.path()});
    QVERIFY2(server.waitForStarted(), qPrintable(server.errorString()));
    server.write(line(QJsonObject{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), 1},
        {QStringLiteral("method"), QStringLiteral("initialize")},
        {QStringLiteral("params"), QJsonObject{{QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18")},
                                               {QStringLiteral("capabilities"), QJsonObject{}},
                                               {QStringLiteral("clientInfo"), QJsonObject{{QStringLiteral("name"), QStringLiteral("claude-code")},
                                                                                          {QStringLiteral("version"), QStringLiteral("2.1.3")}}}}}}));
    const QJsonObject initialized = answer(server, 1);
    QVERIFY2(initialized.contains(QLatin1String("result")), QJsonDocument(initialized).toJson().constData());
    server.write(line(QJsonObject{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
                                  {QStringLiteral("method"), QStringLiteral("notifications/initialized")}}));
    server.write(line(QJsonObject{
        {QStringLiteral("jsonrpc"), QStringLiteral("2.0")},
        {QStringLiteral("id"), 2},
        {QStringLiteral("method"), QStringLiteral("tools/call")},
        {QStringLiteral("params"),
         QJsonObject{{QStringLiteral("name"), QStringLiteral("store_memory")},
                     {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("content"), QStringLiteral("Run the parser tests with -j1; they share a port.")},
                                                               {QStringLiteral("description"), QStringLiteral("Parser tests need -j1")},
                                                               {QStringLiteral("type"), QStringLiteral("fact")}}}}}}));
    const QJsonObject stored = answer(server, 2);
    const QJsonObject result = stored.value(QLatin1String("result")).toObject();
    QVERIFY2(!result.isEmpty() && !result.value(QLatin1String("isError")).toBool(), QJsonDocument(stored).toJson().constData());
    const QString key = result.value(QLatin1String("structuredContent")).toObject().value(QLatin1String("key")).toString();
    QVERIFY(!key.isEmpty());
    server.closeWriteChannel();
    QVERIFY(server.waitForFinished(20000));

    MemoryWorker worker(locations);
    MemoryBrowserPane pane;
    QObject::connect(&pane, &MemoryBrowserPane::listRequested, &worker, &MemoryWorker::list);
    QObject::connect(&pane, &MemoryBrowserPane::readRequested, &worker, &MemoryWorker::read);
    QObject::connect(&worker, &MemoryWorker::listed, &pane, &MemoryBrowserPane::showList);
    QObject::connect(&worker, &MemoryWorker::pageRead, &pane, &MemoryBrowserPane::showPage);
    QObject::connect(&worker, &MemoryWorker::failed, &pane, &MemoryBrowserPane::showError);
    pane.resize(900, 600);
    pane.show();
    pane.refresh();
    QTreeWidget *list = pane.recordList();
    QTRY_COMPARE(list->topLevelItemCount(), 2);

    QTreeWidgetItem *theirs = nullptr;
    QTreeWidgetItem *ours = nullptr;
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = list->topLevelItem(i);
        (item->toolTip(1).startsWith(key) ? theirs : ours) = item;
    }
    QVERIFY(theirs && ours);
    QCOMPARE(list->headerItem()->text(FromColumn), QStringLiteral("From"));
    QCOMPARE(theirs->text(FromColumn), QStringLiteral("from claude-code"));
    QVERIFY(theirs->toolTip(FromColumn).contains(QLatin1String("claude-code 2.1.3")));
    QVERIFY(theirs->background(FromColumn).style() != Qt::NoBrush); // a chip
    QVERIFY(ours->text(FromColumn).isEmpty());
    QCOMPARE(ours->text(1), QStringLiteral("The staging database is read-only on Fridays"));

    // The details: the whole origin above the record.
    list->setCurrentItem(theirs);
    QTRY_COMPARE(pane.shownKey(), key);
    QTRY_VERIFY(pane.viewer()->toPlainText().contains(QLatin1String("they share a port")));
    QLabel *origin = pane.originLabel();
    QVERIFY(origin->isVisible());
    QVERIFY2(origin->text().contains(QLatin1String("Written by claude-code 2.1.3 through Valis's MCP server over stdio")),
             qPrintable(origin->text()));
    QVERIFY(origin->text().contains(QLatin1String("source \"mcp:claude-code 2.1.3\"")));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        pane.grab().save(dir + QStringLiteral("/memory-origin.png"));
    list->setCurrentItem(ours);
    QTRY_VERIFY(pane.viewer()->toPlainText().contains(QLatin1String("staging: read-only")));
    QVERIFY(!origin->isVisible()); // Valis's own record: nothing to say

    // The filter by origin.
    QComboBox *filter = pane.originFilter();
    filter->setCurrentIndex(1); // other agents
    QCOMPARE(list->topLevelItemCount(), 1);
    QCOMPARE(list->topLevelItem(0)->text(FromColumn), QStringLiteral("from claude-code"));
    QVERIFY(pane.statusText().contains(QLatin1String("1 record")));
    filter->setCurrentIndex(2); // Valis
    QCOMPARE(list->topLevelItemCount(), 1);
    QVERIFY(list->topLevelItem(0)->text(FromColumn).isEmpty());
    filter->setCurrentIndex(0);
    QCOMPARE(list->topLevelItemCount(), 2);
    // A new list (a search) keeps the filter.
    filter->setCurrentIndex(1);
    pane.refresh();
    QTRY_COMPARE(list->topLevelItemCount(), 1);
    QCOMPARE(list->topLevelItem(0)->text(FromColumn), QStringLiteral("from claude-code"));
}

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestMemoryBrowser test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_memorybrowser.moc"
