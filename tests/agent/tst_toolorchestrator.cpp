// Tool calls: approval -> attempt -> retry, parallel only when every call is read-only, and
// exactly one result per call whatever happens.
#include "testsupport.h"
#include "testtools.h"
#include "valis/agent/approvalpolicy.h"
#include "valis/agent/toolorchestrator.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

namespace {

Part call(const QString &id, const QString &tool, const QJsonObject &arguments)
{
    return Part::makeToolCall(id, tool, arguments);
}

QJsonObject args(const QString &text, int delayMs = 0, int failures = 0)
{
    QJsonObject json{{QStringLiteral("text"), text}, {QStringLiteral("delayMs"), delayMs}};
    if (failures)
        json.insert(QStringLiteral("failures"), failures);
    return json;
}


struct Fixture
{
    TestToolProvider tools;
    ToolRegistry registry{{&tools}};
    ApprovalPolicy approvals;
    ToolOrchestrator orchestrator{&registry, &approvals};
    QSignalSpy finished{&orchestrator, &ToolOrchestrator::batchFinished};
    QSignalSpy asked{&orchestrator, &ToolOrchestrator::approvalRequested};

    Fixture() { approvals.setAutoApprove(AutoApprove::All); }

    QList<Part> run(const QList<Part> &calls)
    {
        ToolContext context;
        context.sessionId = QStringLiteral("s-test");
        orchestrator.run(calls, context);
        if (!finished.wait(5000))
            return {};
        return finished.takeFirst().constFirst().value<QList<Part>>();
    }
};

} // namespace

class TestToolOrchestrator : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<QList<Part>>(); qRegisterMetaType<ApprovalRequest>(); }

    void readOnlyBatchRunsInParallel()
    {
        Fixture f;
        const QList<Part> calls = {call(QStringLiteral("c1"), QStringLiteral("read"), args(QStringLiteral("a"), 80)),
                                   call(QStringLiteral("c2"), QStringLiteral("read"), args(QStringLiteral("b"), 10))};
        QVERIFY(f.orchestrator.runsInParallel(calls));
        const QList<Part> results = f.run(calls);
        QCOMPARE(results.size(), 2);
        // Both started before either ended, and results come back in the calls' order.
        QCOMPARE(f.tools.log.mid(0, 2), (QStringList{QStringLiteral("start:c1"), QStringLiteral("start:c2")}));
        QCOMPARE(results.at(0).callId, QStringLiteral("c1"));
        QCOMPARE(resultText(results.at(0)), QStringLiteral("read: a"));
        QCOMPARE(resultText(results.at(1)), QStringLiteral("read: b"));
    }

    void aWriteMakesTheBatchSequential()
    {
        Fixture f;
        const QList<Part> calls = {call(QStringLiteral("c1"), QStringLiteral("read"), args(QStringLiteral("a"), 30)),
                                   call(QStringLiteral("c2"), QStringLiteral("write"), args(QStringLiteral("b"))),
                                   call(QStringLiteral("c3"), QStringLiteral("read"), args(QStringLiteral("c")))};
        QVERIFY(!f.orchestrator.runsInParallel(calls));
        const QList<Part> results = f.run(calls);
        QCOMPARE(results.size(), 3);
        QCOMPARE(f.tools.log, (QStringList{QStringLiteral("start:c1"), QStringLiteral("end:c1"), QStringLiteral("start:c2"),
                                           QStringLiteral("end:c2"), QStringLiteral("start:c3"), QStringLiteral("end:c3")}));
        QCOMPARE(f.tools.contexts.first().sessionId, QStringLiteral("s-test"));
        QCOMPARE(f.tools.contexts.first().callId, QStringLiteral("c1"));
    }

    void badCallsAreAnsweredWithoutRunning()
    {
        Fixture f;
        Part invalidJson = Part::makeToolCallFromText(QStringLiteral("c2"), QStringLiteral("write"), QStringLiteral("{\"text\": \"a"));
        const QList<Part> results = f.run({call(QStringLiteral("c1"), QStringLiteral("nope"), args(QStringLiteral("a"))), invalidJson,
                                           call(QStringLiteral("c3"), QStringLiteral("write"), QJsonObject{}),
                                           call(QStringLiteral("c4"), QStringLiteral("write"), args(QStringLiteral("ok")))});
        QCOMPARE(results.size(), 4);
        QVERIFY(results.at(0).isError);
        QVERIFY(resultText(results.at(0)).contains(QLatin1String("no tool named \"nope\"")));
        QVERIFY(resultText(results.at(0)).contains(QLatin1String("read, write")));
        QVERIFY(resultText(results.at(1)).contains(QLatin1String("not valid JSON")));
        QVERIFY(resultText(results.at(2)).contains(QLatin1String("Missing required arguments: text")));
        QVERIFY(!results.at(3).isError);
        QCOMPARE(f.tools.log, (QStringList{QStringLiteral("start:c4"), QStringLiteral("end:c4")}));
    }

    void askWaitsForAnAnswerWithTheFullArguments()
    {
        Fixture f;
        f.approvals.setAutoApprove(AutoApprove::ReadOnly);
        ToolContext context;
        const QJsonObject arguments = args(QStringLiteral("rm -rf build"));
        f.orchestrator.run({call(QStringLiteral("c1"), QStringLiteral("write"), arguments),
                            call(QStringLiteral("c2"), QStringLiteral("write"), args(QStringLiteral("second")))},
                           context);
        QVERIFY(f.asked.wait(2000));
        const ApprovalRequest request = f.asked.first().constFirst().value<ApprovalRequest>();
        QCOMPARE(request.toolName, QStringLiteral("write"));
        QCOMPARE(request.callId, QStringLiteral("c1"));
        QCOMPARE(request.arguments, QJsonValue(arguments));
        QCOMPARE(request.toolProviderId, QStringLiteral("test-tools"));
        QVERIFY(f.tools.log.isEmpty()); // nothing runs before the answer
        QTest::qWait(20);
        QCOMPARE(f.asked.size(), 1);    // sequential: the second waits for the first
        QVERIFY(!f.orchestrator.resolveApproval(QStringLiteral("approval-unknown"), ApprovalDecision::allowed()));
        QVERIFY(f.orchestrator.resolveApproval(request.id, ApprovalDecision::allowed(ApprovalScope::Once)));
        QVERIFY(f.asked.wait(2000)); // "once" leaves the second call to be asked
        const ApprovalRequest second = f.asked.at(1).constFirst().value<ApprovalRequest>();
        QVERIFY(f.orchestrator.resolveApproval(second.id, ApprovalDecision::denied(QStringLiteral("not that one"))));
        QTRY_COMPARE(f.finished.size(), 1);
        const QList<Part> results = f.finished.first().constFirst().value<QList<Part>>();
        QVERIFY(!results.at(0).isError);
        QVERIFY(results.at(1).isError);
        QVERIFY(resultText(results.at(1)).contains(QLatin1String("denied")));
        QVERIFY(resultText(results.at(1)).contains(QLatin1String("not that one")));
        QCOMPARE(f.tools.log, (QStringList{QStringLiteral("start:c1"), QStringLiteral("end:c1")}));
    }

    void sessionAnswerCoversTheRestOfTheSession()
    {
        Fixture f;
        f.approvals.setAutoApprove(AutoApprove::None);
        ToolContext context;
        f.orchestrator.run({call(QStringLiteral("c1"), QStringLiteral("write"), args(QStringLiteral("a")))}, context);
        QVERIFY(f.asked.wait(2000));
        f.orchestrator.resolveApproval(f.asked.first().constFirst().value<ApprovalRequest>().id,
                                       ApprovalDecision::allowed(ApprovalScope::Session));
        QVERIFY(f.finished.wait(2000));
        QCOMPARE(f.approvals.ruleFor(QStringLiteral("write"), QStringLiteral("test-tools"), false), ApprovalRule::Allow);
        QCOMPARE(f.approvals.ruleFor(QStringLiteral("read"), QStringLiteral("test-tools"), true), ApprovalRule::Ask);
        f.finished.clear();
        const QList<Part> results = f.run({call(QStringLiteral("c2"), QStringLiteral("write"), args(QStringLiteral("b")))});
        QCOMPARE(f.asked.size(), 1); // not asked again
        QVERIFY(!results.first().isError);
    }

    void alwaysThatCannotBeSavedWarnsAndStillHolds()
    {
        Fixture f; // its rules have no file to be kept in
        f.approvals.setAutoApprove(AutoApprove::None);
        QSignalSpy warnings(&f.orchestrator, &ToolOrchestrator::warning);
        ToolContext context;
        f.orchestrator.run({call(QStringLiteral("c1"), QStringLiteral("write"), args(QStringLiteral("a")))}, context);
        QVERIFY(f.asked.wait(2000));
        f.orchestrator.resolveApproval(f.asked.first().constFirst().value<ApprovalRequest>().id,
                                       ApprovalDecision::allowed(ApprovalScope::Always));
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().constFirst().value<Error>().code, QStringLiteral("approvals.unwritable"));
        QVERIFY(f.finished.wait(2000));
        QVERIFY(!f.finished.first().constFirst().value<QList<Part>>().first().isError);
        QCOMPARE(f.approvals.ruleFor(QStringLiteral("write"), QStringLiteral("test-tools"), false), ApprovalRule::Allow);
    }

    void denyRuleNeverRuns()
    {
        Fixture f;
        f.approvals.setToolRule(QStringLiteral("write"), ApprovalRule::Deny);
        const QList<Part> results = f.run({call(QStringLiteral("c1"), QStringLiteral("write"), args(QStringLiteral("a")))});
        QVERIFY(results.first().isError);
        QVERIFY(resultText(results.first()).contains(QLatin1String("deny")));
        QVERIFY(f.tools.log.isEmpty());
        QCOMPARE(f.asked.size(), 0);
    }

    void retryableFailuresAreRetried()
    {
        Fixture f;
        RetryPolicy retry;
        retry.maxAttempts = 3;
        retry.initialDelay = 5ms;
        retry.jitter = 0;
        f.orchestrator.setRetryPolicy(retry);
        QSignalSpy retrying(&f.orchestrator, &ToolOrchestrator::retrying);
        QSignalSpy done(&f.orchestrator, &ToolOrchestrator::callFinished);
        const QList<Part> results = f.run({call(QStringLiteral("c1"), QStringLiteral("flaky"), args(QStringLiteral("x"), 0, 2)),
                                           call(QStringLiteral("c2"), QStringLiteral("flaky"), args(QStringLiteral("y"), 0, 5)),
                                           call(QStringLiteral("c3"), QStringLiteral("broken"), args(QStringLiteral("z")))});
        QCOMPARE(f.tools.attempts.value(QStringLiteral("c1")), 3);
        QVERIFY(!results.at(0).isError);
        QCOMPARE(f.tools.attempts.value(QStringLiteral("c2")), 3); // gave up after maxAttempts
        QVERIFY(results.at(1).isError);
        QCOMPARE(f.tools.attempts.value(QStringLiteral("c3")), 1); // not retryable: once
        QCOMPARE(retrying.size(), 4);
        QCOMPARE(done.at(0).at(3).toInt(), 3); // attempts reported
    }

    void cancelAnswersEveryCall()
    {
        Fixture f;
        ToolContext context;
        f.orchestrator.run({call(QStringLiteral("c1"), QStringLiteral("hang"), args(QStringLiteral("a"))),
                            call(QStringLiteral("c2"), QStringLiteral("write"), args(QStringLiteral("b")))},
                           context);
        QTRY_COMPARE(f.tools.log, QStringList{QStringLiteral("start:c1")});
        f.orchestrator.cancel();
        QCOMPARE(f.finished.size(), 1);
        const QList<Part> results = f.finished.first().constFirst().value<QList<Part>>();
        QCOMPARE(results.size(), 2);
        QVERIFY(results.at(0).isError && resultText(results.at(0)).contains(QLatin1String("stopped")));
        QVERIFY(results.at(1).isError && resultText(results.at(1)).contains(QLatin1String("before this call ran")));
        QCOMPARE(f.tools.log, (QStringList{QStringLiteral("start:c1"), QStringLiteral("end:c1")}));
        QVERIFY(!f.orchestrator.isRunning());
    }

    void cancelCallStopsOneAndTheBatchGoesOn()
    {
        Fixture f;
        ToolContext context;
        f.orchestrator.run({call(QStringLiteral("c1"), QStringLiteral("hang"), args(QStringLiteral("a"))),
                            call(QStringLiteral("c2"), QStringLiteral("write"), args(QStringLiteral("b")))},
                           context);
        QTRY_COMPARE(f.tools.log, QStringList{QStringLiteral("start:c1")});
        QVERIFY(!f.orchestrator.cancelCall(QStringLiteral("c2"))); // waiting, not running
        QVERIFY(!f.orchestrator.cancelCall(QStringLiteral("nope")));
        QVERIFY(f.orchestrator.cancelCall(QStringLiteral("c1")));
        // The next call runs as if the killed one had finished.
        QVERIFY(f.finished.wait(5000));
        const QList<Part> results = f.finished.first().constFirst().value<QList<Part>>();
        QCOMPARE(results.size(), 2);
        QVERIFY(results.at(0).isError && resultText(results.at(0)).contains(QLatin1String("killed")));
        QVERIFY(!results.at(1).isError);
        QVERIFY(f.tools.log.contains(QStringLiteral("start:c2")));
        QVERIFY(!f.orchestrator.cancelCall(QStringLiteral("c1")));
    }

    void emptyBatchFinishes()
    {
        Fixture f;
        ToolContext context;
        f.orchestrator.run({}, context);
        QVERIFY(f.finished.wait(1000));
        QVERIFY(f.finished.first().constFirst().value<QList<Part>>().isEmpty());
    }
};

VALIS_TEST_MAIN(TestToolOrchestrator)
#include "tst_toolorchestrator.moc"
