// The Anthropic Messages stream decoder, fed recorded and hand-made bytes through SseParser.
#include "anthropicdecoder.h"
#include "fixturestreams.h"
#include "streamcheck.h"
#include "teststreams.h"
#include "testsupport.h"

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
    providers::anthropic::AnthropicDecoder decoder;
    return decodeStream(decoder, bytes, chunkSize);
}

QByteArray readFixture(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A stream the way the API pads it: spaces after the JSON, a ping inside a block, usage in
// message_start and again in message_delta.


} // namespace

class TestAnthropicDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void paddedTextWithPingAndUsage()
    {
        const DecodedStream stream = decode(streams::anthropicPaddedTextStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(streamProblems(stream).join(QLatin1Char('\n'))));
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Hello, world"));
        QCOMPARE(stopReason(stream.events), QStringLiteral("end_turn"));
        const QList<ProviderEvent> usages = eventsOf(stream.events, Kind::UsageReported);
        QCOMPARE(usages.size(), 2);
        QCOMPARE(usages.at(0).usage, (Usage{12, 1, 100, 7}));
        // message_delta repeats only output_tokens: the other fields stand.
        QCOMPARE(usages.at(1).usage, (Usage{12, 9, 100, 7}));
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 1);
        QCOMPARE(parts.first(), Part::makeText(QStringLiteral("Hello, world")));
    }

    void thinkingSignatureRedactedAndToolCalls()
    {
        const DecodedStream stream = decode(streams::anthropicThinkingToolStream);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(streamProblems(stream).join(QLatin1Char('\n'))));
        QList<Kind> kinds;
        for (const ProviderEvent &event : stream.events)
            kinds << event.kind;
        const QList<Kind> expected{Kind::UsageReported, Kind::ThinkingDelta, Kind::ThinkingDelta,
                                   Kind::ThinkingSignature, Kind::RedactedThinking,
                                   Kind::ToolCallStarted, Kind::ToolCallArgumentsDelta, Kind::ToolCallArgumentsDelta,
                                   Kind::ToolCallFinished, Kind::ToolCallStarted, Kind::ToolCallFinished,
                                   Kind::UsageReported, Kind::Stopped};
        QCOMPARE(kinds, expected);
        QCOMPARE(eventsOf(stream.events, Kind::ThinkingSignature).first().text, QStringLiteral("sig-Asig-B"));
        QCOMPARE(eventsOf(stream.events, Kind::RedactedThinking).first().text, QStringLiteral("opaque=="));
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));

        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 4);
        QCOMPARE(parts.at(0).kind, PartKind::Thinking);
        QCOMPARE(parts.at(0).text, QStringLiteral("Let me think."));
        QCOMPARE(parts.at(0).signature, QStringLiteral("sig-Asig-B"));
        QCOMPARE(parts.at(1).redactedData, QStringLiteral("opaque=="));
        QCOMPARE(parts.at(2).callId, QStringLiteral("toolu_1"));
        QCOMPARE(parts.at(2).arguments, QJsonValue(QJsonObject{{QStringLiteral("path"), QStringLiteral("a.txt")}}));
        // A call with no input deltas keeps the {} of content_block_start.
        QCOMPARE(parts.at(3).arguments, QJsonValue(QJsonObject()));
    }

    void maxTokensMidToolJsonNeverFinishesTheCall()
    {
        const QByteArray bytes = streams::anthropicCutToolStream;
        const DecodedStream stream = decode(bytes);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(streamProblems(stream).join(QLatin1Char('\n'))));
        QCOMPARE(stopReason(stream.events), QStringLiteral("max_tokens"));
        QVERIFY(eventsOf(stream.events, Kind::ToolCallFinished).isEmpty());
        const Part call = stoppedParts(stream.events).first();
        QCOMPARE(call.kind, PartKind::ToolCall);
        QVERIFY(call.arguments.isUndefined());
        QCOMPARE(call.argumentsText, std::optional<QString>(QStringLiteral("{\"text\": \"unfinis")));
    }

    void serverToolsAndCitationsAreKeptButNotRun()
    {
        const QByteArray bytes = streams::anthropicServerToolStream;
        const DecodedStream stream = decode(bytes);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(streamProblems(stream).join(QLatin1Char('\n'))));
        QVERIFY(eventsOf(stream.events, Kind::ToolCallStarted).isEmpty());
        QVERIFY(eventsOf(stream.events, Kind::ToolCallArgumentsDelta).isEmpty());
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 3);
        QCOMPARE(parts.at(0).kind, PartKind::ToolCall);
        QCOMPARE(parts.at(0).arguments, QJsonValue(QJsonObject{{QStringLiteral("query"), QStringLiteral("tokyo")}}));
        QCOMPARE(parts.at(0).wire.value(wire::anthropicMessages).toObject().value(QStringLiteral("type")).toString(),
                 QStringLiteral("server_tool_use"));
        QCOMPARE(parts.at(1).kind, PartKind::ToolResult);
        const QJsonArray citations = parts.at(2).wire.value(wire::anthropicMessages).toObject()
                                         .value(QStringLiteral("extra")).toObject().value(QStringLiteral("citations")).toArray();
        QCOMPARE(citations.size(), 1);
        QCOMPARE(citations.first().toObject().value(QStringLiteral("cited_text")).toString(), QStringLiteral("37 million"));
        QCOMPARE(parts.at(2).text, QStringLiteral("About 37 million."));
    }

    void unknownBlockTypesAreKept()
    {
        const QByteArray bytes = streams::anthropicUnknownBlockStream;
        const DecodedStream stream = decode(bytes);
        QVERIFY2(streamProblems(stream).isEmpty(), qPrintable(streamProblems(stream).join(QLatin1Char('\n'))));
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.size(), 1);
        const QJsonObject raw = parts.first().wire.value(wire::anthropicMessages).toObject().value(QStringLiteral("raw")).toObject();
        QCOMPARE(raw.value(QStringLiteral("type")).toString(), QStringLiteral("compaction"));
        QCOMPARE(raw.value(QStringLiteral("content")).toString(), QStringLiteral("Summary."));
        QCOMPARE(raw.value(QStringLiteral("encrypted_content")).toString(), QStringLiteral("Ep=="));
        QCOMPARE(stopReason(stream.events), QStringLiteral("end_turn")); // no message_delta said otherwise
    }

    void errorEventIsAStreamError()
    {
        const QByteArray &padded = streams::anthropicPaddedTextStream;
        QByteArray bytes = padded.left(padded.indexOf("event: content_block_stop"));
        bytes += "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n";
        const DecodedStream stream = decode(bytes);
        QCOMPARE(stream.status, StreamDecoder::Status::Failed);
        QCOMPARE(stream.failure.kind, ProviderFailure::Kind::StreamError);
        QCOMPARE(stream.failure.errorType, QStringLiteral("overloaded_error"));
        QCOMPARE(stream.failure.message, QStringLiteral("Overloaded"));
        // What streamed before the error stands.
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Hello, world"));
        QVERIFY(eventsOf(stream.events, Kind::Stopped).isEmpty());
    }

    void malformedJsonIsAProtocolFailureNamingTheEvent()
    {
        const QByteArray bytes = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\n"
                                 "event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\n\n";
        const DecodedStream stream = decode(bytes);
        QCOMPARE(stream.status, StreamDecoder::Status::Failed);
        QCOMPARE(stream.failure.kind, ProviderFailure::Kind::Protocol);
        QVERIFY2(stream.failure.message.contains(QLatin1String("content_block_start")), qPrintable(stream.failure.message));
    }

    void deltaWithoutItsBlockIsAProtocolFailure()
    {
        const QByteArray bytes = "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":4,"
                                 "\"delta\":{\"type\":\"text_delta\",\"text\":\"x\"}}\n\n";
        const DecodedStream stream = decode(bytes);
        QCOMPARE(stream.status, StreamDecoder::Status::Failed);
        QCOMPARE(stream.failure.kind, ProviderFailure::Kind::Protocol);
    }

    void endWithoutMessageStopIsInterrupted()
    {
        const QByteArray &padded = streams::anthropicPaddedTextStream;
        const QByteArray bytes = padded.left(padded.indexOf("event: message_delta"));
        const DecodedStream stream = decode(bytes);
        QCOMPARE(stream.status, StreamDecoder::Status::Failed);
        QCOMPARE(stream.failure.kind, ProviderFailure::Kind::Interrupted);
        QCOMPARE(joinedText(stream.events, Kind::TextDelta), QStringLiteral("Hello, world"));
    }

    void chunkBoundariesAndLineEndsDoNotMatter()
    {
        const DecodedStream whole = decode(streams::anthropicThinkingToolStream);
        QByteArray crlf = streams::anthropicThinkingToolStream;
        crlf.replace("\n", "\r\n");
        for (qsizetype chunk : {1, 2, 3, 7, 64, 1000}) {
            QCOMPARE(decode(streams::anthropicThinkingToolStream, chunk).events, whole.events);
            QCOMPARE(decode(crlf, chunk).events, whole.events);
        }
    }

    // --- recorded streams ----------------------------------------------------------------

    void everyRecordedStream()
    {
        VALIS_REQUIRE_FIXTURE(root, "claude-trace-traffic/sse");
        QStringList errors;
        const QList<FixtureStream> streams = fixtureStreams(WireKind::Anthropic, &errors);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        // 46 claude-trace, 7 + 3 Python SDK, 3 TypeScript SDK, and the cassettes' streams.
        QVERIFY2(streams.size() >= 87, qPrintable(QString::number(streams.size())));
        int toolCalls = 0;
        int cassettes = 0;
        for (const FixtureStream &fixture : streams) {
            const DecodedStream stream = decode(fixture.body);
            const QStringList problems = streamProblems(stream);
            QVERIFY2(problems.isEmpty(), qPrintable(fixture.name + QStringLiteral(": ") + problems.join(QStringLiteral("; "))
                                                    + QLatin1Char('\n') + describe(stream.events)));
            // The same events whatever the network's chunking.
            QVERIFY2(decode(fixture.body, 97).events == stream.events, qPrintable(fixture.name));
            QVERIFY2(!lastUsage(stream.events).isEmpty(), qPrintable(fixture.name));
            toolCalls += int(eventsOf(stream.events, Kind::ToolCallFinished).size());
            cassettes += fixture.name.contains(QLatin1Char('#')) ? 1 : 0;
        }
        qInfo("%lld recorded streams, %d of them from cassettes, %d finished tool calls", qlonglong(streams.size()), cassettes, toolCalls);
        QVERIFY(toolCalls >= 29);
        QVERIFY(cassettes >= 20);
    }

    void claudeTraceToolUseUsage()
    {
        VALIS_REQUIRE_FIXTURE(path, "claude-trace-traffic/sse/04-line06-sonnet-4-20250514-tool_use-tooluse1.sse");
        const DecodedStream stream = decode(readFixture(path), 16 * 1024);
        QVERIFY(streamProblems(stream).isEmpty());
        QCOMPARE(lastUsage(stream.events), (Usage{4, 174, 15032, 0}));
        const QList<ProviderEvent> started = eventsOf(stream.events, Kind::ToolCallStarted);
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.first().callId, QStringLiteral("toolu_01UEafksUp39RHzZNEacfsTk"));
        QCOMPARE(started.first().toolName, QStringLiteral("TodoWrite"));
        const QJsonArray todos = stoppedParts(stream.events).last().arguments.toObject().value(QStringLiteral("todos")).toArray();
        QVERIFY(!todos.isEmpty());
        QCOMPARE(todos.first().toObject().value(QStringLiteral("id")).toString(), QStringLiteral("1"));
        QCOMPARE(stopReason(stream.events), QStringLiteral("tool_use"));
    }

    void incompletePartialJson()
    {
        for (const char *relative : {"anthropic-sdk-python/streaming/incomplete_partial_json_response.txt",
                                     "anthropic-sdk-typescript/lib-fixtures/incomplete_partial_json_response.txt"}) {
            const QString path = fixturePath(QString::fromLatin1(relative));
            if (path.isEmpty())
                QSKIP(relative);
            const DecodedStream stream = decode(readFixture(path));
            QVERIFY(streamProblems(stream).isEmpty());
            QCOMPARE(stopReason(stream.events), QStringLiteral("max_tokens"));
            QCOMPARE(eventsOf(stream.events, Kind::ToolCallStarted).size(), 1);
            QVERIFY(eventsOf(stream.events, Kind::ToolCallFinished).isEmpty());
            const Part call = stoppedParts(stream.events).last();
            QCOMPARE(call.kind, PartKind::ToolCall);
            QCOMPARE(call.callId, QStringLiteral("toolu_01EKqbqmZrGRXy18eN7m9kvY"));
            QVERIFY(call.arguments.isUndefined());
            QVERIFY(call.argumentsText.has_value());
            QCOMPARE(*call.argumentsText, joinedText(stream.events, Kind::ToolCallArgumentsDelta));
            QVERIFY(call.argumentsText->startsWith(QLatin1String("{\"filename\": \"taxes.txt")));
            QCOMPARE(lastUsage(stream.events), (Usage{450, 124, 0, 0}));
        }
    }

    void usageRepeatedInMessageDelta()
    {
        VALIS_REQUIRE_FIXTURE(path, "anthropic-sdk-python/fable-fallback/stream-b-fallback.sse");
        const DecodedStream stream = decode(readFixture(path));
        QVERIFY(streamProblems(stream).isEmpty());
        const QList<ProviderEvent> usages = eventsOf(stream.events, Kind::UsageReported);
        QCOMPARE(usages.size(), 2);
        QCOMPARE(usages.first().usage, (Usage{31, 7, 0, 0}));
        QCOMPARE(usages.last().usage, (Usage{31, 547, 0, 0}));
    }

    void thinkingSignatureFromCassette()
    {
        QString error;
        const QByteArray body = cassetteStream(
            QStringLiteral("fantasy-provider-cassettes/testdata/TestAnthropicThinking/claude-sonnet-4/thinking-streaming.yaml"), &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        const DecodedStream stream = decode(body);
        QVERIFY(streamProblems(stream).isEmpty());
        const QList<ProviderEvent> signatures = eventsOf(stream.events, Kind::ThinkingSignature);
        QCOMPARE(signatures.size(), 1);
        QVERIFY(signatures.first().text.startsWith(QLatin1String("EtYDCkYICxgCKkAVHEWRYo6R")));
        const Part thinking = stoppedParts(stream.events).first();
        QCOMPARE(thinking.kind, PartKind::Thinking);
        QCOMPARE(thinking.signature, signatures.first().text);
        QVERIFY(thinking.text.startsWith(QLatin1String("The user is asking for")));
        QCOMPARE(lastUsage(stream.events), (Usage{424, 119, 0, 0}));
    }

    void webSearchFromCassette()
    {
        QString error;
        const QByteArray body = cassetteStream(
            QStringLiteral("fantasy-provider-cassettes/testdata/TestAnthropicWebSearch/stream.yaml"), &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        const DecodedStream stream = decode(body);
        QVERIFY(streamProblems(stream).isEmpty());
        QVERIFY(eventsOf(stream.events, Kind::ToolCallStarted).isEmpty());
        const QList<Part> parts = stoppedParts(stream.events);
        QCOMPARE(parts.first().callId, QStringLiteral("srvtoolu_01KYmV1c6SjLeWGNcNG4p2yi"));
        int cited = 0;
        for (const Part &part : parts) {
            cited += part.wire.value(wire::anthropicMessages).toObject().value(QStringLiteral("extra")).toObject()
                         .value(QStringLiteral("citations")).toArray().size();
        }
        QVERIFY(cited >= 3);
    }
};

VALIS_TEST_MAIN(TestAnthropicDecoder)
#include "tst_anthropicdecoder.moc"
