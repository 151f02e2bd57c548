// valis-cli serve end to end: the official openai npm client (apiclient.mjs) talks to the real
// binary, whose upstream is the scripted provider server speaking Anthropic's API. Runs inside
// with-keyring.sh, so the bearer token is a real keychain entry.
#include "clirunner.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"
#include "valis/memory/memoryref.h"
#include "valis/store/sessionstore.h"
#include "valis/tokens/bpeencoding.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace valis;
using namespace valis::test;

namespace {

/// The window the upstream enforces, as a provider would: a request over it is refused.
constexpr qint64 WindowTokens = 32768;

QString textOf(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &block : content.toArray()) {
        const QJsonObject object = block.toObject();
        text += object.value(QLatin1String("text")).toString();
        if (object.value(QLatin1String("type")).toString() == QLatin1String("tool_result"))
            text += QStringLiteral("[tool_result:") + textOf(object.value(QLatin1String("content"))) + QLatin1Char(']');
    }
    return text;
}

/// Each SSE event a piece of its own, so the answer arrives piece by piece.
QList<QByteArray> events(const QByteArray &sse)
{
    QList<QByteArray> pieces;
    for (const QByteArray &event : sse.split('\n')) {
        if (pieces.isEmpty() || pieces.constLast().endsWith("\n\n"))
            pieces.append(QByteArray());
        pieces.last() += event + '\n';
    }
    while (!pieces.isEmpty() && pieces.constLast().trimmed().isEmpty())
        pieces.removeLast();
    return pieces;
}

} // namespace

class ApiServerTest : public QObject
{
    Q_OBJECT

    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<ProviderTestServer> m_upstream;
    std::unique_ptr<QProcess> m_serve;
    QByteArray m_serveOut;
    QByteArray m_serveErr;
    QString m_baseUrl;
    QString m_token;
    int m_disconnectAsked = 0;
    int m_rateLimited = 0;
    int m_brokenAnswers = 0;
    static constexpr int BrokenAnswers = 6; // two requests, three attempts each
    qint64 m_largestRequestTokens = 0;
    int m_overflowed = 0;
    std::shared_ptr<const BpeEncoding> m_encoding;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-upstream-test"));
        environment.insert(QStringLiteral("ANTHROPIC_BASE_URL"), m_upstream->baseUrl().toString());
        environment.remove(QStringLiteral("VALIS_PLUGIN_PATH"));
        environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        return environment;
    }

    /// The upstream's answer to one request, chosen by what the conversation is about.
    void answer(const CapturedRequest &request)
    {
        const QJsonObject body = request.json();
        const qint64 tokens = promptTokens(body);
        m_largestRequestTokens = qMax(m_largestRequestTokens, tokens);
        if (tokens > WindowTokens) {
            ++m_overflowed;
            qWarning() << "overflow:" << tokens << "prompt tokens," << body.value(QLatin1String("messages")).toArray().size() << "messages";
            m_upstream->enqueue(ScriptedResponse::json(400, anthropicOverflow()));
            return;
        }
        const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
        const QString first = messages.isEmpty() ? QString() : textOf(messages.first().toObject().value(QLatin1String("content")));
        const QString last = messages.isEmpty() ? QString() : textOf(messages.last().toObject().value(QLatin1String("content")));
        if (first.contains(QLatin1String("tools test"))) {
            if (last.contains(QLatin1String("[tool_result:Oslo: 4 degrees and sleet]")))
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).text(QStringLiteral("It is 4 degrees with sleet in Oslo.")).stop(QStringLiteral("end_turn"))));
            else
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).toolUse(QStringLiteral("toolu_weather1"), QStringLiteral("get_weather"),
                                                                                          {{QStringLiteral("city"), QStringLiteral("Oslo")}}).stop(QStringLiteral("tool_use"))));
            return;
        }
        if (first.contains(QLatin1String("tools stream test"))) {
            m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).toolUse(QStringLiteral("toolu_weather2"), QStringLiteral("get_weather"),
                                                                                      {{QStringLiteral("city"), QStringLiteral("Bergen")}}).stop(QStringLiteral("tool_use"))));
            return;
        }
        if (first.contains(QLatin1String("mixed test"))) {
            if (last.contains(QLatin1String("mixed follow-up")))
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).text(QStringLiteral("Any time.")).stop(QStringLiteral("end_turn"))));
            else if (last.contains(QLatin1String("[tool_result:Oslo: 4 degrees and sleet]")))
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).text(QStringLiteral("Sleet in Oslo; nothing remembered.")).stop(QStringLiteral("end_turn"))));
            else
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens)
                                                              .toolUse(QStringLiteral("toolu_search1"), QStringLiteral("search_memory"), {{QStringLiteral("query"), QStringLiteral("Oslo")}})
                                                              .toolUse(QStringLiteral("toolu_weather3"), QStringLiteral("get_weather"), {{QStringLiteral("city"), QStringLiteral("Oslo")}})
                                                              .stop(QStringLiteral("tool_use"))));
            return;
        }
        if (first.contains(QLatin1String("memoryref test"))) {
            const QList<MemoryRef> refs = MemoryRef::findAll(last);
            if (last.contains(QLatin1String("memoryref follow-up")))
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).text(QStringLiteral("You are welcome.")).stop(QStringLiteral("end_turn"))));
            else if (last.contains(QLatin1String("SECRET-7731")))
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).text(QStringLiteral("The secret is SECRET-7731.")).stop(QStringLiteral("end_turn"))));
            else if (!refs.isEmpty())
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).text(QStringLiteral("Let me look. ")).toolUse(QStringLiteral("toolu_mem1"), QStringLiteral("retrieve_memory"),
                                                                                          {{QStringLiteral("key"), refs.first().key}, {QStringLiteral("offset"), 1495}, {QStringLiteral("limit"), 10}}).stop(QStringLiteral("tool_use"))));
            else
                m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).toolUse(QStringLiteral("toolu_src1"), QStringLiteral("read_source"),
                                                                                          {{QStringLiteral("path"), QStringLiteral("main.c")}}).stop(QStringLiteral("tool_use"))));
            return;
        }
        if (first.contains(QLatin1String("failure test 429")) && m_rateLimited++ == 0) {
            m_upstream->enqueue(ScriptedResponse::json(429, "{\"type\":\"error\",\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}",
                                                       {{"retry-after", "1"}}));
            return;
        }
        if (first.contains(QLatin1String("failure test 500")) && m_brokenAnswers < BrokenAnswers) {
            // Broken for exactly the attempts of the two failing requests (whole, streamed),
            // healed for the one after: decided here, so no timer races the client.
            ++m_brokenAnswers;
            m_upstream->enqueue(ScriptedResponse::json(500, "{\"type\":\"error\",\"error\":{\"type\":\"api_error\",\"message\":\"upstream broke\"}}"));
            return;
        }
        if (first.contains(QLatin1String("stream test"))) {
            ScriptedResponse response = ScriptedResponse::sse({});
            response.chunks = events(AnthropicStream(tokens).text(QStringLiteral("one two three four five")).stop(QStringLiteral("end_turn")));
            response.chunkDelay = std::chrono::milliseconds(20);
            m_upstream->enqueue(response);
            return;
        }
        if (first.contains(QLatin1String("disconnect test")) && m_disconnectAsked++ == 0) {
            ScriptedResponse response = ScriptedResponse::sse({});
            response.chunks = events(AnthropicStream(tokens).text(QStringLiteral("Once upon a time there was a very long story")).stop(QStringLiteral("end_turn")));
            response.chunkDelay = std::chrono::milliseconds(400);
            m_upstream->enqueue(response);
            return;
        }
        m_upstream->enqueue(ScriptedResponse::sse(AnthropicStream(tokens).text(QStringLiteral("Noted, turn %1.").arg(messages.size())).stop(QStringLiteral("end_turn"))));
    }

    /// What a provider counts against the window, as o200k_base counts it: the system prompt,
    /// the tools, every content block's text (a tool call's input as JSON), and a few tokens of
    /// framing per message.
    qint64 promptTokens(const QJsonObject &body) const
    {
        qint64 tokens = m_encoding->count(textOf(body.value(QLatin1String("system"))));
        tokens += m_encoding->count(QString::fromUtf8(QJsonDocument(body.value(QLatin1String("tools")).toArray()).toJson(QJsonDocument::Compact)));
        for (const QJsonValue &message : body.value(QLatin1String("messages")).toArray()) {
            tokens += 4 + m_encoding->count(textOf(message.toObject().value(QLatin1String("content"))));
            for (const QJsonValue &block : message.toObject().value(QLatin1String("content")).toArray()) {
                if (block.toObject().contains(QLatin1String("input")))
                    tokens += m_encoding->count(QString::fromUtf8(QJsonDocument(block.toObject().value(QLatin1String("input")).toObject()).toJson(QJsonDocument::Compact)));
            }
        }
        return tokens;
    }

    static QByteArray anthropicOverflow()
    {
        return "{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"prompt is too long: over 32768 tokens\"}}";
    }

    QJsonObject runClient(const QString &scenario, const QString &model = QStringLiteral("valis-test"))
    {
        QProcess node;
        node.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
        node.start(QStringLiteral(VALIS_NODE),
                   {QStringLiteral(VALIS_API_CLIENT), scenario, m_baseUrl + QStringLiteral("/v1"), m_token, model});
        // The upstream and the serve process's pipes live on this thread's event loop.
        QEventLoop loop;
        connect(&node, &QProcess::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(240000, &loop, &QEventLoop::quit);
        loop.exec();
        const QByteArray out = node.readAllStandardOutput();
        const QByteArray err = node.readAllStandardError();
        if (node.state() != QProcess::NotRunning) {
            node.kill();
            node.waitForFinished();
        }
        const QJsonObject result = QJsonDocument::fromJson(out.trimmed().split('\n').constLast()).object();
        if (result.isEmpty() || result.contains(QLatin1String("failed")))
            qWarning().noquote() << "apiclient" << scenario << out << err << "\nserve stderr:" << m_serveErr.right(3000);
        return result;
    }

    void startServe(const QStringList &extra = {})
    {
        m_serve = std::make_unique<QProcess>();
        m_serve->setProcessEnvironment(environment());
        m_serveOut.clear();
        connect(m_serve.get(), &QProcess::readyReadStandardOutput, this, [this] { m_serveOut += m_serve->readAllStandardOutput(); });
        connect(m_serve.get(), &QProcess::readyReadStandardError, this, [this] { m_serveErr += m_serve->readAllStandardError(); });
        m_serve->start(buildDir() + QStringLiteral("/bin/valis-cli"),
                       QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("serve"), QStringLiteral("--port"),
                                   QStringLiteral("0"), QStringLiteral("--profile"), QStringLiteral("valis-test"),
                                   QStringLiteral("--max-body"), QStringLiteral("2000000")}
                           + extra);
        QTRY_VERIFY_WITH_TIMEOUT(m_serveOut.contains('\n') || m_serve->state() == QProcess::NotRunning, 30000);
    }

    void stopServe()
    {
        if (!m_serve)
            return;
        m_serve->terminate(); // SIGTERM: the server stops as on Ctrl+C
        QTRY_VERIFY_WITH_TIMEOUT(m_serve->state() == QProcess::NotRunning, 20000);
        QCOMPARE(m_serve->exitStatus(), QProcess::NormalExit);
        QCOMPARE(m_serve->exitCode(), 0);
        m_serve.reset();
    }

    /// The messages of the served session whose first user message contains `marker`.
    QList<Message> sessionMessages(const QString &marker, SessionInfo *found = nullptr)
    {
        const DataLocations locations = DataLocations::underHome(m_home->path());
        Result<std::unique_ptr<SessionStore>> store = SessionStore::open(locations.sessionDatabasePath());
        if (store.hasError())
            return {};
        const Result<QList<SessionInfo>> sessions = store.value()->sessions();
        for (const SessionInfo &info : sessions.value()) {
            const Result<QList<Message>> messages = store.value()->messages(info.id);
            for (const Message &message : messages.value()) {
                if (message.role == Role::User && message.text().contains(marker)) {
                    if (found)
                        *found = info;
                    return messages.value();
                }
            }
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING"))
            QSKIP("needs the private keychain of tests/support/with-keyring.sh");
        const Result<std::shared_ptr<const BpeEncoding>> encoding = BpeEncoding::load(QStringLiteral("o200k_base"));
        QVERIFY(encoding.ok());
        m_encoding = encoding.value();
        m_home = std::make_unique<TemporaryHome>();
        m_upstream = std::make_unique<ProviderTestServer>();
        QVERIFY(m_upstream->listen());
        m_upstream->setBeforeAnswer([this](int, const CapturedRequest &request) { answer(request); });
        QDir().mkpath(m_home->filePath(QStringLiteral("config")));
        QFile profiles(m_home->filePath(QStringLiteral("config/serve.json")));
        QVERIFY(profiles.open(QIODevice::WriteOnly));
        // "scripted-32k" is in no catalogue: its window is the catalogue's fallback, 32768.
        profiles.write("{\"version\": 1, \"defaultProfile\": \"valis-test\", \"profiles\": {\"valis-test\": "
                       "{\"provider\": \"anthropic\", \"model\": \"scripted-32k\", \"maxOutputTokens\": 1024}}}");
        profiles.close();
        // Quick retries, so the failure cases take no time.
        QFile providers(m_home->filePath(QStringLiteral("config/providers.json")));
        QVERIFY(providers.open(QIODevice::WriteOnly));
        providers.write("{\"version\": 1, \"retry\": {\"maxAttempts\": 3, \"initialDelayMs\": 20, \"maxDelayMs\": 50, \"jitter\": 0}}");
        providers.close();
        startServe();
        const QString line = QString::fromUtf8(m_serveOut).trimmed();
        const QRegularExpressionMatch served =
            QRegularExpression(QStringLiteral("^Serving the OpenAI-compatible API at (http://127\\.0\\.0\\.1:\\d+)/v1$")).match(line);
        QVERIFY2(served.hasMatch(), qPrintable(line + QStringLiteral(" | ") + QString::fromUtf8(m_serveErr)));
        m_baseUrl = served.captured(1);
        QTRY_VERIFY_WITH_TIMEOUT(m_serveErr.contains("valis-api-"), 5000);
        const QRegularExpressionMatch token = QRegularExpression(QStringLiteral("\\(shown once; kept in the OS keychain as \"api-server-token\"\\): (valis-api-[A-Za-z0-9_-]+)"))
                                                  .match(QString::fromUtf8(m_serveErr));
        QVERIFY2(token.hasMatch(), m_serveErr.constData());
        m_token = token.captured(1);
        QCOMPARE(m_serveOut.count('\n'), 1);
    }

    void cleanupTestCase()
    {
        if (m_serve && m_serve->state() != QProcess::NotRunning) {
            m_serve->kill();
            m_serve->waitForFinished();
        }
    }

    void threeHundredTurnsStayInTheWindow()
    {
        const QJsonObject result = runClient(QStringLiteral("conversation"));
        QCOMPARE(result.value(QLatin1String("turns")).toInt(), 300);
        QCOMPARE(result.value(QLatin1String("streamedTurns")).toInt(), 12);
        QCOMPARE(result.value(QLatin1String("usageSeen")).toInt(), 300);
        QVERIFY(result.value(QLatin1String("lastReply")).toString().startsWith(QLatin1String("Noted, turn")));
        // The client's own history is several windows long ...
        QVERIFY2(result.value(QLatin1String("clientHistoryBytes")).toInteger() / 4 > 4 * WindowTokens,
                 qPrintable(QString::number(result.value(QLatin1String("clientHistoryBytes")).toInteger())));
        // ... yet nothing upstream ever went over the window.
        QCOMPARE(m_overflowed, 0);
        QVERIFY2(m_largestRequestTokens <= WindowTokens, qPrintable(QString::number(m_largestRequestTokens)));
        // One session holds the conversation: each user turn once, in order.
        const QList<Message> record = sessionMessages(QStringLiteral("turn 300:"));
        int users = 0;
        for (const Message &message : record) {
            if (message.role == Role::User && message.startsTurn() && message.text().startsWith(QLatin1String("turn ")))
                ++users;
        }
        QCOMPARE(users, 300);
    }

    void streamsChunkByChunk()
    {
        const QJsonObject result = runClient(QStringLiteral("streaming"));
        const QJsonArray deltas = result.value(QLatin1String("deltas")).toArray();
        QCOMPARE(deltas.size(), 5); // one per upstream delta: forwarded as they came, not gathered
        QStringList texts;
        for (const QJsonValue &delta : deltas)
            texts << delta.toString();
        QCOMPARE(texts.join(QString()), QStringLiteral("one two three four five"));
        QCOMPARE(result.value(QLatin1String("finish")).toString(), QStringLiteral("stop"));
        QCOMPARE(result.value(QLatin1String("ids")).toInt(), 1);
        QCOMPARE(result.value(QLatin1String("objects")).toArray(), QJsonArray{QStringLiteral("chat.completion.chunk")});
        QVERIFY(result.value(QLatin1String("usage")).toObject().value(QLatin1String("prompt_tokens")).toInt() > 0);
        QCOMPARE(result.value(QLatin1String("usage")).toObject().value(QLatin1String("completion_tokens")).toInt(), 20);
    }

    void toolCallsRoundTrip()
    {
        const int before = int(m_upstream->requests().size());
        const QJsonObject result = runClient(QStringLiteral("tools"));
        QCOMPARE(result.value(QLatin1String("firstFinish")).toString(), QStringLiteral("tool_calls"));
        const QJsonObject call = result.value(QLatin1String("call")).toObject();
        QCOMPARE(call.value(QLatin1String("name")).toString(), QStringLiteral("get_weather"));
        QCOMPARE(call.value(QLatin1String("id")).toString(), QStringLiteral("toolu_weather1"));
        QCOMPARE(call.value(QLatin1String("arguments")).toObject().value(QLatin1String("city")).toString(), QStringLiteral("Oslo"));
        QCOMPARE(result.value(QLatin1String("answer")).toString(), QStringLiteral("It is 4 degrees with sleet in Oslo."));
        // Streamed: the call's head, then its arguments in the pieces the upstream sent.
        const QJsonArray chunks = result.value(QLatin1String("callChunks")).toArray();
        QVERIFY2(chunks.size() >= 3, QJsonDocument(chunks).toJson().constData());
        QCOMPARE(chunks.first().toObject().value(QLatin1String("id")).toString(), QStringLiteral("toolu_weather2"));
        QCOMPARE(chunks.first().toObject().value(QLatin1String("function")).toObject().value(QLatin1String("name")).toString(), QStringLiteral("get_weather"));
        QString arguments;
        int pieces = 0;
        for (const QJsonValue &chunk : chunks) {
            QCOMPARE(chunk.toObject().value(QLatin1String("index")).toInt(), 0);
            const QString piece = chunk.toObject().value(QLatin1String("function")).toObject().value(QLatin1String("arguments")).toString();
            pieces += piece.isEmpty() ? 0 : 1;
            arguments += piece;
        }
        QVERIFY(pieces >= 2);
        QCOMPARE(QJsonDocument::fromJson(arguments.toUtf8()).object(), (QJsonObject{{QStringLiteral("city"), QStringLiteral("Bergen")}}));
        QCOMPARE(result.value(QLatin1String("streamedFinish")).toString(), QStringLiteral("tool_calls"));
        QCOMPARE(int(m_upstream->requests().size()) - before, 3);
        const QList<CapturedRequest> requests = m_upstream->requests().mid(before, 2);
        // The client's tools were offered upstream, and its result reached the model.
        QCOMPARE(requests.first().json().value(QLatin1String("tools")).toArray().last().toObject().value(QLatin1String("name")).toString(),
                 QStringLiteral("get_weather"));
        QCOMPARE(anthropicToolResult(requests.last().json(), QStringLiteral("toolu_weather1")), QStringLiteral("Oslo: 4 degrees and sleet"));
        // One session: user, call, result, answer.
        const QList<Message> record = sessionMessages(QStringLiteral("tools test"));
        QList<Role> roles;
        for (const Message &message : record)
            roles << message.role;
        QCOMPARE(roles, (QList<Role>{Role::User, Role::Assistant, Role::Tool, Role::Assistant}));
    }

    void largeClientResultsBecomeMemoryRefs()
    {
        const int before = int(m_upstream->requests().size());
        const QJsonObject result = runClient(QStringLiteral("memoryref"));
        QCOMPARE(result.value(QLatin1String("firstCall")).toString(), QStringLiteral("read_source"));
        QVERIFY(result.value(QLatin1String("contentBytes")).toInt() > 100000);
        QVERIFY2(result.value(QLatin1String("answer")).toString() == QStringLiteral("Let me look. The secret is SECRET-7731."), QByteArray(QJsonDocument(result).toJson() + m_serveErr.right(2000)).constData());
        QCOMPARE(result.value(QLatin1String("finish")).toString(), QStringLiteral("stop"));
        // retrieve_memory ran inside the turn: the client saw neither it nor its call ...
        QCOMPARE(result.value(QLatin1String("toolCallDeltas")).toInt(), 0);
        QCOMPARE(result.value(QLatin1String("followUp")).toString(), QStringLiteral("You are welcome."));
        QCOMPARE(result.value(QLatin1String("followUpCalls")).toArray().size(), 0);
        const QList<CapturedRequest> requests = m_upstream->requests().mid(before);
        QCOMPARE(requests.size(), 4);
        // ... while the model was offered it beside the client's tool.
        QStringList offered;
        for (const QJsonValue &tool : requests.first().json().value(QLatin1String("tools")).toArray())
            offered << tool.toObject().value(QLatin1String("name")).toString();
        QVERIFY2(offered.contains(QStringLiteral("retrieve_memory")) && offered.contains(QStringLiteral("read_source")),
                 qPrintable(offered.join(QLatin1Char(','))));
        // Upstream got the client's 100 KB as a MemoryRef, not the bytes.
        const QString placeholder = anthropicToolResult(requests.at(1).json(), QStringLiteral("toolu_src1"));
        QCOMPARE(MemoryRef::findAll(placeholder).size(), 1);
        QVERIFY2(placeholder.size() < 4000, qPrintable(QString::number(placeholder.size())));
        QVERIFY(!placeholder.contains(QLatin1String("SECRET-7731")));
        // retrieve_memory gave the model the stored content back.
        const QString retrieved = anthropicToolResult(requests.at(2).json(), QStringLiteral("toolu_mem1"));
        QVERIFY2(retrieved.contains(QLatin1String("SECRET-7731")), qPrintable(retrieved.left(500)));
        // The follow-up continued the same session (the hidden call did not break the match),
        // which keeps the client's whole result and Valis's own call.
        const QList<Message> record = sessionMessages(QStringLiteral("memoryref test"));
        QList<Role> roles;
        for (const Message &message : record)
            roles << message.role;
        QCOMPARE(roles, (QList<Role>{Role::User, Role::Assistant, Role::Tool, Role::Assistant, Role::Tool, Role::Assistant,
                                     Role::User, Role::Assistant}));
        QVERIFY(record.at(2).parts.first().captured.isCaptured());
        // Served sessions keep their memory under the profile's agent ("api" by default), not
        // under the person's own agent.
        const QString capturedKey = record.at(2).parts.first().captured.key;
        const CliRun apiAgent = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"), QStringLiteral("list"),
                                        QStringLiteral("--agent"), QStringLiteral("api"), QStringLiteral("--json")},
                                       environment());
        QVERIFY2(apiAgent.exitCode == 0 && apiAgent.out.contains(capturedKey.toUtf8()), apiAgent.out.constData());
        const CliRun ownAgent = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"), QStringLiteral("list"),
                                        QStringLiteral("--agent"), QStringLiteral("default"), QStringLiteral("--json")},
                                       environment());
        QVERIFY2(ownAgent.exitCode == 0 && !ownAgent.out.contains(capturedKey.toUtf8()), ownAgent.out.constData());
        QCOMPARE(record.at(4).parts.first().callId, QStringLiteral("toolu_mem1"));
    }

    void ownAndClientCallsInOneAnswer()
    {
        const int before = int(m_upstream->requests().size());
        const QJsonObject result = runClient(QStringLiteral("mixed"));
        // The client got its own call only ...
        QCOMPARE(result.value(QLatin1String("finish")).toString(), QStringLiteral("tool_calls"));
        QCOMPARE(result.value(QLatin1String("calls")).toArray(), QJsonArray{QStringLiteral("get_weather")});
        QCOMPARE(result.value(QLatin1String("answer")).toString(), QStringLiteral("Sleet in Oslo; nothing remembered."));
        QCOMPARE(result.value(QLatin1String("followUp")).toString(), QStringLiteral("Any time."));
        const QList<CapturedRequest> requests = m_upstream->requests().mid(before);
        QCOMPARE(requests.size(), 3);
        // ... while upstream every call of the answer had its result before the next request:
        // Valis's search_memory ran, the client's result joined it.
        const QJsonObject second = requests.at(1).json();
        const QString searched = anthropicToolResult(second, QStringLiteral("toolu_search1"));
        QVERIFY(!searched.isEmpty());
        QVERIFY2(!searched.contains(QLatin1String("no tool named")) && !searched.contains(QLatin1String("not run")), qPrintable(searched));
        QCOMPARE(anthropicToolResult(second, QStringLiteral("toolu_weather3")), QStringLiteral("Oslo: 4 degrees and sleet"));
        const QJsonArray messages = second.value(QLatin1String("messages")).toArray();
        QCOMPARE(messages.size(), 3); // user, the answer with both calls, one user message with both results
        QCOMPARE(messages.at(2).toObject().value(QLatin1String("content")).toArray().size(), 2);
        // One session: the follow-up continued it.
        const QList<Message> record = sessionMessages(QStringLiteral("mixed test"));
        QList<Role> roles;
        for (const Message &message : record)
            roles << message.role;
        QCOMPARE(roles, (QList<Role>{Role::User, Role::Assistant, Role::Tool, Role::Tool, Role::Assistant, Role::User, Role::Assistant}));
    }

    void samplingParametersGoUpstream()
    {
        const int before = int(m_upstream->requests().size());
        const QJsonObject result = runClient(QStringLiteral("sampling"));
        QVERIFY2(result.value(QLatin1String("third")).toString().startsWith(QLatin1String("Noted, turn")), QJsonDocument(result).toJson().constData());
        QCOMPARE(result.value(QLatin1String("wrong")).toObject().value(QLatin1String("status")).toInt(), 400);
        const QList<CapturedRequest> requests = m_upstream->requests().mid(before);
        QCOMPARE(requests.size(), 3);
        const QJsonObject first = requests.at(0).json();
        QCOMPARE(first.value(QLatin1String("temperature")).toDouble(), 0.3);
        QCOMPARE(first.value(QLatin1String("top_p")).toDouble(), 0.9);
        QCOMPARE(first.value(QLatin1String("max_tokens")).toInt(), 77);
        QCOMPARE(first.value(QLatin1String("stop_sequences")).toArray(), QJsonArray{QStringLiteral("END")});
        QVERIFY(!first.contains(QLatin1String("seed"))); // Anthropic's API has none
        QVERIFY(!first.contains(QLatin1String("stop")));
        // The next request of the conversation has the profile's settings again.
        const QJsonObject second = requests.at(1).json();
        QVERIFY(textOf(second.value(QLatin1String("messages")).toArray().last().toObject().value(QLatin1String("content")))
                    .contains(QLatin1String("defaults")));
        QVERIFY(!second.contains(QLatin1String("temperature")));
        QVERIFY(!second.contains(QLatin1String("stop_sequences")));
        QCOMPARE(second.value(QLatin1String("max_tokens")).toInt(), 1024);
        const QJsonObject third = requests.at(2).json();
        QCOMPARE(third.value(QLatin1String("temperature")).toDouble(), 0.5);
        QCOMPARE(third.value(QLatin1String("max_tokens")).toInt(), 55);
    }

    void upstreamFailuresEndToEnd()
    {
        const int before = int(m_upstream->requests().size());
        const QJsonObject result = runClient(QStringLiteral("failures"));
        // A 429 with retry-after: retried after it, and the client just gets the answer, once.
        QVERIFY2(result.value(QLatin1String("limited")).toString().startsWith(QLatin1String("Noted, turn")), QJsonDocument(result).toJson().constData());
        QCOMPARE(m_rateLimited, 2);
        const QList<Message> limited = sessionMessages(QStringLiteral("failure test 429"));
        QCOMPARE(limited.size(), 2);
        QCOMPARE(limited.at(1).role, Role::Assistant);
        // A 500 every time: after the retries (three attempts, config/providers.json) an OpenAI
        // error with a gateway status, whole or streamed.
        const QJsonObject whole = result.value(QLatin1String("whole")).toObject();
        QCOMPARE(whole.value(QLatin1String("status")).toInt(), 502);
        QCOMPARE(whole.value(QLatin1String("code")).toString(), QStringLiteral("upstream_error"));
        QCOMPARE(whole.value(QLatin1String("type")).toString(), QStringLiteral("server_error"));
        QVERIFY(whole.value(QLatin1String("message")).toString().contains(QLatin1String("upstream broke")));
        const QJsonObject streamed = result.value(QLatin1String("streamed")).toObject();
        QCOMPARE(streamed.value(QLatin1String("status")).toInt(), 502);
        QCOMPARE(streamed.value(QLatin1String("code")).toString(), QStringLiteral("upstream_error"));
        QCOMPARE(m_brokenAnswers, BrokenAnswers);
        // The record stayed whole: the same history sent again is answered in the same session,
        // its question once and one answer.
        QVERIFY(result.value(QLatin1String("again")).toString().startsWith(QLatin1String("Noted, turn")));
        const QList<Message> broken = sessionMessages(QStringLiteral("failure test 500"));
        QList<Role> roles;
        for (const Message &message : broken)
            roles << message.role;
        QCOMPARE(roles, (QList<Role>{Role::User, Role::Assistant}));
        QCOMPARE(int(m_upstream->requests().size()) - before, 2 + 6 + 1);
    }

    void responsesApi()
    {
        const QJsonObject result = runClient(QStringLiteral("responses"));
        QVERIFY2(result.value(QLatin1String("wholeText")).toString().startsWith(QLatin1String("Noted, turn")), QJsonDocument(result).toJson().constData());
        QCOMPARE(result.value(QLatin1String("wholeStatus")).toString(), QStringLiteral("completed"));
        QVERIFY(result.value(QLatin1String("usage")).toObject().value(QLatin1String("input_tokens")).toInt() > 0);
        const QJsonArray events = result.value(QLatin1String("events")).toArray();
        QCOMPARE(events.first().toString(), QStringLiteral("response.created"));
        QVERIFY(events.contains(QStringLiteral("response.output_text.delta")));
        QCOMPARE(events.last().toString(), QStringLiteral("response.completed"));
        QCOMPARE(result.value(QLatin1String("streamText")).toString(), result.value(QLatin1String("completedText")).toString());
        QVERIFY(result.value(QLatin1String("streamText")).toString().startsWith(QLatin1String("Noted, turn")));
        // A client tool's call: added, its arguments in pieces, done, then the response.
        QStringList callEvents;
        for (const QJsonValue &event : result.value(QLatin1String("callEvents")).toArray())
            callEvents << event.toString();
        QVERIFY2(callEvents.count(QStringLiteral("response.function_call_arguments.delta")) >= 2, qPrintable(callEvents.join(QLatin1Char(','))));
        const qsizetype added = callEvents.indexOf(QStringLiteral("response.output_item.added"));
        QVERIFY(added >= 0 && added < callEvents.indexOf(QStringLiteral("response.function_call_arguments.delta")));
        QVERIFY(callEvents.indexOf(QStringLiteral("response.function_call_arguments.done")) > callEvents.lastIndexOf(QStringLiteral("response.function_call_arguments.delta")));
        QCOMPARE(callEvents.count(QStringLiteral("response.output_item.added")), 1);
        QCOMPARE(callEvents.last(), QStringLiteral("response.completed"));
        QCOMPARE(QJsonDocument::fromJson(result.value(QLatin1String("argumentDeltas")).toString().toUtf8()).object(),
                 (QJsonObject{{QStringLiteral("city"), QStringLiteral("Bergen")}}));
        const QJsonObject callDone = result.value(QLatin1String("callDone")).toObject();
        QCOMPARE(callDone.value(QLatin1String("name")).toString(), QStringLiteral("get_weather"));
        QCOMPARE(callDone.value(QLatin1String("call_id")).toString(), QStringLiteral("toolu_weather2"));
    }

    void badInputGetsOpenAiErrors()
    {
        const QJsonObject result = runClient(QStringLiteral("errors"));
        const auto error = [&result](const char *name) {
            return result.value(QLatin1String(name)).toObject().value(QLatin1String("body")).toObject().value(QLatin1String("error")).toObject();
        };
        QCOMPARE(result.value(QLatin1String("malformed")).toObject().value(QLatin1String("status")).toInt(), 400);
        QCOMPARE(error("malformed").value(QLatin1String("type")).toString(), QStringLiteral("invalid_request_error"));
        QCOMPARE(error("malformed").value(QLatin1String("code")).toString(), QStringLiteral("invalid_json"));
        QCOMPARE(result.value(QLatin1String("wrongToken")).toObject().value(QLatin1String("status")).toInt(), 401);
        QCOMPARE(result.value(QLatin1String("noToken")).toObject().value(QLatin1String("status")).toInt(), 401);
        QCOMPARE(result.value(QLatin1String("origin")).toObject().value(QLatin1String("status")).toInt(), 403);
        QCOMPARE(result.value(QLatin1String("localOrigin")).toInt(), 200);
        QCOMPARE(result.value(QLatin1String("oversize")).toObject().value(QLatin1String("status")).toInt(), 413);
        QCOMPARE(error("oversize").value(QLatin1String("code")).toString(), QStringLiteral("request_too_large"));
        QCOMPARE(result.value(QLatin1String("unknownModel")).toObject().value(QLatin1String("status")).toInt(), 404);
        QCOMPARE(result.value(QLatin1String("unknownModel")).toObject().value(QLatin1String("code")).toString(), QStringLiteral("model_not_found"));
        QCOMPARE(result.value(QLatin1String("badMessages")).toObject().value(QLatin1String("status")).toInt(), 400);
        QCOMPARE(result.value(QLatin1String("models")).toArray(), QJsonArray{QStringLiteral("valis-test")});
    }

    void clientDisconnectCancelsUpstream()
    {
        const int before = int(m_upstream->requests().size());
        QSignalSpy closed(m_upstream.get(), &ProviderTestServer::connectionClosed);
        const QJsonObject result = runClient(QStringLiteral("disconnect"));
        QVERIFY2(!result.value(QLatin1String("received")).toString().isEmpty(), QJsonDocument(result).toJson().constData());
        QVERIFY(!result.value(QLatin1String("received")).toString().contains(QLatin1String("long story")));
        QCOMPARE(result.value(QLatin1String("again")).toString().left(11), QStringLiteral("Noted, turn"));
        // The slow answer's connection was dropped by Valis before the answer was done.
        QVERIFY(closed.size() >= 1);
        const QList<CapturedRequest> requests = m_upstream->requests().mid(before);
        QCOMPARE(requests.size(), 2);
        // The record: the question once, the cut answer marked, then the new answer.
        const QList<Message> record = sessionMessages(QStringLiteral("disconnect test"));
        QCOMPARE(record.size(), 3);
        QCOMPARE(record.at(0).role, Role::User);
        QCOMPARE(record.at(1).role, Role::Assistant);
        QVERIFY(record.at(1).metadata.value(QLatin1String("interrupted")).toBool());
        QVERIFY(!record.at(1).text().contains(QLatin1String("long story")));
        QCOMPARE(record.at(2).role, Role::Assistant);
        QVERIFY(record.at(2).text().startsWith(QLatin1String("Noted, turn")));
    }

    void sessionsAreListed()
    {
        stopServe();
        QVERIFY(m_serveErr.contains("stopped serving"));
        SessionInfo info;
        QVERIFY(!sessionMessages(QStringLiteral("turn 1:"), &info).isEmpty());
        const CliRun sessions = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("sessions")}, environment());
        QCOMPARE(sessions.exitCode, 0);
        QVERIFY2(sessions.out.contains(info.id.toUtf8()), sessions.out.constData());
        QVERIFY(sessions.out.contains("turn 1:"));
        // The token is kept: a second start shows none.
        m_serveErr.clear();
        startServe();
        QVERIFY(m_serveOut.startsWith("Serving the OpenAI-compatible API at http://127.0.0.1:"));
        QVERIFY2(!m_serveErr.contains("valis-api-"), m_serveErr.constData());
        stopServe();
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    ApiServerTest test;
    return runTests(&test, argc, argv);
}

#include "tst_apiserver.moc"
