// MCP over HTTP against server-everything from npm on 127.0.0.1: the Streamable HTTP transport
// (sessions, SSE answers, the GET stream, a server that forgets the session, DELETE) and the
// fallback to the older HTTP+SSE transport.
#include "mcptestsupport.h"
#include "testsupport.h"

#include "valis/mcp/mcphttptransport.h"
#include "valis/mcp/mcpserverconnection.h"

#include <QJsonArray>
#include <QProcess>
#include <QTcpSocket>
#include <QtTest>

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {

/// server-everything in one of its HTTP modes, on a free loopback port.
class EverythingOverHttp
{
public:
    explicit EverythingOverHttp(const QString &mode) : m_mode(mode), m_port(freePort()) {}
    ~EverythingOverHttp() { stop(); }

    bool start()
    {
        m_process = std::make_unique<QProcess>();
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("PORT"), QString::number(m_port));
        m_process->setProcessEnvironment(environment);
        m_process->setProcessChannelMode(QProcess::MergedChannels);
        m_process->start(nodeProgram(), {nodeModule(QStringLiteral("@modelcontextprotocol/server-everything/dist/index.js")), m_mode});
        if (!m_process->waitForStarted())
            return false;
        // Listening once a connection succeeds.
        return QTest::qWaitFor([this] {
            QTcpSocket probe;
            probe.connectToHost(QStringLiteral("127.0.0.1"), quint16(m_port));
            return probe.waitForConnected(200);
        }, 20000);
    }
    void stop()
    {
        if (!m_process)
            return;
        m_process->kill();
        m_process->waitForFinished(5000);
        m_output += m_process->readAll();
        m_process.reset();
    }
    QByteArray output()
    {
        if (m_process)
            m_output += m_process->readAll();
        return m_output;
    }
    QString url(const QString &path) const { return QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(path); }

private:
    QString m_mode;
    int m_port;
    std::unique_ptr<QProcess> m_process;
    QByteArray m_output;
};

McpServerConfig httpServer(const QString &url)
{
    McpServerConfig config;
    config.name = QStringLiteral("remote");
    config.transport = McpServerConfig::Transport::Http;
    config.url = url;
    config.headers.insert(QStringLiteral("X-Valis-Test"), QStringLiteral("${VALIS_TEST_HEADER:-on}"));
    return config;
}

McpResponse echo(McpClient *client, const QString &message)
{
    return call(client, QStringLiteral("tools/call"),
                {{QStringLiteral("name"), QStringLiteral("echo")},
                 {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), message}}}});
}

} // namespace

class TestMcpHttp : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!nodeProgram().isEmpty(), "node is not on PATH");
    }

    void streamableHttp()
    {
        EverythingOverHttp server(QStringLiteral("streamableHttp"));
        QVERIFY2(server.start(), server.output().constData());
        McpServerConnection connection(httpServer(server.url(QStringLiteral("/mcp"))), {});
        connection.start();
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), McpServerConnection::State::Ready, 30000);
        QVERIFY2(connection.client(), qPrintable(connection.log()));
        McpClient *client = connection.client();
        QCOMPARE(client->protocolVersion(), QStringLiteral("2025-11-25"));
        auto *transport = static_cast<McpHttpTransport *>(client->transport());
        QVERIFY(!transport->sessionId().isEmpty());
        QVERIFY(!transport->isLegacySse());
        QCOMPARE(resultText(echo(client, QStringLiteral("over http"))), QStringLiteral("Echo: over http"));
        // Progress arrives on the POST's event stream, before the answer.
        McpRequestOptions options;
        options.wantsProgress = true;
        QList<double> progress;
        const McpResponse longRun = call(client, QStringLiteral("tools/call"),
                                         {{QStringLiteral("name"), QStringLiteral("trigger-long-running-operation")},
                                          {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("duration"), 1}, {QStringLiteral("steps"), 3}}}},
                                         options, &progress);
        QVERIFY(longRun.ok());
        QVERIFY(progress.size() >= 2);
        // What the server sends on its own comes on the GET stream. server-everything's simulated
        // log sends a message of a random level every few seconds and only some pass the level
        // filter, so on a busy machine the first one that shows may take half a minute.
        QVERIFY(call(client, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("toggle-simulated-logging")}}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(connection.log().contains(QStringLiteral("[info]")) || connection.log().contains(QStringLiteral("[notice]"))
                                     || connection.log().contains(QStringLiteral("[debug]")) || connection.log().contains(QStringLiteral("[warning]"))
                                     || connection.log().contains(QStringLiteral("[error]")),
                                 90000);
        // Closing ends the session on the server (DELETE).
        connection.stop();
        QTRY_VERIFY2_WITH_TIMEOUT(server.output().contains("Received session termination request"), server.output().right(2000).constData(), 20000);
    }

    void aForgottenSessionIsStartedAgain()
    {
        EverythingOverHttp server(QStringLiteral("streamableHttp"));
        QVERIFY2(server.start(), server.output().constData());
        McpServerConnection connection(httpServer(server.url(QStringLiteral("/mcp"))), {});
        connection.start();
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), McpServerConnection::State::Ready, 30000);
        QVERIFY2(connection.client(), qPrintable(connection.log()));
        auto *transport = static_cast<McpHttpTransport *>(connection.client()->transport());
        const QString first = transport->sessionId();
        // A new server process on the same port knows nothing of the old session.
        server.stop();
        QVERIFY2(server.start(), server.output().constData());
        const McpResponse again = echo(connection.client(), QStringLiteral("after restart"));
        QVERIFY2(again.ok(), qPrintable((again.error ? again.error->message : QString()) + QLatin1Char('\n') + connection.log()));
        QCOMPARE(resultText(again), QStringLiteral("Echo: after restart"));
        QVERIFY(!transport->sessionId().isEmpty());
        QVERIFY(transport->sessionId() != first);
        QVERIFY(connection.log().contains(QStringLiteral("initialising again")));
    }

    void olderHttpSseServers()
    {
        EverythingOverHttp server(QStringLiteral("sse"));
        QVERIFY2(server.start(), server.output().constData());
        McpServerConnection connection(httpServer(server.url(QStringLiteral("/sse"))), {});
        connection.start();
        QTRY_COMPARE_WITH_TIMEOUT(connection.state(), McpServerConnection::State::Ready, 30000);
        QVERIFY2(connection.client(), qPrintable(connection.log()));
        QVERIFY(static_cast<McpHttpTransport *>(connection.client()->transport())->isLegacySse());
        QVERIFY(connection.log().contains(QStringLiteral("older HTTP+SSE transport")));
        QCOMPARE(resultText(echo(connection.client(), QStringLiteral("legacy"))), QStringLiteral("Echo: legacy"));
    }

    void unreachableAndWrongServers()
    {
        McpServerConnection nobody(httpServer(QStringLiteral("http://127.0.0.1:%1/mcp").arg(freePort())), {});
        nobody.start();
        QTRY_COMPARE_WITH_TIMEOUT(nobody.state(), McpServerConnection::State::Failed, 20000);
        QCOMPARE(nobody.lastError()->code, QStringLiteral("mcp.unreachable"));

        McpServerConfig badUrl = httpServer(QStringLiteral("ftp://example.com/mcp"));
        McpServerConnection wrong(badUrl, {});
        wrong.start();
        QTRY_COMPARE_WITH_TIMEOUT(wrong.state(), McpServerConnection::State::Failed, 5000);
        QCOMPARE(wrong.lastError()->code, QStringLiteral("mcp.bad-url"));

        McpServerConfig token = httpServer(QStringLiteral("http://127.0.0.1:1/mcp"));
        token.bearerTokenEnvVar = QStringLiteral("VALIS_TEST_UNSET_TOKEN_VARIABLE");
        McpServerConnection unset(token, {});
        unset.start();
        QTRY_COMPARE_WITH_TIMEOUT(unset.state(), McpServerConnection::State::Failed, 5000);
        QVERIFY(unset.lastError()->message.contains(QStringLiteral("VALIS_TEST_UNSET_TOKEN_VARIABLE")));
    }
};

VALIS_TEST_MAIN(TestMcpHttp)
#include "tst_mcphttp.moc"
