// A turn end to end: a Session over the real provider plugins, talking HTTP to a local server
// that speaks the provider's wire protocol. The record, costs, cache-stable requests, tools,
// approvals, limits and the tool selector.
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

class TestSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textAnswerIsRecordedAndPriced()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream(1200, 3000, 500).text(QStringLiteral("Hello from the test server.")).stop(QStringLiteral("end_turn"), 42)));
        QCOMPARE(h.runTurn(QStringLiteral("Say hello")), QStringLiteral("answered"));
        QCOMPARE(h.streamedText(), QStringLiteral("Hello from the test server."));

        // The record on disk: the user message and the answer, with usage and model.
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.at(0).text(), QStringLiteral("Say hello"));
        QCOMPARE(stored.at(1).role, Role::Assistant);
        QCOMPARE(stored.at(1).text(), QStringLiteral("Hello from the test server."));
        QCOMPARE(stored.at(1).stopReason, QStringLiteral("end_turn"));
        QCOMPARE(stored.at(1).model, QStringLiteral("claude-sonnet-4-5"));
        QCOMPARE(stored.at(1).usage.inputTokens, 1200);
        QCOMPARE(stored.at(1).usage.cacheReadTokens, 3000);
        QCOMPARE(stored.at(1).usage.cacheWriteTokens, 500);
        QCOMPARE(stored.at(1).usage.outputTokens, 42);
        QCOMPARE(h.session()->info().title, QStringLiteral("Say hello"));

        // Cost from the catalogue: input $3, output $15, cache write $3.75, cache read $0.30 per
        // million, each kind priced once.
        const double expected = (1200 * 3.0 + 42 * 15.0 + 500 * 3.75 + 3000 * 0.30) / 1e6;
        const QList<SessionEvent> usage = h.eventsOf(SessionEvent::Kind::UsageReported);
        QCOMPARE(usage.size(), 1);
        QVERIFY(usage.first().cost.has_value());
        QVERIFY(qAbs(*usage.first().cost - expected) < 1e-12);
        QVERIFY(qAbs(h.session()->totals().costUsd - expected) < 1e-12);
        QVERIFY(qAbs(h.session()->totals().cacheHitShare() - 3000.0 / 4700.0) < 1e-9);

        // The key went in the header the API expects, and nowhere into the record.
        QCOMPARE(h.server().requests().first().header("x-api-key"), QByteArray("sk-test-session-key"));
        QCOMPARE(h.server().requests().first().path, QByteArray("/v1/messages"));
    }

    void continuedSessionKeepsItsTotals()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream(1000).text(QStringLiteral("one")).stop(QStringLiteral("end_turn"), 100)));
        QCOMPARE(h.runTurn(QStringLiteral("first")), QStringLiteral("answered"));
        const SessionTotals before = h.session()->totals();
        QVERIFY(before.costUsd > 0);
        QVERIFY(h.reopen()); // as a new process would open it
        QCOMPARE(h.session()->totals().requests, 1);
        QVERIFY(qAbs(h.session()->totals().costUsd - before.costUsd) < 1e-12);
        QCOMPARE(h.session()->totals().outputTokens, 100);
    }

    void multiStepToolTurnAndStableRequests()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Let me read it.")).toolUse(QStringLiteral("toolu_1"), QStringLiteral("read"), args(QStringLiteral("notes.txt"))).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("The notes say hi.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("What do the notes say?")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 2);
        QCOMPARE(h.tools().log, (QStringList{QStringLiteral("start:toolu_1"), QStringLiteral("end:toolu_1")}));

        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 4);
        QCOMPARE(stored.at(1).parts.constLast().kind, PartKind::ToolCall);
        QCOMPARE(stored.at(2).role, Role::Tool);
        QCOMPARE(resultText(stored.at(2).parts.first()), QStringLiteral("read: notes.txt"));
        QCOMPARE(stored.at(3).text(), QStringLiteral("The notes say hi."));
        for (const Message &message : stored)
            QCOMPARE(message.turn, 1);

        // The second request carries the tool result right after the call.
        const QJsonArray messages = body(h.server(), 1).value(QLatin1String("messages")).toArray();
        QCOMPARE(messages.size(), 3);
        const QJsonObject result = messages.at(2).toObject().value(QLatin1String("content")).toArray().first().toObject();
        QCOMPARE(result.value(QLatin1String("type")).toString(), QStringLiteral("tool_result"));
        QCOMPARE(result.value(QLatin1String("tool_use_id")).toString(), QStringLiteral("toolu_1"));

        // A second turn: tools and system are byte-identical, the earlier messages are the same
        // apart from the breakpoint that moved to the new last message.
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Anything else?")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Thanks")), QStringLiteral("answered"));
        const QJsonObject turn1 = body(h.server(), 1);
        const QJsonObject turn2 = body(h.server(), 2);
        auto bytes = [](const QJsonValue &value) {
            return QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        };
        QCOMPARE(bytes(turn2.value(QLatin1String("tools"))), bytes(turn1.value(QLatin1String("tools"))));
        QCOMPARE(bytes(turn2.value(QLatin1String("system"))), bytes(turn1.value(QLatin1String("system"))));
        const QJsonArray before = turn1.value(QLatin1String("messages")).toArray();
        const QJsonArray after = turn2.value(QLatin1String("messages")).toArray();
        QCOMPARE(after.size(), 5);
        for (qsizetype i = 0; i < before.size(); ++i)
            QCOMPARE(bytes(withoutCacheControl(after.at(i))), bytes(withoutCacheControl(before.at(i))));
        QVERIFY(countCacheControl(turn2) <= 4);
        QVERIFY(countCacheControl(after.last()) == 1);
        // The end of the stable history (the answer of turn 1) holds a breakpoint too.
        QCOMPARE(countCacheControl(after.at(3)), 1);

        // Built again from the same record, the request is the same to the byte.
        QCOMPARE(h.server().requests().at(1).body, QJsonDocument(turn1).toJson(QJsonDocument::Compact));
    }

    void thinkingKeepsItsSignatureForTheNextRequest()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream()
                                                     .thinking(QStringLiteral("The user wants the notes; read them first."), QStringLiteral("c2lnbmF0dXJlLTE="))
                                                     .toolUse(QStringLiteral("toolu_t"), QStringLiteral("read"), args(QStringLiteral("notes")))
                                                     .stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Read.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Notes?")), QStringLiteral("answered"));
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ThinkingDelta).size(), 1);
        const Message answer = h.store()->messages(h.session()->id()).value().at(1);
        QCOMPARE(answer.parts.first().kind, PartKind::Thinking);
        QCOMPARE(answer.parts.first().signature, QStringLiteral("c2lnbmF0dXJlLTE="));
        // Anthropic requires the signed thinking block back, before the tool_use it led to.
        const QJsonArray content = body(h.server(), 1).value(QLatin1String("messages")).toArray().at(1).toObject().value(QLatin1String("content")).toArray();
        QCOMPARE(content.first().toObject().value(QLatin1String("type")).toString(), QStringLiteral("thinking"));
        QCOMPARE(content.first().toObject().value(QLatin1String("signature")).toString(), QStringLiteral("c2lnbmF0dXJlLTE="));
        QCOMPARE(content.at(1).toObject().value(QLatin1String("type")).toString(), QStringLiteral("tool_use"));
    }

    void parallelReadOnlyCalls()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream()
                                                     .toolUse(QStringLiteral("toolu_a"), QStringLiteral("read"), args(QStringLiteral("a"), 60))
                                                     .toolUse(QStringLiteral("toolu_b"), QStringLiteral("read"), args(QStringLiteral("b"), 5))
                                                     .stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Both read.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Read a and b")), QStringLiteral("answered"));
        QCOMPARE(h.tools().log.mid(0, 2), (QStringList{QStringLiteral("start:toolu_a"), QStringLiteral("start:toolu_b")}));
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.at(2).parts.size(), 2); // one tool message, results in call order
        QCOMPARE(stored.at(2).parts.at(0).callId, QStringLiteral("toolu_a"));
        QCOMPARE(stored.at(2).parts.at(1).callId, QStringLiteral("toolu_b"));
    }

    void approvalAndDenialReachTheModel()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.approvals().setAutoApprove(AutoApprove::ReadOnly);
        h.onEvent = [&h](const SessionEvent &event) {
            if (event.kind != SessionEvent::Kind::ApprovalRequested)
                return;
            QCOMPARE(h.session()->pendingApprovals().size(), 1);
            if (event.arguments.toObject().value(QLatin1String("text")).toString() == QLatin1String("keep"))
                h.session()->approve(event.requestId, ApprovalScope::Once);
            else
                h.session()->deny(event.requestId, QStringLiteral("wrong file"));
        };
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream()
                                                     .toolUse(QStringLiteral("toolu_1"), QStringLiteral("write"), args(QStringLiteral("keep")))
                                                     .toolUse(QStringLiteral("toolu_2"), QStringLiteral("write"), args(QStringLiteral("drop")))
                                                     .stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("OK.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Write both")), QStringLiteral("answered"));
        const QList<SessionEvent> asked = h.eventsOf(SessionEvent::Kind::ApprovalRequested);
        QCOMPARE(asked.size(), 2);
        QCOMPARE(asked.first().toolName, QStringLiteral("write"));
        QCOMPARE(asked.first().arguments.toObject().value(QLatin1String("text")).toString(), QStringLiteral("keep"));
        const QList<SessionEvent> resolved = h.eventsOf(SessionEvent::Kind::ApprovalResolved);
        QCOMPARE(resolved.size(), 2);
        QCOMPARE(resolved.at(0).text, QStringLiteral("allow-once"));
        QCOMPARE(resolved.at(1).text, QStringLiteral("deny"));
        QCOMPARE(h.tools().log, (QStringList{QStringLiteral("start:toolu_1"), QStringLiteral("end:toolu_1")}));
        QVERIFY(h.session()->pendingApprovals().isEmpty());
        // The denial, with its reason, went back to the model as the call's result.
        const QJsonArray results = body(h.server(), 1).value(QLatin1String("messages")).toArray().last().toObject().value(QLatin1String("content")).toArray();
        QCOMPARE(results.size(), 2);
        QCOMPARE(results.at(1).toObject().value(QLatin1String("is_error")).toBool(), true);
        const QString denial = QString::fromUtf8(QJsonDocument(results.at(1).toObject()).toJson());
        QVERIFY2(denial.contains(QLatin1String("denied")) && denial.contains(QLatin1String("wrong file")), qPrintable(denial));
    }

    void stepLimitEndsTheTurn()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().maxSteps = 2;
        QVERIFY(h.reopen());
        for (int i = 0; i < 3; ++i)
            h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_%1").arg(i), QStringLiteral("read"), args(QStringLiteral("again"))).stop(QStringLiteral("tool_use"))));
        QCOMPARE(h.runTurn(QStringLiteral("Loop")), QStringLiteral("step-limit"));
        QCOMPARE(h.server().requests().size(), 2);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Warning).first().error.code, QStringLiteral("turn.step-limit"));
        // Every call of the turn has its result in the record.
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 5);
    }

    void busySessionRefusesASecondTurn()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        ScriptedResponse slow = ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("slow")).stop(QStringLiteral("end_turn")));
        slow.headerDelay = 200ms;
        h.server().enqueue(slow);
        QVERIFY(h.session()->submit(QStringLiteral("first")).ok());
        const Result<void> second = h.session()->submit(QStringLiteral("second"));
        QVERIFY(second.hasError());
        QCOMPARE(second.error().code, QStringLiteral("session.busy"));
        QVERIFY(h.session()->submit(QStringLiteral("  ")).hasError());
        QTRY_COMPARE_WITH_TIMEOUT(h.eventsOf(SessionEvent::Kind::TurnFinished).size(), 1, 5000);
    }

    void toolSelectorNarrowsTheTools()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        withManyToolsAndASelector(h);
        h.config().toolSelector.alwaysInclude = {QStringLiteral("write")};
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("[\"read\", \"extra_7\", \"made_up\"]")).stop(QStringLiteral("end_turn"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Done.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Read the notes")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 2);
        const QJsonObject selection = body(h.server(), 0);
        QCOMPARE(selection.value(QLatin1String("model")).toString(), QStringLiteral("claude-haiku-4-5"));
        QVERIFY(QString::fromUtf8(h.server().requests().at(0).body).contains(QLatin1String("Read the notes")));
        QStringList offered;
        for (const QJsonValue &tool : body(h.server(), 1).value(QLatin1String("tools")).toArray())
            offered.append(tool.toObject().value(QLatin1String("name")).toString());
        QCOMPARE(offered, (QStringList{QStringLiteral("read"), QStringLiteral("write"), QStringLiteral("extra_7")}));
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ToolsSelected).size(), 1);
    }

    void toolSelectorFailureOffersEverything()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        withManyToolsAndASelector(h);
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::json(400, anthropicError("invalid_request_error", "no such model")));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Done.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Hi")), QStringLiteral("answered"));
        QCOMPARE(body(h.server(), 1).value(QLatin1String("tools")).toArray().size(), 35);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Warning).first().error.code, QStringLiteral("tools.selector-failed"));
    }
};

VALIS_TEST_MAIN(TestSession)
#include "tst_session.moc"
