// The one place that decides what a provider failure means, and the backoff that follows it.
#include "testsupport.h"
#include "valis/agent/failureclassifier.h"
#include "valis/agent/retrypolicy.h"

#include <QtTest>

using namespace valis;
using namespace std::chrono_literals;

namespace {

FailureContext anthropicContext(const QString &keySource = QStringLiteral("ANTHROPIC_API_KEY"))
{
    FailureContext context;
    context.providerName = QStringLiteral("Anthropic");
    context.providerId = QStringLiteral("anthropic");
    context.defaults.apiKeyVariables = {QStringLiteral("ANTHROPIC_API_KEY")};
    context.defaults.apiKeyHelpUrl = QStringLiteral("https://console.anthropic.com/settings/keys");
    context.keySource = keySource;
    context.baseUrl = QStringLiteral("https://api.anthropic.com");
    return context;
}

ProviderFailure http(int status, const QString &type = {}, const QString &message = {})
{
    ProviderFailure failure;
    failure.kind = ProviderFailure::Kind::Http;
    failure.providerId = QStringLiteral("anthropic");
    failure.httpStatus = status;
    failure.errorType = type;
    failure.message = message;
    return failure;
}

ProviderFailure ofKind(ProviderFailure::Kind kind, const QString &type = {}, const QString &message = {})
{
    ProviderFailure failure;
    failure.kind = kind;
    failure.errorType = type;
    failure.message = message;
    return failure;
}

} // namespace

Q_DECLARE_METATYPE(valis::FailureCategory)

class TestFailures : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classification_data()
    {
        QTest::addColumn<ProviderFailure>("failure");
        QTest::addColumn<FailureCategory>("category");
        QTest::addColumn<bool>("retryable");

        using K = ProviderFailure::Kind;
        QTest::newRow("401") << http(401, QStringLiteral("authentication_error"), QStringLiteral("invalid x-api-key")) << FailureCategory::Auth << false;
        QTest::newRow("403") << http(403, QStringLiteral("permission_error")) << FailureCategory::Auth << false;
        QTest::newRow("429") << http(429, QStringLiteral("rate_limit_error")) << FailureCategory::RateLimited << true;
        QTest::newRow("429 quota") << http(429, QStringLiteral("insufficient_quota"), QStringLiteral("You exceeded your current quota"))
                                   << FailureCategory::RateLimited << false;
        QTest::newRow("529") << http(529, QStringLiteral("overloaded_error"), QStringLiteral("Overloaded")) << FailureCategory::Overloaded << true;
        QTest::newRow("503") << http(503) << FailureCategory::Overloaded << true;
        QTest::newRow("500") << http(500, QStringLiteral("api_error")) << FailureCategory::ServerError << true;
        QTest::newRow("502 no body") << http(502) << FailureCategory::ServerError << true;
        QTest::newRow("408") << http(408) << FailureCategory::Timeout << true;
        QTest::newRow("404 model") << http(404, QStringLiteral("not_found_error"), QStringLiteral("model: claude-9")) << FailureCategory::InvalidRequest << false;
        QTest::newRow("anthropic prompt too long")
            << http(400, QStringLiteral("invalid_request_error"), QStringLiteral("prompt is too long: 208310 tokens > 200000 maximum"))
            << FailureCategory::ContextOverflow << false;
        QTest::newRow("openai context_length_exceeded")
            << http(400, QStringLiteral("context_length_exceeded"), QStringLiteral("This model's maximum context length is 128000 tokens."))
            << FailureCategory::ContextOverflow << false;
        QTest::newRow("llama.cpp exceeds context")
            << http(400, {}, QStringLiteral("the request exceeds the available context size, try increasing it"))
            << FailureCategory::ContextOverflow << false;
        QTest::newRow("413") << http(413, QStringLiteral("request_too_large")) << FailureCategory::ContextOverflow << false;
        QTest::newRow("plain 400") << http(400, QStringLiteral("invalid_request_error"), QStringLiteral("temperature: must be <= 1"))
                                   << FailureCategory::InvalidRequest << false;
        QTest::newRow("stream overloaded") << ofKind(K::StreamError, QStringLiteral("overloaded_error"), QStringLiteral("Overloaded"))
                                           << FailureCategory::Overloaded << true;
        QTest::newRow("stream context") << ofKind(K::StreamError, QStringLiteral("context_length_exceeded"))
                                        << FailureCategory::ContextOverflow << false;
        QTest::newRow("stream invalid") << ofKind(K::StreamError, QStringLiteral("invalid_prompt"), QStringLiteral("flagged"))
                                        << FailureCategory::InvalidRequest << false;
        QTest::newRow("transport") << ofKind(K::Transport, {}, QStringLiteral("Connection refused")) << FailureCategory::Network << true;
        QTest::newRow("timeout") << ofKind(K::Timeout) << FailureCategory::Timeout << true;
        QTest::newRow("interrupted") << ofKind(K::Interrupted) << FailureCategory::Interrupted << true;
        QTest::newRow("protocol") << ofKind(K::Protocol, {}, QStringLiteral("malformed event")) << FailureCategory::Protocol << false;
        QTest::newRow("cancelled") << ofKind(K::Cancelled) << FailureCategory::Cancelled << false;
    }

    void classification()
    {
        QFETCH(ProviderFailure, failure);
        QFETCH(FailureCategory, category);
        QFETCH(bool, retryable);
        const ClassifiedFailure classified = classifyProviderFailure(failure, anthropicContext());
        QCOMPARE(classified.category, category);
        QCOMPARE(classified.retryable, retryable);
        QCOMPARE(classified.error.code, QStringLiteral("provider.") + failureCategoryName(category));
        QVERIFY(!classified.error.message.isEmpty());
        // What the provider said reaches the person.
        if (!failure.message.isEmpty())
            QVERIFY2(classified.error.message.contains(failure.message.left(30)), qPrintable(classified.error.message));
    }

    void authMessageSaysWhichKeyAndHowToFixIt()
    {
        const ClassifiedFailure refused = classifyProviderFailure(http(401, QStringLiteral("authentication_error"), QStringLiteral("invalid x-api-key")),
                                                                  anthropicContext(QStringLiteral("keychain")));
        QVERIFY(refused.error.message.contains(QLatin1String("Anthropic")));
        QVERIFY(refused.error.message.contains(QLatin1String("keychain")));
        QVERIFY(refused.error.message.contains(QLatin1String("valis-cli keys set anthropic")));
        QVERIFY(refused.error.message.contains(QLatin1String("ANTHROPIC_API_KEY")));
        QVERIFY(refused.error.message.contains(QLatin1String("https://console.anthropic.com/settings/keys")));

        const ClassifiedFailure none = classifyProviderFailure(http(401), anthropicContext(QString()));
        QVERIFY2(none.error.message.contains(QLatin1String("none was sent")), qPrintable(none.error.message));
    }

    void echoedKeyIsRedacted()
    {
        FailureContext context = anthropicContext();
        context.secret = QStringLiteral("sk-live-0123456789abcdef");
        const ClassifiedFailure classified = classifyProviderFailure(
            http(401, QStringLiteral("invalid_api_key"), QStringLiteral("Incorrect API key provided: sk-live-0123456789abcdef.")), context);
        QVERIFY(!classified.error.message.contains(context.secret));
        QVERIFY(!classified.failure.message.contains(context.secret));
        QVERIFY(classified.error.message.contains(QLatin1String("Incorrect API key provided: [key]")));
    }

    void retryAfterTravels()
    {
        ProviderFailure failure = http(429);
        failure.retryAfter = 1500ms;
        const ClassifiedFailure classified = classifyProviderFailure(failure, anthropicContext());
        QVERIFY(classified.retryAfter.has_value());
        QCOMPARE(classified.retryAfter->count(), 1500);
    }

    void backoffGrowsAndStops()
    {
        RetryPolicy policy;
        policy.maxAttempts = 4;
        policy.initialDelay = 100ms;
        policy.multiplier = 2;
        policy.maxDelay = 250ms;
        policy.jitter = 0;
        QCOMPARE(policy.delayBefore(1)->count(), 100);
        QCOMPARE(policy.delayBefore(2)->count(), 200);
        QCOMPARE(policy.delayBefore(3)->count(), 250); // capped
        QVERIFY(!policy.delayBefore(4).has_value());   // four attempts in all
        QVERIFY(!policy.delayBefore(0).has_value());
    }

    void jitterStaysInItsBand()
    {
        RetryPolicy policy;
        policy.initialDelay = 1000ms;
        policy.jitter = 0.2;
        for (int i = 0; i < 200; ++i) {
            const qint64 delay = policy.delayBefore(1)->count();
            QVERIFY2(delay >= 800 && delay <= 1200, qPrintable(QString::number(delay)));
        }
    }

    void retryAfterIsAFloorAndHasACeiling()
    {
        RetryPolicy policy;
        policy.jitter = 0.2;
        policy.maxRetryAfter = 10s;
        for (int i = 0; i < 100; ++i) {
            const qint64 delay = policy.delayBefore(1, 3000ms)->count();
            QVERIFY2(delay >= 3000 && delay <= 3300, qPrintable(QString::number(delay)));
        }
        QVERIFY(!policy.delayBefore(1, 11s).has_value()); // longer than we are willing to wait
    }

    void policyFromJson()
    {
        const RetryPolicy policy = RetryPolicy::fromJson(
            {{QStringLiteral("maxAttempts"), 2}, {QStringLiteral("initialDelayMs"), 5}, {QStringLiteral("jitter"), QStringLiteral("x")}});
        QCOMPARE(policy.maxAttempts, 2);
        QCOMPARE(policy.initialDelay.count(), 5);
        QCOMPARE(policy.jitter, RetryPolicy().jitter); // a wrong type keeps the default
        QCOMPARE(RetryPolicy::fromJson(policy.toJson()).toJson(), policy.toJson());
    }
};

VALIS_TEST_MAIN(TestFailures)
#include "tst_failures.moc"
