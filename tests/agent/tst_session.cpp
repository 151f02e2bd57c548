// The agent loop end to end: a Session over the real provider plugins, talking HTTP to a local
// server that speaks each provider's wire protocol, with scripted streams and injected faults.
#include "cassette.h"
#include "sessionharness.h"
#include "streambuilders.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

namespace {

QJsonObject args(const QString &text, int delayMs = 0)
{
    return {{QStringLiteral("text"), text}, {QStringLiteral("delayMs"), delayMs}};
}

QByteArray anthropicError(const char *type, const char *message)
{
    return QByteArray("{\"type\":\"error\",\"error\":{\"type\":\"") + type + "\",\"message\":\"" + message + "\"}}";
}

/// The request body's JSON, or an empty object.
QJsonObject body(const ProviderTestServer &server, int index)
{
    const QList<CapturedRequest> requests = server.requests();
    return index < requests.size() ? requests.at(index).json() : QJsonObject();
}

/// Removes every "cache_control" key, to compare requests apart from where breakpoints sit.
QJsonValue withoutCacheControl(const QJsonValue &value)
{
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue &item : value.toArray())
            out.append(withoutCacheControl(item));
        return out;
    }
    if (value.isObject()) {
        QJsonObject out;
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (it.key() != QLatin1String("cache_control"))
                out.insert(it.key(), withoutCacheControl(it.value()));
        }
        return out;
    }
    return value;
}

/// Drops the oldest message pair: enough to prove the pipeline was asked to compact.
class DropOldest : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("drop-oldest"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget) override
    {
        StrategyReport report;
        report.tokensBefore = budget.count(view);
        if (view.size() > 2) {
            report.replaced = {view.at(0).id, view.at(1).id};
            view.remove(0, 2);
        }
        report.tokensAfter = budget.count(view);
        return report;
    }
};

/// 35 tools, more than the selector's threshold of 10, and a cheap model to choose among them.
void withManyToolsAndASelector(SessionHarness &h)
{
    h.tools().extraTools = 30;
    h.config().toolSelector.enabled = true;
    h.config().toolSelector.threshold = 10;
    h.config().toolSelector.model = QStringLiteral("claude-haiku-4-5");
}

int countCacheControl(const QJsonValue &value)
{
    int count = 0;
    if (value.isArray()) {
        for (const QJsonValue &item : value.toArray())
            count += countCacheControl(item);
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it)
            count += it.key() == QLatin1String("cache_control") ? 1 : countCacheControl(it.value());
    }
    return count;
}


} // namespace

class TestSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void recordedToolTurns_data()
    {
        QTest::addColumn<QString>("cassette");
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("basePath");
        QTest::addColumn<QStringList>("expectedCalls");
        const QStringList weather{QStringLiteral("weather {\"location\":\"Florence, Italy\"}")};
        const QStringList sums{QStringLiteral("add {\"a\":2,\"b\":3}"), QStringLiteral("multiply {\"a\":2,\"b\":3}")};
        const QString root = QStringLiteral("fantasy-provider-cassettes/testdata/");
        QTest::newRow("anthropic tool") << root + QStringLiteral("TestAnthropicCommon/claude-sonnet-4/tool_streaming.yaml")
                                        << QStringLiteral("anthropic") << QStringLiteral("claude-sonnet-4-20250514") << QString()
                                        << QStringList{QStringLiteral("weather {\"location\":\"Florence,Italy\"}")}; // as the model wrote it
        QTest::newRow("anthropic parallel") << root + QStringLiteral("TestAnthropicCommon/claude-sonnet-4/multi_tool_streaming.yaml")
                                            << QStringLiteral("anthropic") << QStringLiteral("claude-sonnet-4-20250514") << QString() << sums;
        QTest::newRow("openai chat tool") << root + QStringLiteral("TestOpenAICommon/openai-gpt-4o/tool_streaming.yaml")
                                          << QStringLiteral("openai") << QStringLiteral("gpt-4o") << QStringLiteral("/v1") << weather;
        QTest::newRow("openai chat parallel") << root + QStringLiteral("TestOpenAICommon/openai-gpt-4o/multi_tool_streaming.yaml")
                                              << QStringLiteral("openai") << QStringLiteral("gpt-4o") << QStringLiteral("/v1") << sums;
        QTest::newRow("responses tool") << root + QStringLiteral("TestOpenAIResponsesCommon/openai-gpt-5/tool_streaming.yaml")
                                        << QStringLiteral("openai-responses") << QStringLiteral("gpt-5") << QStringLiteral("/v1") << weather;
        QTest::newRow("responses parallel") << root + QStringLiteral("TestOpenAIResponsesCommon/openai-gpt-5/multi_tool_streaming.yaml")
                                            << QStringLiteral("openai-responses") << QStringLiteral("gpt-5") << QStringLiteral("/v1") << sums;
        QTest::newRow("llama.cpp tool") << root + QStringLiteral("TestOpenAICompatibleCommon/llama-cpp-gpt-oss/tool_streaming.yaml")
                                        << QStringLiteral("openai-compatible") << QStringLiteral("gpt-oss-20b") << QStringLiteral("/v1") << weather;
        QTest::newRow("openrouter tool") << root + QStringLiteral("TestOpenRouterCommon/anthropic/tool_streaming.yaml")
                                         << QStringLiteral("openai-compatible") << QStringLiteral("anthropic/claude-sonnet-4") << QStringLiteral("/api/v1") << weather;
    }

    /// Each provider kind, end to end through the Session, against its recorded multi-step
    /// tool-use exchange replayed byte for byte.
    void recordedToolTurns()
    {
        QFETCH(QString, cassette);
        QFETCH(QString, provider);
        QFETCH(QString, model);
        QFETCH(QString, basePath);
        QFETCH(QStringList, expectedCalls);
        const QString path = valis::test::fixturePath(cassette);
        if (path.isEmpty())
            QSKIP(qPrintable(QStringLiteral("fixture %1 not found under %2 (set VALIS_FIXTURES)").arg(cassette, valis::test::fixturesDir())));
        Result<QList<RecordedExchange>> exchanges = readCassette(path);
        VALIS_VERIFY_OK(exchanges);
        QVERIFY(exchanges->size() >= 2);

        SessionHarness h;
        QVERIFY2(h.start(provider, model, basePath), qPrintable(h.error()));
        QVERIFY(h.useRecordedTools());
        for (const RecordedExchange &exchange : exchanges.value()) {
            ScriptedResponse response;
            response.status = exchange.status;
            response.headers = {{"content-type", exchange.responseHeader("content-type")}};
            response.body = exchange.responseBody;
            response.chunkSize = 512; // arrive in pieces, as over a real network
            h.server().enqueue(response);
        }
        QCOMPARE(h.runTurn(QStringLiteral("What's the weather in Florence, Italy? / Add and multiply 2 and 3")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), exchanges->size());
        QCOMPARE(h.server().unexpectedRequests(), 0);
        QCOMPARE(h.recordedTools().calls, expectedCalls);
        QVERIFY(h.eventsOf(SessionEvent::Kind::Error).isEmpty());

        // Our follow-up request answers the very calls the recording's client answered.
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QStringList answered;
        for (const Message &message : stored)
            for (const Part &part : message.parts)
                if (part.kind == PartKind::ToolResult)
                    answered.append(part.callId);
        QCOMPARE(answered.size(), expectedCalls.size());
        const QByteArray recordedFollowUp = exchanges->at(1).requestBody;
        const QByteArray ourFollowUp = h.server().requests().at(1).body;
        for (const QString &id : std::as_const(answered)) {
            QVERIFY2(recordedFollowUp.contains(id.toUtf8()), qPrintable(id));
            QVERIFY2(ourFollowUp.contains(id.toUtf8()), qPrintable(id));
        }
        // The answer arrived and was kept, with the usage the provider reported.
        QCOMPARE(stored.constLast().role, Role::Assistant);
        QVERIFY(!stored.constLast().text().trimmed().isEmpty());
        QVERIFY(h.streamedText().contains(stored.constLast().text().trimmed().left(20)));
        QVERIFY(stored.constLast().usage.outputTokens > 0);
    }

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
        // The record still has every message.
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 4);
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
        h.session()->compact(); // idle: reports what it does now
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).size(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).first().details.value(QLatin1String("strategy")).toString(),
                 QStringLiteral("drop-oldest"));
        // The next request is compacted; the one after it is not asked to be.
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("three done")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("three")), QStringLiteral("answered"));
        QCOMPARE(body(h.server(), 2).value(QLatin1String("messages")).toArray().size(), 3);
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("four done")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("four")), QStringLiteral("answered"));
        QCOMPARE(body(h.server(), 3).value(QLatin1String("messages")).toArray().size(), 7);
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 8);
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

    void openAiChatToolTurn()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("openai"), QStringLiteral("gpt-4o"), QStringLiteral("/v1")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(ChatStream()
                                                     .toolCall(0, QStringLiteral("call_a"), QStringLiteral("read"), args(QStringLiteral("a")))
                                                     .toolCall(1, QStringLiteral("call_b"), QStringLiteral("read"), args(QStringLiteral("b")))
                                                     .finish(QStringLiteral("tool_calls"), 500, 30, 200)));
        h.server().enqueue(ScriptedResponse::sse(ChatStream().text(QStringLiteral("Read both files.")).finish(QStringLiteral("stop"))));
        QCOMPARE(h.runTurn(QStringLiteral("Read a and b")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().first().path, QByteArray("/v1/chat/completions"));
        QCOMPARE(h.server().requests().first().header("authorization"), QByteArray("Bearer sk-test-session-key"));
        QCOMPARE(h.tools().attempts.size(), 2);
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 4);
        QCOMPARE(stored.at(1).usage.cacheReadTokens, 200);
        QCOMPARE(stored.at(1).usage.inputTokens, 300); // uncached: 500 - 200
        QCOMPARE(stored.at(3).text().trimmed(), QStringLiteral("Read both files."));
        const QJsonArray messages = body(h.server(), 1).value(QLatin1String("messages")).toArray();
        // system, user, assistant with two calls, two tool messages
        QCOMPARE(messages.size(), 5);
        QCOMPARE(messages.at(3).toObject().value(QLatin1String("role")).toString(), QStringLiteral("tool"));
        QCOMPARE(messages.at(4).toObject().value(QLatin1String("tool_call_id")).toString(), QStringLiteral("call_b"));
    }

    void openAiResponsesToolTurn()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("openai-responses"), QStringLiteral("gpt-5"), QStringLiteral("/v1")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(ResponsesStream().functionCall(QStringLiteral("call_r"), QStringLiteral("read"), args(QStringLiteral("r"))).complete(800, 40, 600)));
        h.server().enqueue(ScriptedResponse::sse(ResponsesStream().text(QStringLiteral("It says r.")).complete()));
        QCOMPARE(h.runTurn(QStringLiteral("Read r")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().first().path, QByteArray("/v1/responses"));
        QCOMPARE(h.tools().log, (QStringList{QStringLiteral("start:call_r"), QStringLiteral("end:call_r")}));
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 4);
        QCOMPARE(stored.at(1).usage.inputTokens, 200);
        QCOMPARE(stored.at(1).usage.cacheReadTokens, 600);
        const QJsonArray input = body(h.server(), 1).value(QLatin1String("input")).toArray();
        bool sawOutput = false;
        for (const QJsonValue &item : input) {
            if (item.toObject().value(QLatin1String("type")).toString() == QLatin1String("function_call_output")) {
                QCOMPARE(item.toObject().value(QLatin1String("call_id")).toString(), QStringLiteral("call_r"));
                sawOutput = true;
            }
        }
        QVERIFY(sawOutput);
        QCOMPARE(body(h.server(), 1).value(QLatin1String("prompt_cache_key")).toString(), h.session()->id());
    }

    void openAiCompatibleToolTurn()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("openai-compatible"), QStringLiteral("qwen3:8b"), QStringLiteral("/v1")), qPrintable(h.error()));
        h.config().endpoint.apiKey.clear(); // a local server wants none
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(ChatStream().toolCall(0, QStringLiteral("call_1"), QStringLiteral("read"), args(QStringLiteral("x"))).finish(QStringLiteral("tool_calls"))));
        h.server().enqueue(ScriptedResponse::sse(ChatStream().text(QStringLiteral("Done.")).finish(QStringLiteral("stop"))));
        QCOMPARE(h.runTurn(QStringLiteral("Read x")), QStringLiteral("answered"));
        QVERIFY(h.server().requests().first().header("authorization").isEmpty());
        QCOMPARE(h.tools().attempts.value(QStringLiteral("call_1")), 1);
        // A local model's price is unknown or zero; either way the session keeps counting.
        QCOMPARE(h.session()->totals().requests, 2);
    }
};

VALIS_TEST_MAIN(TestSession)
#include "tst_session.moc"
