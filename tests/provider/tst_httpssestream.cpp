// HttpSseStream against a real HTTP/1.1 server on loopback (ProviderTestServer): a stream's events as its
// bytes arrive, the request exactly as sent, cancellation and lifetime, recorded streams replayed.
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

class TestHttpSseStream : public SseStreamTest
{
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void streamsEventsThenFinishes_data();
    void streamsEventsThenFinishes();
    void sendsTheRequestExactly();
    void emitsEventsAsTheirBytesArrive();
    void nothingFromTheConstructor();
    void cancelMidStream();
    void cancelBeforeStartSendsNothing();
    void cancelAfterFinishedDoesNothing();
    void receiverMayDeleteTheStream_data();
    void receiverMayDeleteTheStream();
    void connectionReusedAfterStreamEnd();
    void failingStream();
    void failingStreamCancelled();
    void fixtureStreamsReplayed();
};

void TestHttpSseStream::streamsEventsThenFinishes_data()
{
    QTest::addColumn<bool>("chunked");
    QTest::addColumn<int>("chunkSize");
    QTest::newRow("chunked, one write") << true << 0;
    QTest::newRow("chunked, 5-byte pieces") << true << 5;
    QTest::newRow("content-length, 3-byte pieces") << false << 3;
}

void TestHttpSseStream::streamsEventsThenFinishes()
{
    QFETCH(bool, chunked);
    QFETCH(int, chunkSize);
    ScriptedResponse response = ScriptedResponse::sse(": hello\n\n" + textEvents({QStringLiteral("Hel"), QStringLiteral("lo "), QStringLiteral("wörld")})
                                                      + "event: ping\n\ndata: [DONE]\n\n");
    response.chunkedEncoding = chunked;
    response.chunkSize = chunkSize;
    m_server->enqueue(response);
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QVERIFY2(outcome.failures.isEmpty(), qPrintable(outcome.failures.isEmpty() ? QString() : outcome.failure().message));
    QCOMPARE(outcome.finished, 1);
    QCOMPARE(outcome.texts(), (QStringList{QStringLiteral("Hel"), QStringLiteral("lo "), QStringLiteral("wörld")}));
    QCOMPARE(outcome.events.size(), 4);
    QCOMPARE(outcome.events.last(), ProviderEvent::makeStopped(QStringLiteral("end_turn")));
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(m_server->unexpectedRequests(), 0);
}

void TestHttpSseStream::sendsTheRequestExactly()
{
    m_server->enqueue(ScriptedResponse::sse("data: [DONE]\n\n"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.finished, 1);
    const valis::test::CapturedRequest request = m_server->requests().value(0);
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.path, QByteArray("/v1/messages?beta=true"));
    QCOMPARE(request.body, requestBody);
    QCOMPARE(request.header("Content-Length"), QByteArray::number(requestBody.size()));
    QCOMPARE(request.header("content-type"), QByteArray("application/json"));
    QCOMPARE(request.header("X-API-KEY"), QByteArray("test-key"));
    QCOMPARE(request.header("anthropic-version"), QByteArray("2023-06-01"));
    QVERIFY(request.raw.startsWith("POST /v1/messages?beta=true HTTP/1.1\r\n"));
    QVERIFY(request.raw.endsWith(QByteArray("\r\n\r\n" + requestBody)));
    QCOMPARE(request.json().value(QLatin1String("model")).toString(), QStringLiteral("test-model"));
}

void TestHttpSseStream::emitsEventsAsTheirBytesArrive()
{
    // The second piece is sent only after the first event was seen: a stream that waited for
    // more bytes (or the end) before emitting would never finish.
    ScriptedResponse response = ScriptedResponse::sse({});
    response.chunks = {textEvents({QStringLiteral("first")}), textEvents({QStringLiteral("second")}) + "data: [DONE]\n\n"};
    response.chunkDelay = 60s;
    m_server->enqueue(response);
    start();
    Outcome outcome;
    watch(m_stream, &outcome);
    QTRY_COMPARE_WITH_TIMEOUT(outcome.texts(), QStringList{QStringLiteral("first")}, 15000);
    QVERIFY(!outcome.ended());
    QCOMPARE(m_server->openConnections(), 1);
}

void TestHttpSseStream::nothingFromTheConstructor()
{
    m_server->enqueue(ScriptedResponse::sse(textEvents({QStringLiteral("x")}) + "data: [DONE]\n\n"));
    start();
    Outcome outcome;
    watch(m_stream, &outcome);
    // Nothing is sent, let alone emitted, before the event loop runs.
    QVERIFY(outcome.events.isEmpty() && !outcome.ended());
    QTRY_VERIFY_WITH_TIMEOUT(outcome.ended(), 15000);
    QCOMPARE(outcome.finished, 1);
}

void TestHttpSseStream::cancelMidStream()
{
    ScriptedResponse response = ScriptedResponse::sse({});
    response.chunks = {textEvents({QStringLiteral("a"), QStringLiteral("b")}), textEvents({QStringLiteral("c")}),
                       textEvents({QStringLiteral("d")}), "data: [DONE]\n\n"};
    response.chunkDelay = 50ms;
    m_server->enqueue(response);
    start();
    Outcome outcome;
    watch(m_stream, &outcome);
    int failedDuringCancel = -1;
    // Cancel from inside the first event's slot: "b", delivered by the same read, must not follow.
    connect(m_stream, &ProviderStream::eventReceived, this, [&](const ProviderEvent &) {
        if (failedDuringCancel < 0) {
            m_stream->cancel();
            failedDuringCancel = int(outcome.failures.size());
        }
    });
    QTRY_VERIFY_WITH_TIMEOUT(outcome.ended(), 15000);
    QCOMPARE(failedDuringCancel, 1); // failed(Cancelled) was emitted within cancel()
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Cancelled);
    QCOMPARE(outcome.failure().providerId, QStringLiteral("test-provider"));
    // The server sees the connection go; nothing reaches the stream afterwards.
    QTRY_COMPARE_WITH_TIMEOUT(m_server->openConnections(), 0, 15000);
    QTest::qWait(200);
    QCOMPARE(outcome.texts(), QStringList{QStringLiteral("a")});
    QCOMPARE(outcome.afterEnd, 0);
    QCOMPARE(outcome.failures.size(), 1);
    m_stream->cancel(); // a second cancel says nothing more
    QCOMPARE(outcome.failures.size(), 1);
}

void TestHttpSseStream::cancelBeforeStartSendsNothing()
{
    start(std::make_unique<TestDecoder>(), 10s, "first");
    Outcome cancelled;
    watch(m_stream, &cancelled);
    m_stream->cancel();
    QCOMPARE(cancelled.failures.size(), 1);
    QCOMPARE(cancelled.failure().kind, ProviderFailure::Kind::Cancelled);
    QPointer<valis::HttpSseStream> first = m_stream;

    // A second stream started after it: the server's first and only request is the second's.
    m_server->enqueue(ScriptedResponse::sse("data: [DONE]\n\n"));
    start(std::make_unique<TestDecoder>(), 10s, "second");
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.finished, 1);
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(m_server->requests().first().body, QByteArray("second"));
    QCOMPARE(cancelled.failures.size(), 1);
    QCOMPARE(cancelled.afterEnd, 0);
    delete first;
}

void TestHttpSseStream::cancelAfterFinishedDoesNothing()
{
    m_server->enqueue(ScriptedResponse::sse("data: [DONE]\n\n"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.finished, 1);
    m_stream->cancel();
    QCOMPARE(outcome.failures.size(), 0);
    QCOMPARE(outcome.afterEnd, 0);
}

void TestHttpSseStream::receiverMayDeleteTheStream_data()
{
    QTest::addColumn<QString>("when");
    QTest::newRow("first event") << QStringLiteral("event");
    QTest::newRow("finished") << QStringLiteral("finished");
    QTest::newRow("failed") << QStringLiteral("failed");
}

void TestHttpSseStream::receiverMayDeleteTheStream()
{
    QFETCH(QString, when);
    const QByteArray events = textEvents({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    m_server->enqueue(ScriptedResponse::sse(events + (when == QLatin1String("failed") ? "data: {bad\n\n" : "data: [DONE]\n\n")));
    start();
    QPointer<valis::HttpSseStream> stream = m_stream;
    int calls = 0;
    auto deleteNow = [&] {
        ++calls;
        delete stream.data();
    };
    if (when == QLatin1String("event"))
        connect(stream, &ProviderStream::eventReceived, this, deleteNow);
    else if (when == QLatin1String("finished"))
        connect(stream, &ProviderStream::finished, this, deleteNow);
    else
        connect(stream, &ProviderStream::failed, this, deleteNow);
    QTRY_VERIFY_WITH_TIMEOUT(stream.isNull(), 15000);
    QCOMPARE(calls, 1);
    // The network and the server carry on normally afterwards.
    m_server->enqueue(ScriptedResponse::sse("data: [DONE]\n\n"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.finished, 1);
}

void TestHttpSseStream::connectionReusedAfterStreamEnd()
{
    // After [DONE] the stream lets its reply read the rest (here the last chunk, sent a moment
    // later) instead of aborting it, so the next request goes over the same connection (no new
    // TLS handshake in real life).
    for (int i = 0; i < 3; ++i) {
        ScriptedResponse response = ScriptedResponse::sse(textEvents({QString::number(i)}) + "data: [DONE]\n\n");
        response.chunkDelay = 100ms; // between the body and the terminating chunk
        m_server->enqueue(response);
        start();
        Outcome outcome;
        runToEnd(&outcome);
        QCOMPARE(outcome.finished, 1);
        delete m_stream; // the caller lets go at once; the reply finishes reading by itself
        QTRY_VERIFY_WITH_TIMEOUT(m_network->findChildren<QNetworkReply *>().isEmpty(), 15000);
    }
    const auto requests = m_server->requests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(m_server->connectionCount(), 1);
    QCOMPARE(m_server->openConnections(), 1);
}

void TestHttpSseStream::failingStream()
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Transport;
    failure.providerId = QStringLiteral("test-provider");
    failure.message = QStringLiteral("no API key");
    std::unique_ptr<ProviderStream> stream(valis::HttpSseStream::failing(failure, nullptr));
    Outcome outcome;
    watch(stream.get(), &outcome);
    QVERIFY(!outcome.ended());
    QTRY_VERIFY_WITH_TIMEOUT(outcome.ended(), 5000);
    QCoreApplication::processEvents();
    QCOMPARE(outcome.failures.size(), 1);
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Transport);
    QCOMPARE(outcome.failure().message, QStringLiteral("no API key"));
    QCOMPARE(outcome.finished, 0);
    QVERIFY(outcome.events.isEmpty());
}

void TestHttpSseStream::failingStreamCancelled()
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Protocol;
    failure.providerId = QStringLiteral("test-provider");
    std::unique_ptr<ProviderStream> stream(valis::HttpSseStream::failing(failure, nullptr));
    Outcome outcome;
    watch(stream.get(), &outcome);
    stream->cancel();
    QCOMPARE(outcome.failures.size(), 1);
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Cancelled);
    QCOMPARE(outcome.failure().providerId, QStringLiteral("test-provider"));
    QTest::qWait(20);
    QCOMPARE(outcome.failures.size(), 1);
    QCOMPARE(outcome.afterEnd, 0);
}

void TestHttpSseStream::fixtureStreamsReplayed()
{
    VALIS_REQUIRE_FIXTURE(traffic, "claude-trace-traffic/sse");
    QString problem;
    QList<valis::test::FixtureStream> streams = valis::test::fixtureSseStreams(&problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY(streams.size() > 200);
    int replayed = 0;
    qint64 bytes = 0;
    for (qsizetype i = 0; i < streams.size(); ++i) {
        const valis::test::FixtureStream &fixture = streams.at(i);
        QStringList expected;
        valis::SseParser parser;
        auto collect = [&expected](const SseEvent &e) { expected << QString::fromUtf8(QByteArray(e.event + '\n' + e.data)); };
        parser.feed(fixture.bytes, collect);
        parser.finish(collect);

        ScriptedResponse response = ScriptedResponse::sse(fixture.bytes);
        response.chunkSize = 61 + int(i % 7) * 13; // small, odd pieces that split lines and CRLFs
        m_server->enqueue(response);
        start(std::make_unique<RecordingDecoder>(expected.size()));
        Outcome outcome;
        runToEnd(&outcome);
        QVERIFY2(outcome.finished == 1, qPrintable(fixture.name + QLatin1Char(' ')
                                                   + (outcome.failures.isEmpty() ? QString() : outcome.failure().message)));
        QVERIFY2(outcome.texts() == expected, qPrintable(fixture.name));
        delete m_stream;
        ++replayed;
        bytes += fixture.bytes.size();
    }
    QCOMPARE(m_server->unexpectedRequests(), 0);
    qInfo("replayed %d recorded streams (%lld bytes) through the server: identical events", replayed, bytes);
}

VALIS_TEST_MAIN(TestHttpSseStream)

#include "tst_httpssestream.moc"
