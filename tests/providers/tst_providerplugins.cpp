// The provider plugins as the host loads them, against ProviderTestServer: real HTTP on
// loopback, recorded streams replayed byte for byte, every request captured.
#include "anthropicdecoder.h"
#include "anthropicrequest.h"
#include "chatdecoder.h"
#include "chatrequest.h"
#include "fixturestreams.h"
#include "providerhttp.h"
#include "providerserver.h"
#include "responsesdecoder.h"
#include "responsesrequest.h"
#include "streamcheck.h"
#include "teststreams.h"
#include "testsupport.h"

#include "valis/plugins/provider.h"
#include "valis/plugins/providerplugin.h"
#include "valis/plugins/providerstream.h"

#include <QDir>
#include <QPluginLoader>
#include <QPointer>
#include <QSignalSpy>

#include <memory>

using namespace valis;
using namespace valis::test;
using Kind = ProviderEvent::Kind;

namespace {

/// What a ProviderStream reported, collected from its signals.
struct StreamOutcome
{
    QList<ProviderEvent> events;
    bool finished = false;
    std::optional<ProviderFailure> failure;
};

StreamOutcome run(Provider *provider, const ProviderRequest &request)
{
    StreamOutcome outcome;
    QObject owner;
    ProviderStream *stream = provider->stream(request, &owner);
    QObject::connect(stream, &ProviderStream::eventReceived, &owner,
                     [&outcome](const ProviderEvent &event) { outcome.events.append(event); });
    QObject::connect(stream, &ProviderStream::finished, &owner, [&outcome] { outcome.finished = true; });
    QObject::connect(stream, &ProviderStream::failed, &owner,
                     [&outcome](const ProviderFailure &failure) { outcome.failure = failure; });
    [&outcome] { QTRY_VERIFY_WITH_TIMEOUT(outcome.finished || outcome.failure.has_value(), 20000); }();
    return outcome;
}

Message userText(const QString &text)
{
    Message message;
    message.role = Role::User;
    message.parts = {Part::makeText(text)};
    return message;
}

ProviderRequest request(const QUrl &baseUrl, const QString &key)
{
    ProviderRequest request;
    request.model = QStringLiteral("model-x");
    request.system.role = Role::System;
    request.system.parts = {Part::makeText(QStringLiteral("Be brief."))};
    request.messages = {userText(QStringLiteral("Add 2 and 3."))};
    request.tools = QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("add")},
                                           {QStringLiteral("description"), QStringLiteral("Adds")},
                                           {QStringLiteral("input_schema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}}};
    request.endpoint.baseUrl = baseUrl;
    request.endpoint.apiKey = key;
    request.cacheKey = QStringLiteral("session-7");
    return request;
}

} // namespace

class TestProviderPlugins : public QObject
{
    Q_OBJECT

private:
    Provider *provider(const QString &id) const
    {
        for (const auto &loader : m_loaders) {
            auto *plugin = qobject_cast<ProviderPlugin *>(loader->instance());
            for (Provider *candidate : plugin->providers()) {
                if (candidate->id() == id)
                    return candidate;
            }
        }
        return nullptr;
    }

    /// Replays `body` for `providerId` in 1 KiB pieces and checks the events equal decoding the
    /// same bytes directly; returns the captured request.
    CapturedRequest replay(const QString &providerId, const ProviderRequest &request, const QByteArray &body,
                           StreamDecoder &directDecoder, bool *ok)
    {
        *ok = false;
        ProviderTestServer server;
        if (!server.listen())
            return {};
        ScriptedResponse response = ScriptedResponse::sse(body);
        response.chunkSize = 1024;
        server.enqueue(response);
        ProviderRequest sent = request;
        if (sent.endpoint.baseUrl.isEmpty())
            sent.endpoint.baseUrl = server.baseUrl();
        else
            sent.endpoint.baseUrl.setPort(server.baseUrl().port());
        const StreamOutcome outcome = run(provider(providerId), sent);
        const DecodedStream direct = decodeStream(directDecoder, body);
        [&] {
            QVERIFY2(!outcome.failure, qPrintable(outcome.failure ? outcome.failure->message : QString()));
            QVERIFY(outcome.finished);
            QVERIFY2(outcome.events == direct.events, qPrintable(describe(outcome.events) + QStringLiteral("---\n")
                                                                 + describe(direct.events)));
            QCOMPARE(server.requests().size(), 1);
            *ok = true;
        }();
        return server.requests().value(0);
    }

    std::vector<std::unique_ptr<QPluginLoader>> m_loaders;

private Q_SLOTS:
    void initTestCase()
    {
        const QString folder = buildDir() + QStringLiteral("/lib/valis/plugins");
        for (const char *name : {"anthropic", "openai", "openai-compatible"}) {
            auto loader = std::make_unique<QPluginLoader>(QDir(folder).filePath(QString::fromLatin1(name)));
            QVERIFY2(loader->load(), qPrintable(loader->errorString()));
            auto *plugin = qobject_cast<ProviderPlugin *>(loader->instance());
            QVERIFY(plugin);
            PluginContext context;
            context.pluginId = QString::fromLatin1(name);
            VALIS_VERIFY_OK(plugin->initialize(context));
            m_loaders.push_back(std::move(loader));
        }
    }

    void cleanupTestCase()
    {
        for (const auto &loader : m_loaders)
            qobject_cast<ProviderPlugin *>(loader->instance())->shutdown();
    }

    void providersAndDefaults()
    {
        QStringList ids;
        for (const auto &loader : m_loaders) {
            for (Provider *candidate : qobject_cast<ProviderPlugin *>(loader->instance())->providers())
                ids << candidate->id();
        }
        QCOMPARE(ids, (QStringList{QStringLiteral("anthropic"), QStringLiteral("openai"), QStringLiteral("openai-responses"),
                                   QStringLiteral("openai-compatible")}));
        const ProviderDefaults anthropic = provider(QStringLiteral("anthropic"))->defaults();
        QCOMPARE(anthropic.baseUrl, QUrl(QStringLiteral("https://api.anthropic.com")));
        QCOMPARE(anthropic.baseUrlVariable, QStringLiteral("ANTHROPIC_BASE_URL"));
        QCOMPARE(anthropic.apiKeyVariables, QStringList{QStringLiteral("ANTHROPIC_API_KEY")});
        QVERIFY(anthropic.requiresApiKey);
        QCOMPARE(anthropic.apiKeyHelpUrl, QStringLiteral("https://console.anthropic.com/settings/keys"));
        for (const char *id : {"openai", "openai-responses"}) {
            const ProviderDefaults openai = provider(QString::fromLatin1(id))->defaults();
            QCOMPARE(openai.baseUrl, QUrl(QStringLiteral("https://api.openai.com/v1")));
            QCOMPARE(openai.baseUrlVariable, QStringLiteral("OPENAI_BASE_URL"));
            QCOMPARE(openai.apiKeyVariables, QStringList{QStringLiteral("OPENAI_API_KEY")});
            QVERIFY(openai.requiresApiKey);
            QCOMPARE(openai.apiKeyHelpUrl, QStringLiteral("https://platform.openai.com/api-keys"));
        }
        const ProviderDefaults compatible = provider(QStringLiteral("openai-compatible"))->defaults();
        QCOMPARE(compatible.baseUrl, QUrl(QStringLiteral("http://localhost:11434/v1")));
        QCOMPARE(compatible.baseUrlVariable, QStringLiteral("OLLAMA_HOST"));
        QCOMPARE(compatible.baseUrlVariablePath, QStringLiteral("/v1"));
        QCOMPARE(compatible.apiKeyVariables, QStringList{QStringLiteral("OPENAI_COMPATIBLE_API_KEY")});
        QVERIFY(!compatible.requiresApiKey);
    }

    void anthropicOverHttp()
    {
        ProviderRequest sent = request({}, QStringLiteral("sk-ant-secret"));
        providers::anthropic::AnthropicDecoder direct;
        bool ok = false;
        const CapturedRequest captured = replay(QStringLiteral("anthropic"), sent, streams::anthropicThinkingToolStream, direct, &ok);
        QVERIFY(ok);
        QCOMPARE(captured.method, QByteArray("POST"));
        QCOMPARE(captured.path, QByteArray("/v1/messages"));
        QCOMPARE(captured.header("x-api-key"), QByteArray("sk-ant-secret"));
        QCOMPARE(captured.header("anthropic-version"), QByteArray("2023-06-01"));
        QCOMPARE(captured.header("accept"), QByteArray("text/event-stream"));
        QVERIFY(captured.header("content-type").startsWith("application/json"));
        QCOMPARE(captured.body, providers::compactJson(providers::anthropic::requestBody(sent)));
        QVERIFY(!captured.body.contains("sk-ant-secret"));
    }

    void openAiChatOverHttp()
    {
        ProviderRequest sent = request({}, QStringLiteral("sk-openai-secret"));
        providers::openaichat::ChatDecoder direct;
        bool ok = false;
        sent.endpoint.baseUrl = QUrl(QStringLiteral("http://127.0.0.1/v1/"));
        const CapturedRequest captured = replay(QStringLiteral("openai"), sent, streams::chatParallelToolsStream, direct, &ok);
        QVERIFY(ok);
        QCOMPARE(captured.path, QByteArray("/v1/chat/completions"));
        QCOMPARE(captured.header("authorization"), QByteArray("Bearer sk-openai-secret"));
        QCOMPARE(captured.body, providers::compactJson(providers::openaichat::requestBody(sent, providers::openaichat::openAiDialect())));
        QCOMPARE(captured.json().value(QStringLiteral("prompt_cache_key")).toString(), QStringLiteral("session-7"));
    }

    void openAiResponsesOverHttp()
    {
        ProviderRequest sent = request(QUrl(QStringLiteral("http://127.0.0.1/v1")), QStringLiteral("sk-openai-secret"));
        providers::openairesponses::ResponsesDecoder direct;
        bool ok = false;
        const CapturedRequest captured = replay(QStringLiteral("openai-responses"), sent, streams::responsesToolStream, direct, &ok);
        QVERIFY(ok);
        QCOMPARE(captured.path, QByteArray("/v1/responses"));
        QCOMPARE(captured.header("authorization"), QByteArray("Bearer sk-openai-secret"));
        QCOMPARE(captured.body, providers::compactJson(providers::openairesponses::requestBody(sent)));
    }

    void compatibleOverHttpWithoutKey()
    {
        // A base URL without a path, the way OLLAMA_HOST names a server: the requests go to /v1.
        ProviderRequest sent = request({}, QString());
        providers::openaichat::ChatDecoder direct;
        sent.endpoint.baseUrl = QUrl(QStringLiteral("http://127.0.0.1"));
        bool ok = false;
        const CapturedRequest captured = replay(QStringLiteral("openai-compatible"), sent, streams::chatIdlessToolStream, direct, &ok);
        QVERIFY(ok);
        QCOMPARE(captured.path, QByteArray("/v1/chat/completions"));
        QVERIFY(captured.header("authorization").isEmpty());
        const QJsonObject body = captured.json();
        QVERIFY(!body.contains(QStringLiteral("prompt_cache_key")));
        QCOMPARE(captured.body, providers::compactJson(providers::openaichat::requestBody(sent, providers::openaichat::compatibleDialect())));
    }

    void missingKeyFailsWithoutARequest()
    {
        ProviderTestServer server;
        QVERIFY(server.listen());
        for (const char *id : {"anthropic", "openai", "openai-responses"}) {
            const StreamOutcome outcome = run(provider(QString::fromLatin1(id)), request(server.baseUrl(), QString()));
            QVERIFY(outcome.failure.has_value());
            QVERIFY(!outcome.finished);
            QVERIFY(outcome.events.isEmpty());
            QCOMPARE(outcome.failure->kind, ProviderFailure::Kind::Http);
            QCOMPARE(outcome.failure->httpStatus, 401);
            QCOMPARE(outcome.failure->errorType, QStringLiteral("missing_api_key"));
            QCOMPARE(outcome.failure->providerId, QString::fromLatin1(id));
        }
        QCOMPARE(server.requests().size(), 0);
        QCOMPARE(server.unexpectedRequests(), 0);
    }

    void badBaseUrlIsATransportFailure()
    {
        const StreamOutcome outcome = run(provider(QStringLiteral("openai")),
                                          request(QUrl(QStringLiteral("ftp://example.com/v1")), QStringLiteral("k")));
        QVERIFY(outcome.failure.has_value());
        QCOMPARE(outcome.failure->kind, ProviderFailure::Kind::Transport);
        QCOMPARE(outcome.failure->providerId, QStringLiteral("openai"));
    }

    // --- recorded streams ----------------------------------------------------------------

    void cassettesOverHttp_data()
    {
        QTest::addColumn<QString>("providerId");
        QTest::addColumn<QString>("cassette");
        const QString root = QStringLiteral("fantasy-provider-cassettes/testdata/");
        QTest::newRow("anthropic") << QStringLiteral("anthropic") << root + QStringLiteral("TestAnthropicCommon/claude-sonnet-4/multi_tool_streaming.yaml");
        QTest::newRow("openai") << QStringLiteral("openai") << root + QStringLiteral("TestOpenAICommon/openai-gpt-4o/multi_tool_streaming.yaml");
        QTest::newRow("openai-responses") << QStringLiteral("openai-responses") << root + QStringLiteral("TestOpenAIResponsesCommon/openai-gpt-5/multi_tool_streaming.yaml");
        QTest::newRow("openai-compatible") << QStringLiteral("openai-compatible") << root + QStringLiteral("TestOpenAICompatibleCommon/llama-cpp-gpt-oss/tool_streaming.yaml");
    }

    void cassettesOverHttp()
    {
        QFETCH(QString, providerId);
        QFETCH(QString, cassette);
        QString error;
        const QByteArray body = cassetteStream(cassette, &error);
        if (body.isEmpty())
            QSKIP(qPrintable(error));
        std::unique_ptr<StreamDecoder> direct;
        if (providerId == QLatin1String("anthropic"))
            direct = std::make_unique<providers::anthropic::AnthropicDecoder>();
        else if (providerId == QLatin1String("openai-responses"))
            direct = std::make_unique<providers::openairesponses::ResponsesDecoder>();
        else
            direct = std::make_unique<providers::openaichat::ChatDecoder>();
        bool ok = false;
        ProviderRequest sent = request({}, QStringLiteral("key"));
        if (providerId != QLatin1String("anthropic"))
            sent.endpoint.baseUrl = QUrl(QStringLiteral("http://127.0.0.1/v1"));
        replay(providerId, sent, body, *direct, &ok);
        QVERIFY(ok);
    }
};

VALIS_TEST_MAIN(TestProviderPlugins)
#include "tst_providerplugins.moc"
