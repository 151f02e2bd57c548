// The context gauge and the context inspector in the running window (issue 23): the gauge shows
// what one request really sent (an imported session's last recorded prompt, never a sum over
// the record, or nothing with the reason); the inspector, opened from the gauge and from "What
// did the model see?" on an answer, shows a compacted session's requests with their hash check
// and diff, and a tampered record loudly.
#include "clirunner.h"
#include "inspectorviewsupport.h"
#include "mainwindowtestsupport.h"
#include "providerserver.h"
#include "scriptedanthropic.h"
#include "streambuilders.h"
#include "testsupport.h"
#include "webtestsupport.h"

#include "composerwidget.h"
#include "contextmeter.h"
#include "conversationbridge.h"
#include "conversationview.h"
#include "inspectordock.h"
#include "inspectorview.h"
#include "mainwindow.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/requestinspector.h"
#include "valis/import/transcriptimporter.h"
#include "valis/store/sessionstore.h"

#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTreeWidget>

using namespace valis;
using namespace valis::test;
using test::evaluate;

namespace {

void saveScreenshot(QWidget *widget, const QString &name)
{
    QTest::qWait(100); // widgets added to a shown layout are shown on the next turn of the loop
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(widget->grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TestInspectorView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gaugeShowsTheLastPromptOfAnImportedSession();
    void gaugeSaysWhyWhenNothingWasRecorded();
    void fixtureSessionsShowTheirLastPrompt_data();
    void fixtureSessionsShowTheirLastPrompt();
    void inspectsACompactedSession();
    void followsLiveTurns();
    void requestOfAnswerCountsTheRecordedRequests();
};

void TestInspectorView::gaugeShowsTheLastPromptOfAnImportedSession()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const QList<Prompt> prompts{{3, 12000, 0}, {5, 400, 12000}, {2, 900, 12400}};
    const QString file = test::writeFileIn(home.filePath(QStringLiteral("cc")), QStringLiteral("9f0e0b1a-1111-4222-8333-444455556666.jsonl"),
                                           claudeCodeSession(QStringLiteral("9f0e0b1a-1111-4222-8333-444455556666"), prompts, true));
    const QString session = importInto(locations, file);
    QVERIFY2(session.startsWith(QLatin1String("cc-")), qPrintable(session));

    MainWindow window(locations, ShellOptions{false, session});
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.shownSession(), session);
    auto *meter = window.findChild<ContextMeter *>(QStringLiteral("contextMeter"));
    QVERIFY(meter);
    // The last answer's prompt (input + cache written + cache read), not the record's sum.
    qint64 sum = 0;
    for (const Prompt &prompt : prompts)
        sum += prompt.total();
    QTRY_COMPARE(meter->tokens(), prompts.last().total());
    QVERIFY(meter->tokens() != sum);
    QCOMPARE(meter->window(), ModelCatalog::builtIn().lookup(QStringLiteral("claude-sonnet-4-5")).model.contextWindow);
    QVERIFY(meter->tokens() < meter->window());
    QVERIFY2(meter->text().startsWith(QLatin1String("13.3k / ")), qPrintable(meter->text()));

    // The gauge opens the inspector on the last request: imported, so nothing to check.
    auto *dock = window.findChild<InspectorDock *>(QStringLiteral("inspectorDock"));
    QVERIFY(dock);
    QVERIFY(!dock->isVisible());
    QTest::mouseClick(meter, Qt::LeftButton);
    QTRY_VERIFY(dock->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!dock->isBusy(), 20000);
    InspectorView *view = dock->view();
    QVERIFY2(view->inspection().value(QLatin1String("source")).toString() == QLatin1String("imported"),
             QJsonDocument(view->inspection()).toJson().constData());
    QCOMPARE(view->request(), prompts.size());
    QCOMPARE(view->inspection().value(QLatin1String("requests")).toInt(), prompts.size());
    QCOMPARE(view->hashText(), QStringLiteral("Imported: rebuilt from the record, nothing to check."));
    QVERIFY(!view->showsMismatch());
    QCOMPARE(view->findChild<QSpinBox *>(QStringLiteral("inspectorRequest"))->value(), prompts.size());
    // What it shows of the last request: the messages before its answer.
    auto *messages = view->findChild<QTreeWidget *>(QStringLiteral("inspectorMessages"));
    QTRY_VERIFY(messages->topLevelItemCount() >= 5);
    bool sawLastQuestion = false;
    for (int i = 0; i < messages->topLevelItemCount(); ++i)
        sawLastQuestion = sawLastQuestion || messages->topLevelItem(i)->text(5).contains(QLatin1String("Question 3 about the parser"));
    QVERIFY(sawLastQuestion);
}

void TestInspectorView::gaugeSaysWhyWhenNothingWasRecorded()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const QString file = test::writeFileIn(home.filePath(QStringLiteral("cc")), QStringLiteral("7a0e0b1a-1111-4222-8333-444455556666.jsonl"),
                                           claudeCodeSession(QStringLiteral("7a0e0b1a-1111-4222-8333-444455556666"), {{1, 1, 1}, {1, 1, 1}}, false));
    const QString session = importInto(locations, file);
    QVERIFY2(session.startsWith(QLatin1String("cc-")), qPrintable(session));
    MainWindow window(locations, ShellOptions{false, session});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.shownSession(), session);
    auto *meter = window.findChild<ContextMeter *>(QStringLiteral("contextMeter"));
    QTRY_VERIFY(!meter->unavailableReason().isEmpty());
    QCOMPARE(meter->tokens(), qint64(0));
    QVERIFY2(meter->unavailableReason().contains(QLatin1String("records no usage")), qPrintable(meter->unavailableReason()));
    QVERIFY(meter->toolTip().contains(meter->unavailableReason()));
    QVERIFY(meter->text().isEmpty());
    saveScreenshot(meter, QStringLiteral("gauge-no-usage.png"));
}

void TestInspectorView::fixtureSessionsShowTheirLastPrompt_data()
{
    QTest::addColumn<QString>("relative");
    for (const char *name : {"fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl", "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl",
                             "short.jsonl", "tool_heavy.jsonl", "subagent.jsonl"})
        QTest::newRow(name) << QStringLiteral("claude-code-sessions-spotter/") + QLatin1String(name);
}

void TestInspectorView::fixtureSessionsShowTheirLastPrompt()
{
    QFETCH(QString, relative);
    const QString file = test::fixturePath(relative);
    if (file.isEmpty())
        QSKIP(qPrintable(QStringLiteral("fixture %1 not found under %2 (set VALIS_FIXTURES)").arg(relative, test::fixturesDir())));
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    const QString session = importInto(locations, file);
    QVERIFY2(session.startsWith(QLatin1String("cc-")), qPrintable(session));
    const qint64 expected = lastRecordedPrompt(file);
    QVERIFY(expected > 0);

    MainWindow window(locations, ShellOptions{false, session});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.shownSession(), session);
    auto *meter = window.findChild<ContextMeter *>(QStringLiteral("contextMeter"));
    QTRY_COMPARE_WITH_TIMEOUT(meter->tokens(), expected, 20000);
    QVERIFY(meter->window() > 0);
    QVERIFY2(meter->tokens() < meter->window(), qPrintable(meter->text()));
    QVERIFY(meter->unavailableReason().isEmpty());
    saveScreenshot(&window, QStringLiteral("gauge-imported-fixture.png"));
}


namespace {

/// Waits for the dock's inspection to arrive; false (after a failed check) when it did not.
bool waitForInspection(InspectorDock *dock)
{
    return QTest::qWaitFor([dock] { return !dock->isBusy(); }, 30000) && dock->view()->request() > 0;
}

bool diffMoved(const QJsonObject &inspection)
{
    const QJsonObject diff = inspection.value(QLatin1String("diff")).toObject();
    return !diff.value(QLatin1String("evicted")).toArray().isEmpty() || !diff.value(QLatin1String("summarised")).toArray().isEmpty();
}

} // namespace

void TestInspectorView::inspectsACompactedSession()
{
    qputenv("VALIS_PLUGIN_PATH", QByteArray(VALIS_BUILT_PLUGIN_DIR));
    CompactedSession built;
    buildCompactedSession(built, 9);
    if (QTest::currentTestFailed())
        return;
    // The record holds compactions: the strategy evicted.
    const test::CliRun context = built.cli({QStringLiteral("context"), built.id, QStringLiteral("--json")});
    QVERIFY2(context.exitCode == 0, context.err.constData());
    const QJsonObject actions = QJsonDocument::fromJson(context.out).object().value(QLatin1String("stats")).toObject()
                                    .value(QLatin1String("actions")).toObject();
    QVERIFY2(actions.value(QLatin1String("evict")).toInt() + actions.value(QLatin1String("summarise")).toInt() >= 1, context.out.constData());

    const DataLocations locations = DataLocations::underHome(built.home.path());
    {
        MainWindow window(locations, ShellOptions{false, built.id});
        window.resize(1280, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_COMPARE(window.shownSession(), built.id);
        auto *meter = window.findChild<ContextMeter *>(QStringLiteral("contextMeter"));
        // The gauge: the last answer's reported prompt, which the scripted server set to a
        // quarter of the last request's bytes.
        const qint64 lastPrompt = built.server.requests().last().body.size() / 4;
        QTRY_COMPARE_WITH_TIMEOUT(meter->tokens(), lastPrompt, 20000);
        QVERIFY2(meter->tokens() < meter->window(), qPrintable(QStringLiteral("%1 vs %2").arg(meter->tokens()).arg(meter->window())));
        QCOMPARE(meter->window(), qint64(12000));

        // Clicking the gauge opens the inspector on the last request, which matches its hash:
        // the view's and, with the provider plugin's body writer, the body's.
        QTRY_VERIFY_WITH_TIMEOUT(window.plugins() != nullptr, 20000);
        auto *dock = window.findChild<InspectorDock *>(QStringLiteral("inspectorDock"));
        QTest::mouseClick(meter, Qt::LeftButton);
        QVERIFY(waitForInspection(dock));
        InspectorView *view = dock->view();
        const QJsonObject last = view->inspection();
        const int requests = last.value(QLatin1String("requests")).toInt();
        QVERIFY2(requests >= 18, QJsonDocument(last).toJson().constData()); // a call and an answer per turn
        QCOMPARE(view->request(), requests);
        QCOMPARE(last.value(QLatin1String("source")).toString(), QStringLiteral("recorded"));
        QVERIFY2(last.value(QLatin1String("hash")).toObject().value(QLatin1String("match")).toBool(),
                 QJsonDocument(last.value(QLatin1String("hash")).toObject()).toJson().constData());
        QVERIFY(last.value(QLatin1String("hash")).toObject().value(QLatin1String("bodyChecked")).toBool());
        QCOMPARE(view->hashText(), QStringLiteral("✓ Matches the recorded request."));
        QVERIFY(!view->showsMismatch());
        auto *messages = view->findChild<QTreeWidget *>(QStringLiteral("inspectorMessages"));
        QCOMPARE(messages->topLevelItemCount(), last.value(QLatin1String("messages")).toArray().size());
        QVERIFY(messages->topLevelItemCount() > 0);
        // The request's MemoryRefs (the offloaded notes) as chips in the header; the selected
        // message's own below the list, with its text.
        const QJsonArray requestRefs = last.value(QLatin1String("memoryRefs")).toArray();
        QVERIFY2(!requestRefs.isEmpty(), QJsonDocument(last).toJson().constData());
        QCOMPARE(view->findChildren<QLabel *>(QStringLiteral("inspectorMemoryRefChip")).size(), requestRefs.size());
        messages->setCurrentItem(messages->topLevelItem(messages->topLevelItemCount() - 1));
        const QJsonObject selected = last.value(QLatin1String("messages")).toArray().last().toObject();
        QCOMPARE(view->findChild<QPlainTextEdit *>(QStringLiteral("inspectorMessageText"))->toPlainText(),
                 selected.value(QLatin1String("text")).toString());
        QCOMPARE(view->findChildren<QLabel *>(QStringLiteral("inspectorMemoryRefChip")).size(),
                 requestRefs.size() + selected.value(QLatin1String("memoryRefs")).toArray().size());
        QVERIFY(selected.value(QLatin1String("memoryRefs")).toArray().size() >= 1);
        for (QLabel *chip : view->findChildren<QLabel *>(QStringLiteral("inspectorMemoryRefChip")))
            QTRY_VERIFY(chip->isVisible());
        saveScreenshot(&window, QStringLiteral("inspector-window.png"));
        dock->setFloating(true);
        dock->resize(1000, 760);
        saveScreenshot(view, QStringLiteral("inspector-messages.png"));

        // Back through the requests to the one a compaction changed: its diff lists what moved
        // and says where the cached prefix broke.
        auto *previous = view->findChild<QToolButton *>(QStringLiteral("inspectorPrevious"));
        bool found = diffMoved(view->inspection());
        while (!found && view->request() > 1) {
            const int before = view->request();
            previous->click();
            QVERIFY(QTest::qWaitFor([view, before] { return view->request() == before - 1; }, 30000));
            QVERIFY(waitForInspection(dock));
            found = diffMoved(view->inspection());
        }
        QVERIFY2(found, "no request's diff lists an eviction or a summary");
        const QJsonObject moved = view->inspection();
        QVERIFY(moved.value(QLatin1String("hash")).toObject().value(QLatin1String("match")).toBool());
        view->tabs()->setCurrentIndex(1);
        auto *diff = view->findChild<QTreeWidget *>(QStringLiteral("inspectorDiff"));
        const int evicted = int(moved.value(QLatin1String("diff")).toObject().value(QLatin1String("evicted")).toArray().size());
        const int summarised = int(moved.value(QLatin1String("diff")).toObject().value(QLatin1String("summarised")).toArray().size());
        QCOMPARE(diff->topLevelItem(1)->text(0), QStringLiteral("Evicted (%1)").arg(evicted));
        QCOMPARE(diff->topLevelItem(1)->childCount(), evicted);
        QCOMPARE(diff->topLevelItem(2)->text(0), QStringLiteral("Summarised (%1)").arg(summarised));
        const QString breakText = view->findChild<QLabel *>(QStringLiteral("inspectorCacheBreak"))->text();
        QVERIFY2(breakText.contains(QLatin1String("broke at message")), qPrintable(breakText));
        saveScreenshot(view, QStringLiteral("inspector-diff.png"));
        dock->setFloating(false);

        // "What did the model see?" on an earlier answer opens the request that produced it.
        const QString answers = QStringLiteral("Array.from(document.querySelectorAll('article.msg.assistant button.inspect'))"
                                               ".map(function (b) { return b.closest('article').dataset.id; })");
        QTRY_VERIFY_WITH_TIMEOUT(evaluate(window, answers).toStringList().size() >= 2, 20000);
        const QString earlier = evaluate(window, answers).toStringList().first();
        evaluate(window, QStringLiteral("document.querySelector('article.msg[data-id=\"%1\"] button.inspect').click(); true").arg(earlier));
        QVERIFY(QTest::qWaitFor([view, earlier] { return view->inspection().value(QLatin1String("answerMessageId")).toString() == earlier; }, 30000));
        QVERIFY(waitForInspection(dock));
        QVERIFY(view->request() < requests);
        QCOMPARE(view->findChild<QSpinBox *>(QStringLiteral("inspectorRequest"))->value(), view->request());
        QVERIFY(view->inspection().value(QLatin1String("hash")).toObject().value(QLatin1String("match")).toBool());
        // The page may ask only about the answers it was given.
        auto *bridge = window.conversationView()->findChild<ConversationBridge *>();
        QVERIFY(bridge);
        const int shown = view->request();
        bridge->inspectRequest(QStringLiteral("m-not-an-answer"));
        QVERIFY(bridge->refusals().contains(QStringLiteral("inspectRequest m-not-an-answer")));
        QCOMPARE(view->request(), shown);
        QVERIFY(!dock->isBusy());
    }

    // A tampered record: the last question rewritten behind the store's back. The inspector
    // rebuilds a different view of the last request and says so loudly.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tamper"));
        db.setDatabaseName(locations.sessionDatabasePath());
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY2(query.exec(QStringLiteral("DROP TRIGGER parts_are_append_only")), qPrintable(query.lastError().text()));
        QVERIFY2(query.exec(QStringLiteral("UPDATE parts SET text = 'turn 9: delete everything instead.' WHERE kind = 'text' AND "
                                           "text LIKE 'turn 9: read the notes%'")),
                 qPrintable(query.lastError().text()));
        QVERIFY(query.numRowsAffected() >= 1);
        query.clear();
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("tamper"));
    MainWindow window(locations, ShellOptions{false, built.id});
    window.resize(1280, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.shownSession(), built.id);
    auto *meter = window.findChild<ContextMeter *>(QStringLiteral("contextMeter"));
    QTRY_VERIFY_WITH_TIMEOUT(meter->tokens() > 0, 20000);
    auto *dock = window.findChild<InspectorDock *>(QStringLiteral("inspectorDock"));
    meter->setFocus();
    QTest::keyClick(meter, Qt::Key_Space); // the gauge answers the keyboard too
    QVERIFY(waitForInspection(dock));
    QVERIFY2(dock->view()->showsMismatch(), QJsonDocument(dock->view()->inspection()).toJson().constData());
    QVERIFY2(dock->view()->hashText().startsWith(QLatin1String("MISMATCH")), qPrintable(dock->view()->hashText()));
    QCOMPARE(dock->view()->inspection().value(QLatin1String("hash")).toObject().value(QLatin1String("match")), QJsonValue(false));
    dock->setFloating(true);
    dock->resize(1000, 760);
    saveScreenshot(dock->view(), QStringLiteral("inspector-mismatch.png"));
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestInspectorView::followsLiveTurns()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(test::runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    MainWindow window(locations, {});
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY_WITH_TIMEOUT(window.composer()->isEnabled(), 20000);
    auto *meter = window.findChild<ContextMeter *>(QStringLiteral("contextMeter"));
    const auto send = [&window](const QString &text) {
        window.composer()->editor()->setFocus();
        QTest::keyClicks(window.composer()->editor(), text);
        QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    };

    // A live turn: the gauge shows the prompt its answer reported (uncached + read + written).
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream(1500, 400, 100).text(QStringLiteral("First answer.")).stop(QStringLiteral("end_turn"))));
    send(QStringLiteral("What is in the notes?"));
    QTRY_VERIFY_WITH_TIMEOUT(test::pageText(window).contains(QLatin1String("First answer.")), 20000);
    QTRY_COMPARE_WITH_TIMEOUT(meter->tokens(), qint64(2000), 10000);
    QVERIFY(meter->tokens() < meter->window());
    QTRY_VERIFY(!window.shownSession().isEmpty());

    auto *dock = window.findChild<InspectorDock *>(QStringLiteral("inspectorDock"));
    QTest::mouseClick(meter, Qt::LeftButton);
    QVERIFY(waitForInspection(dock));
    InspectorView *view = dock->view();
    QCOMPARE(view->request(), 1);
    QCOMPARE(view->inspection().value(QLatin1String("requests")).toInt(), 1);
    QCOMPARE(view->inspection().value(QLatin1String("source")).toString(), QStringLiteral("recorded"));
    QVERIFY2(view->inspection().value(QLatin1String("hash")).toObject().value(QLatin1String("match")).toBool(),
             QJsonDocument(view->inspection()).toJson().constData());
    QCOMPARE(view->inspection().value(QLatin1String("cache")).toObject().value(QLatin1String("readTokens")).toInteger(), 400);

    // The next turn, with the inspector open on the last request: both follow.
    server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream(2600, 1900, 300).text(QStringLiteral("Second answer.")).stop(QStringLiteral("end_turn"))));
    send(QStringLiteral("And then?"));
    QTRY_COMPARE_WITH_TIMEOUT(meter->tokens(), qint64(4800), 20000);
    QVERIFY(QTest::qWaitFor([view] { return view->request() == 2; }, 30000));
    QVERIFY(waitForInspection(dock));
    QCOMPARE(view->inspection().value(QLatin1String("requests")).toInt(), 2);
    QVERIFY(view->inspection().value(QLatin1String("hash")).toObject().value(QLatin1String("match")).toBool());
    QCOMPARE(view->inspection().value(QLatin1String("cache")).toObject().value(QLatin1String("readTokens")).toInteger(), 1900);
    // Its diff: the second question and answer added, nothing evicted.
    const QJsonObject diff = view->inspection().value(QLatin1String("diff")).toObject();
    QCOMPARE(diff.value(QLatin1String("previous")).toInt(), 1);
    QVERIFY(!diff.value(QLatin1String("added")).toArray().isEmpty());
    QVERIFY(diff.value(QLatin1String("evicted")).toArray().isEmpty());
    qunsetenv("VALIS_PLUGIN_PATH");
}

void TestInspectorView::requestOfAnswerCountsTheRecordedRequests()
{
    // An imported record counts its answers with usage as its requests.
    QList<Message> path;
    const auto add = [&path](Role role, const QString &id, bool usage) {
        Message message;
        message.id = id;
        message.role = role;
        message.parts = {Part::makeText(id)};
        if (usage) {
            message.usage.inputTokens = 10;
            message.usage.outputTokens = 2;
        }
        path.append(message);
    };
    add(Role::User, QStringLiteral("u1"), false);
    add(Role::Assistant, QStringLiteral("a1"), true);
    add(Role::User, QStringLiteral("u2"), false);
    add(Role::Assistant, QStringLiteral("a2"), true);
    add(Role::User, QStringLiteral("u3"), false);
    add(Role::Assistant, QStringLiteral("a3"), true);
    QCOMPARE(countRequests(path), 3);
    QCOMPARE(InspectorWorker::requestOfAnswer(path, QStringLiteral("a1")), 1);
    QCOMPARE(InspectorWorker::requestOfAnswer(path, QStringLiteral("a2")), 2);
    QCOMPARE(InspectorWorker::requestOfAnswer(path, QStringLiteral("a3")), 3);
    QCOMPARE(InspectorWorker::requestOfAnswer(path, QStringLiteral("missing")), 0);
}

VALIS_WEBENGINE_TEST_MAIN(TestInspectorView)

#include "tst_inspectorview.moc"
