// SseParser: the WHATWG text/event-stream rules, fed whole, byte by byte and in random pieces.
#include "ssefixtures.h"
#include "testsupport.h"

#include "valis/provider/sseparser.h"

#include <QJsonDocument>
#include <QRandomGenerator>

using valis::SseEvent;
using valis::SseParser;

Q_DECLARE_METATYPE(QList<valis::SseEvent>)

namespace {

SseEvent sse(const QByteArray &name, const QByteArray &data, const QByteArray &id = {})
{
    return SseEvent{name, data, id};
}

/// Feeds each piece in turn, then finishes the stream.
QList<SseEvent> parsePieces(const QList<QByteArray> &pieces, bool finish = true)
{
    SseParser parser;
    QList<SseEvent> events;
    auto collect = [&events](const SseEvent &e) { events.append(e); };
    for (const QByteArray &piece : pieces)
        parser.feed(piece, collect);
    if (finish)
        parser.finish(collect);
    return events;
}

QList<SseEvent> parseWhole(const QByteArray &bytes)
{
    return parsePieces({bytes});
}

QList<SseEvent> parseByteByByte(const QByteArray &bytes)
{
    SseParser parser;
    QList<SseEvent> events;
    auto collect = [&events](const SseEvent &e) { events.append(e); };
    for (qsizetype i = 0; i < bytes.size(); ++i)
        parser.feed(QByteArrayView(bytes.constData() + i, 1), collect);
    parser.finish(collect);
    return events;
}

QList<SseEvent> parseRandomPieces(const QByteArray &bytes, quint32 seed)
{
    QRandomGenerator random(seed);
    SseParser parser;
    QList<SseEvent> events;
    auto collect = [&events](const SseEvent &e) { events.append(e); };
    qsizetype at = 0;
    while (at < bytes.size()) {
        const qsizetype size = qMin<qsizetype>(bytes.size() - at, random.bounded(1, 64));
        parser.feed(QByteArrayView(bytes.constData() + at, size), collect);
        at += size;
    }
    parser.finish(collect);
    return events;
}

QString describe(const QList<SseEvent> &events)
{
    QStringList lines;
    for (const SseEvent &e : events) {
        lines << QStringLiteral("{event=%1 data=%2 id=%3}")
                     .arg(QString::fromUtf8(e.event), QString::fromUtf8(e.data), QString::fromUtf8(e.id));
    }
    return lines.join(QLatin1Char(' '));
}

} // namespace

class TestSseParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void whatwgRules_data();
    void whatwgRules();
    void crlfSplitAcrossFeedsIsOneLineEnd();
    void crAtEndOfFeedFollowedByOtherByte();
    void finalEventWithoutBlankLine();
    void finishWithNothingPending();
    void finishLeavesParserFresh();
    void eventNameDoesNotLeakIntoNextEvent();
    void keptEventsStayIntactWhileParsing();
    void largeEventAcrossManyFeeds();
    void pendingBytesAndReset();
    void byteByByteEqualsWhole_data();
    void byteByByteEqualsWhole();
    void fixtureStreamsByteByByte();
};

void TestSseParser::whatwgRules_data()
{
    QTest::addColumn<QByteArray>("stream");
    QTest::addColumn<QList<SseEvent>>("expected");

    QTest::newRow("event and data") << QByteArray("event: message_start\ndata: {\"a\":1}\n\n")
                                    << QList<SseEvent>{sse("message_start", "{\"a\":1}")};
    QTest::newRow("multi-line data joined with LF")
        << QByteArray("data: first\ndata: second\ndata:\ndata: fourth\n\n")
        << QList<SseEvent>{sse({}, "first\nsecond\n\nfourth")};
    QTest::newRow("missing space after colon") << QByteArray("data:x\n\n") << QList<SseEvent>{sse({}, "x")};
    QTest::newRow("only one space removed") << QByteArray("data:  x \n\n") << QList<SseEvent>{sse({}, " x ")};
    QTest::newRow("comments are skipped")
        << QByteArray(": OPENROUTER PROCESSING\n\n: keep-alive\ndata: x\n: inside\n\n")
        << QList<SseEvent>{sse({}, "x")};
    QTest::newRow("CR line ends") << QByteArray("event: e\rdata: a\rdata: b\r\r")
                                  << QList<SseEvent>{sse("e", "a\nb")};
    QTest::newRow("CRLF line ends") << QByteArray("data: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n")
                                    << QList<SseEvent>{sse({}, "a\nb"), sse({}, "c")};
    QTest::newRow("mixed line ends") << QByteArray("data: a\rdata: b\ndata: c\r\n\n")
                                     << QList<SseEvent>{sse({}, "a\nb\nc")};
    QTest::newRow("bare event: ping block dispatches")
        << QByteArray("event: ping\n\nevent: content_block_stop\ndata: {}\n\n")
        << QList<SseEvent>{sse("ping", {}), sse("content_block_stop", "{}")};
    QTest::newRow("empty data line dispatches empty data") << QByteArray("data:\n\n") << QList<SseEvent>{sse({}, {})};
    QTest::newRow("field without colon is a field with empty value")
        << QByteArray("data\ndata\n\n") << QList<SseEvent>{sse({}, "\n")};
    QTest::newRow("blank lines without fields dispatch nothing") << QByteArray("\n\n\r\n\r\r") << QList<SseEvent>{};
    QTest::newRow("id alone dispatches nothing, then carries over")
        << QByteArray("id: 7\n\ndata: a\n\nid: 8\ndata: b\n\ndata: c\n\n")
        << QList<SseEvent>{sse({}, "a", "7"), sse({}, "b", "8"), sse({}, "c", "8")};
    QTest::newRow("id with NUL is ignored")
        << QByteArray(QByteArray("id: 1\n\nid: x") + '\0' + QByteArray("y\ndata: a\n\n")) << QList<SseEvent>{sse({}, "a", "1")};
    QTest::newRow("unknown fields and retry are ignored")
        << QByteArray("retry: 1000\nfoo: bar\nDATA: shout\ndata: x\n\n") << QList<SseEvent>{sse({}, "x")};
    QTest::newRow("colon in value kept") << QByteArray("data: a: b:c\n\n") << QList<SseEvent>{sse({}, "a: b:c")};
    QTest::newRow("spaces padding JSON kept") << QByteArray("data: {\"type\":\"x\"}    \n\n")
                                              << QList<SseEvent>{sse({}, "{\"type\":\"x\"}    ")};
    QTest::newRow("last event type wins") << QByteArray("event: a\nevent: b\ndata: x\n\n")
                                          << QList<SseEvent>{sse("b", "x")};
    QTest::newRow("byte order mark at the start is skipped")
        << QByteArray("\xEF\xBB\xBF" "data: x\n\n") << QList<SseEvent>{sse({}, "x")};
    QTest::newRow("byte order mark later is part of the field name")
        << QByteArray("data: x\n\n\xEF\xBB\xBF" "data: y\n\n") << QList<SseEvent>{sse({}, "x")};
    QTest::newRow("[DONE]") << QByteArray("data: {\"t\":1}\n\ndata: [DONE]\n\n")
                            << QList<SseEvent>{sse({}, "{\"t\":1}"), sse({}, "[DONE]")};
}

void TestSseParser::whatwgRules()
{
    QFETCH(QByteArray, stream);
    QFETCH(QList<SseEvent>, expected);
    const QList<SseEvent> whole = parseWhole(stream);
    QVERIFY2(whole == expected, qPrintable(describe(whole)));
    QVERIFY2(parseByteByByte(stream) == expected, qPrintable(describe(parseByteByByte(stream))));
    for (quint32 seed = 1; seed <= 8; ++seed)
        QCOMPARE(parseRandomPieces(stream, seed), expected);
}

void TestSseParser::crlfSplitAcrossFeedsIsOneLineEnd()
{
    // Were the LF after the split CR a second line end, the empty line would dispatch "a" alone.
    const QList<SseEvent> events = parsePieces({"data: a\r", "\ndata: b\r", "\n\r", "\n"}, false);
    QCOMPARE(events, QList<SseEvent>{sse({}, "a\nb")});
}

void TestSseParser::crAtEndOfFeedFollowedByOtherByte()
{
    // A CR ending a feed is a line end by itself when the next feed does not start with LF.
    const QList<SseEvent> events = parsePieces({"data: a\r", "data: b\r", "\r"}, false);
    QCOMPARE(events, QList<SseEvent>{sse({}, "a\nb")});
}

void TestSseParser::finalEventWithoutBlankLine()
{
    SseParser parser;
    QList<SseEvent> events;
    auto collect = [&events](const SseEvent &e) { events.append(e); };
    parser.feed("data: {\"t\":1}\n\ndata: [DONE]\n", collect);
    QCOMPARE(events.size(), 1);
    QVERIFY(parser.finish(collect));
    QCOMPARE(events, (QList<SseEvent>{sse({}, "{\"t\":1}"), sse({}, "[DONE]")}));

    // Without even the line end of the last line.
    events.clear();
    parser.feed("event: done\ndata: [DONE]", collect);
    QVERIFY(events.isEmpty());
    QVERIFY(parser.finish(collect));
    QCOMPARE(events, QList<SseEvent>{sse("done", "[DONE]")});
}

void TestSseParser::finishWithNothingPending()
{
    SseParser parser;
    int calls = 0;
    auto count = [&calls](const SseEvent &) { ++calls; };
    QVERIFY(!parser.finish(count));
    parser.feed("data: a\n\n: comment at the end\n", count);
    QCOMPARE(calls, 1);
    QVERIFY(!parser.finish(count));
    QCOMPARE(calls, 1);
}

void TestSseParser::finishLeavesParserFresh()
{
    SseParser parser;
    QList<SseEvent> events;
    auto collect = [&events](const SseEvent &e) { events.append(e); };
    parser.feed("id: 3\nevent: x\ndata: partial", collect);
    QVERIFY(parser.finish(collect));
    QCOMPARE(parser.pendingBytes(), 0);
    // A new stream: no id, no event name, and a byte order mark is skipped again.
    parser.feed("\xEF\xBB\xBF" "data: fresh\n\n", collect);
    QCOMPARE(events, (QList<SseEvent>{sse("x", "partial", "3"), sse({}, "fresh")}));
}

void TestSseParser::eventNameDoesNotLeakIntoNextEvent()
{
    const QList<SseEvent> events = parseWhole("event: ping\ndata: {}\n\ndata: plain\n\nevent: \ndata: named-empty\n\n");
    QCOMPARE(events, (QList<SseEvent>{sse("ping", "{}"), sse({}, "plain"), sse({}, "named-empty")}));
}

void TestSseParser::keptEventsStayIntactWhileParsing()
{
    // The parser reuses its buffers; an event a handler kept must not change under it.
    SseParser parser;
    SseEvent kept;
    int seen = 0;
    parser.feed("event: first\ndata: aaaaaaaa\n\nevent: second\ndata: bb\n\n", [&](const SseEvent &e) {
        if (seen++ == 0)
            kept = e;
    });
    QCOMPARE(seen, 2);
    QCOMPARE(kept, sse("first", "aaaaaaaa"));
}

void TestSseParser::largeEventAcrossManyFeeds()
{
    const QByteArray payload(1 << 20, 'x');
    const QByteArray stream = "event: big\ndata: " + payload + "\ndata: tail\n\ndata: next\n\n";
    SseParser parser;
    QList<SseEvent> events;
    for (qsizetype at = 0; at < stream.size(); at += 1000)
        parser.feed(QByteArrayView(stream).sliced(at, qMin<qsizetype>(1000, stream.size() - at)),
                    [&events](const SseEvent &e) { events.append(e); });
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).event, QByteArray("big"));
    QCOMPARE(events.at(0).data, QByteArray(payload + "\ntail"));
    QCOMPARE(events.at(1).data, QByteArray("next"));
}

void TestSseParser::pendingBytesAndReset()
{
    SseParser parser;
    int calls = 0;
    auto count = [&calls](const SseEvent &) { ++calls; };
    QVERIFY(!parser.endsMidLine());
    parser.feed("data: abc\ndata: de", count);
    QCOMPARE(calls, 0);
    QVERIFY(parser.endsMidLine());
    QCOMPARE(parser.pendingBytes(), 3 + 8); // "abc" in the event, the line "data: de" without its end
    parser.reset();
    QCOMPARE(parser.pendingBytes(), 0);
    parser.feed("\n\n", count);
    QCOMPARE(calls, 0); // the reset forgot the event, so the blank line dispatches nothing
    parser.feed("data: x\r", count);
    QVERIFY(!parser.endsMidLine()); // a CR is a whole line end, even before its LF arrives
    parser.feed("\n\r\n", count);
    QCOMPARE(calls, 1);
    QCOMPARE(parser.pendingBytes(), 0);
}

void TestSseParser::byteByByteEqualsWhole_data()
{
    QTest::addColumn<QByteArray>("stream");
    QByteArray anthropicLike;
    for (int i = 0; i < 50; ++i) {
        anthropicLike += "event: content_block_delta\r\ndata: {\"type\":\"content_block_delta\",\"index\":0,"
                         "\"delta\":{\"type\":\"text_delta\",\"text\":\"piece "
                         + QByteArray::number(i) + " \\u00e9\"}}    \r\n\r\n";
        if (i % 7 == 0)
            anthropicLike += "event: ping\r\ndata: {\"type\": \"ping\"}\r\n\r\n: comment\r\n";
    }
    QTest::newRow("CRLF, pings, comments") << anthropicLike;
    QByteArray mixed;
    for (int i = 0; i < 40; ++i)
        mixed += "data: line " + QByteArray::number(i) + (i % 3 == 0 ? "\r" : i % 3 == 1 ? "\n" : "\r\n")
                 + (i % 4 == 0 ? QByteArray("\r\n") : QByteArray());
    QTest::newRow("mixed line ends") << mixed;
    QTest::newRow("no final blank line") << QByteArray("data: a\n\ndata: b\r\nevent: last\r\ndata: c");
}

void TestSseParser::byteByByteEqualsWhole()
{
    QFETCH(QByteArray, stream);
    const QList<SseEvent> whole = parseWhole(stream);
    QVERIFY(!whole.isEmpty());
    QCOMPARE(parseByteByByte(stream), whole);
    for (quint32 seed = 1; seed <= 16; ++seed)
        QCOMPARE(parseRandomPieces(stream, seed), whole);
}

void TestSseParser::fixtureStreamsByteByByte()
{
    VALIS_REQUIRE_FIXTURE(traffic, "claude-trace-traffic/sse");
    QString problem;
    const QList<valis::test::FixtureStream> streams = valis::test::fixtureSseStreams(&problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(streams.size() > 200, qPrintable(QString::number(streams.size())));
    qint64 bytes = 0;
    qint64 eventCount = 0;
    for (const auto &stream : streams) {
        const QList<SseEvent> whole = parseWhole(stream.bytes);
        QVERIFY2(!whole.isEmpty(), qPrintable(stream.name));
        QVERIFY2(parseByteByByte(stream.bytes) == whole, qPrintable(stream.name));
        QVERIFY2(parseRandomPieces(stream.bytes, quint32(stream.bytes.size())) == whole, qPrintable(stream.name));
        for (const SseEvent &e : whole) {
            // Every recorded event carries JSON (or the [DONE] marker): nothing was cut or merged.
            QJsonParseError error;
            QJsonDocument::fromJson(e.data, &error);
            QVERIFY2(e.data == "[DONE]" || error.error == QJsonParseError::NoError,
                     qPrintable(stream.name + QStringLiteral(": ") + QString::fromUtf8(e.data.left(200))));
        }
        bytes += stream.bytes.size();
        eventCount += whole.size();
    }
    qInfo("%lld streams, %lld bytes, %lld events: identical whole, byte by byte and in random pieces",
          qint64(streams.size()), bytes, eventCount);
}

VALIS_TEST_MAIN(TestSseParser)

#include "tst_sseparser.moc"
