// HttpSseStream when the stream itself goes wrong: cuts, bodies ending mid-line, malformed
// events, broken chunk framing, silence, and a server that is not there.
#include "ssefixtures.h"
#include "ssestreamtest.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTimer>
#include <QtTest>

using namespace valis::test::ssestream;
using valis::test::ProviderTestServer;
using valis::test::ScriptedResponse;

class TestHttpSseStreamBroken : public SseStreamTest
{
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void cutMidStreamKeepsEarlierEvents_data();
    void cutMidStreamKeepsEarlierEvents();
    void cleanCloseAsksTheDecoder();
    void bodyEndingMidLine();
    void malformedEventIsProtocol();
    void streamErrorEvent();
    void brokenChunkFraming();
    void idleTimeoutBeforeHeaders();
    void idleTimeoutMidStream();
    void connectionRefusedIsTransport();
};

void TestHttpSseStreamBroken::cutMidStreamKeepsEarlierEvents_data()
{
    QTest::addColumn<bool>("chunked");
    QTest::newRow("chunked") << true;
    QTest::newRow("content-length") << false;
}

void TestHttpSseStreamBroken::cutMidStreamKeepsEarlierEvents()
{
    QFETCH(bool, chunked);
    const QByteArray before = textEvents({QStringLiteral("one"), QStringLiteral("two")});
    ScriptedResponse response = ScriptedResponse::sse(before + textEvents({QStringLiteral("three")}) + "data: [DONE]\n\n");
    response.chunkedEncoding = chunked;
    response.chunkSize = 7;
    response.cutAfterBytes = before.size() + 10; // inside the third event
    m_server->enqueue(response);
    int finishCalls = 0;
    start(std::make_unique<TestDecoder>(TestDecoder::OnClose::Stop, &finishCalls));
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.texts(), (QStringList{QStringLiteral("one"), QStringLiteral("two")}));
    QCOMPARE(outcome.finished, 0);
    QCOMPARE(outcome.failures.size(), 1);
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Interrupted);
    QCOMPARE(outcome.failure().providerId, QStringLiteral("test-provider"));
    // A cut is never taken for the end of the answer, even by a decoder that would accept one.
    QCOMPARE(finishCalls, 0);
}

void TestHttpSseStreamBroken::cleanCloseAsksTheDecoder()
{
    // The server ends the body cleanly without [DONE]; the last event has no blank line.
    const QByteArray body = textEvents({QStringLiteral("a")}) + "data: {\"t\":\"b\"}\n";
    m_server->enqueue(ScriptedResponse::sse(body));
    int finishCalls = 0;
    start(std::make_unique<TestDecoder>(TestDecoder::OnClose::Stop, &finishCalls));
    Outcome accepted;
    runToEnd(&accepted);
    QCOMPARE(finishCalls, 1);
    QCOMPARE(accepted.finished, 1);
    QCOMPARE(accepted.texts(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(accepted.events.last().kind, ProviderEvent::Kind::Stopped);

    m_server->enqueue(ScriptedResponse::sse(body));
    start(std::make_unique<TestDecoder>(TestDecoder::OnClose::Interrupted, &finishCalls));
    Outcome refused;
    runToEnd(&refused);
    QCOMPARE(finishCalls, 2);
    QCOMPARE(refused.texts(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(refused.failure().kind, ProviderFailure::Kind::Interrupted);
    QVERIFY(!refused.failure().message.isEmpty());
}

void TestHttpSseStreamBroken::bodyEndingMidLine()
{
    // Content-Length framing makes the end clean for Qt; what decides is where the body stops.
    int finishCalls = 0;
    ScriptedResponse doneWithoutLineEnd = ScriptedResponse::sse(textEvents({QStringLiteral("a")}) + "data: [DONE]");
    doneWithoutLineEnd.chunkedEncoding = false;
    m_server->enqueue(doneWithoutLineEnd);
    start(std::make_unique<TestDecoder>(TestDecoder::OnClose::Stop, &finishCalls));
    Outcome done;
    runToEnd(&done);
    QCOMPARE(done.finished, 1); // the unfinished line completed the stream
    QCOMPARE(done.texts(), QStringList{QStringLiteral("a")});

    ScriptedResponse cutJson = ScriptedResponse::sse(textEvents({QStringLiteral("a")}) + "data: {\"t\":\"b");
    cutJson.chunkedEncoding = false;
    m_server->enqueue(cutJson);
    start(std::make_unique<TestDecoder>(TestDecoder::OnClose::Stop, &finishCalls));
    Outcome cut;
    runToEnd(&cut);
    QCOMPARE(cut.texts(), QStringList{QStringLiteral("a")});
    QCOMPARE(cut.failure().kind, ProviderFailure::Kind::Interrupted); // not Protocol: it was cut

    ScriptedResponse cutAfterJson = ScriptedResponse::sse(textEvents({QStringLiteral("a")}) + "data: {\"t\":\"b\"}");
    cutAfterJson.chunkedEncoding = false;
    m_server->enqueue(cutAfterJson);
    start(std::make_unique<TestDecoder>(TestDecoder::OnClose::Stop, &finishCalls));
    Outcome cutAfter;
    runToEnd(&cutAfter);
    QCOMPARE(cutAfter.texts(), (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(cutAfter.failure().kind, ProviderFailure::Kind::Interrupted);
    QCOMPARE(finishCalls, 0); // never asked to accept a body that stopped mid-line
}

void TestHttpSseStreamBroken::malformedEventIsProtocol()
{
    // Good events after the bad one, in the same read, are not decoded.
    m_server->enqueue(ScriptedResponse::sse(textEvents({QStringLiteral("ok")}) + "data: {\"t\": \"unterminated\n\n"
                                            + textEvents({QStringLiteral("never")}) + "data: [DONE]\n\n"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.texts(), QStringList{QStringLiteral("ok")});
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Protocol);
    QVERIFY(outcome.failure().message.contains(QLatin1String("unterminated")));
}

void TestHttpSseStreamBroken::streamErrorEvent()
{
    m_server->enqueue(ScriptedResponse::sse(textEvents({QStringLiteral("partial")})
                                            + "event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}\n\n"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.texts(), QStringList{QStringLiteral("partial")});
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::StreamError);
    QCOMPARE(outcome.failure().errorType, QStringLiteral("overloaded_error"));
    QCOMPARE(outcome.failure().providerId, QStringLiteral("test-provider"));
}

void TestHttpSseStreamBroken::brokenChunkFraming()
{
    // One good chunk, then a chunk size that is not hexadecimal.
    const QByteArray event = textEvents({QStringLiteral("good")});
    ScriptedResponse response;
    response.headers = {{"Content-Type", "text/event-stream"}, {"Transfer-Encoding", "chunked"}};
    response.chunks = {QByteArray::number(event.size(), 16) + "\r\n" + event + "\r\n", "zz\r\nnonsense\r\n"};
    response.chunkDelay = 20ms;
    m_server->enqueue(response);
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.texts(), QStringList{QStringLiteral("good")});
    QCOMPARE(outcome.finished, 0);
    QCOMPARE(outcome.failures.size(), 1);
    QVERIFY2(outcome.failure().kind == ProviderFailure::Kind::Protocol
                 || outcome.failure().kind == ProviderFailure::Kind::Interrupted,
             qPrintable(ProviderFailure::kindName(outcome.failure().kind) + QLatin1Char(' ') + outcome.failure().message));
}

void TestHttpSseStreamBroken::idleTimeoutBeforeHeaders()
{
    ScriptedResponse response = ScriptedResponse::sse("data: [DONE]\n\n");
    response.headerDelay = 60s;
    m_server->enqueue(response);
    start(std::make_unique<TestDecoder>(), 300ms);
    Outcome outcome;
    runToEnd(&outcome);
    QVERIFY(outcome.events.isEmpty());
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Timeout);
    QCOMPARE(outcome.failure().providerId, QStringLiteral("test-provider"));
    // The request itself went out; the server just never answered.
    QCOMPARE(m_server->requests().size(), 1);
}

void TestHttpSseStreamBroken::idleTimeoutMidStream()
{
    ScriptedResponse response = ScriptedResponse::sse({});
    response.chunks = {textEvents({QStringLiteral("a")}), textEvents({QStringLiteral("b")}), "data: [DONE]\n\n"};
    response.chunkDelay = 60s;
    m_server->enqueue(response);
    start(std::make_unique<TestDecoder>(), 300ms);
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.texts(), QStringList{QStringLiteral("a")});
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Timeout);
    // The stream let go of its connection.
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, 15000);
}

void TestHttpSseStreamBroken::connectionRefusedIsTransport()
{
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
    const quint16 port = closed.serverPort();
    closed.close();
    QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1/v1/messages").arg(port)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    m_stream = new valis::HttpSseStream(m_network.get(), request, requestBody, std::make_unique<TestDecoder>(),
                                        QStringLiteral("test-provider"), 10s, nullptr);
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Transport);
    QCOMPARE(outcome.failure().httpStatus, 0);
    QCOMPARE(outcome.failure().providerId, QStringLiteral("test-provider"));
    QVERIFY(!outcome.failure().message.isEmpty());
}

VALIS_TEST_MAIN(TestHttpSseStreamBroken)

#include "tst_httpssestream_broken.moc"
