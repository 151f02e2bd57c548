// The simple path for HTTP MCP servers: a bearer token stored in the real keychain (a private
// Secret Service, tests/support/with-keyring.sh) is sent on every request; without one the
// OAuth authoriser gets its turn; a refused stored token is reported, not retried.
#include "providerserver.h"
#include "testsupport.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpserverconnection.h"
#include "valis/mcp/mcpstoredtoken.h"

#include <QJsonDocument>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

/// A minimal MCP server over HTTP: answers initialize and tools/list with JSON, notifications
/// with 202 and the GET stream with 405, and 401 to requests without `wanted` as token.
void serveMcp(ProviderTestServer &server, const QByteArray &wanted)
{
    server.setBeforeAnswer([&server, wanted](int, const CapturedRequest &request) {
        if (request.header("Authorization") != QByteArray("Bearer ") + wanted) {
            server.enqueue(ScriptedResponse::json(401, R"({"error":"invalid_token"})", {{"WWW-Authenticate", "Bearer error=\"invalid_token\""}}));
            return;
        }
        if (request.method == "GET") {
            server.enqueue(ScriptedResponse::json(405, "{}"));
            return;
        }
        const QJsonObject body = request.json();
        const QString method = body.value(QLatin1String("method")).toString();
        if (!body.contains(QLatin1String("id"))) {
            ScriptedResponse accepted;
            accepted.status = 202;
            server.enqueue(accepted);
            return;
        }
        QJsonObject result;
        if (method == QLatin1String("initialize"))
            result = QJsonDocument::fromJson(R"({"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"tokened","version":"1"}})").object();
        else if (method == QLatin1String("tools/list"))
            result = QJsonDocument::fromJson(R"({"tools":[{"name":"whoami","inputSchema":{"type":"object"}}]})").object();
        const QJsonObject answer{{QStringLiteral("jsonrpc"), QStringLiteral("2.0")}, {QStringLiteral("id"), body.value(QLatin1String("id"))},
                                 {QStringLiteral("result"), result}};
        server.enqueue(ScriptedResponse::json(200, QJsonDocument(answer).toJson(QJsonDocument::Compact)));
    });
}

McpServerConfig httpServer(const QString &name, const QUrl &base)
{
    McpServerConfig config;
    config.name = name;
    config.transport = McpServerConfig::Transport::Http;
    config.url = base.toString() + QStringLiteral("/mcp");
    return config;
}

template<typename T>
T await(const std::function<void(std::function<void(const T &)>)> &start)
{
    std::optional<T> answer;
    start([&answer](const T &value) { answer.emplace(value); });
    if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 10000))
        return T(Error(QStringLiteral("test.no-answer"), QStringLiteral("the keychain did not answer")));
    return answer.value_or(Error(QStringLiteral("test.no-answer"), QStringLiteral("the keychain did not answer")));
}

} // namespace

class TestMcpToken : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aStoredTokenIsSent()
    {
        KeychainCredentialStore keychain(QStringLiteral("org.valis.test.mcptoken"));
        const Result<void> stored = await<Result<void>>([&](auto done) { keychain.write(mcpTokenAccount(QStringLiteral("tokened")), QStringLiteral("stored-token-123"), done); });
        if (stored.hasError() && stored.error().code == QLatin1String("credentials.unavailable"))
            QSKIP("no Secret Service here: run under tests/support/with-keyring.sh");
        QVERIFY2(stored.ok(), qPrintable(stored.hasError() ? stored.error().message : QString()));
        ProviderTestServer server;
        QVERIFY(server.listen());
        serveMcp(server, "stored-token-123");
        McpConnectionOptions options;
        options.makeAuthorizer = [&keychain](const McpResolvedServer &resolved) -> std::unique_ptr<McpHttpAuthorizer> {
            return std::make_unique<McpStoredTokenAuthorizer>(&keychain, resolved.config.name, nullptr);
        };
        McpServerConnection connection(httpServer(QStringLiteral("tokened"), server.baseUrl()), options);
        connection.start();
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), McpServerConnection::State::Ready, 10000);
        QCOMPARE(connection.tools().size(), 1);
        for (const CapturedRequest &request : server.requests())
            QCOMPARE(request.header("Authorization"), QByteArray("Bearer stored-token-123"));
        connection.stop();

        // Refused, the stored token is reported with how to fix it; no endless retries.
        const Result<void> other = await<Result<void>>([&](auto done) { keychain.write(mcpTokenAccount(QStringLiteral("tokened")), QStringLiteral("old-token"), done); });
        QVERIFY(other.ok());
        McpServerConnection refused(httpServer(QStringLiteral("tokened"), server.baseUrl()), options);
        const qsizetype before = server.requests().size();
        refused.start();
        QTRY_COMPARE_WITH_TIMEOUT(refused.state(), McpServerConnection::State::Failed, 10000);
        QCOMPARE(refused.lastError()->code, QStringLiteral("mcp.token-refused"));
        QVERIFY(refused.lastError()->message.contains(QStringLiteral("valis-cli keys set mcp:tokened")));
        QCOMPARE(server.requests().size() - before, 1);
        QVERIFY(await<Result<void>>([&](auto done) { keychain.remove(mcpTokenAccount(QStringLiteral("tokened")), done); }).ok());
    }

    void withoutOneTheFallbackDecides()
    {
        KeychainCredentialStore keychain(QStringLiteral("org.valis.test.mcptoken"));
        ProviderTestServer server;
        QVERIFY(server.listen());
        serveMcp(server, "from-the-fallback");
        // The fallback stands in for OAuth: here, another fixed token.
        McpConnectionOptions options;
        options.makeAuthorizer = [&keychain](const McpResolvedServer &resolved) -> std::unique_ptr<McpHttpAuthorizer> {
            return std::make_unique<McpStoredTokenAuthorizer>(&keychain, resolved.config.name,
                                                              std::make_unique<McpBearerAuthorizer>(QStringLiteral("from-the-fallback"),
                                                                                                    QStringLiteral("the test")));
        };
        McpServerConnection connection(httpServer(QStringLiteral("untokened"), server.baseUrl()), options);
        connection.start();
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), McpServerConnection::State::Ready, 10000);
        QCOMPARE(server.requests().first().header("Authorization"), QByteArray("Bearer from-the-fallback"));
    }
};

VALIS_TEST_MAIN(TestMcpToken)
#include "tst_mcptoken.moc"
