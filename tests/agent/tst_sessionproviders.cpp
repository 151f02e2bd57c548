// Each provider kind end to end through a Session: scripted tool turns over OpenAI Chat,
// Responses and an OpenAI-compatible server, and the recorded multi-step tool exchanges of every
// kind replayed byte for byte.
#include "cassette.h"
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

class TestSessionProviders : public QObject
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

VALIS_TEST_MAIN(TestSessionProviders)
#include "tst_sessionproviders.moc"
