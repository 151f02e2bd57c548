// valis-cli mcp login / logout: the real binary signs in to a local authorization server, the
// "browser" a node script that follows the sign-in redirect, the tokens in a real keychain (run
// under tests/support/with-keyring.sh, as CTest does).
#include "clipty.h"
#include "mcptestsupport.h"
#include "oauthtestserver.h"
#include "testsupport.h"

#include "valis/keychain/keychaincredentialstore.h"
#include "valis/mcp/mcpoauth.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

/// What the keychain holds for `account`; nullopt when nothing, "<unreadable>" on an error.
std::optional<QString> readSecret(const QString &account)
{
    KeychainCredentialStore store;
    std::optional<Result<std::optional<QString>>> outcome;
    store.read(account, [&outcome](const Result<std::optional<QString>> &result) { outcome = result; });
    if (!QTest::qWaitFor([&outcome] { return outcome.has_value(); }, 10000) || outcome->hasError())
        return QStringLiteral("<unreadable>");
    return outcome->value();
}

} // namespace

class TestMcpCliLogin : public QObject
{
    Q_OBJECT

    std::unique_ptr<TemporaryHome> m_home;

    QProcessEnvironment environment(const QString &browser) const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("VALIS_HOME"));
        environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        environment.insert(QStringLiteral("BROWSER"), browser);
        return environment;
    }

    McpCliRun mcp(const QStringList &arguments, const QString &browser = {})
    {
        return runValisCli(QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("mcp")} + arguments, m_home->path(),
                           environment(browser));
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS"))
            QSKIP("writes to a keychain: run through tests/support/with-keyring.sh, as CTest does");
        QVERIFY2(!nodeProgram().isEmpty(), "node is not on PATH");
    }

    void init()
    {
        m_home = std::make_unique<TemporaryHome>();
    }

    void signsInAndOut()
    {
        AuthServer server;
        QVERIFY(server.start());
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("docs"), QStringLiteral("--url"), server.mcp().toString()}).exitCode, 0);
        // The browser: fetch() follows the authorization server's redirect to Valis's loopback.
        const QString browser = writeFileIn(m_home->path(), QStringLiteral("browser.mjs"),
                                            "fetch(process.argv[2]).then((r) => r.text()).catch(() => {});\n");
        const QString browserCommand = nodeProgram() + QLatin1Char(' ') + browser;

        const McpCliRun login = mcp({QStringLiteral("login"), QStringLiteral("docs")}, browserCommand);
        QVERIFY2(login.exitCode == 0, qPrintable(login.err));
        QVERIFY2(login.out.contains(QStringLiteral("Signed in to docs (authorization server %1").arg(server.base())), qPrintable(login.out));
        // The address is printed as well, for a person whose browser does not open.
        QVERIFY2(login.err.contains(QStringLiteral("To sign in to docs, open: %1/authorize?").arg(server.base())), qPrintable(login.err));
        QCOMPARE(server.authorizeRequests, 1);
        QCOMPARE(server.tokenRequests, 1);
        QCOMPARE(server.lastAuthorize.queryItemValue(QStringLiteral("code_challenge_method")), QStringLiteral("S256"));

        // The tokens are in the keychain, under the authorization server.
        const std::optional<QString> stored = readSecret(McpOAuth::accountForIssuer(server.base()));
        QVERIFY(stored);
        QVERIFY2(stored->contains(QLatin1String("access-1")), qPrintable(*stored));

        const McpCliRun logout = mcp({QStringLiteral("logout"), QStringLiteral("docs")});
        QVERIFY2(logout.exitCode == 0, qPrintable(logout.err));
        QVERIFY(logout.out.contains(QLatin1String("Signed out of docs.")));
        const std::optional<QString> after = readSecret(McpOAuth::accountForIssuer(server.base()));
        QVERIFY2(!after || !after->contains(QLatin1String("access-1")), qPrintable(after.value_or(QString())));
    }

    void onlyHttpServersSignIn()
    {
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("local"), QStringLiteral("--"), QStringLiteral("node"), QStringLiteral("x.js")}).exitCode, 0);
        const McpCliRun local = mcp({QStringLiteral("login"), QStringLiteral("local")});
        QCOMPARE(local.exitCode, 1);
        QVERIFY2(local.err.contains(QLatin1String("only HTTP servers sign in")), qPrintable(local.err));
        QCOMPARE(mcp({QStringLiteral("add"), QStringLiteral("token"), QStringLiteral("--url"), QStringLiteral("https://mcp.example.org/mcp"),
                      QStringLiteral("--bearer-token-env"), QStringLiteral("MY_TOKEN")}).exitCode, 0);
        const McpCliRun bearer = mcp({QStringLiteral("login"), QStringLiteral("token")});
        QCOMPARE(bearer.exitCode, 1);
        QVERIFY2(bearer.err.contains(QLatin1String("MY_TOKEN")), qPrintable(bearer.err));
        QCOMPARE(mcp({QStringLiteral("login"), QStringLiteral("nobody")}).exitCode, 1);
        QCOMPARE(mcp({QStringLiteral("login")}).exitCode, 2);
    }
};

VALIS_TEST_MAIN(TestMcpCliLogin)
#include "tst_mcpclilogin.moc"
