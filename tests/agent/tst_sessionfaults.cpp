// What a Session does when things go wrong: provider errors and retries, answers that break
// off, silence, context overflow and compaction, and a person who interrupts.
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"
#include "valis/context/compactionevent.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

class TestSessionFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rateLimitThenSuccessHonoursRetryAfter()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::json(429, anthropicError("rate_limit_error", "slow down"), {{"retry-after", "1"}}));
        h.server().enqueue(ScriptedResponse::json(529, anthropicError("overloaded_error", "Overloaded"), {{"retry-after-ms", "150"}}));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Made it.")).stop(QStringLiteral("end_turn"))));
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(h.runTurn(QStringLiteral("Try")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 3);
        const QList<SessionEvent> retries = h.eventsOf(SessionEvent::Kind::Retrying);
        QCOMPARE(retries.size(), 2);
        QCOMPARE(retries.at(0).error.code, QStringLiteral("provider.rate-limited"));
        QVERIFY(retries.at(0).delayMs >= 1000); // the server's retry-after, not our 10 ms backoff
        QCOMPARE(retries.at(0).attempt, 2);
        QCOMPARE(retries.at(1).error.code, QStringLiteral("provider.overloaded"));
        QVERIFY(retries.at(1).delayMs >= 150 && retries.at(1).delayMs < 1000);
        QVERIFY(clock.elapsed() >= 1150); // it really waited (a lower bound only)
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Error).size(), 0);
        // The record holds the turn once: the failed attempts left nothing behind.
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 2);
    }

    void retriesGiveUpWithTheLastError()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().providerRetry.maxAttempts = 2;
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::json(500, anthropicError("api_error", "Internal server error")));
        h.server().enqueue(ScriptedResponse::json(503, QByteArray("upstream unavailable")));
        QCOMPARE(h.runTurn(QStringLiteral("Try")), QStringLiteral("error"));
        QCOMPARE(h.server().requests().size(), 2);
        const QList<SessionEvent> errors = h.eventsOf(SessionEvent::Kind::Error);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().error.code, QStringLiteral("provider.overloaded"));
        QVERIFY(errors.first().error.message.contains(QLatin1String("upstream unavailable")));
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 1);
    }

    void refusedKeyIsNotRetriedAndSaysHowToFixIt()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::json(401, anthropicError("authentication_error", "invalid x-api-key")));
        QCOMPARE(h.runTurn(QStringLiteral("Hi")), QStringLiteral("error"));
        QCOMPARE(h.server().requests().size(), 1);
        const SessionEvent error = h.eventsOf(SessionEvent::Kind::Error).first();
        QCOMPARE(error.error.code, QStringLiteral("provider.auth"));
        QVERIFY(error.error.message.contains(QLatin1String("Anthropic")));
        QVERIFY(error.error.message.contains(QLatin1String("TEST_API_KEY")));
        QVERIFY(error.error.message.contains(QLatin1String("valis-cli keys set anthropic")));
        QVERIFY(!error.error.message.contains(QLatin1String("sk-test-session-key")));
    }

    void dropMidAnswerKeepsThePartialText()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        const QByteArray full = AnthropicStream().text(QStringLiteral("The first half and the second half")).stop(QStringLiteral("end_turn"));
        ScriptedResponse cut = ScriptedResponse::sse(full);
        cut.cutAfterBytes = full.indexOf("second");
        cut.chunkSize = 64;
        h.server().enqueue(cut);
        QCOMPARE(h.runTurn(QStringLiteral("Talk")), QStringLiteral("error"));
        QCOMPARE(h.server().requests().size(), 1); // never retried once text was shown
        const QString shown = h.streamedText();
        QVERIFY(shown.startsWith(QLatin1String("The first half")));
        QVERIFY(!shown.contains(QLatin1String("second")));
        const SessionEvent error = h.eventsOf(SessionEvent::Kind::Error).first();
        QCOMPARE(error.error.code, QStringLiteral("provider.interrupted"));
        QCOMPARE(error.details.value(QLatin1String("partial")).toBool(), true);
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.at(1).text(), shown);
        QCOMPARE(stored.at(1).stopReason, QStringLiteral("interrupted"));
        QCOMPARE(stored.at(1).metadata.value(QLatin1String("interrupted")).toBool(), true);
    }

    void dropMidToolArgumentsRunsNothing()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        const QByteArray full = AnthropicStream()
                                    .text(QStringLiteral("Writing now."))
                                    .toolUse(QStringLiteral("toolu_done"), QStringLiteral("write"), args(QStringLiteral("complete")))
                                    .toolUse(QStringLiteral("toolu_cut"), QStringLiteral("write"), args(QStringLiteral("0123456789abcdefghij")))
                                    .stop(QStringLiteral("tool_use"));
        ScriptedResponse cut = ScriptedResponse::sse(full);
        cut.cutAfterBytes = full.indexOf("abcdefghij");
        h.server().enqueue(cut);
        QCOMPARE(h.runTurn(QStringLiteral("Write")), QStringLiteral("error"));
        // Neither call ran: the complete one belongs to an answer that never finished.
        QVERIFY(h.tools().log.isEmpty());
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 3);
        const QJsonArray incomplete = stored.at(1).metadata.value(QLatin1String("incompleteCalls")).toArray();
        QCOMPARE(incomplete, QJsonArray{QStringLiteral("toolu_cut")});
        QCOMPARE(stored.at(2).role, Role::Tool);
        QCOMPARE(stored.at(2).parts.size(), 1);
        QCOMPARE(stored.at(2).parts.first().callId, QStringLiteral("toolu_done"));
        QVERIFY(resultText(stored.at(2).parts.first()).contains(QLatin1String("not run")));

        // The next request is valid: the cut call is a note, the complete one has its answer.
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Again?")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Go on")), QStringLiteral("answered"));
        const QString sent = QString::fromUtf8(h.server().requests().at(1).body);
        QVERIFY(!sent.contains(QLatin1String("toolu_cut")));
        QVERIFY(sent.contains(QLatin1String("cut off before its arguments were complete")));
        QVERIFY(sent.contains(QLatin1String("toolu_done")));
    }

    void maxTokensMidToolJsonStopsTheTurn()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream()
                                                     .text(QStringLiteral("I will write the file."))
                                                     .partialToolUse(QStringLiteral("toolu_big"), QStringLiteral("write"), QStringLiteral("{\"text\": \"# A very long"))
                                                     .stop(QStringLiteral("max_tokens"))));
        QCOMPARE(h.runTurn(QStringLiteral("Write a long file")), QStringLiteral("max-tokens"));
        QVERIFY(h.tools().log.isEmpty());
        const QList<SessionEvent> warnings = h.eventsOf(SessionEvent::Kind::Warning);
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().error.code, QStringLiteral("turn.incomplete-tool-call"));
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.at(1).stopReason, QStringLiteral("max_tokens"));
        QCOMPARE(stored.at(1).metadata.value(QLatin1String("incompleteCalls")).toArray(), QJsonArray{QStringLiteral("toolu_big")});
    }

    void malformedChunkIsAProtocolError()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().raw("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\n\n").stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Hi")), QStringLiteral("error"));
        QCOMPARE(h.server().requests().size(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Error).first().error.code, QStringLiteral("provider.protocol"));
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 1);
    }

    void silentServerTimesOut()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().endpoint.idleTimeout = 200ms;
        h.config().providerRetry.maxAttempts = 2;
        QVERIFY(h.reopen());
        ScriptedResponse slow = ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("late")).stop(QStringLiteral("end_turn")));
        slow.headerDelay = 2000ms;
        h.server().enqueue(slow);
        h.server().enqueue(slow);
        QCOMPARE(h.runTurn(QStringLiteral("Hi")), QStringLiteral("error"));
        QCOMPARE(h.server().requests().size(), 2);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Retrying).size(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Error).first().error.code, QStringLiteral("provider.timeout"));
    }

    void contextOverflowIsItsOwnKind()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::json(400, anthropicError("invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum")));
        QCOMPARE(h.runTurn(QStringLiteral("Hi")), QStringLiteral("context-overflow"));
        const SessionEvent error = h.eventsOf(SessionEvent::Kind::Error).first();
        QCOMPARE(error.error.code, QStringLiteral("provider.context-overflow"));
        QCOMPARE(error.details.value(QLatin1String("category")).toString(), QStringLiteral("context-overflow"));
        QCOMPARE(h.server().requests().size(), 1);
    }

    void contextOverflowCompactsOnceAndRetries()
    {
        DropOldest strategy;
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().strategies = {&strategy};
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("first answer")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("one")), QStringLiteral("answered"));
        h.server().enqueue(ScriptedResponse::json(400, anthropicError("invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum")));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("fits now")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("two")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 3);
        QCOMPARE(body(h.server(), 1).value(QLatin1String("messages")).toArray().size(), 3);
        QCOMPARE(body(h.server(), 2).value(QLatin1String("messages")).toArray().size(), 1);
        const QList<SessionEvent> compacted = h.eventsOf(SessionEvent::Kind::ContextCompacted);
        QCOMPARE(compacted.size(), 1);
        QCOMPARE(compacted.first().details.value(QLatin1String("strategy")).toString(), QStringLiteral("drop-oldest"));
        // The record still has every message, and the compaction as an event after the first turn.
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 5);
        const auto event = CompactionEvent::fromMessage(stored.at(3));
        QVERIFY(event && event->ok());
        QCOMPARE(event->value().strategy, QStringLiteral("drop-oldest"));
        QCOMPARE(event->value().edits.constFirst().lastMessageId, stored.at(1).id);
    }

    void compactCommand()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.session()->compact();
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Warning).size(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Warning).first().error.code, QStringLiteral("context.no-strategy"));

        DropOldest strategy;
        h.config().strategies = {&strategy};
        QVERIFY(h.reopen());
        for (const QString &turn : {QStringLiteral("one"), QStringLiteral("two")}) {
            h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(turn + QStringLiteral(" done")).stop(QStringLiteral("end_turn"))));
            QCOMPARE(h.runTurn(turn), QStringLiteral("answered"));
        }
        // Both requests fitted, so nothing was compacted on its own.
        QCOMPARE(body(h.server(), 1).value(QLatin1String("messages")).toArray().size(), 3);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).size(), 0);
        h.session()->compact(); // idle: builds the view off the session's thread and reports
        QTRY_COMPARE(h.eventsOf(SessionEvent::Kind::CompactionFinished).size(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::CompactionFinished).first().details.value(QLatin1String("events")).toInt(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).size(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).first().details.value(QLatin1String("strategy")).toString(),
                 QStringLiteral("drop-oldest"));
        // The compaction is recorded, so every later request starts from it (the first turn
        // stays a note) without the strategy being asked to compact again.
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("three done")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("three")), QStringLiteral("answered"));
        // (The note and "two" are both user text, so the wire sends them as one message.)
        QCOMPARE(body(h.server(), 2).value(QLatin1String("messages")).toArray().size(), 3);
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("four done")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("four")), QStringLiteral("answered"));
        QCOMPARE(body(h.server(), 3).value(QLatin1String("messages")).toArray().size(), 5);
        QCOMPARE(body(h.server(), 3).value(QLatin1String("messages")).toArray().first().toObject().value(QLatin1String("content"))
                     .toArray().first().toObject().value(QLatin1String("text")).toString(),
                 QStringLiteral("[the first turn was dropped]"));
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).size(), 1);
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 9); // 8 messages and the event
    }

    void interruptWhileStreaming()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        ScriptedResponse slow = ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("one two three four five six seven eight")).stop(QStringLiteral("end_turn")));
        slow.chunkSize = 200;
        slow.chunkDelay = 100ms;
        h.server().enqueue(slow);
        h.onEvent = [&h](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::TextDelta)
                h.session()->interrupt();
        };
        QCOMPARE(h.runTurn(QStringLiteral("Count")), QStringLiteral("interrupted"));
        QVERIFY(!h.session()->isBusy());
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored.at(1).text(), h.streamedText());
        QCOMPARE(stored.at(1).stopReason, QStringLiteral("interrupted"));
        QVERIFY(!stored.at(1).text().contains(QLatin1String("eight")));
        // The session takes the next turn as usual.
        h.onEvent = nullptr;
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Resumed.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("Go on")), QStringLiteral("answered"));
    }

    void interruptWhileAToolRuns()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_h"), QStringLiteral("hang"), args(QStringLiteral("x"))).stop(QStringLiteral("tool_use"))));
        h.onEvent = [&h](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ToolExecutionStarted)
                QTimer::singleShot(20, h.session(), [&h] { h.session()->interrupt(); });
        };
        QCOMPARE(h.runTurn(QStringLiteral("Hang")), QStringLiteral("interrupted"));
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 3);
        QCOMPARE(stored.at(2).parts.first().callId, QStringLiteral("toolu_h"));
        QVERIFY(stored.at(2).parts.first().isError);
        QCOMPARE(h.server().requests().size(), 1);
    }
};

VALIS_TEST_MAIN(TestSessionFaults)
#include "tst_sessionfaults.moc"
