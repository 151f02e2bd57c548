// HttpSseStream when the server answers with an error: the status, the provider's error body
// and the retry-after headers, as ProviderFailure facts.
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

class TestHttpSseStreamHttpErrors : public SseStreamTest
{
    Q_OBJECT

private Q_SLOTS:
    void init() { setUp(); }
    void cleanup() { tearDown(); }

    void unauthorizedCarriesTheProviderError();
    void rateLimitedWithRetryAfterSeconds();
    void retryAfterMsWins();
    void retryAfterAsHttpDate();
    void overloaded529();
    void serverError500WithTextBody();
    void errorBodyShapes_data();
    void errorBodyShapes();
    void wrongContentTypeIsProtocol();
};

void TestHttpSseStreamHttpErrors::unauthorizedCarriesTheProviderError()
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

void TestHttpSseStreamHttpErrors::rateLimitedWithRetryAfterSeconds()
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

void TestHttpSseStreamHttpErrors::retryAfterMsWins()
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

void TestHttpSseStreamHttpErrors::retryAfterAsHttpDate()
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

void TestHttpSseStreamHttpErrors::overloaded529()
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

void TestHttpSseStreamHttpErrors::serverError500WithTextBody()
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

void TestHttpSseStreamHttpErrors::errorBodyShapes_data()
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

void TestHttpSseStreamHttpErrors::errorBodyShapes()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, type);
    QFETCH(QString, message);
    const valis::ProviderErrorBody parsed = valis::ProviderErrorBody::parse(body);
    QCOMPARE(parsed.type, type);
    QCOMPARE(parsed.message, message);
}

void TestHttpSseStreamHttpErrors::wrongContentTypeIsProtocol()
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

VALIS_TEST_MAIN(TestHttpSseStreamHttpErrors)

#include "tst_httpssestream_httperrors.moc"
