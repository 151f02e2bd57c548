// valis-cli run and tools with MCP servers: the real binary, the real MCP and Anthropic plugins,
// server-everything from node_modules, and a scripted model (the local provider test server).
#include "clipty.h"
#include "clirunner.h"
#include "mcptestsupport.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/core/datalocations.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray toolUse(const QString &name, const QJsonObject &input)
{
    return AnthropicStream().toolUse(QStringLiteral("toolu_mcp"), name, input).stop(QStringLiteral("tool_use"));
}

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QList<QJsonObject> events(const CliRun &run)
{
    QList<QJsonObject> list;
    for (const QString &line : run.outLines())
        list.append(QJsonDocument::fromJson(line.toUtf8()).object());
    return list;
}

QList<QJsonObject> eventsNamed(const CliRun &run, const QString &name)
{
    QList<QJsonObject> list;
    for (const QJsonObject &event : events(run)) {
        if (event.value(QLatin1String("event")).toString() == name)
            list.append(event);
    }
    return list;
}

McpServerConfig failingServer(const QString &name, bool required)
{
    McpServerConfig config;
    config.name = name;
    config.command = QStringLiteral("sh");
    config.args = {QStringLiteral("-c"), QStringLiteral("echo 'cannot reach the database %1' >&2; exit 4").arg(name)};
    config.required = required;
    return config;
}

} // namespace

class TestMcpCliRun : public QObject
{
    Q_OBJECT

    std::unique_ptr<TemporaryHome> m_home;
    std::unique_ptr<ProviderTestServer> m_server;

    QProcessEnvironment environment() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("ANTHROPIC_API_KEY"), QStringLiteral("sk-ant-test"));
        environment.remove(QStringLiteral("ANTHROPIC_BASE_URL"));
        environment.remove(QStringLiteral("VALIS_PLUGIN_PATH"));
        environment.remove(QStringLiteral("VALIS_HOME"));
        environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
        return environment;
    }

    QStringList run(const QStringList &extra) const
    {
        return QStringList{QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--no-keychain"),
                           QStringLiteral("--provider"), QStringLiteral("anthropic"), QStringLiteral("--model"),
                           QStringLiteral("claude-sonnet-4-5"), QStringLiteral("--base-url"), m_server->baseUrl().toString(),
                           QStringLiteral("--workspace"), m_home->path(), QStringLiteral("--approve"), QStringLiteral("all")}
            + extra;
    }

    void configure(const QList<McpServerConfig> &servers)
    {
        McpSettings settings;
        settings.setPath(DataLocations::underHome(m_home->path()).mcpSettingsPath());
        for (const McpServerConfig &server : servers)
            settings.setServer(server);
        QVERIFY(settings.save().ok());
    }

    /// The text of the tool result the model was shown in request `index`.
    QString toolResultIn(int index) const
    {
        return anthropicToolResult(m_server->requests().at(index).json(), QStringLiteral("toolu_mcp"));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!nodeProgram().isEmpty(), "node is not on PATH");
    }

    void init()
    {
        m_home = std::make_unique<TemporaryHome>();
        m_server = std::make_unique<ProviderTestServer>();
        QVERIFY(m_server->listen());
    }

    void runUsesAnMcpToolAndShowsProgress()
    {
        configure({everythingServer()});
        m_server->enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("mcp__everything__echo"), {{QStringLiteral("message"), QStringLiteral("hi from the model")}})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("It echoed."))));
        const CliRun echo = runCli(run({QStringLiteral("Echo something")}), environment());
        QVERIFY2(echo.exitCode == 0, echo.err.constData());
        QCOMPARE(echo.out, QByteArray("It echoed.\n"));
        QVERIFY2(echo.err.contains("mcp__everything__echo"), echo.err.constData());
        QCOMPARE(toolResultIn(1), QStringLiteral("Echo: hi from the model"));

        m_server->enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("mcp__everything__trigger-long-running-operation"),
                                                        {{QStringLiteral("duration"), 1}, {QStringLiteral("steps"), 2}})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Done waiting."))));
        const CliRun progress = runCli(run({QStringLiteral("Wait a bit")}), environment());
        QVERIFY2(progress.exitCode == 0, progress.err.constData());
        QVERIFY2(progress.err.contains("progress 1/2") && progress.err.contains("progress 2/2"), progress.err.constData());
        QVERIFY(toolResultIn(3).contains(QLatin1String("Long running operation completed")));
    }

    void toolsListsMcpTools()
    {
        configure({everythingServer()});
        const CliRun tools = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("tools")}, environment());
        QVERIFY2(tools.exitCode == 0, tools.err.constData());
        QVERIFY2(tools.out.contains("mcp__everything__echo") && tools.out.contains("mcp:everything"), tools.out.constData());
    }

    void interactionsAnsweredOverJson()
    {
        configure({everythingServer()});
        m_server->enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("mcp__everything__trigger-elicitation-request"), {})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Thanks, Ada."))));
        bool answered = false;
        const CliRun asked = runCli(run({QStringLiteral("--json"), QStringLiteral("Ask me")}), environment(), {}, false,
                                    [&answered](QProcess &process, const QByteArray &out) {
                                        if (answered)
                                            return;
                                        for (const QByteArray &line : out.split('\n')) {
                                            const QJsonObject event = QJsonDocument::fromJson(line).object();
                                            if (event.value(QLatin1String("event")).toString() != QLatin1String("interaction-requested"))
                                                continue;
                                            const QJsonObject command{{QStringLiteral("command"), QStringLiteral("answer")},
                                                                      {QStringLiteral("requestId"), event.value(QLatin1String("requestId"))},
                                                                      {QStringLiteral("action"), QStringLiteral("accept")},
                                                                      {QStringLiteral("content"), QJsonObject{{QStringLiteral("name"), QStringLiteral("Ada")},
                                                                                                              {QStringLiteral("integer"), 7}}}};
                                            process.write(QJsonDocument(command).toJson(QJsonDocument::Compact) + '\n');
                                            process.closeWriteChannel();
                                            answered = true;
                                        }
                                    });
        QVERIFY2(asked.exitCode == 0, asked.err.constData());
        QVERIFY(answered);
        const QList<QJsonObject> requested = eventsNamed(asked, QStringLiteral("interaction-requested"));
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().value(QLatin1String("kind")).toString(), QStringLiteral("form"));
        QCOMPARE(requested.first().value(QLatin1String("source")).toString(), QStringLiteral("MCP server everything"));
        QVERIFY(requested.first().value(QLatin1String("schema")).toObject().contains(QLatin1String("properties")));
        const QList<QJsonObject> resolved = eventsNamed(asked, QStringLiteral("interaction-resolved"));
        QCOMPARE(resolved.size(), 1);
        QCOMPARE(resolved.first().value(QLatin1String("answer")).toString(), QStringLiteral("accept"));
        const QString result = toolResultIn(1);
        QVERIFY2(result.contains(QLatin1String("- Name: Ada")) && result.contains(QLatin1String("- Favorite Integer: 7")), qPrintable(result));
        // What the script left out went back with the schema's defaults.
        QVERIFY2(result.contains(QLatin1String("It was a dark and stormy night.")), qPrintable(result));

        // With nobody to answer, the question is declined and the turn goes on.
        m_server->enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("mcp__everything__trigger-elicitation-request"), {})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("No answer, then."))));
        const CliRun unattended = runCli(run({QStringLiteral("--json"), QStringLiteral("Ask me again")}), environment());
        QVERIFY2(unattended.exitCode == 0, unattended.err.constData());
        QCOMPARE(eventsNamed(unattended, QStringLiteral("interaction-resolved")).first().value(QLatin1String("answer")).toString(),
                 QStringLiteral("decline"));
        QVERIFY2(toolResultIn(3).contains(QLatin1String("declined")), qPrintable(toolResultIn(3)));
    }

    void urlOpenedOnceAfterConsent()
    {
        configure({everythingServer()});
        // The browser is a script that notes each address it is asked to open.
        const QString opened = m_home->filePath(QStringLiteral("opened.txt"));
        const QString browser = writeFileIn(m_home->path(), QStringLiteral("browser.sh"),
                                            QStringLiteral("#!/bin/sh\necho \"$1\" >> '%1'\n").arg(opened).toUtf8());
        QVERIFY(QFile::setPermissions(browser, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QProcessEnvironment withBrowser = environment();
        withBrowser.insert(QStringLiteral("BROWSER"), browser);
        const QString address = QStringLiteral("https://consent.example.org/approve?id=9");
        m_server->enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("mcp__everything__trigger-url-elicitation"),
                                                        {{QStringLiteral("url"), address}, {QStringLiteral("message"), QStringLiteral("Approve it")}})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Approved."))));
        QString host;
        const CliRun run = runCli(this->run({QStringLiteral("--json"), QStringLiteral("Get it approved")}), withBrowser, {}, false,
                                  [&host](QProcess &process, const QByteArray &out) {
                                      if (!host.isEmpty())
                                          return;
                                      for (const QByteArray &line : out.split('\n')) {
                                          const QJsonObject event = QJsonDocument::fromJson(line).object();
                                          if (event.value(QLatin1String("event")).toString() != QLatin1String("interaction-requested"))
                                              continue;
                                          host = event.value(QLatin1String("host")).toString();
                                          const QJsonObject command{{QStringLiteral("command"), QStringLiteral("answer")},
                                                                    {QStringLiteral("requestId"), event.value(QLatin1String("requestId"))},
                                                                    {QStringLiteral("action"), QStringLiteral("accept")}};
                                          process.write(QJsonDocument(command).toJson(QJsonDocument::Compact) + '\n');
                                          process.closeWriteChannel();
                                      }
                                  });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(host, QStringLiteral("consent.example.org"));
        QVERIFY2(toolResultIn(1).contains(QLatin1String("completed the URL elicitation")), qPrintable(toolResultIn(1)));
        // Opened once, by the host, after consent.
        QTRY_VERIFY(QFile::exists(opened));
        QFile file(opened);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), address.toUtf8() + '\n');
    }

    void samplingAskedOnTheTerminal()
    {
        configure({everythingServer()});
        m_server->enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("mcp__everything__trigger-sampling-request"),
                                                        {{QStringLiteral("prompt"), QStringLiteral("Name a colour")}, {QStringLiteral("maxTokens"), 50}})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Vermilion."))));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("The server got its colour."))));
        const QList<TerminalStep> steps{{QStringLiteral("asks the model claude-sonnet-4-5 to answer:(.*\\n)*.*Name a colour(.*\\n)*.*Allow\\? .*: "),
                                         QStringLiteral("y")}};
        const McpCliRun sampled = runValisCli(run({QStringLiteral("Sample something")}), m_home->path(), environment(), {}, &steps);
        QVERIFY2(sampled.exitCode == 0, qPrintable(sampled.err));
        QVERIFY2(sampled.out.contains(QLatin1String("The server got its colour.")), qPrintable(sampled.out));
        QCOMPARE(m_server->requests().size(), 3);
        QVERIFY2(toolResultIn(2).contains(QLatin1String("Vermilion.")), qPrintable(toolResultIn(2)));
    }

    void serversThatFailAreReportedAndARequiredOneStopsTheRun()
    {
        configure({everythingServer(), failingServer(QStringLiteral("optional"), false)});
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Fine without it."))));
        const CliRun optional = runCli(run({QStringLiteral("Hello")}), environment());
        QVERIFY2(optional.exitCode == 0, optional.err.constData());
        QVERIFY2(optional.err.contains("MCP server optional did not start") && optional.err.contains("cannot reach the database optional"),
                 optional.err.constData());
        QCOMPARE(m_server->requests().size(), 1);

        configure({everythingServer(), failingServer(QStringLiteral("essential"), true)});
        const CliRun required = runCli(run({QStringLiteral("Hello")}), environment());
        QCOMPARE(required.exitCode, 1);
        QVERIFY2(required.err.contains("required MCP server essential did not start") && required.err.contains("cannot reach the database essential"),
                 required.err.constData());
        QCOMPARE(m_server->requests().size(), 1); // no model request was made
    }
};

VALIS_TEST_MAIN(TestMcpCliRun)
#include "tst_mcpclirun.moc"
