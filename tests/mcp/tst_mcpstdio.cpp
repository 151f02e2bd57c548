// MCP over stdio against real servers: server-everything from npm (every feature it offers over
// stdio) and tests/mcp/servers/faultserver.mjs for the ways servers misbehave.
#include "mcptestsupport.h"
#include "testsupport.h"

#include "valis/core/translations.h"
#include "valis/mcp/mcpcontent.h"
#include "valis/mcp/mcpserverconnection.h"
#include "valis/mcp/mcpstdiotransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {

bool hasTool(const McpServerConnection &connection, const QString &name)
{
    for (const McpToolInfo &tool : connection.tools()) {
        if (tool.name == name)
            return true;
    }
    return false;
}

} // namespace

class TestMcpStdio : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<McpServerConnection> connect(const McpServerConfig &config, McpConnectionOptions options = {})
    {
        auto connection = std::make_unique<McpServerConnection>(config, options);
        connection->start();
        return connection;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!nodeProgram().isEmpty(), "node is not on PATH (scripts/dev.sh setup installs it)");
        QVERIFY2(QFile::exists(everythingServer().args.first()), "node_modules lacks server-everything: run npm ci");
    }

    void everythingHandshakeToolsAndCall()
    {
        auto connection = connect(everythingServer());
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 30000);
        McpClient *client = connection->client();
        QCOMPARE(client->protocolVersion(), QStringLiteral("2025-11-25"));
        QVERIFY(!client->instructions().isEmpty());
        QVERIFY(hasTool(*connection, QStringLiteral("echo")));
        QVERIFY(hasTool(*connection, QStringLiteral("get-structured-content")));
        const McpResponse echo = call(client, QStringLiteral("tools/call"),
                                      {{QStringLiteral("name"), QStringLiteral("echo")},
                                       {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("hi")}}}});
        QVERIFY2(echo.ok(), qPrintable(echo.error ? echo.error->message : QString()));
        QCOMPARE(resultText(echo), QStringLiteral("Echo: hi"));
        // The server's own output schema and structured result.
        const McpResponse structured = call(client, QStringLiteral("tools/call"),
                                            {{QStringLiteral("name"), QStringLiteral("get-structured-content")},
                                             {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("location"), QStringLiteral("New York")}}}});
        QVERIFY(structured.ok());
        QVERIFY(structured.result.value(QLatin1String("structuredContent")).isObject());
        // An unknown tool is the server's error, and the connection lives on.
        const McpResponse unknown = call(client, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("no-such-tool")}});
        QVERIFY(!unknown.ok() || unknown.result.value(QLatin1String("isError")).toBool());
        QCOMPARE(connection->state(), McpServerConnection::State::Ready);
        // stderr is the server's log, never an error.
        QTRY_VERIFY_WITH_TIMEOUT(connection->log().contains(QStringLiteral("Starting default (STDIO) server")), 5000);
    }

    void capabilityToolsArriveWithListChanged()
    {
        // Tools for roots, sampling and elicitation are registered after initialized, when the
        // client offers them, and announced with tools/list_changed.
        McpConnectionOptions options;
        options.client.roots = true;
        options.client.sampling = true;
        options.client.elicitationForm = true;
        options.configureClient = [](McpClient *client) {
            client->setRequestHandler(QStringLiteral("roots/list"), [](const JsonRpcMessage &, const McpResponder &responder) {
                responder.result({{QStringLiteral("roots"), QJsonArray{QJsonObject{{QStringLiteral("uri"), QStringLiteral("file:///work/project")},
                                                                                   {QStringLiteral("name"), QStringLiteral("project")}}}}});
            });
        };
        auto connection = connect(everythingServer(), options);
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(*connection, QStringLiteral("get-roots-list")), 10000);
        QVERIFY(hasTool(*connection, QStringLiteral("trigger-sampling-request")));
        QVERIFY(hasTool(*connection, QStringLiteral("trigger-elicitation-request")));
        const McpResponse roots = call(connection->client(), QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("get-roots-list")}});
        QVERIFY(roots.ok());
        QVERIFY2(resultText(roots).contains(QStringLiteral("file:///work/project")), qPrintable(resultText(roots)));
    }

    void aToolThatAppearsLaterIsListed()
    {
        auto connection = connect(faultServer(QStringLiteral("late"), {QStringLiteral("--late-tools")}));
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 20000);
        QVERIFY(!hasTool(*connection, QStringLiteral("late_tool")));
        QSignalSpy toolsChanged(connection.get(), &McpServerConnection::toolsChanged);
        QVERIFY(call(connection->client(), QStringLiteral("tools/call"),
                     {{QStringLiteral("name"), QStringLiteral("echo")},
                      {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("x")}}}})
                    .ok());
        QTRY_VERIFY_WITH_TIMEOUT(hasTool(*connection, QStringLiteral("late_tool")), 10000);
        QCOMPARE(toolsChanged.count(), 1);
    }

    void progressLoggingResourcesPrompts()
    {
        auto connection = connect(everythingServer());
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 30000);
        McpClient *client = connection->client();
        McpRequestOptions options;
        options.wantsProgress = true;
        options.resetOnProgress = true;
        options.timeoutMs = 1500; // shorter than the operation: only progress keeps it alive
        QList<double> progress;
        const McpResponse longRun = call(client, QStringLiteral("tools/call"),
                                         {{QStringLiteral("name"), QStringLiteral("trigger-long-running-operation")},
                                          {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("duration"), 3}, {QStringLiteral("steps"), 3}}}},
                                         options, &progress);
        QVERIFY2(longRun.ok(), qPrintable(longRun.error ? longRun.error->message : QString()));
        QVERIFY2(progress.size() >= 2, qPrintable(QString::number(progress.size())));
        QVERIFY(std::is_sorted(progress.begin(), progress.end()));

        // notifications/message land in the server's log (logging/setLevel was sent).
        QVERIFY(call(client, QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("toggle-simulated-logging")}}).ok());
        const auto logged = [&connection] {
            const QString log = connection->log();
            for (const char *level : {"[info]", "[notice]", "[warning]", "[error]", "[critical]", "[alert]", "[emergency]"}) {
                if (log.contains(QLatin1String(level)))
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(logged(), 20000);

        const McpResponse resources = call(client, QStringLiteral("resources/list"), {});
        QVERIFY(resources.ok());
        const QJsonArray list = resources.result.value(QLatin1String("resources")).toArray();
        QVERIFY(!list.isEmpty());
        const QString uri = list.first().toObject().value(QLatin1String("uri")).toString();
        const McpResponse read = call(client, QStringLiteral("resources/read"), {{QStringLiteral("uri"), uri}});
        QVERIFY(read.ok());
        QCOMPARE(read.result.value(QLatin1String("contents")).toArray().first().toObject().value(QLatin1String("uri")).toString(), uri);
        const McpResponse templates = call(client, QStringLiteral("resources/templates/list"), {});
        QVERIFY(!templates.result.value(QLatin1String("resourceTemplates")).toArray().isEmpty());

        const McpResponse prompt = call(client, QStringLiteral("prompts/get"),
                                        {{QStringLiteral("name"), QStringLiteral("args-prompt")},
                                         {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("city"), QStringLiteral("Lisbon")}}}});
        QVERIFY2(prompt.ok(), qPrintable(prompt.error ? prompt.error->message : QString()));
        QVERIFY(QJsonDocument(prompt.result).toJson().contains("Lisbon"));
        const McpResponse completion = call(client, QStringLiteral("completion/complete"),
                                            {{QStringLiteral("ref"), QJsonObject{{QStringLiteral("type"), QStringLiteral("ref/prompt")},
                                                                                 {QStringLiteral("name"), QStringLiteral("completable-prompt")}}},
                                             {QStringLiteral("argument"), QJsonObject{{QStringLiteral("name"), QStringLiteral("department")},
                                                                                      {QStringLiteral("value"), QStringLiteral("E")}}}});
        QVERIFY2(completion.ok(), qPrintable(completion.error ? completion.error->message : QString()));
        QVERIFY(!completion.result.value(QLatin1String("completion")).toObject().value(QLatin1String("values")).toArray().isEmpty());
        QVERIFY(call(client, QStringLiteral("ping"), {}).ok());
    }

    void theMemoryServerKeepsAGraph()
    {
        QTemporaryDir dir;
        McpServerConfig memory;
        memory.name = QStringLiteral("memory");
        memory.command = nodeProgram();
        memory.args = {nodeModule(QStringLiteral("@modelcontextprotocol/server-memory/dist/index.js"))};
        memory.env.insert(QStringLiteral("MEMORY_FILE_PATH"), dir.filePath(QStringLiteral("graph.jsonl")));
        auto connection = connect(memory);
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 30000);
        QVERIFY(hasTool(*connection, QStringLiteral("create_entities")));
        const QJsonObject entity{{QStringLiteral("name"), QStringLiteral("Valis")},
                                 {QStringLiteral("entityType"), QStringLiteral("project")},
                                 {QStringLiteral("observations"), QJsonArray{QStringLiteral("speaks MCP")}}};
        QVERIFY(call(connection->client(), QStringLiteral("tools/call"),
                     {{QStringLiteral("name"), QStringLiteral("create_entities")},
                      {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("entities"), QJsonArray{entity}}}}})
                    .ok());
        const McpResponse graph = call(connection->client(), QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("read_graph")}});
        QVERIFY(graph.ok());
        QVERIFY2(resultText(graph).contains(QStringLiteral("speaks MCP")), qPrintable(resultText(graph)));
        QFile file(dir.filePath(QStringLiteral("graph.jsonl")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("speaks MCP")); // the env reached the server
    }

    void bannersOnStdoutAreSkipped()
    {
        auto connection = connect(faultServer(QStringLiteral("noisy"), {QStringLiteral("--banner"), QStringLiteral("--noisy")}));
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 20000);
        QVERIFY(hasTool(*connection, QStringLiteral("echo")));
        QVERIFY(connection->log().contains(QStringLiteral("Welcome to the fault server")));
        QVERIFY(connection->log().contains(QStringLiteral("stdout, skipped")));
        QCOMPARE(static_cast<McpStdioTransport *>(connection->client()->transport())->noisyLines(), 3);
    }

    void aServerThatExitsIsReportedWithItsStderr()
    {
        auto connection = connect(faultServer(QStringLiteral("broken"), {QStringLiteral("--exit-at-once")}));
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Failed, 20000);
        QVERIFY(connection->lastError().has_value());
        const QString message = connection->lastError()->message;
        QVERIFY2(message.contains(QStringLiteral("exited with status 3")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("cannot open the database")), qPrintable(message));
        QVERIFY(connection->tools().isEmpty());
    }

    void aMissingCommandSaysWhereItLooked()
    {
        McpServerConfig config = everythingServer(QStringLiteral("missing"));
        config.command = QStringLiteral("no-such-mcp-server-command");
        auto connection = connect(config);
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Failed, 10000);
        QCOMPARE(connection->lastError()->code, QStringLiteral("mcp.command-not-found"));
    }

    void slowStartHitsTheStartupTimeout()
    {
        McpServerConfig config = faultServer(QStringLiteral("slow"), {QStringLiteral("--slow-start"), QStringLiteral("5000")});
        config.startupTimeoutSec = 1;
        auto connection = connect(config);
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Failed, 10000);
        QCOMPARE(connection->lastError()->code, QStringLiteral("mcp.startup-timeout"));
        QVERIFY(connection->lastError()->message.contains(QStringLiteral("faultserver: started"))); // its stderr, too
    }

    void aCallThatNeverEndsTimesOutAndIsCancelled()
    {
        QTemporaryDir dir;
        const QString cancelFile = dir.filePath(QStringLiteral("cancelled"));
        auto connection = connect(faultServer(QStringLiteral("silent"), {QStringLiteral("--never-answer"), QStringLiteral("--cancel-file"), cancelFile}));
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 20000);
        McpRequestOptions options;
        options.timeoutMs = 500;
        const McpResponse response = call(connection->client(), QStringLiteral("tools/call"),
                                          {{QStringLiteral("name"), QStringLiteral("echo")},
                                           {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("x")}}}},
                                          options);
        QVERIFY(!response.ok());
        QCOMPARE(response.error->code, QStringLiteral("mcp.timeout"));
        // The server heard notifications/cancelled with the request's id.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(cancelFile), 5000);
        QCOMPARE(connection->state(), McpServerConnection::State::Ready);
    }

    void aServerThatDiesMidCallRestarts()
    {
        auto connection = connect(faultServer(QStringLiteral("crashy"), {QStringLiteral("--die-on"), QStringLiteral("1")}));
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 20000);
        const McpResponse response = call(connection->client(), QStringLiteral("tools/call"),
                                          {{QStringLiteral("name"), QStringLiteral("echo")},
                                           {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("x")}}}});
        QVERIFY(!response.ok());
        QVERIFY2(response.error->message.contains(QStringLiteral("139")), qPrintable(response.error->message));
        // Restarted with backoff; a new process answers (its call counter starts again, so this
        // one dies too: only the restart matters here).
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 15000);
        QCOMPARE(connection->restarts(), 1);
        QVERIFY(connection->log().contains(QStringLiteral("segmentation fault (pretend)")));
    }

    void whatFailsACallIsEnglishWhateverTheUiLanguage()
    {
        // These texts become tool results (plugins/tools/mcp/mcpfailure.cpp): the record and the
        // prompt cache must not follow the person's language (issue 24). valis_de has
        // translations of their earlier tr()'d forms, so a return to tr() shows here.
        installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany));
        const auto restore = qScopeGuard([] { test::removeTranslations(); });
        QCOMPARE(QCoreApplication::translate("valis::MainWindow", "&File"), QStringLiteral("&Datei"));
        const QJsonObject echo{{QStringLiteral("name"), QStringLiteral("echo")},
                               {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("x")}}}};

        auto silent = connect(faultServer(QStringLiteral("silent"), {QStringLiteral("--never-answer")}));
        QTRY_COMPARE_WITH_TIMEOUT(silent->state(), McpServerConnection::State::Ready, 20000);
        McpRequestOptions options;
        options.timeoutMs = 500;
        const McpResponse late = call(silent->client(), QStringLiteral("tools/call"), echo, options);
        QVERIFY(!late.ok());
        QCOMPARE(late.error->message, QStringLiteral("tools/call timed out: no answer within 1 second"));

        auto crashy = connect(faultServer(QStringLiteral("crashy"), {QStringLiteral("--die-on"), QStringLiteral("1")}));
        QTRY_COMPARE_WITH_TIMEOUT(crashy->state(), McpServerConnection::State::Ready, 20000);
        const McpResponse died = call(crashy->client(), QStringLiteral("tools/call"), echo);
        QVERIFY(!died.ok());
        QVERIFY2(died.error->message.startsWith(QStringLiteral("the server exited with status 139\nIts last words on stderr:\n")),
                 qPrintable(died.error->message));

        McpContent::Options content;
        content.modelAcceptsImages = false;
        const Part image = McpContent::toolResult(
            QStringLiteral("c"),
            QJsonDocument::fromJson(R"({"content": [{"type": "image", "mimeType": "image/png", "data": "AAAA"}]})").object(),
            content);
        QCOMPARE(image.content.size(), 1);
        QVERIFY2(image.content.first().text.startsWith(QLatin1String("[an image, image/png, ")), qPrintable(image.content.first().text));
    }

    void aMegabyteResultArrivesWhole()
    {
        auto connection = connect(faultServer(QStringLiteral("big"), {QStringLiteral("--big"), QStringLiteral("1048576")}));
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 20000);
        const McpResponse response = call(connection->client(), QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("big")}});
        QVERIFY(response.ok());
        QCOMPARE(resultText(response).size(), 1048576);
    }

    void shutdownReachesTheWholeProcessGroup()
    {
        // An npx-like wrapper that ignores SIGTERM, whose child ignores a closed stdin and SIGTERM:
        // only a kill of the whole group ends them, and stop() does that.
        QTemporaryDir dir;
        const QString pidFile = dir.filePath(QStringLiteral("pids"));
        auto connection = connect(faultServer(QStringLiteral("wrapped"), {QStringLiteral("--child"), QStringLiteral("--stubborn"),
                                                                         QStringLiteral("--pid-file"), pidFile}));
        QTRY_COMPARE_WITH_TIMEOUT(connection->state(), McpServerConnection::State::Ready, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(pidsIn(pidFile).size(), 2, 5000);
        const QList<qint64> pids = pidsIn(pidFile);
        for (qint64 pid : pids)
            QVERIFY(processAlive(pid));
        QSignalSpy stopped(connection.get(), &McpServerConnection::stopped);
        connection->stop();
        QVERIFY(stopped.wait(3 * McpStdioTransport::ShutdownGraceMs + 2000));
        for (qint64 pid : pids)
            QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid), 5000);
    }

    void noServerOutlivesAKilledValis()
    {
        // A process holding a server is killed with SIGKILL (no chance to clean up): the
        // watchdog takes the server's group down.
        QTemporaryDir dir;
        const QString pidFile = dir.filePath(QStringLiteral("pids"));
        QProcess host;
        host.setProgram(QStringLiteral(VALIS_ORPHAN_HOST));
        host.setArguments(QStringList{nodeProgram(), faultServerScript(), QStringLiteral("--child"), QStringLiteral("--stubborn"),
                                      QStringLiteral("--pid-file"), pidFile});
        host.start();
        QVERIFY(host.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(host.readAllStandardOutput().contains("ready") || pidsIn(pidFile).size() == 2, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(pidsIn(pidFile).size(), 2, 10000);
        const QList<qint64> pids = pidsIn(pidFile);
        host.kill();
        QVERIFY(host.waitForFinished(5000));
        for (qint64 pid : pids)
            QTRY_VERIFY_WITH_TIMEOUT(!processAlive(pid), 10000);
    }
};

VALIS_TEST_MAIN(TestMcpStdio)
#include "tst_mcpstdio.moc"
