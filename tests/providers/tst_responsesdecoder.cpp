// The OpenAI Responses stream decoder, fed recorded and hand-made bytes through SseParser.
#include "fixturestreams.h"
#include "responsesdecoder.h"
#include "streamcheck.h"
#include "teststreams.h"
#include "testsupport.h"

#include "valis/wire/openairesponses.h"
#include "valis/wire/wireformat.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

using namespace valis;
using namespace valis::test;
using Kind = ProviderEvent::Kind;

namespace {

DecodedStream decode(const QByteArray &bytes, qsizetype chunkSize = 0)
{
    providers::openairesponses::ResponsesDecoder decoder;
    return decodeStream(decoder, bytes, chunkSize);
}

QString problemsOf(const DecodedStream &stream)
{
    return streamProblems(stream).join(QStringLiteral("; ")) + QLatin1Char('\n') + describe(stream.events);
}

} // namespace

class TestResponsesDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void textWithSequenceNumbers()
    {
        const DecodedStream stream = decode(streams::responsesTextStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Hello there"));
        QCOMPARE(stopReason(stream.events), QStringLiteral("end_turn"));
        // input_tokens include the cached ones; the record's input tokens do not.
        QCOMPARE(lastUsage(stream.events), (Usage{60, 8, -1, 40}));
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 1);
        QCOMPARE(parts.first().text, QStringLiteral("Hello there"));
        // The item id travels in the part's wire data, so the answer goes back as it came.
        QCOMPARE(parts.first().wire.value(wire::openAiResponses).toObject().value(QStringLiteral("item")).toObject()
                     .value(QStringLiteral("id")).toString(),
                 QStringLiteral("msg_1"));
    }

    void reasoningAndFunctionCall()
    {
        const DecodedStream stream = decode(streams::responsesToolStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QList<Kind> kinds;
        for (const ProviderEvent &event : stream.events)
            kinds << event.kind;
        const QList<Kind> expected{Kind::ThinkingDelta, Kind::ThinkingDelta, Kind::ToolCallStarted,
                                   Kind::ToolCallArgumentsDelta, Kind::ToolCallArgumentsDelta, Kind::ToolCallFinished,
                                   Kind::UsageReported, Kind::RedactedThinking, Kind::Stopped};
        QCOMPARE(kinds, expected);
        QCOMPARE(eventsOf(stream.events, Kind::ToolCallStarted).first().callId, QStringLiteral("call_add"));
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));
        QCOMPARE(lastUsage(stream.events), (Usage{60, 30, -1, -1}));
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(0).kind, PartKind::Thinking);
        QCOMPARE(parts.at(0).redactedData, QStringLiteral("gAAA=="));
        QCOMPARE(parts.at(1).arguments.toObject().value(QStringLiteral("b")).toInt(), 3);
    }

    void wholeItemsWithoutDeltas()
    {
        const DecodedStream stream = decode(streams::responsesWholeItemsStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Checking."));
        QCOMPARE(joinedText(stream.events, Kind::ToolCallArgumentsDelta, QStringLiteral("call_ls")),
                 QStringLiteral("{\"path\":\".\"}"));
        QCOMPARE(eventsOf(stream.events, Kind::ToolCallFinished).size(), 1);
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));
        // response.output was empty: the parts come from the items output_item.done delivered.
        QCOMPARE(stoppedParts(stream.events).size(), 2);
    }

    void incompleteIsMaxTokens()
    {
        const DecodedStream stream = decode(streams::responsesIncompleteStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(stopReason(stream.events), QStringLiteral("max_tokens"));
        QCOMPARE(lastUsage(stream.events), (Usage{10, 16, -1, -1}));
    }

    void failedAndErrorEvents()
    {
        const DecodedStream failed = decode(streams::responsesFailedStream);
        QCOMPARE(failed.status, StreamDecoder::Status::Failed);
        QCOMPARE(failed.failure.kind, ProviderFailure::Kind::StreamError);
        QCOMPARE(failed.failure.errorType, QStringLiteral("server_error"));
        QCOMPARE(failed.failure.message, QStringLiteral("The server had an error."));
        QCOMPARE(joinedText(failed.events, Kind::TextDelta), QStringLiteral("Part"));

        const DecodedStream error = decode(streams::responsesErrorStream);
        QCOMPARE(error.failure.kind, ProviderFailure::Kind::StreamError);
        QCOMPARE(error.failure.errorType, QStringLiteral("rate_limit_exceeded"));
        QCOMPARE(error.failure.message, QStringLiteral("Slow down."));
    }

    void malformedOrOrphanEventsAreProtocolFailures()
    {
        const DecodedStream broken = decode("event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\n\n");
        QCOMPARE(broken.failure.kind, ProviderFailure::Kind::Protocol);
        QVERIFY(broken.failure.message.contains(QLatin1String("response.output_text.delta")));

        const DecodedStream orphan = decode("event: response.function_call_arguments.delta\n"
                                            "data: {\"type\":\"response.function_call_arguments.delta\",\"item_id\":\"fc_x\",\"delta\":\"{}\"}\n\n");
        QCOMPARE(orphan.failure.kind, ProviderFailure::Kind::Protocol);
    }

    void endWithoutCompletedIsInterrupted()
    {
        const QByteArray &text = streams::responsesTextStream;
        const DecodedStream stream = decode(text.left(text.indexOf("event: response.completed")));
        QCOMPARE(stream.status, StreamDecoder::Status::Failed);
        QCOMPARE(stream.failure.kind, ProviderFailure::Kind::Interrupted);
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Hello there"));
    }

    void chunkBoundariesDoNotMatter()
    {
        for (const QByteArray *bytes : {&streams::responsesTextStream, &streams::responsesToolStream}) {
            const DecodedStream whole = decode(*bytes);
            for (qsizetype chunk : {1, 9, 100})
                QCOMPARE(decode(*bytes, chunk).events, whole.events);
        }
    }

    // --- recorded streams ----------------------------------------------------------------

    void everyRecordedStream()
    {
        VALIS_REQUIRE_FIXTURE(root, "fantasy-provider-cassettes/testdata");
        QStringList errors;
        const QList<FixtureStream> streams = fixtureStreams(WireKind::Responses, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        int toolCalls = 0;
        int thinking = 0;
        for (const FixtureStream &fixture : streams) {
            const DecodedStream stream = decode(fixture.body);
            QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(fixture.name + QStringLiteral(": ") + problemsOf(stream)));
            QVERIFY2(decode(fixture.body, 61).events == stream.events, qPrintable(fixture.name));
            toolCalls += int(eventsOf(stream.events, Kind::ToolCallFinished).size());
            thinking += joinedText(stream.events, Kind::ThinkingDelta).isEmpty() ? 0 : 1;
        }
        qInfo("%lld recorded streams, %d finished tool calls, %d with reasoning summaries", qlonglong(streams.size()),
              toolCalls, thinking);
        QVERIFY(streams.size() >= 40);
        QVERIFY(toolCalls >= 15);
        QVERIFY(thinking >= 5);
    }

    void codexFixture()
    {
        VALIS_REQUIRE_FIXTURE(path, "openai-codex/cli_responses_fixture.sse");
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const DecodedStream stream = decode(file.readAll());
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("fixture hello"));
        QCOMPARE(stopReason(stream.events), QStringLiteral("end_turn"));
    }

    void parallelCallsFromCassette()
    {
        QString error;
        const QByteArray body = cassetteStream(
            QStringLiteral("fantasy-provider-cassettes/testdata/TestOpenAIResponsesCommon/openai-gpt-5/multi_tool_streaming.yaml"), &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        const DecodedStream stream = decode(body);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        const QList<ProviderEvent> started = eventsOf(stream.events, Kind::ToolCallStarted);
        QCOMPARE(started.size(), 2);
        QCOMPARE(started.at(0).callId, QStringLiteral("call_inViAUr9eV0GDtyOywkCxp59"));
        QCOMPARE(started.at(0).toolName, QStringLiteral("add"));
        QCOMPARE(started.at(1).toolName, QStringLiteral("multiply"));
        QCOMPARE(lastUsage(stream.events), (Usage{109, 223, -1, 0}));
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));
        // The deltas agree with response.completed's output, item by item.
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 3); // an empty reasoning item, then the two calls
        QCOMPARE(parts.at(0).kind, PartKind::Thinking);
        QCOMPARE(parts.at(1).argumentsText, std::optional<QString>(joinedText(stream.events, Kind::ToolCallArgumentsDelta, started.at(0).callId)));
    }

    void summaryThinkingFromCassette()
    {
        QString error;
        const QByteArray body = cassetteStream(
            QStringLiteral("fantasy-provider-cassettes/testdata/TestOpenAIResponsesWithSummaryThinking/openai-gpt-5/thinking-streaming.yaml"), &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        const DecodedStream stream = decode(body);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(problemsOf(stream)));
        QVERIFY(!joinedText(stream.events, Kind::ThinkingDelta).isEmpty());
        QVERIFY(!eventsOf(stream.events, Kind::RedactedThinking).isEmpty());
        QCOMPARE(lastUsage(stream.events), (Usage{63, 121, -1, 0}));
    }
};

VALIS_TEST_MAIN(TestResponsesDecoder)
#include "tst_responsesdecoder.moc"
