// McpOAuthAuthorizer and its parts: the WWW-Authenticate parser, the discovery order, PKCE, scope
// selection, elicitation defaults, and whole sign-ins against a local authorization server whose
// registration and tokens go through the real keychain (run under tests/support/with-keyring.sh).
#include "oauthtestserver.h"
#include "providerserver.h"
#include "testsupport.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpelicitation.h"
#include "valis/mcp/mcpoauth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QUrlQuery>

using namespace valis;
using valis::test::AuthServer;
using valis::test::CapturedRequest;
using valis::test::HeadlessBrowser;
using valis::test::ProviderTestServer;
using valis::test::ScriptedResponse;

namespace {

template<typename Call>
std::optional<Result<void>> await(Call call)
{
    std::optional<Result<void>> outcome;
    call([&outcome](const Result<void> &result) { outcome = result; });
    if (!QTest::qWaitFor([&outcome] { return outcome.has_value(); }, 20000))
        return std::nullopt;
    return outcome;
}

bool succeeded(const std::optional<Result<void>> &outcome)
{
    if (!outcome)
        qWarning("no outcome in time");
    else if (outcome->hasError())
        qWarning("%s", qPrintable(outcome->error().toString()));
    return outcome && outcome->ok();
}

std::optional<QString> readSecret(CredentialStore &store, const QString &account)
{
    std::optional<Result<std::optional<QString>>> outcome;
    store.read(account, [&outcome](const Result<std::optional<QString>> &r) { outcome = r; });
    if (!QTest::qWaitFor([&outcome] { return outcome.has_value(); }, 10000) || outcome->hasError())
        return QStringLiteral("<unreadable>");
    return outcome->value();
}

} // namespace

class TestMcpOAuth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void challengeParameters_data();
    void challengeParameters();
    void discoveryOrder();
    void pkce();
    void scopeSelection();
    void resourceCoverage();
    void elicitationDefaults();

    void signInIsKeptAcrossRestarts();
    void refreshesWhenAboutToExpire();
    void refreshesOnceOn401();
    void registersAgainOnInvalidClient();
    void refusesServerWithoutPkce();
    void refusesForeignState();
    void signOutForgets();
    void concurrentRefusalsShareOneRefresh();
    void stepUpAsksForMoreScope();
    void signInTimesOut();

private:
    std::unique_ptr<McpOAuthAuthorizer> authorizer(const AuthServer &server, CredentialStore *store,
                                                   std::function<bool(const QUrl &)> openUrl = {}, int timeoutMs = 15000);
    bool needKeychain();

    HeadlessBrowser m_browser;
};

void TestMcpOAuth::challengeParameters_data()
{
    QTest::addColumn<QByteArray>("header");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("count");
    QTest::newRow("quoted") << QByteArray(R"(Bearer resource_metadata="http://h/.well-known/x", scope="a b")")
                            << "scope" << "a b" << 2;
    QTest::newRow("token value") << QByteArray("Bearer realm=example, error=invalid_token") << "error" << "invalid_token" << 2;
    QTest::newRow("comma inside quotes") << QByteArray(R"(Bearer error_description="one, two", scope="x")")
                                         << "error_description" << "one, two" << 2;
    QTest::newRow("escaped quote") << QByteArray(R"(Bearer error_description="say \"hi\"")") << "error_description"
                                   << "say \"hi\"" << 1;
    QTest::newRow("other scheme first") << QByteArray(R"(Basic realm="r", Bearer scope="mcp:basic")") << "scope"
                                        << "mcp:basic" << 1;
    QTest::newRow("other scheme after") << QByteArray(R"(Bearer scope="s", DPoP algs="ES256", error="x")") << "scope"
                                        << "s" << 1;
    QTest::newRow("case and spaces") << QByteArray("bearer  Scope = \"up\" ,error=\"insufficient_scope\"") << "scope"
                                     << "up" << 2;
    QTest::newRow("conformance retry limit")
        << QByteArray(R"(Bearer error="insufficient_scope", scope="mcp:admin", resource_metadata="http://localhost:1/.well-known/oauth-protected-resource/mcp", error_description="Scope upgrade will never succeed")")
        << "error_description" << "Scope upgrade will never succeed" << 4;
    QTest::newRow("not bearer") << QByteArray(R"(Basic realm="x")") << "realm" << "" << 0;
}

void TestMcpOAuth::challengeParameters()
{
    QFETCH(QByteArray, header);
    QFETCH(QString, name);
    QFETCH(QString, value);
    QFETCH(int, count);
    const QHash<QString, QString> parameters = McpAuthChallenge::parseParameters(header);
    QCOMPARE(parameters.size(), count);
    QCOMPARE(parameters.value(name), value);
}

void TestMcpOAuth::discoveryOrder()
{
    using McpOAuth::authorizationServerMetadataUrls;
    using McpOAuth::protectedResourceMetadataUrls;
    QCOMPARE(protectedResourceMetadataUrls(QUrl(QStringLiteral("https://example.com:8443/public/mcp?x=1"))),
             (QList<QUrl>{QUrl(QStringLiteral("https://example.com:8443/.well-known/oauth-protected-resource/public/mcp")),
                          QUrl(QStringLiteral("https://example.com:8443/.well-known/oauth-protected-resource"))}));
    QCOMPARE(protectedResourceMetadataUrls(QUrl(QStringLiteral("https://example.com/"))),
             (QList<QUrl>{QUrl(QStringLiteral("https://example.com/.well-known/oauth-protected-resource"))}));
    QCOMPARE(authorizationServerMetadataUrls(QUrl(QStringLiteral("https://auth.example.com/tenant1"))),
             (QList<QUrl>{QUrl(QStringLiteral("https://auth.example.com/.well-known/oauth-authorization-server/tenant1")),
                          QUrl(QStringLiteral("https://auth.example.com/.well-known/openid-configuration/tenant1")),
                          QUrl(QStringLiteral("https://auth.example.com/tenant1/.well-known/openid-configuration"))}));
    QCOMPARE(authorizationServerMetadataUrls(QUrl(QStringLiteral("https://auth.example.com/"))),
             (QList<QUrl>{QUrl(QStringLiteral("https://auth.example.com/.well-known/oauth-authorization-server")),
                          QUrl(QStringLiteral("https://auth.example.com/.well-known/openid-configuration"))}));
}

void TestMcpOAuth::pkce()
{
    // RFC 7636 Appendix B.
    QCOMPARE(McpOAuth::codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
             QByteArray("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));
    const QByteArray first = McpOAuth::newCodeVerifier();
    QCOMPARE(first.size(), 43);
    QVERIFY(QRegularExpression(QStringLiteral("^[A-Za-z0-9_-]{43}$")).match(QString::fromLatin1(first)).hasMatch());
    QVERIFY(first != McpOAuth::newCodeVerifier());
}

void TestMcpOAuth::scopeSelection()
{
    const QStringList supported{QStringLiteral("a"), QStringLiteral("b")};
    const QStringList configured{QStringLiteral("c")};
    QCOMPARE(McpOAuth::selectScopes(QStringLiteral("x  y"), supported, configured), (QStringList{QStringLiteral("x"), QStringLiteral("y")}));
    QCOMPARE(McpOAuth::selectScopes(QString(), supported, configured), supported);
    QCOMPARE(McpOAuth::selectScopes(QString(), {}, configured), configured);
    QVERIFY(McpOAuth::selectScopes(QString(), {}, {}).isEmpty());
}

void TestMcpOAuth::resourceCoverage()
{
    const QUrl server(QStringLiteral("http://localhost:3000/mcp"));
    QVERIFY(McpOAuth::resourceCovers(QUrl(QStringLiteral("http://localhost:3000")), server));
    QVERIFY(McpOAuth::resourceCovers(QUrl(QStringLiteral("http://LOCALHOST:3000/mcp/")), server));
    QVERIFY(!McpOAuth::resourceCovers(QUrl(QStringLiteral("http://localhost:3000/other")), server));
    QVERIFY(!McpOAuth::resourceCovers(QUrl(QStringLiteral("http://localhost:3000/mc")), server));
    QVERIFY(!McpOAuth::resourceCovers(QUrl(QStringLiteral("http://localhost:3001/mcp")), server));
    QCOMPARE(McpOAuth::canonicalResource(QUrl(QStringLiteral("HTTPS://Example.COM/mcp/?q#f"))).toString(),
             QStringLiteral("https://example.com/mcp"));
}

void TestMcpOAuth::elicitationDefaults()
{
    const QJsonObject schema = QJsonDocument::fromJson(R"({"type":"object","properties":{
        "name":{"type":"string","default":"John Doe"}, "age":{"type":"integer","default":30},
        "score":{"type":"number","default":95.5}, "verified":{"type":"boolean","default":true},
        "status":{"type":"string","enum":["active","inactive"],"default":"active"},
        "bad":{"type":"string","enum":["a"],"default":"b"}, "plain":{"type":"string"}}})").object();
    const QJsonObject filled = McpElicitation::applyDefaults(schema, QJsonObject{{QStringLiteral("age"), 41}});
    QCOMPARE(filled.value(QStringLiteral("name")).toString(), QStringLiteral("John Doe"));
    QCOMPARE(filled.value(QStringLiteral("age")).toInt(), 41); // what the person said stays
    QCOMPARE(filled.value(QStringLiteral("score")).toDouble(), 95.5);
    QCOMPARE(filled.value(QStringLiteral("verified")).toBool(), true);
    QCOMPARE(filled.value(QStringLiteral("status")).toString(), QStringLiteral("active"));
    QVERIFY(!filled.contains(QStringLiteral("bad")));
    QVERIFY(!filled.contains(QStringLiteral("plain")));
}

bool TestMcpOAuth::needKeychain()
{
    return !qEnvironmentVariableIsEmpty("VALIS_TEST_KEYRING");
}

std::unique_ptr<McpOAuthAuthorizer> TestMcpOAuth::authorizer(const AuthServer &server, CredentialStore *store,
                                                           std::function<bool(const QUrl &)> openUrl, int timeoutMs)
{
    McpOAuthOptions options;
    options.serverName = QStringLiteral("test");
    options.credentials = store;
    options.openUrl = openUrl ? openUrl : [this](const QUrl &url) { return m_browser.open(url); };
    options.clientMetadataUrl.clear();
    options.signInTimeoutMs = timeoutMs;
    return std::make_unique<McpOAuthAuthorizer>(server.mcp(), options);
}

#define REQUIRE_KEYCHAIN()                                                                                   \
    if (!needKeychain())                                                                                     \
        QSKIP("writes to a keychain: run through tests/support/with-keyring.sh, as CTest does");             \
    KeychainCredentialStore store(QStringLiteral("org.valis.Valis.test-oauth"));                             \
    AuthServer server;                                                                                       \
    QVERIFY(server.start())

void TestMcpOAuth::signInIsKeptAcrossRestarts()
{
    REQUIRE_KEYCHAIN();
    auto first = authorizer(server, &store);
    const auto signedIn = await([&](auto done) { first->signIn(done); });
    QVERIFY(signedIn);
    QVERIFY2(signedIn->ok(), qPrintable(signedIn->ok() ? QString() : signedIn->error().toString()));
    QCOMPARE(first->authorization(), QByteArray("Bearer access-1"));
    QCOMPARE(first->issuer(), server.base());
    // PKCE S256 and RFC 8707 in both requests, and the verifier matches the challenge.
    QCOMPARE(server.lastAuthorize.queryItemValue(QStringLiteral("code_challenge_method")), QStringLiteral("S256"));
    QCOMPARE(server.lastAuthorize.queryItemValue(QStringLiteral("resource"), QUrl::FullyDecoded), server.mcp().toString());
    QCOMPARE(server.lastToken.queryItemValue(QStringLiteral("resource"), QUrl::FullyDecoded), server.mcp().toString());
    QCOMPARE(McpOAuth::codeChallenge(server.lastToken.queryItemValue(QStringLiteral("code_verifier")).toLatin1()),
             server.lastAuthorize.queryItemValue(QStringLiteral("code_challenge")).toLatin1());
    QVERIFY(!server.lastAuthorize.hasQueryItem(QStringLiteral("scope"))); // nothing named: omitted

    const std::optional<QString> stored = readSecret(store, McpOAuth::accountForIssuer(server.base()));
    QVERIFY(stored);
    const QJsonObject record = QJsonDocument::fromJson(stored->toUtf8()).object();
    QCOMPARE(record.value(QStringLiteral("registration")).toObject().value(QStringLiteral("client_id")).toString(),
             QStringLiteral("client-1"));

    // A restart: the tokens come from the keychain, nothing is asked of the server.
    first.reset();
    auto second = authorizer(server, &store);
    bool prepared = false;
    second->prepare([&prepared] { prepared = true; });
    QTRY_VERIFY(prepared);
    QCOMPARE(second->authorization(), QByteArray("Bearer access-1"));
    QCOMPARE(server.registrations, 1);
    QCOMPARE(server.tokenRequests, 1);
    QVERIFY(await([&](auto done) { second->signOut(done); }));
}

void TestMcpOAuth::refreshesWhenAboutToExpire()
{
    REQUIRE_KEYCHAIN();
    server.expiresIn = 20; // inside the refresh margin
    auto first = authorizer(server, &store);
    QVERIFY(succeeded(await([&](auto done) { first->signIn(done); })));
    first.reset();
    auto second = authorizer(server, &store);
    bool prepared = false;
    second->prepare([&prepared] { prepared = true; });
    QTRY_VERIFY(prepared);
    QCOMPARE(server.tokenRequests, 2);
    QCOMPARE(server.lastToken.queryItemValue(QStringLiteral("grant_type")), QStringLiteral("refresh_token"));
    QCOMPARE(server.lastToken.queryItemValue(QStringLiteral("refresh_token")), QStringLiteral("refresh-1"));
    QCOMPARE(server.lastToken.queryItemValue(QStringLiteral("resource"), QUrl::FullyDecoded), server.mcp().toString());
    QCOMPARE(second->authorization(), QByteArray("Bearer access-2"));
    QCOMPARE(server.registrations, 1);
    QCOMPARE(server.authorizeRequests, 1);
    QVERIFY(await([&](auto done) { second->signOut(done); }));
}

void TestMcpOAuth::refreshesOnceOn401()
{
    REQUIRE_KEYCHAIN();
    auto auth = authorizer(server, &store);
    QVERIFY(succeeded(await([&](auto done) { auth->signIn(done); })));
    McpAuthChallenge challenge;
    challenge.authorization = auth->authorization();
    QVERIFY(succeeded(await([&](auto done) { auth->authorize(challenge, done); })));
    QCOMPARE(auth->authorization(), QByteArray("Bearer access-2"));
    QCOMPARE(server.lastToken.queryItemValue(QStringLiteral("grant_type")), QStringLiteral("refresh_token"));
    QCOMPARE(server.authorizeRequests, 1);
    // A 401 to a request that still carried the old token: the new one is tried, no new request.
    QVERIFY(succeeded(await([&](auto done) { auth->authorize(challenge, done); })));
    QCOMPARE(server.tokenRequests, 2);
    QVERIFY(await([&](auto done) { auth->signOut(done); }));
}

void TestMcpOAuth::registersAgainOnInvalidClient()
{
    REQUIRE_KEYCHAIN();
    server.invalidClientAnswers = 1;
    auto auth = authorizer(server, &store);
    const auto outcome = await([&](auto done) { auth->signIn(done); });
    QVERIFY(outcome && outcome->ok());
    QCOMPARE(server.registrations, 2);
    QCOMPARE(server.authorizeRequests, 2);
    QCOMPARE(auth->authorization(), QByteArray("Bearer access-2"));
    QVERIFY(await([&](auto done) { auth->signOut(done); }));
}

void TestMcpOAuth::refusesServerWithoutPkce()
{
    REQUIRE_KEYCHAIN();
    server.pkce = false;
    auto auth = authorizer(server, &store);
    const auto outcome = await([&](auto done) { auth->signIn(done); });
    QVERIFY(outcome && outcome->hasError());
    QCOMPARE(outcome->error().code, QStringLiteral("mcp.oauth-no-pkce"));
    QVERIFY(outcome->error().message.contains(QStringLiteral("S256")));
    QCOMPARE(server.authorizeRequests, 0);
    QCOMPARE(server.registrations, 0);
}

void TestMcpOAuth::refusesForeignState()
{
    REQUIRE_KEYCHAIN();
    server.tamperState = true;
    auto auth = authorizer(server, &store);
    const auto outcome = await([&](auto done) { auth->signIn(done); });
    QVERIFY(outcome && outcome->hasError());
    QCOMPARE(outcome->error().code, QStringLiteral("mcp.oauth-state-mismatch"));
    QCOMPARE(server.tokenRequests, 0);
    QVERIFY(auth->authorization().isEmpty());
    QVERIFY(await([&](auto done) { auth->signOut(done); }));
}

void TestMcpOAuth::signOutForgets()
{
    REQUIRE_KEYCHAIN();
    auto auth = authorizer(server, &store);
    QVERIFY(succeeded(await([&](auto done) { auth->signIn(done); })));
    QVERIFY(readSecret(store, McpOAuth::accountForIssuer(server.base())).has_value());
    QVERIFY(succeeded(await([&](auto done) { auth->signOut(done); })));
    QVERIFY(auth->authorization().isEmpty());
    QVERIFY(!readSecret(store, McpOAuth::accountForIssuer(server.base())).has_value());
    auto again = authorizer(server, &store);
    bool prepared = false;
    again->prepare([&prepared] { prepared = true; });
    QTRY_VERIFY(prepared);
    QVERIFY(again->authorization().isEmpty());
}

void TestMcpOAuth::concurrentRefusalsShareOneRefresh()
{
    REQUIRE_KEYCHAIN();
    auto auth = authorizer(server, &store);
    QVERIFY(succeeded(await([&](auto done) { auth->signIn(done); })));
    McpAuthChallenge challenge;
    challenge.authorization = auth->authorization();
    std::optional<Result<void>> first;
    std::optional<Result<void>> second;
    auth->authorize(challenge, [&first](const Result<void> &r) { first = r; });
    auth->authorize(challenge, [&second](const Result<void> &r) { second = r; });
    QTRY_VERIFY(first.has_value() && second.has_value());
    QVERIFY(first->ok() && second->ok());
    QCOMPARE(server.tokenRequests, 2); // the sign-in's and one refresh
    QCOMPARE(auth->authorization(), QByteArray("Bearer access-2"));
    QVERIFY(await([&](auto done) { auth->signOut(done); }));
}

void TestMcpOAuth::stepUpAsksForMoreScope()
{
    REQUIRE_KEYCHAIN();
    auto auth = authorizer(server, &store);
    McpAuthChallenge first;
    first.parameters.insert(QStringLiteral("scope"), QStringLiteral("read"));
    QVERIFY(succeeded(await([&](auto done) { auth->authorize(first, done); })));
    QCOMPARE(server.lastAuthorize.queryItemValue(QStringLiteral("scope"), QUrl::FullyDecoded), QStringLiteral("read"));
    McpAuthChallenge stepUp;
    stepUp.status = 403;
    stepUp.authorization = auth->authorization();
    stepUp.parameters = McpAuthChallenge::parseParameters(R"(Bearer error="insufficient_scope", scope="write")");
    QVERIFY(succeeded(await([&](auto done) { auth->authorize(stepUp, done); })));
    // A new sign-in (not a refresh) for the new scope, keeping the one granted; no new registration.
    QCOMPARE(server.authorizeRequests, 2);
    QCOMPARE(server.lastAuthorize.queryItemValue(QStringLiteral("scope"), QUrl::FullyDecoded), QStringLiteral("write read"));
    QCOMPARE(server.registrations, 1);
    QCOMPARE(auth->authorization(), QByteArray("Bearer access-2"));
    QVERIFY(await([&](auto done) { auth->signOut(done); }));
}

void TestMcpOAuth::signInTimesOut()
{
    REQUIRE_KEYCHAIN();
    QUrl shown;
    auto auth = authorizer(server, &store, [&shown](const QUrl &url) { shown = url; return true; }, 1000);
    const auto outcome = await([&](auto done) { auth->signIn(done); });
    QVERIFY(outcome && outcome->hasError());
    QCOMPARE(outcome->error().code, QStringLiteral("mcp.oauth-timeout"));
    QVERIFY(shown.isValid());
    QCOMPARE(server.tokenRequests, 0);
    QVERIFY(auth->authorization().isEmpty());
    // The listener is gone: a late answer from the browser reaches nobody.
    const QUrl redirect(QUrlQuery(shown).queryItemValue(QStringLiteral("redirect_uri"), QUrl::FullyDecoded));
    QTcpSocket late;
    late.connectToHost(QHostAddress::LocalHost, quint16(redirect.port()));
    QVERIFY(!late.waitForConnected(2000));
    QVERIFY(await([&](auto done) { auth->signOut(done); }));
}

VALIS_TEST_MAIN(TestMcpOAuth)
#include "tst_mcpoauth.moc"
