// The Chat Completions stream decoder (OpenAI and OpenAI-compatible servers), fed recorded and
// hand-made bytes through SseParser.
#include "chatdecoder.h"
#include "fixturestreams.h"
#include "streamcheck.h"
#include "teststreams.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

using namespace valis;
using namespace valis::test;
using Kind = ProviderEvent::Kind;

namespace {

DecodedStream decode(const QByteArray &bytes, qsizetype chunkSize = 0)
{
    providers::openaichat::ChatDecoder decoder;
    return decodeStream(decoder, bytes, chunkSize);
}

QByteArray readFixture(const QString &relative)
{
    QFile file(fixturePath(relative));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString problemsOf(const DecodedStream &stream)
{
    return streamProblems(stream).join(QStringLiteral("; ")) + QLatin1Char('\n') + describe(stream.events);
}

QList<ProviderEvent> callEvents(const QList<ProviderEvent> &events, Kind kind)
{
    return eventsOf(events, kind);
}

} // namespace

class TestChatDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textDoneAndUsageChunk()
    {
        const DecodedStream stream = decode(streams::chatTextStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Hello"));
        QCOMPARE(stopReason(stream.events), QStringLiteral("end_turn"));
        // prompt_tokens include the cached ones; the record's input tokens do not.
        QCOMPARE(lastUsage(stream.events), (Usage{176, 7, -1, 1024}));
        QCOMPARE(stoppedParts(stream.events), QList<Part>{Part::makeText(QStringLiteral("Hello"))});
    }

    void parallelCallsPairedByIndex()
    {
        const DecodedStream stream = decode(streams::chatParallelToolsStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::ToolCallArgumentsDelta, QStringLiteral("call_a")),
                 QStringLiteral("{\"a\":2,\"b\":3}"));
        QCOMPARE(joinedText(stream.events, Kind::ToolCallArgumentsDelta, QStringLiteral("call_m")),
                 QStringLiteral("{\"a\":3,\"b\":4}"));
        const QList<ProviderEvent> finished = callEvents(stream.events, Kind::ToolCallFinished);
        QCOMPARE(finished.size(), 2);
        QCOMPARE(finished.at(0).callId, QStringLiteral("call_a"));
        QCOMPARE(finished.at(1).callId, QStringLiteral("call_m"));
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));
        QCOMPARE(lastUsage(stream.events), (Usage{50, 20, -1, -1}));
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(1).toolName, QStringLiteral("multiply"));
        QCOMPARE(parts.at(1).arguments.toObject().value(QStringLiteral("b")).toInt(), 4);
    }

    void callWithoutIdGetsAStableOne()
    {
        const DecodedStream stream = decode(streams::chatIdlessToolStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        const QList<ProviderEvent> started = callEvents(stream.events, Kind::ToolCallStarted);
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.first().callId, QStringLiteral("call_0"));
        QCOMPARE(joinedText(stream.events, Kind::ToolCallArgumentsDelta, QStringLiteral("call_0")),
                 QStringLiteral("{\"city\":\"Graz\"}"));
        QCOMPARE(joinedText(stream.events, Kind::ThinkingDelta), QStringLiteral("Need the weather."));
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(0).kind, PartKind::Thinking);
        QCOMPARE(parts.at(1).callId, QStringLiteral("call_0"));
        QVERIFY(lastUsage(stream.events).isEmpty());
        // Decoding again gives the same id: it is stable, not random.
        QCOMPARE(decode(streams::chatIdlessToolStream).events, stream.events);
    }

    void newIdAtAUsedIndexIsANewCall()
    {
        const DecodedStream stream = decode(streams::chatReusedIndexStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        const QList<ProviderEvent> finished = callEvents(stream.events, Kind::ToolCallFinished);
        QCOMPARE(finished.size(), 2);
        QCOMPARE(finished.at(0).callId, QStringLiteral("t1"));
        QCOMPARE(finished.at(1).callId, QStringLiteral("t2"));
        // "stop" although it called tools: the record says tool_use.
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));
    }

    void lengthNeverFinishesACall()
    {
        const DecodedStream stream = decode(streams::chatLengthStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(stopReason(stream.events), QStringLiteral("max_tokens"));
        QCOMPARE(callEvents(stream.events, Kind::ToolCallStarted).size(), 1);
        QVERIFY(callEvents(stream.events, Kind::ToolCallFinished).isEmpty());
        const Part call = stoppedParts(stream.events).last();
        QCOMPARE(call.kind, PartKind::ToolCall);
        QCOMPARE(call.argumentsText, std::optional<QString>(QStringLiteral("{\"text\":\"unfin")));
        QVERIFY(call.arguments.isUndefined());
    }

    void closeAfterFinishReasonWithoutDone()
    {
        const DecodedStream stream = decode(streams::chatNoDoneStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Hi"));
        QCOMPARE(lastUsage(stream.events), (Usage{3, 1, -1, -1}));

        // Without a finish_reason the close is an interruption.
        const QByteArray cut = streams::chatNoDoneStream.left(streams::chatNoDoneStream.indexOf("data: {\"choices\":[{\"index\":0,\"delta\":{},"));
        const DecodedStream interrupted = decode(cut);
        QCOMPARE(interrupted.status, StreamDecoder::Status::Failed);
        QCOMPARE(interrupted.failure.kind, ProviderFailure::Kind::Interrupted);
        QCOMPARE(joinedText(interrupted.events, Kind::TextDelta), QStringLiteral("Hi"));
    }

    void reasoningFieldAndRefusal()
    {
        const DecodedStream stream = decode(streams::chatReasoningRefusalStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::ThinkingDelta), QStringLiteral("Hmm"));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("I can't help."));
        QCOMPARE(stopReason(stream.events), QStringLiteral("content_filter"));
    }

    void errorChunkIsAStreamError()
    {
        const DecodedStream stream = decode(streams::chatErrorStream);
        QCOMPARE(stream.status, StreamDecoder::Status::Failed);
        QCOMPARE(stream.failure.kind, ProviderFailure::Kind::StreamError);
        QCOMPARE(stream.failure.errorType, QStringLiteral("rate_limit_exceeded"));
        QCOMPARE(stream.failure.message, QStringLiteral("Rate limit reached"));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Par"));

        const DecodedStream ollama = decode("data: {\"error\":\"model not found\"}\n\n");
        QCOMPARE(ollama.failure.kind, ProviderFailure::Kind::StreamError);
        QCOMPARE(ollama.failure.message, QStringLiteral("model not found"));
    }

    void malformedChunkIsAProtocolFailure()
    {
        const DecodedStream stream = decode("data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n"
                                            "data: {\"choices\":[{\"index\":0,\"del\n\n");
        QCOMPARE(stream.status, StreamDecoder::Status::Failed);
        QCOMPARE(stream.failure.kind, ProviderFailure::Kind::Protocol);
        QVERIFY2(stream.failure.message.contains(QLatin1String("{\"choices\":[{\"index\":0,\"del")),
                 qPrintable(stream.failure.message));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("a"));
    }

    void chunkBoundariesDoNotMatter()
    {
        for (const QByteArray *bytes : {&streams::chatTextStream, &streams::chatParallelToolsStream,
                                        &streams::chatReasoningRefusalStream}) {
            const DecodedStream whole = decode(*bytes);
            for (qsizetype chunk : {1, 5, 33})
                QCOMPARE(decode(*bytes, chunk).events, whole.events);
        }
    }

    // --- recorded streams ----------------------------------------------------------------

    void everyRecordedStream()
    {
        VALIS_REQUIRE_FIXTURE(root, "openai-python-chat-sse");
        QStringList errors;
        const QList<FixtureStream> streams = fixtureStreams(WireKind::Chat, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        int cassettes = 0;
        int toolCalls = 0;
        for (const FixtureStream &fixture : streams) {
            const DecodedStream stream = decode(fixture.body);
            QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(fixture.name + QStringLiteral(": ") + problemsOf(stream)));
            QVERIFY2(decode(fixture.body, 61).events == stream.events, qPrintable(fixture.name));
            cassettes += fixture.name.contains(QLatin1Char('#')) ? 1 : 0;
            toolCalls += int(callEvents(stream.events, Kind::ToolCallFinished).size());
        }
        qInfo("%lld recorded streams, %d of them from cassettes, %d finished tool calls", qlonglong(streams.size()),
              cassettes, toolCalls);
        QVERIFY(streams.size() >= 164);
        QVERIFY(toolCalls >= 88);
    }

    void openAiParallelTools()
    {
        VALIS_REQUIRE_FIXTURE(path, "openai-python-chat-sse/parse_multiple_pydantic_tools.f82268f2fefd.sse");
        const DecodedStream stream = decode(readFixture(QStringLiteral("openai-python-chat-sse/parse_multiple_pydantic_tools.f82268f2fefd.sse")));
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        const QList<ProviderEvent> started = callEvents(stream.events, Kind::ToolCallStarted);
        QCOMPARE(started.size(), 2);
        QCOMPARE(started.at(0).callId, QStringLiteral("call_JMW1whyEaYG438VE1OIflxA2"));
        QCOMPARE(started.at(0).toolName, QStringLiteral("GetWeatherArgs"));
        QCOMPARE(stoppedParts(stream.events).at(0).arguments.toObject().value(QStringLiteral("city")).toString(),
                 QStringLiteral("Edinburgh"));
        QCOMPARE(lastUsage(stream.events), (Usage{149, 60, -1, -1}));
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));
    }

    void openAiLengthAndRefusal()
    {
        VALIS_REQUIRE_FIXTURE(path, "openai-python-chat-sse/parse_max_tokens_reached.4cc50a6135d2.sse");
        const DecodedStream cut = decode(readFixture(QStringLiteral("openai-python-chat-sse/parse_max_tokens_reached.4cc50a6135d2.sse")));
        QVERIFY2(streamProblems(cut).isEmpty(), qPrintable(problemsOf(cut)));
        QCOMPARE(stopReason(cut.events), QStringLiteral("max_tokens"));

        const DecodedStream refusal = decode(readFixture(QStringLiteral("openai-python-chat-sse/parse_pydantic_model_refusal.173417d55340.sse")));
        QVERIFY2(streamProblems(refusal).isEmpty(), qPrintable(problemsOf(refusal)));
        QVERIFY(joinedText(refusal.events, Kind::TextDelta).startsWith(QLatin1String("I'm sorry,")));
    }

    void llamaCppIdlessChunks()
    {
        QString error;
        const QByteArray body = cassetteStream(
            QStringLiteral("fantasy-provider-cassettes/testdata/TestOpenAICompatibleCommon/llama-cpp-gpt-oss/tool_streaming.yaml"), &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        QVERIFY(body.contains("\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"location\"}}]"));
        const DecodedStream stream = decode(body);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        const QString id = QStringLiteral("g2KOIWzn722hzEaZQmNVP4roUPEiYafL");
        QCOMPARE(callEvents(stream.events, Kind::ToolCallStarted).size(), 1);
        QCOMPARE(callEvents(stream.events, Kind::ToolCallStarted).first().callId, id);
        QCOMPARE(joinedText(stream.events, Kind::ToolCallArgumentsDelta, id), QStringLiteral("{\"location\":\"Florence, Italy\"}"));
        QVERIFY(!joinedText(stream.events, Kind::ThinkingDelta).isEmpty());
    }

    void llamaCppReasoningAndUsage()
    {
        QString error;
        const QByteArray body = cassetteStream(
            QStringLiteral("fantasy-provider-cassettes/testdata/TestOpenAICompatibleCommon/llama-cpp-gpt-oss/simple_streaming.yaml"), &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        const DecodedStream stream = decode(body);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Olá!"));
        QVERIFY(joinedText(stream.events, Kind::ThinkingDelta).startsWith(QLatin1String("The user: \"Say hi in Portuguese\".")));
        QCOMPARE(lastUsage(stream.events), (Usage{84, 57, -1, -1}));
    }

    void openRouterCachedTokens()
    {
        QString error;
        const QByteArray body = cassetteStream(
            QStringLiteral("fantasy-provider-cassettes/testdata/TestOpenRouterCommon/grok/simple_streaming.yaml"), &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        const DecodedStream stream = decode(body);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(lastUsage(stream.events), (Usage{1, 167, 0, 164}));
    }
};

VALIS_TEST_MAIN(TestChatDecoder)
#include "tst_chatdecoder.moc"
