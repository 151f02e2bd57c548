// HttpSseStream against a real HTTP/1.1 server on loopback (ProviderTestServer): the events of
// a stream as its bytes arrive, and every way a request can fail, as ProviderFailure facts.
#include "providerserver.h"
#include "ssefixtures.h"
#include "testsupport.h"

#include "valis/provider/httpssestream.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTimer>
#include <QEventLoop>

using namespace std::chrono_literals;
using valis::HttpSseStream;
using valis::ProviderEvent;
using valis::ProviderFailure;
using valis::ProviderStream;
using valis::SseEvent;
using valis::StreamDecoder;
using valis::test::ProviderTestServer;
using valis::test::ScriptedResponse;

namespace {

/// The smallest decoder with the shape of a real one: `{"t":"text"}` is a text delta, `[DONE]`
/// the end, `{"error":{...}}` a stream error, anything else unreadable; data-less events (pings)
/// mean nothing.
class TestDecoder : public StreamDecoder
{
public:
    enum class OnClose { Interrupted, Stop };
    explicit TestDecoder(OnClose onClose = OnClose::Interrupted, int *finishCalls = nullptr)
        : m_onClose(onClose), m_finishCalls(finishCalls)
    {}

    Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure) override
    {
        if (event.data == "[DONE]") {
            out.append(ProviderEvent::makeStopped(QStringLiteral("end_turn")));
            return Status::Done;
        }
        if (event.data.isEmpty())
            return Status::Continue;
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(event.data, &error);
        if (error.error != QJsonParseError::NoError || !document.isObject()) {
            failure->kind = ProviderFailure::Kind::Protocol;
            failure->message = QStringLiteral("unreadable event: ") + QString::fromUtf8(event.data);
            return Status::Failed;
        }
        const QJsonObject object = document.object();
        if (object.contains(QLatin1String("error"))) {
            const QJsonObject inner = object.value(QLatin1String("error")).toObject();
            failure->kind = ProviderFailure::Kind::StreamError;
            failure->errorType = inner.value(QLatin1String("type")).toString();
            failure->message = inner.value(QLatin1String("message")).toString();
            return Status::Failed;
        }
        out.append(ProviderEvent::makeTextDelta(object.value(QLatin1String("t")).toString()));
        return Status::Continue;
    }

    Status finish(QList<ProviderEvent> &out, ProviderFailure *failure) override
    {
        if (m_finishCalls)
            ++*m_finishCalls;
        if (m_onClose == OnClose::Stop) {
            out.append(ProviderEvent::makeStopped(QStringLiteral("end_turn")));
            return Status::Done;
        }
        failure->kind = ProviderFailure::Kind::Interrupted;
        return Status::Failed;
    }

private:
    OnClose m_onClose;
    int *m_finishCalls;
};

/// Hands every SSE event on unchanged (event name and data as one text delta), and sees the
/// stream's end in its last event, as a real decoder sees message_stop: the transport's bytes,
/// observable.
class RecordingDecoder : public StreamDecoder
{
public:
    explicit RecordingDecoder(qsizetype expectedEvents) : m_left(expectedEvents) {}

    Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *) override
    {
        out.append(ProviderEvent::makeTextDelta(QString::fromUtf8(QByteArray(event.event + '\n' + event.data))));
        if (--m_left > 0)
            return Status::Continue;
        out.append(ProviderEvent::makeStopped(QStringLiteral("end_turn")));
        return Status::Done;
    }
    Status finish(QList<ProviderEvent> &out, ProviderFailure *) override
    {
        out.append(ProviderEvent::makeStopped(QStringLiteral("closed")));
        return Status::Done;
    }

private:
    qsizetype m_left;
};

/// Everything a stream emitted, in order, and whether anything came after its end.
struct Outcome
{
    QList<ProviderEvent> events;
    int finished = 0;
    QList<ProviderFailure> failures;
    int afterEnd = 0;

    bool ended() const { return finished + failures.size() > 0; }
    QStringList texts() const
    {
        QStringList result;
        for (const ProviderEvent &event : events) {
            if (event.kind == ProviderEvent::Kind::TextDelta)
                result << event.text;
        }
        return result;
    }
    const ProviderFailure &failure() const { return failures.first(); }
};

void watch(ProviderStream *stream, Outcome *outcome)
{
    QObject::connect(stream, &ProviderStream::eventReceived, stream, [outcome](const ProviderEvent &event) {
        if (outcome->ended())
            ++outcome->afterEnd;
        outcome->events.append(event);
    });
    QObject::connect(stream, &ProviderStream::finished, stream, [outcome] {
        if (outcome->ended())
            ++outcome->afterEnd;
        ++outcome->finished;
    });
    QObject::connect(stream, &ProviderStream::failed, stream, [outcome](const ProviderFailure &failure) {
        if (outcome->ended())
            ++outcome->afterEnd;
        outcome->failures.append(failure);
    });
}

QByteArray textEvents(const QStringList &texts)
{
    QByteArray body;
    for (const QString &text : texts)
        body += "data: " + QJsonDocument(QJsonObject{{QStringLiteral("t"), text}}).toJson(QJsonDocument::Compact) + "\n\n";
    return body;
}

QByteArray httpDate(const QDateTime &when)
{
    return QLocale::c().toString(when.toUTC(), QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'")).toLatin1();
}

const QByteArray requestBody = R"({"model":"test-model","stream":true,"messages":[{"role":"user","content":"héllo"}]})";

} // namespace

class TestHttpSseStream : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();

    void streamsEventsThenFinishes_data();
    void streamsEventsThenFinishes();
    void sendsTheRequestExactly();
    void emitsEventsAsTheirBytesArrive();
    void nothingFromTheConstructor();
    void unauthorizedCarriesTheProviderError();
    void rateLimitedWithRetryAfterSeconds();
    void retryAfterMsWins();
    void retryAfterAsHttpDate();
    void overloaded529();
    void serverError500WithTextBody();
    void errorBodyShapes_data();
    void errorBodyShapes();
    void cutMidStreamKeepsEarlierEvents_data();
    void cutMidStreamKeepsEarlierEvents();
    void cleanCloseAsksTheDecoder();
    void bodyEndingMidLine();
    void malformedEventIsProtocol();
    void streamErrorEvent();
    void brokenChunkFraming();
    void wrongContentTypeIsProtocol();
    void idleTimeoutBeforeHeaders();
    void idleTimeoutMidStream();
    void connectionRefusedIsTransport();
    void cancelMidStream();
    void cancelBeforeStartSendsNothing();
    void cancelAfterFinishedDoesNothing();
    void receiverMayDeleteTheStream_data();
    void receiverMayDeleteTheStream();
    void connectionReusedAfterStreamEnd();
    void failingStream();
    void failingStreamCancelled();
    void fixtureStreamsReplayed();

private:
    HttpSseStream *start(std::unique_ptr<StreamDecoder> decoder = std::make_unique<TestDecoder>(),
                                std::chrono::milliseconds idleTimeout = 10s, const QByteArray &body = requestBody);
    void runToEnd(Outcome *outcome);

    std::unique_ptr<ProviderTestServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    QPointer<valis::HttpSseStream> m_stream;
};

void TestHttpSseStream::init()
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_server = std::make_unique<ProviderTestServer>();
    QVERIFY(m_server->listen());
}

void TestHttpSseStream::cleanup()
{
    delete m_stream;
    m_server.reset();
    m_network.reset();
}

HttpSseStream *TestHttpSseStream::start(std::unique_ptr<StreamDecoder> decoder, std::chrono::milliseconds idleTimeout,
                                        const QByteArray &body)
{
    QNetworkRequest request(m_server->baseUrl().resolved(QUrl(QStringLiteral("/v1/messages?beta=true"))));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
    request.setRawHeader("x-api-key", "test-key");
    request.setRawHeader("anthropic-version", "2023-06-01");
    m_stream = new valis::HttpSseStream(m_network.get(), request, body, std::move(decoder),
                                        QStringLiteral("test-provider"), idleTimeout, nullptr);
    return m_stream;
}

void TestHttpSseStream::runToEnd(Outcome *outcome)
{
    watch(m_stream, outcome);
    if (!outcome->ended()) {
        QEventLoop loop;
        connect(m_stream, &ProviderStream::finished, &loop, &QEventLoop::quit);
        connect(m_stream, &ProviderStream::failed, &loop, &QEventLoop::quit);
        QTimer::singleShot(15s, &loop, &QEventLoop::quit);
        loop.exec();
    }
    QVERIFY(outcome->ended());
    // Let anything that would wrongly follow the end arrive before the test looks.
    QCoreApplication::processEvents();
    QCOMPARE(outcome->afterEnd, 0);
}

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

void TestHttpSseStream::unauthorizedCarriesTheProviderError()
{
    m_server->enqueue(ScriptedResponse::json(
        401, R"({"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}})"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.failures.size(), 1);
    QVERIFY(outcome.events.isEmpty());
    const ProviderFailure &failure = outcome.failure();
    QCOMPARE(failure.kind, ProviderFailure::Kind::Http);
    QCOMPARE(failure.httpStatus, 401);
    QCOMPARE(failure.providerId, QStringLiteral("test-provider"));
    QCOMPARE(failure.errorType, QStringLiteral("authentication_error"));
    QCOMPARE(failure.message, QStringLiteral("invalid x-api-key"));
    QVERIFY(!failure.retryAfter.has_value());
}

void TestHttpSseStream::rateLimitedWithRetryAfterSeconds()
{
    m_server->enqueue(ScriptedResponse::json(
        429, R"({"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}})",
        {{"retry-after", "2"}}));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    const ProviderFailure &failure = outcome.failure();
    QCOMPARE(failure.kind, ProviderFailure::Kind::Http);
    QCOMPARE(failure.httpStatus, 429);
    QCOMPARE(failure.errorType, QStringLiteral("rate_limit_exceeded")); // code wins over type
    QCOMPARE(failure.message, QStringLiteral("Rate limit reached"));
    QVERIFY(failure.retryAfter.has_value());
    QCOMPARE(failure.retryAfter->count(), 2000);
}

void TestHttpSseStream::retryAfterMsWins()
{
    m_server->enqueue(ScriptedResponse::json(429, R"({"error":{"message":"slow down","type":"rate_limit_error"}})",
                                             {{"retry-after", "9"}, {"retry-after-ms", "1500"}}));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.failure().retryAfter.value_or(0ms).count(), 1500);

    // An unreadable retry-after-ms falls back to retry-after.
    m_server->enqueue(ScriptedResponse::json(429, "{}", {{"retry-after-ms", "soon"}, {"retry-after", "0.5"}}));
    start();
    Outcome second;
    runToEnd(&second);
    QCOMPARE(second.failure().retryAfter.value_or(0ms).count(), 500);

    // Neither readable: no retry-after at all.
    m_server->enqueue(ScriptedResponse::json(429, "{}", {{"retry-after", "whenever"}}));
    start();
    Outcome third;
    runToEnd(&third);
    QVERIFY(!third.failure().retryAfter.has_value());
}

void TestHttpSseStream::retryAfterAsHttpDate()
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    m_server->enqueue(ScriptedResponse::json(503, "{}", {{"Retry-After", httpDate(now.addSecs(120))}}));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    const auto wait = outcome.failure().retryAfter;
    QVERIFY(wait.has_value());
    // The date has whole seconds and the clock moved on a little: about two minutes.
    QVERIFY2(wait->count() > 100000 && wait->count() <= 120000, qPrintable(QString::number(wait->count())));

    m_server->enqueue(ScriptedResponse::json(503, "{}", {{"Retry-After", httpDate(now.addSecs(-3600))}}));
    start();
    Outcome past;
    runToEnd(&past);
    QCOMPARE(past.failure().retryAfter.value_or(-1ms).count(), 0);
}

void TestHttpSseStream::overloaded529()
{
    m_server->enqueue(ScriptedResponse::json(529, R"({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}})"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Http);
    QCOMPARE(outcome.failure().httpStatus, 529);
    QCOMPARE(outcome.failure().errorType, QStringLiteral("overloaded_error"));
    QCOMPARE(outcome.failure().message, QStringLiteral("Overloaded"));
}

void TestHttpSseStream::serverError500WithTextBody()
{
    ScriptedResponse response;
    response.status = 500;
    response.headers = {{"Content-Type", "text/plain"}};
    response.body = "  upstream exploded\n";
    m_server->enqueue(response);
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Http);
    QCOMPARE(outcome.failure().httpStatus, 500);
    QVERIFY(outcome.failure().errorType.isEmpty());
    QCOMPARE(outcome.failure().message, QStringLiteral("upstream exploded"));
}

void TestHttpSseStream::errorBodyShapes_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    QTest::newRow("anthropic") << QByteArray(R"({"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}})")
                               << QStringLiteral("invalid_request_error")
                               << QStringLiteral("prompt is too long: 210000 tokens > 200000 maximum");
    QTest::newRow("openai code wins") << QByteArray(R"({"error":{"message":"too long","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}})")
                                      << QStringLiteral("context_length_exceeded") << QStringLiteral("too long");
    QTest::newRow("openai null code") << QByteArray(R"({"error":{"message":"bad","type":"invalid_request_error","code":null}})")
                                      << QStringLiteral("invalid_request_error") << QStringLiteral("bad");
    QTest::newRow("numeric code") << QByteArray(R"({"error":{"message":"nope","code":400}})")
                                  << QStringLiteral("400") << QStringLiteral("nope");
    QTest::newRow("ollama") << QByteArray(R"({"error":"model \"llama9\" not found, try pulling it first"})")
                            << QString() << QStringLiteral("model \"llama9\" not found, try pulling it first");
    QTest::newRow("vllm") << QByteArray(R"({"object":"error","message":"maximum context length is 4096","type":"BadRequestError","param":null,"code":400})")
                          << QStringLiteral("BadRequestError") << QStringLiteral("maximum context length is 4096");
    QTest::newRow("array") << QByteArray(R"([{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}}])")
                           << QStringLiteral("429") << QStringLiteral("Resource exhausted");
    QTest::newRow("html") << QByteArray("<html><body>502 Bad Gateway</body></html>")
                          << QString() << QStringLiteral("<html><body>502 Bad Gateway</body></html>");
    QTest::newRow("unknown json") << QByteArray(R"({"detail":"nope"})") << QString() << QStringLiteral(R"({"detail":"nope"})");
    QTest::newRow("empty") << QByteArray() << QString() << QString();
    QTest::newRow("long text cut at 500") << QByteArray(800, 'z') << QString() << QString(500, QLatin1Char('z'));
}

void TestHttpSseStream::errorBodyShapes()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, type);
    QFETCH(QString, message);
    const valis::ProviderErrorBody parsed = valis::ProviderErrorBody::parse(body);
    QCOMPARE(parsed.type, type);
    QCOMPARE(parsed.message, message);
}

void TestHttpSseStream::cutMidStreamKeepsEarlierEvents_data()
{
    QTest::addColumn<bool>("chunked");
    QTest::newRow("chunked") << true;
    QTest::newRow("content-length") << false;
}

void TestHttpSseStream::cutMidStreamKeepsEarlierEvents()
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

void TestHttpSseStream::cleanCloseAsksTheDecoder()
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

void TestHttpSseStream::bodyEndingMidLine()
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

void TestHttpSseStream::malformedEventIsProtocol()
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

void TestHttpSseStream::streamErrorEvent()
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

void TestHttpSseStream::brokenChunkFraming()
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

void TestHttpSseStream::wrongContentTypeIsProtocol()
{
    m_server->enqueue(ScriptedResponse::json(200, R"({"id":"msg_1","content":[{"type":"text","text":"not streamed"}]})"));
    start();
    Outcome outcome;
    runToEnd(&outcome);
    QVERIFY(outcome.events.isEmpty());
    QCOMPARE(outcome.failure().kind, ProviderFailure::Kind::Protocol);
    QCOMPARE(outcome.failure().httpStatus, 0);
    QVERIFY(outcome.failure().message.contains(QLatin1String("application/json")));
    QVERIFY(outcome.failure().message.contains(QLatin1String("not streamed")));
}

void TestHttpSseStream::idleTimeoutBeforeHeaders()
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

void TestHttpSseStream::idleTimeoutMidStream()
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

void TestHttpSseStream::connectionRefusedIsTransport()
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
