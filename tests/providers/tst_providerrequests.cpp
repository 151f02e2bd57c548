// How the provider plugins turn a ProviderRequest into HTTP: bodies, cache breakpoints, URLs,
// headers.
#include "anthropicrequest.h"
#include "chatrequest.h"
#include "compatiblebaseurl.h"
#include "providerhttp.h"
#include "responsesrequest.h"
#include "testsupport.h"

#include "valis/wire/openairesponses.h"
#include "valis/wire/wireformat.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace valis;
using namespace valis::providers;

namespace {

Message message(Role role, const QList<Part> &parts)
{
    Message m;
    m.role = role;
    m.parts = parts;
    return m;
}

Message userText(const QString &text)
{
    return message(Role::User, {Part::makeText(text)});
}

QJsonObject object(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

QByteArray compact(const QJsonValue &value)
{
    return value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                           : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
}

QJsonArray tools()
{
    return QJsonArray{
        QJsonObject{{QStringLiteral("name"), QStringLiteral("read")},
                    {QStringLiteral("description"), QStringLiteral("Read a file")},
                    {QStringLiteral("input_schema"), object(R"({"type":"object","properties":{"path":{"type":"string"}}})")}},
        QJsonObject{{QStringLiteral("name"), QStringLiteral("ls")},
                    {QStringLiteral("input_schema"), object(R"({"type":"object"})")}},
    };
}

ProviderRequest baseRequest()
{
    ProviderRequest request;
    request.model = QStringLiteral("model-x");
    request.system = message(Role::System, {Part::makeText(QStringLiteral("You are terse."))});
    request.tools = tools();
    request.endpoint.baseUrl = QUrl(QStringLiteral("https://api.example.com"));
    request.endpoint.apiKey = QStringLiteral("sk-test-key");
    return request;
}

/// Every place "cache_control" appears in `value`, as JSON paths.
void findCacheControl(const QJsonValue &value, const QString &path, QStringList &out)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() == QLatin1String("cache_control"))
                out << path;
            else
                findCacheControl(it.value(), path + QLatin1Char('.') + it.key(), out);
        }
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            findCacheControl(array.at(i), path + QLatin1Char('[') + QString::number(i) + QLatin1Char(']'), out);
    }
}

QStringList cacheControls(const QJsonObject &body)
{
    QStringList out;
    findCacheControl(body, QString(), out);
    return out;
}

/// `value` with every cache_control removed.
QJsonValue withoutCacheControl(const QJsonValue &value)
{
    if (value.isObject()) {
        QJsonObject object = value.toObject();
        object.remove(QStringLiteral("cache_control"));
        for (auto it = object.begin(); it != object.end(); ++it)
            *it = withoutCacheControl(it.value());
        return object;
    }
    if (value.isArray()) {
        QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            array[i] = withoutCacheControl(array.at(i));
        return array;
    }
    return value;
}

} // namespace

class TestProviderRequests : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // --- Anthropic ------------------------------------------------------------------------

    void anthropicExactBody()
    {
        ProviderRequest request = baseRequest();
        request.messages = {userText(QStringLiteral("Hi"))};
        request.tools = QJsonArray{tools().first()};
        request.options = object(R"({"temperature":0.5,"model":"other","stream":false,"metadata":{"user_id":"u"}})");
        const QByteArray expected =
            R"({"max_tokens":8192,"messages":[{"content":[{"cache_control":{"type":"ephemeral"},"text":"Hi","type":"text"}],"role":"user"}],)"
            R"("metadata":{"user_id":"u"},"model":"model-x","stream":true,)"
            R"("system":[{"cache_control":{"type":"ephemeral"},"text":"You are terse.","type":"text"}],"temperature":0.5,)"
            R"("tools":[{"cache_control":{"type":"ephemeral"},"description":"Read a file","input_schema":{"properties":{"path":{"type":"string"}},"type":"object"},"name":"read"}]})";
        QCOMPARE(compactJson(anthropic::requestBody(request)), expected);
    }

    void anthropicBreakpointsFollowMergedMessages()
    {
        // Two tool results and a user text become ONE wire message; the stable message is the
        // first tool result, so its breakpoint goes on that block, not on the merged-in ones.
        ProviderRequest request = baseRequest();
        request.messages = {
            userText(QStringLiteral("Q1")),
            message(Role::Assistant, {Part::makeThinking(QStringLiteral("plan"), QStringLiteral("sig")),
                                      Part::makeText(QStringLiteral("A1")),
                                      Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("read"), QJsonObject()),
                                      Part::makeToolCall(QStringLiteral("c2"), QStringLiteral("read"), QJsonObject())}),
            message(Role::Tool, {Part::makeToolResultText(QStringLiteral("c1"), QStringLiteral("one"))}),
            message(Role::Tool, {Part::makeToolResultText(QStringLiteral("c2"), QStringLiteral("two"))}),
            userText(QStringLiteral("continue")),
        };
        request.stableHistoryEnd = 2;
        const QJsonObject body = anthropic::requestBody(request);
        QCOMPARE(body.value(QStringLiteral("messages")).toArray().size(), 3);
        QCOMPARE(cacheControls(body), (QStringList{QStringLiteral(".messages[2].content[0]"),
                                                   QStringLiteral(".messages[2].content[2]"),
                                                   QStringLiteral(".system[0]"), QStringLiteral(".tools[1]")}));

        // The stable message is the assistant one: its last block (a tool_use) is marked.
        request.stableHistoryEnd = 1;
        QCOMPARE(cacheControls(anthropic::requestBody(request)),
                 (QStringList{QStringLiteral(".messages[1].content[3]"), QStringLiteral(".messages[2].content[2]"),
                              QStringLiteral(".system[0]"), QStringLiteral(".tools[1]")}));

        // Stable and last coincide: one breakpoint, not two.
        request.stableHistoryEnd = 4;
        QCOMPARE(cacheControls(anthropic::requestBody(request)),
                 (QStringList{QStringLiteral(".messages[2].content[2]"), QStringLiteral(".system[0]"),
                              QStringLiteral(".tools[1]")}));
    }

    void anthropicNeverMarksThinkingOrEmptyText()
    {
        ProviderRequest request = baseRequest();
        request.system = message(Role::System, {Part::makeText(QStringLiteral("Rules.")), Part::makeText(QString())});
        request.messages = {
            userText(QStringLiteral("Q1")),
            message(Role::Assistant, {Part::makeText(QStringLiteral("A1")),
                                      Part::makeThinking(QStringLiteral("hmm"), QStringLiteral("sig")), Part::makeText(QString())}),
            userText(QStringLiteral("Q2")),
            message(Role::Assistant, {Part::makeThinking(QStringLiteral("only thinking"), QStringLiteral("sig2"))}),
        };
        request.stableHistoryEnd = 1;
        const QJsonObject body = anthropic::requestBody(request);
        // The stable assistant message ends in thinking and an empty text: its text "A1" is
        // marked; the last message holds nothing cacheable and gets no breakpoint. The empty
        // system segment is dropped (the API refuses empty text blocks).
        QCOMPARE(cacheControls(body), (QStringList{QStringLiteral(".messages[1].content[0]"), QStringLiteral(".system[0]"),
                                                   QStringLiteral(".tools[1]")}));
        QCOMPARE(body.value(QStringLiteral("system")).toArray().size(), 1);
    }

    void anthropicDropsTheRecordsOwnBreakpoints()
    {
        // An imported transcript carries Claude Code's cache_control: only ours may remain.
        ProviderRequest request = baseRequest();
        Part marked = Part::makeText(QStringLiteral("old"));
        marked.wire.insert(wire::anthropicMessages,
                           QJsonObject{{QStringLiteral("extra"), object(R"({"cache_control":{"type":"ephemeral"}})")}});
        Part result = Part::makeToolResult(QStringLiteral("c1"), {marked});
        request.messages = {message(Role::User, {marked, Part::makeText(QStringLiteral("q"))}),
                            message(Role::Assistant, {Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("ls"), QJsonObject())}),
                            message(Role::Tool, {result}), message(Role::Assistant, {Part::makeText(QStringLiteral("done"))}),
                            userText(QStringLiteral("next"))};
        QCOMPARE(cacheControls(anthropic::requestBody(request)),
                 (QStringList{QStringLiteral(".messages[4].content[0]"), QStringLiteral(".system[0]"), QStringLiteral(".tools[1]")}));
    }

    void anthropicBodiesAreByteStable()
    {
        ProviderRequest request = baseRequest();
        request.messages = {userText(QStringLiteral("Q1")), message(Role::Assistant, {Part::makeText(QStringLiteral("A1"))}),
                            userText(QStringLiteral("Q2"))};
        request.stableHistoryEnd = 1;
        request.options = object(R"({"temperature":1,"top_k":5,"thinking":{"type":"enabled","budget_tokens":2000}})");
        const QByteArray first = compactJson(anthropic::requestBody(request));
        ProviderRequest copy = request;
        QCOMPARE(compactJson(anthropic::requestBody(copy)), first);
        QCOMPARE(compactJson(anthropic::requestBody(request)), first);
    }

    void anthropicNextTurnKeepsThePrefix()
    {
        ProviderRequest turn1 = baseRequest();
        turn1.messages = {userText(QStringLiteral("Q1"))};
        ProviderRequest turn2 = turn1;
        turn2.messages << message(Role::Assistant, {Part::makeText(QStringLiteral("A1")),
                                                    Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("ls"), QJsonObject())})
                       << message(Role::Tool, {Part::makeToolResultText(QStringLiteral("c1"), QStringLiteral("a.txt"))})
                       << message(Role::Assistant, {Part::makeText(QStringLiteral("Done."))})
                       << userText(QStringLiteral("Q2"));
        turn2.stableHistoryEnd = 3;
        const QJsonObject body1 = anthropic::requestBody(turn1);
        const QJsonObject body2 = anthropic::requestBody(turn2);
        for (const char *key : {"tools", "system", "model", "max_tokens"})
            QCOMPARE(compact(body2.value(QLatin1String(key))), compact(body1.value(QLatin1String(key))));
        // Turn 1's messages come back byte for byte, but for turn 1's last-message breakpoint.
        QJsonArray messages1 = body1.value(QStringLiteral("messages")).toArray();
        const QJsonArray messages2 = body2.value(QStringLiteral("messages")).toArray();
        messages1[messages1.size() - 1] = withoutCacheControl(messages1.last());
        QCOMPARE(compact(messages2.first()), compact(messages1.first()));
        // Turn 3: the breakpoints move to its stable end (turn 2's answer) and its last message;
        // everything before is the same bytes.
        ProviderRequest turn3 = turn2;
        turn3.messages << message(Role::Assistant, {Part::makeText(QStringLiteral("A2"))}) << userText(QStringLiteral("Q3"));
        turn3.stableHistoryEnd = 5;
        const QJsonArray messages3 = anthropic::requestBody(turn3).value(QStringLiteral("messages")).toArray();
        QCOMPARE(compact(withoutCacheControl(messages3.at(4))), compact(withoutCacheControl(messages2.at(4))));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(compact(withoutCacheControl(messages3.at(i))), compact(withoutCacheControl(messages2.at(i))));
        QCOMPARE(cacheControls(anthropic::requestBody(turn3)),
                 (QStringList{QStringLiteral(".messages[5].content[0]"), QStringLiteral(".messages[6].content[0]"),
                              QStringLiteral(".system[0]"), QStringLiteral(".tools[1]")}));
    }

    void anthropicMaxTokens()
    {
        ProviderRequest request = baseRequest();
        request.messages = {userText(QStringLiteral("Q"))};
        request.maxOutputTokens = 1000;
        QCOMPARE(anthropic::requestBody(request).value(QStringLiteral("max_tokens")).toInteger(), 1000);
        request.maxOutputTokens = -1;
        QCOMPARE(anthropic::requestBody(request).value(QStringLiteral("max_tokens")).toInteger(), anthropic::defaultMaxTokens);
        request.options = object(R"({"thinking":{"type":"enabled","budget_tokens":10000}})");
        QCOMPARE(anthropic::requestBody(request).value(QStringLiteral("max_tokens")).toInteger(), 10000 + anthropic::defaultMaxTokens);
        request.options.insert(QStringLiteral("max_tokens"), 20000);
        QCOMPARE(anthropic::requestBody(request).value(QStringLiteral("max_tokens")).toInteger(), 20000);
    }

    void anthropicHttpRequest()
    {
        ProviderEndpoint endpoint;
        endpoint.apiKey = QStringLiteral("sk-ant-1");
        endpoint.headers.insert("anthropic-beta", "context-1m");
        for (const char *base : {"https://api.anthropic.com", "https://api.anthropic.com/"}) {
            endpoint.baseUrl = QUrl(QString::fromLatin1(base));
            const QNetworkRequest http = anthropic::httpRequest(endpoint);
            QCOMPARE(http.url(), QUrl(QStringLiteral("https://api.anthropic.com/v1/messages")));
            QCOMPARE(http.rawHeader("x-api-key"), QByteArray("sk-ant-1"));
            QCOMPARE(http.rawHeader("anthropic-version"), QByteArray("2023-06-01"));
            QCOMPARE(http.rawHeader("anthropic-beta"), QByteArray("context-1m"));
            QCOMPARE(http.rawHeader("Accept"), QByteArray("text/event-stream"));
            QCOMPARE(http.header(QNetworkRequest::ContentTypeHeader).toByteArray(), QByteArray("application/json"));
            QVERIFY(!http.hasRawHeader("Authorization"));
        }
        endpoint.baseUrl = QUrl(QStringLiteral("https://gateway.example/anthropic/"));
        endpoint.headers.insert("anthropic-version", "2099-01-01"); // settings win
        const QNetworkRequest proxied = anthropic::httpRequest(endpoint);
        QCOMPARE(proxied.url(), QUrl(QStringLiteral("https://gateway.example/anthropic/v1/messages")));
        QCOMPARE(proxied.rawHeader("anthropic-version"), QByteArray("2099-01-01"));
    }

    // --- Chat Completions -----------------------------------------------------------------

    void chatExactBodies()
    {
        ProviderRequest request = baseRequest();
        request.messages = {
            userText(QStringLiteral("Q1")),
            message(Role::Assistant, {Part::makeThinking(QStringLiteral("reasoning that must not travel"))}),
            message(Role::Assistant, {Part::makeThinking(QStringLiteral("more")), Part::makeText(QStringLiteral("A1")),
                                      Part::makeToolCallFromText(QStringLiteral("call_1"), QStringLiteral("ls"), QStringLiteral("{}"))}),
            message(Role::Tool, {Part::makeToolResultText(QStringLiteral("call_1"), QStringLiteral("a.txt"))}),
        };
        request.tools = QJsonArray{tools().last()};
        request.maxOutputTokens = 500;
        request.cacheKey = QStringLiteral("session-1");
        request.options = object(R"({"temperature":0,"messages":[],"reasoning_effort":"low"})");
        const QByteArray messages =
            R"("messages":[{"content":"You are terse.","role":"system"},{"content":"Q1","role":"user"},)"
            R"({"content":"A1","role":"assistant","tool_calls":[{"function":{"arguments":"{}","name":"ls"},"id":"call_1","type":"function"}]},)"
            R"({"content":"a.txt","role":"tool","tool_call_id":"call_1"}])";
        const QByteArray tail =
            R"("model":"model-x","reasoning_effort":"low","stream":true,"stream_options":{"include_usage":true},"temperature":0,)"
            R"("tools":[{"function":{"name":"ls","parameters":{"type":"object"}},"type":"function"}]})";
        QCOMPARE(compactJson(openaichat::requestBody(request, openaichat::openAiDialect())),
                 QByteArray(R"({"max_completion_tokens":500,)" + messages + R"(,)" + tail.left(tail.indexOf("\"reasoning_effort"))
                            + R"("prompt_cache_key":"session-1",)" + tail.mid(tail.indexOf("\"reasoning_effort"))));
        QCOMPARE(compactJson(openaichat::requestBody(request, openaichat::compatibleDialect())),
                 QByteArray(R"({"max_tokens":500,)" + messages + R"(,)" + tail));
        QCOMPARE(compactJson(openaichat::requestBody(request, openaichat::openAiDialect())),
                 compactJson(openaichat::requestBody(ProviderRequest(request), openaichat::openAiDialect())));
    }

    void chatHttpRequest()
    {
        ProviderEndpoint endpoint;
        for (const char *base : {"http://localhost:11434/v1", "http://localhost:11434/v1/"}) {
            endpoint.baseUrl = QUrl(QString::fromLatin1(base));
            const QNetworkRequest http = openaichat::httpRequest(endpoint);
            QCOMPARE(http.url(), QUrl(QStringLiteral("http://localhost:11434/v1/chat/completions")));
            QVERIFY(!http.hasRawHeader("Authorization")); // no key: no header at all
        }
        endpoint.apiKey = QStringLiteral("sk-or-1");
        endpoint.headers.insert("HTTP-Referer", "https://valis.invalid");
        const QNetworkRequest http = openaichat::httpRequest(endpoint);
        QCOMPARE(http.rawHeader("Authorization"), QByteArray("Bearer sk-or-1"));
        QCOMPARE(http.rawHeader("HTTP-Referer"), QByteArray("https://valis.invalid"));
        QCOMPARE(http.rawHeader("Accept"), QByteArray("text/event-stream"));
    }

    void compatibleBaseUrlForms_data()
    {
        QTest::addColumn<QString>("written");
        QTest::addColumn<QString>("expected");
        const QString ollama = QStringLiteral("http://localhost:11434/v1");
        QTest::newRow("host:port") << QStringLiteral("localhost:11434") << ollama;
        QTest::newRow("host") << QStringLiteral("localhost") << ollama;
        QTest::newRow("http://host:port") << QStringLiteral("http://localhost:11434") << ollama;
        QTest::newRow("trailing slash") << QStringLiteral("http://localhost:11434/") << ollama;
        QTest::newRow("with /v1") << QStringLiteral("http://localhost:11434/v1") << ollama;
        QTest::newRow("with /v1/") << QStringLiteral("http://localhost:11434/v1/") << ollama;
        QTest::newRow("bare with /v1") << QStringLiteral("localhost:11434/v1") << ollama;
        QTest::newRow("spaces") << QStringLiteral("  localhost:11434 ") << ollama;
        QTest::newRow("listen address") << QStringLiteral("0.0.0.0:11434") << QStringLiteral("http://127.0.0.1:11434/v1");
        QTest::newRow("other host and port") << QStringLiteral("gpu-box:8080") << QStringLiteral("http://gpu-box:8080/v1");
        QTest::newRow("https keeps its port") << QStringLiteral("https://ollama.example") << QStringLiteral("https://ollama.example/v1");
        QTest::newRow("LM Studio") << QStringLiteral("http://localhost:1234/v1") << QStringLiteral("http://localhost:1234/v1");
        QTest::newRow("OpenRouter") << QStringLiteral("https://openrouter.ai/api/v1") << QStringLiteral("https://openrouter.ai/api/v1");
        QTest::newRow("other path kept") << QStringLiteral("https://api.z.ai/api/coding/paas/v4/")
                                         << QStringLiteral("https://api.z.ai/api/coding/paas/v4");
        QTest::newRow("empty") << QString() << QString();
    }

    void compatibleBaseUrlForms()
    {
        QFETCH(QString, written);
        QFETCH(QString, expected);
        QCOMPARE(openaichat::compatibleBaseUrl(written).toString(), expected);
        // What the host hands over as a QUrl gives the same result, when QUrl can hold it.
        if (QUrl(written.trimmed()).isValid() && !written.isEmpty())
            QCOMPARE(openaichat::compatibleBaseUrl(QUrl(written.trimmed()).toString()).toString(), expected);
    }

    void urlJoining()
    {
        QCOMPARE(joinUrl(QUrl(QStringLiteral("https://a.example/v1")), u"/responses"),
                 QUrl(QStringLiteral("https://a.example/v1/responses")));
        QCOMPARE(joinUrl(QUrl(QStringLiteral("https://a.example/v1//")), u"responses"),
                 QUrl(QStringLiteral("https://a.example/v1/responses")));
        QCOMPARE(joinUrl(QUrl(QStringLiteral("https://a.example")), u"v1/messages"),
                 QUrl(QStringLiteral("https://a.example/v1/messages")));
        QCOMPARE(joinUrl(QUrl(QStringLiteral("https://az.example/openai/v1?api-version=preview")), u"chat/completions"),
                 QUrl(QStringLiteral("https://az.example/openai/v1/chat/completions?api-version=preview")));
    }

    void endpointChecks()
    {
        ProviderEndpoint endpoint;
        endpoint.baseUrl = QUrl(QStringLiteral("https://api.example.com"));
        std::optional<ProviderFailure> failure = checkEndpoint(QStringLiteral("p"), endpoint, KeyPolicy::Required);
        QVERIFY(failure.has_value());
        QCOMPARE(failure->kind, ProviderFailure::Kind::Http);
        QCOMPARE(failure->httpStatus, 401);
        QCOMPARE(failure->errorType, QStringLiteral("missing_api_key"));
        QCOMPARE(failure->providerId, QStringLiteral("p"));
        QVERIFY(!checkEndpoint(QStringLiteral("p"), endpoint, KeyPolicy::Optional).has_value());
        endpoint.apiKey = QStringLiteral("k");
        QVERIFY(!checkEndpoint(QStringLiteral("p"), endpoint, KeyPolicy::Required).has_value());
        for (const char *bad : {"", "ftp://host/v1", "localhost:11434", "/v1"}) {
            endpoint.baseUrl = QUrl(QString::fromLatin1(bad));
            failure = checkEndpoint(QStringLiteral("p"), endpoint, KeyPolicy::Optional);
            QVERIFY2(failure.has_value(), bad);
            QCOMPARE(failure->kind, ProviderFailure::Kind::Transport);
        }
    }

    // --- Responses ------------------------------------------------------------------------

    void responsesExactBody()
    {
        // The assistant's earlier answer, as the Responses decoder reads it back: with item ids.
        const auto answer = wire::openairesponses::itemsFromJson(QJsonDocument::fromJson(
            R"([{"id":"rs_1","type":"reasoning","encrypted_content":"gAAA","summary":[]},)"
            R"({"id":"fc_1","type":"function_call","call_id":"call_1","name":"ls","arguments":"{}","status":"completed"}])").array());
        VALIS_VERIFY_OK(answer);
        ProviderRequest request = baseRequest();
        request.messages = {userText(QStringLiteral("Q1")), answer->first(),
                            message(Role::Tool, {Part::makeToolResultText(QStringLiteral("call_1"), QStringLiteral("a.txt"))})};
        request.tools = QJsonArray{tools().last()};
        request.maxOutputTokens = 300;
        request.cacheKey = QStringLiteral("session-1");
        request.options = object(R"({"reasoning":{"effort":"low","summary":"auto"},"store":true,"input":[]})");
        const QByteArray expected =
            R"({"include":["reasoning.encrypted_content"],)"
            R"("input":[{"content":[{"text":"Q1","type":"input_text"}],"role":"user","type":"message"},)"
            R"({"encrypted_content":"gAAA","summary":[],"type":"reasoning"},)"
            R"({"arguments":"{}","call_id":"call_1","name":"ls","status":"completed","type":"function_call"},)"
            R"({"call_id":"call_1","output":"a.txt","type":"function_call_output"}],)"
            R"("instructions":"You are terse.","max_output_tokens":300,"model":"model-x","prompt_cache_key":"session-1",)"
            R"("reasoning":{"effort":"low","summary":"auto"},"store":false,"stream":true,)"
            R"("tools":[{"name":"ls","parameters":{"type":"object"},"strict":false,"type":"function"}]})";
        QCOMPARE(compactJson(openairesponses::requestBody(request)), expected);

        request.options = {};
        QVERIFY(!openairesponses::requestBody(request).contains(QStringLiteral("include")));
    }

    void responsesHttpRequest()
    {
        ProviderEndpoint endpoint;
        endpoint.baseUrl = QUrl(QStringLiteral("https://api.openai.com/v1/"));
        endpoint.apiKey = QStringLiteral("sk-1");
        const QNetworkRequest http = openairesponses::httpRequest(endpoint);
        QCOMPARE(http.url(), QUrl(QStringLiteral("https://api.openai.com/v1/responses")));
        QCOMPARE(http.rawHeader("Authorization"), QByteArray("Bearer sk-1"));
    }
};

VALIS_TEST_MAIN(TestProviderRequests)
#include "tst_providerrequests.moc"
