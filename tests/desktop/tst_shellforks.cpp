// "Fork from here" and the history strategy in the main window, with the real plugins, a real
// Qt WebEngine page and the local provider server: the fork is listed under its parent and
// shown, its one-shot first request holds its prompt and not the planner's turn, and its answer
// reaches the parent's record.
#include "testsupport.h"
#include "webtestsupport.h"
#include "mainwindowtestsupport.h"

#include "composerwidget.h"
#include "conversationbridge.h"
#include "conversationview.h"
#include "mainwindow.h"
#include "providerserver.h"
#include "sessionlistmodel.h"
#include "streambuilders.h"

#include "valis/agent/fork.h"
#include "valis/context/compactionevent.h"
#include "valis/store/sessionstore.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>

using namespace valis;
using test::evaluate;
using test::pageText;
using test::runTurnsAgainst;

class TestShellForks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void forkFromHereRunsAOneShotWorkerAndReportsBack();
};

void TestShellForks::forkFromHereRunsAOneShotWorkerAndReportsBack()
{
    test::TemporaryHome home;
    const DataLocations locations = DataLocations::underHome(home.path());
    test::ProviderTestServer server;
    QVERIFY(server.listen());
    QVERIFY(runTurnsAgainst(locations, server, QByteArray(VALIS_BUILT_PLUGIN_DIR)));
    const auto answer = [&server](const QString &text) {
        server.enqueue(test::ScriptedResponse::sse(test::AnthropicStream().text(text).stop(QStringLiteral("end_turn"))));
    };
    const auto send = [](MainWindow &window, const QString &text) {
        window.composer()->editor()->setFocus();
        QTest::keyClicks(window.composer()->editor(), text);
        QTest::keyClick(window.composer()->editor(), Qt::Key_Return);
    };

    MainWindow window(locations, {});
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.composer()->isEnabled());
    // The composer offers the installed history strategies.
    auto *history = window.findChild<QComboBox *>(QStringLiteral("composerHistory"));
    QVERIFY(history);
    QTRY_VERIFY(history->findData(QStringLiteral("oneshot")) >= 0);
    QVERIFY(history->findData(QStringLiteral("regular")) >= 0);
    QVERIFY(history->isVisibleTo(&window));
    QCOMPARE(window.composer()->historyStrategy(), QStringLiteral("regular"));

    window.newSession();
    answer(QStringLiteral("PLANNER-ANSWER: write the lexer first"));
    send(window, QStringLiteral("PLANNER-REQUEST: plan the parser"));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("PLANNER-ANSWER")), 10000);
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    const QString parent = window.shownSession();
    QVERIFY(!parent.isEmpty());

    // "Fork from here" on the request and on the answer; the page may ask only for those.
    QTRY_COMPARE(evaluate(window, QStringLiteral("document.querySelectorAll('button.fork').length")).toInt(), 2);
    QSignalSpy refused(window.conversationView()->bridge(), &ConversationBridge::refused);
    window.conversationView()->bridge()->forkFrom(QStringLiteral("m-404"));
    QCOMPARE(refused.count(), 1);
    evaluate(window, QStringLiteral("document.querySelector('article.msg.assistant button.fork').click()"));

    // The fork is made, listed under its parent and shown.
    QTRY_VERIFY_WITH_TIMEOUT(!window.shownSession().isEmpty() && window.shownSession() != parent, 10000);
    const QString fork = window.shownSession();
    const QModelIndex forkIndex = window.sessionModel()->indexOf(fork);
    QVERIFY(forkIndex.isValid());
    QCOMPARE(forkIndex.parent().data(SessionListModel::SessionIdRole).toString(), parent);
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("PLANNER-ANSWER")), 10000);

    // One-shot for the worker, then its first request.
    const int oneshot = history->findData(QStringLiteral("oneshot"));
    history->setCurrentIndex(oneshot);
    Q_EMIT history->activated(oneshot);
    answer(QStringLiteral("WORKER-RESULT: the lexer is written"));
    send(window, QStringLiteral("WORKER-PROMPT: write the lexer"));
    QTRY_VERIFY_WITH_TIMEOUT(pageText(window).contains(QLatin1String("WORKER-RESULT")), 10000);
    QTRY_VERIFY(!window.findChild<QPushButton *>(QStringLiteral("composerStop"))->isEnabled());
    QCOMPARE(server.requests().size(), 2);
    const QJsonObject worker = server.requests().constLast().json();
    const QString messages = QString::fromUtf8(QJsonDocument(worker.value(QLatin1String("messages")).toArray()).toJson());
    QVERIFY(messages.contains(QLatin1String("WORKER-PROMPT: write the lexer")));
    QVERIFY2(!messages.contains(QLatin1String("PLANNER-REQUEST")), qPrintable(messages));
    QVERIFY(!messages.contains(QLatin1String("PLANNER-ANSWER")));
    QVERIFY(QJsonDocument(worker.value(QLatin1String("system")).toArray()).toJson().contains("one-shot history"));
    // The switch is shown where it happened, in the person's words.
    QTRY_VERIFY(pageText(window).contains(QLatin1String("From here on the model sees the history as: One-shot history")));

    // The fork recorded its choice; the parent's record gained the report.
    auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
    VALIS_VERIFY_OK(store);
    const auto forkRecord = store.value()->messages(fork);
    VALIS_VERIFY_OK(forkRecord);
    QCOMPARE(recordedHistoryStrategy(forkRecord.value()), QStringLiteral("oneshot"));
    const auto parentRecord = store.value()->messages(parent);
    VALIS_VERIFY_OK(parentRecord);
    const Message report = parentRecord->constLast();
    QCOMPARE(forkReportOf(report).value(QLatin1String("session")).toString(), fork);
    QVERIFY(report.text().contains(QLatin1String("WORKER-RESULT: the lexer is written")));
    if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(window.grab().save(dir + QStringLiteral("/fork.png")));
    qunsetenv("VALIS_PLUGIN_PATH");
}

VALIS_WEBENGINE_TEST_MAIN(TestShellForks)

#include "tst_shellforks.moc"
