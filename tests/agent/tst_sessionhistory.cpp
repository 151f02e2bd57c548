// The Session's history-strategy command and fork reports, in process against the local
// provider server: a switch is recorded and the next request is built with the new strategy,
// an unknown name is a Warning that changes nothing, a reopened session keeps the last choice,
// and a fork's report waits for a running turn and reaches the next request.
#include "sessionharness.h"
#include "streambuilders.h"

#include "valis/agent/fork.h"
#include "valis/context/compactionevent.h"
#include "valis/plugins/contextstrategy.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QString messagesOf(const CapturedRequest &request)
{
    return QString::fromUtf8(QJsonDocument(request.json().value(QLatin1String("messages")).toArray()).toJson());
}

QString systemOf(const CapturedRequest &request)
{
    return QString::fromUtf8(QJsonDocument(request.json().value(QLatin1String("system")).toArray()).toJson());
}

} // namespace

class TestSessionHistory : public QObject
{
    Q_OBJECT

    /// A harness whose session may switch between regular (progressive) and oneshot.
    bool startHarness(SessionHarness &h)
    {
        if (!h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")))
            return false;
        QList<ContextStrategy *> regular;
        for (ContextStrategy *strategy : h.plugins()->strategies()) {
            if (strategy->id() == QLatin1String("progressive"))
                regular.append(strategy);
        }
        h.config().strategies = regular;
        h.config().history = HistoryStrategies::from(regular, h.plugins()->strategies());
        return h.config().history.contains(HistoryStrategies::oneshot()) && h.reopen();
    }

private Q_SLOTS:
    void aSwitchIsRecordedAndShapesTheNextRequest()
    {
        SessionHarness h;
        QVERIFY2(startHarness(h), qPrintable(h.error()));
        QCOMPARE(h.session()->historyStrategy(), QStringLiteral("regular"));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("FIRST-ANSWER"))));
        QCOMPARE(h.runTurn(QStringLiteral("FIRST-REQUEST")), QStringLiteral("answered"));

        QVERIFY(h.session()->setHistoryStrategy(QStringLiteral("oneshot")).ok());
        QCOMPARE(h.session()->historyStrategy(), QStringLiteral("oneshot"));
        QCOMPARE(recordedHistoryStrategy(h.session()->record()), QStringLiteral("oneshot"));
        QVERIFY(isContextControlMessage(h.session()->record().constLast()));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("SECOND-ANSWER"))));
        QCOMPARE(h.runTurn(QStringLiteral("SECOND-REQUEST")), QStringLiteral("answered"));
        const CapturedRequest second = h.server().requests().at(1);
        QVERIFY(messagesOf(second).contains(QLatin1String("SECOND-REQUEST")));
        QVERIFY2(!messagesOf(second).contains(QLatin1String("FIRST-ANSWER")), qPrintable(messagesOf(second)));
        // The control entry itself never reaches the model.
        QVERIFY(!messagesOf(second).contains(QLatin1String("[history strategy")));
        QVERIFY(systemOf(second).contains(QLatin1String("one-shot history")));
        QVERIFY(!systemOf(h.server().requests().at(0)).contains(QLatin1String("one-shot history")));

        // An unknown name: a Warning, an error, nothing recorded, nothing changed.
        const qsizetype recordSize = h.session()->record().size();
        const Result<void> unknown = h.session()->setHistoryStrategy(QStringLiteral("bogus"));
        QVERIFY(unknown.hasError());
        QCOMPARE(unknown.error().code, QStringLiteral("context.unknown-history"));
        QVERIFY(unknown.error().message.contains(QLatin1String("\"bogus\"")));
        QVERIFY(unknown.error().message.contains(QLatin1String("oneshot")));
        const QList<SessionEvent> warnings = h.eventsOf(SessionEvent::Kind::Warning);
        QVERIFY(!warnings.isEmpty());
        QCOMPARE(warnings.constLast().error.code, QStringLiteral("context.unknown-history"));
        QCOMPARE(h.session()->record().size(), recordSize);
        QCOMPARE(h.session()->historyStrategy(), QStringLiteral("oneshot"));

        // A reopened session goes on with the last recorded choice.
        QVERIFY2(h.reopen(), qPrintable(h.error()));
        QCOMPARE(h.session()->historyStrategy(), QStringLiteral("oneshot"));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("THIRD-ANSWER"))));
        QCOMPARE(h.runTurn(QStringLiteral("THIRD-REQUEST")), QStringLiteral("answered"));
        QVERIFY(!messagesOf(h.server().requests().at(2)).contains(QLatin1String("SECOND-ANSWER")));
        QVERIFY(systemOf(h.server().requests().at(2)).contains(QLatin1String("one-shot history")));
    }

    void aForkReportWaitsForTheTurnAndReachesTheNextRequest()
    {
        SessionHarness h;
        QVERIFY2(startHarness(h), qPrintable(h.error()));
        SessionInfo fork;
        fork.id = QStringLiteral("s-forkforkforkforkfork");
        fork.title = QStringLiteral("Lexer worker");
        const Message report = forkReportMessage(fork, QStringLiteral("WORKER-RESULT: done"), QStringLiteral("answered"));
        QCOMPARE(forkReportOf(report).value(QLatin1String("session")).toString(), fork.id);

        // Delivered while a turn runs: it waits for the turn's end, then is appended.
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("FIRST-ANSWER"))));
        QVERIFY(h.session()->submit(QStringLiteral("FIRST-REQUEST")).ok());
        QVERIFY(h.session()->isBusy());
        QVERIFY(h.session()->receiveForkReport(report).ok());
        QVERIFY(forkReportOf(h.session()->record().constLast()).isEmpty());
        QTRY_VERIFY(!forkReportOf(h.session()->record().constLast()).isEmpty());
        QVERIFY(h.session()->record().constLast().text().contains(QLatin1String("WORKER-RESULT: done")));

        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("SECOND-ANSWER"))));
        QCOMPARE(h.runTurn(QStringLiteral("SECOND-REQUEST")), QStringLiteral("answered"));
        const QString second = messagesOf(h.server().requests().at(1));
        QVERIFY(second.contains(QLatin1String("WORKER-RESULT: done")));
        QVERIFY(second.contains(QLatin1String("Lexer worker")));
        QVERIFY(second.contains(fork.id));
    }
};

VALIS_TEST_MAIN(TestSessionHistory)
#include "tst_sessionhistory.moc"
