// The MCP host end to end: a scripted model (the local provider test server speaking Anthropic's
// API) drives a real Session whose tools come from the real MCP plugin, which runs real servers.
#include "mcptestsupport.h"
#include "sessionharness.h"
#include "streambuilders.h"

#include "valis/mcp/mcphost.h"
#include "valis/plugins/toolplugin.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

McpHost *mcpHostOf(PluginManager *plugins)
{
    for (QObject *instance : plugins->runningInstances()) {
        if (auto *provider = qobject_cast<McpHostProvider *>(instance))
            return provider->mcpHost();
    }
    return nullptr;
}

void writeMcpConfig(const QString &home, const QList<McpServerConfig> &servers, double deferAbove = 0.05)
{
    McpSettings settings;
    settings.setPath(DataLocations::underHome(home).mcpSettingsPath());
    for (const McpServerConfig &server : servers)
        settings.setServer(server);
    settings.setDeferAbove(deferAbove);
    QVERIFY(settings.save().ok());
}

QStringList toolNames(const QJsonObject &request)
{
    QStringList names;
    for (const QJsonValue &tool : request.value(QLatin1String("tools")).toArray())
        names.append(tool.toObject().value(QLatin1String("name")).toString());
    return names;
}

/// The text of the tool_result blocks of a request's last message.
QString lastToolResults(const QJsonObject &request)
{
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    QString text;
    for (const QJsonValue &block : messages.last().toObject().value(QLatin1String("content")).toArray()) {
        const QJsonObject object = block.toObject();
        if (object.value(QLatin1String("type")).toString() != QLatin1String("tool_result"))
            continue;
        const QJsonValue content = object.value(QLatin1String("content"));
        if (content.isString())
            text += content.toString();
        for (const QJsonValue &piece : content.toArray())
            text += piece.toObject().value(QLatin1String("text")).toString();
    }
    return text;
}

QByteArray toolUse(const QString &id, const QString &name, const QJsonObject &input)
{
    return AnthropicStream().toolUse(id, name, input).stop(QStringLiteral("tool_use"));
}

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

} // namespace

class TestMcpSession : public QObject
{
    Q_OBJECT

private:
    /// Starts a harness whose profile configures `servers`, waits for them, offers their tools.
    McpHost *startWith(SessionHarness &h, const QList<McpServerConfig> &servers, double deferAbove = 0.05)
    {
        writeMcpConfig(h.homePath(), servers, deferAbove);
        if (!h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")))
            return nullptr;
        McpHost *host = mcpHostOf(h.plugins());
        if (!host)
            return nullptr;
        // The session's workspace is the servers' root from the start (roots/list at initialize).
        host->setRoots({h.config().workspace});
        bool started = false;
        host->whenStarted(h.session(), [&started] { started = true; });
        if (!QTest::qWaitFor([&started] { return started; }, 40000))
            return nullptr;
        QList<ToolProvider *> providers;
        for (QObject *instance : h.plugins()->runningInstances()) {
            if (qobject_cast<McpHostProvider *>(instance))
                providers = qobject_cast<ToolPlugin *>(instance)->toolProviders();
        }
        h.config().deferToolsAbove = deferAbove;
        if (!h.useTools(providers))
            return nullptr;
        return host;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<SessionEvent>();
        QVERIFY2(!nodeProgram().isEmpty(), "node is not on PATH");
    }

    void theModelCallsAnMcpTool()
    {
        SessionHarness h;
        McpHost *host = startWith(h, {everythingServer()});
        QVERIFY2(host, qPrintable(h.error()));
        QCOMPARE(host->servers().first().state, McpServerConnection::State::Ready);
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__everything__echo"),
                                                         {{QStringLiteral("message"), QStringLiteral("from the model")}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("done"))));
        QCOMPARE(h.runTurn(QStringLiteral("echo something"), 30000), QStringLiteral("answered"));
        const QList<CapturedRequest> requests = h.server().requests();
        QCOMPARE(requests.size(), 2);
        QVERIFY(toolNames(requests.first().json()).contains(QStringLiteral("mcp__everything__echo")));
        QCOMPARE(lastToolResults(requests.at(1).json()), QStringLiteral("Echo: from the model"));
        // The result is in the record, and the card knows which server ran it.
        bool recorded = false;
        for (const Message &message : h.session()->record()) {
            for (const Part &part : message.parts)
                recorded = recorded || (part.kind == PartKind::ToolResult && part.resultText() == QLatin1String("Echo: from the model"));
        }
        QVERIFY(recorded);
        const QList<SessionEvent> started = h.eventsOf(SessionEvent::Kind::ToolExecutionStarted);
        QCOMPARE(started.size(), 1);
        QCOMPARE(started.first().details.value(QLatin1String("provider")).toString(), QStringLiteral("mcp:everything"));
        QCOMPARE(started.first().details.value(QLatin1String("title")).toString(), QStringLiteral("Echo Tool"));
        // The server's instructions are in the system prompt.
        QVERIFY(QJsonDocument(requests.first().json().value(QLatin1String("system")).toArray()).toJson().contains("## MCP servers"));
    }

    void approvalRulesApplyPerServer()
    {
        SessionHarness h;
        McpHost *host = startWith(h, {everythingServer()});
        QVERIFY2(host, qPrintable(h.error()));
        h.approvals().setProviderRule(QStringLiteral("mcp:everything"), ApprovalRule::Deny);
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__everything__echo"),
                                                         {{QStringLiteral("message"), QStringLiteral("x")}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("ok"))));
        QCOMPARE(h.runTurn(QStringLiteral("go"), 30000), QStringLiteral("answered"));
        QVERIFY(lastToolResults(h.server().requests().at(1).json()).contains(QStringLiteral("approval rules deny")));
        QVERIFY(h.eventsOf(SessionEvent::Kind::ToolExecutionStarted).isEmpty());

        // "ask" for the server: the request names the provider; a denial goes back to the model.
        h.approvals().setProviderRule(QStringLiteral("mcp:everything"), ApprovalRule::Ask);
        h.approvals().setAutoApprove(AutoApprove::None);
        h.onEvent = [&h](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ApprovalRequested)
                h.session()->deny(event.requestId, QStringLiteral("not now"));
        };
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_2"), QStringLiteral("mcp__everything__get-sum"),
                                                         {{QStringLiteral("a"), 1}, {QStringLiteral("b"), 2}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("ok"))));
        QCOMPARE(h.runTurn(QStringLiteral("add"), 30000), QStringLiteral("answered"));
        const QList<SessionEvent> asked = h.eventsOf(SessionEvent::Kind::ApprovalRequested);
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().details.value(QLatin1String("provider")).toString(), QStringLiteral("mcp:everything"));
        QVERIFY(lastToolResults(h.server().requests().last().json()).contains(QStringLiteral("not now")));
    }

    void manyToolsWaitBehindSearchTools()
    {
        SessionHarness h;
        McpHost *host = startWith(h, {faultServer(QStringLiteral("many"), {QStringLiteral("--tools"), QStringLiteral("300")})});
        QVERIFY2(host, qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("search_tools"),
                                                         {{QStringLiteral("query"), QStringLiteral("calendar records")}, {QStringLiteral("limit"), 3}})));
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_2"), QStringLiteral("call_tool"),
                                                         {{QStringLiteral("name"), QStringLiteral("mcp__many__tool_6")},
                                                          {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("query"), QStringLiteral("standup")}}}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("found it"))));
        QCOMPARE(h.runTurn(QStringLiteral("find my meetings"), 30000), QStringLiteral("answered"));
        const QList<CapturedRequest> requests = h.server().requests();
        QCOMPARE(requests.size(), 3);
        const QStringList offered = toolNames(requests.first().json());
        QVERIFY(offered.contains(QStringLiteral("search_tools")));
        QVERIFY(offered.contains(QStringLiteral("call_tool")));
        QVERIFY(!offered.contains(QStringLiteral("mcp__many__tool_6")));
        // The tools array never changed within the turn: the cached prefix held.
        for (const CapturedRequest &request : requests)
            QCOMPARE(request.json().value(QLatin1String("tools")), requests.first().json().value(QLatin1String("tools")));
        const QString found = lastToolResults(requests.at(1).json());
        QVERIFY2(found.contains(QStringLiteral("mcp__many__tool_")) && found.contains(QStringLiteral("calendar")), qPrintable(found));
        QVERIFY(found.contains(QStringLiteral("input_schema")));
        QCOMPARE(lastToolResults(requests.at(2).json()), QStringLiteral("called tool_6 with {\"query\":\"standup\"}"));
        // call_tool ran the named tool through the orchestrator: its own card, its own provider.
        const QList<SessionEvent> started = h.eventsOf(SessionEvent::Kind::ToolExecutionStarted);
        QCOMPARE(started.last().toolName, QStringLiteral("mcp__many__tool_6"));
        QCOMPARE(started.last().details.value(QLatin1String("provider")).toString(), QStringLiteral("mcp:many"));
        // And the server's approval rule applies through call_tool as well.
        h.approvals().setProviderRule(QStringLiteral("mcp:many"), ApprovalRule::Deny);
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_3"), QStringLiteral("call_tool"),
                                                         {{QStringLiteral("name"), QStringLiteral("mcp__many__tool_7")},
                                                          {QStringLiteral("arguments"), QJsonObject{{QStringLiteral("query"), QStringLiteral("x")}}}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("ok"))));
        QCOMPARE(h.runTurn(QStringLiteral("again"), 30000), QStringLiteral("answered"));
        QVERIFY(lastToolResults(h.server().requests().last().json()).contains(QStringLiteral("approval rules deny")));
    }

    void fewToolsAreOfferedDirectly()
    {
        SessionHarness h;
        McpHost *host = startWith(h, {faultServer(QStringLiteral("many"), {QStringLiteral("--tools"), QStringLiteral("300")})}, 1.0);
        QVERIFY2(host, qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("hello"))));
        QCOMPARE(h.runTurn(QStringLiteral("hi"), 30000), QStringLiteral("answered"));
        const QStringList offered = toolNames(h.server().requests().first().json());
        QVERIFY(offered.contains(QStringLiteral("mcp__many__tool_299")));
        QVERIFY(!offered.contains(QStringLiteral("search_tools")));
    }

    void aBrokenSchemaIsSetAsideNotSent()
    {
        SessionHarness h;
        McpHost *host = startWith(h, {faultServer(QStringLiteral("odd"), {QStringLiteral("--broken-schema")})});
        QVERIFY2(host, qPrintable(h.error()));
        const McpServerStatus status = *host->server(QStringLiteral("odd"));
        bool setAside = false;
        for (const McpServerStatus::Tool &tool : status.tools) {
            if (tool.info.name == QLatin1String("broken"))
                setAside = !tool.setAsideReason.isEmpty();
        }
        QVERIFY(setAside);
        QVERIFY(host->serverLog(QStringLiteral("odd")).contains(QStringLiteral("set aside tool broken")));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("fine"))));
        QCOMPARE(h.runTurn(QStringLiteral("hi"), 30000), QStringLiteral("answered"));
        const QStringList offered = toolNames(h.server().requests().first().json());
        QVERIFY(!offered.contains(QStringLiteral("mcp__odd__broken")));
        QVERIFY(offered.contains(QStringLiteral("mcp__odd__also_broken_name")));
    }

    void progressAndCancellation()
    {
        QTemporaryDir dir;
        const QString cancelFile = dir.filePath(QStringLiteral("cancelled"));
        SessionHarness h;
        McpHost *host = startWith(h, {faultServer(QStringLiteral("slowpoke"), {QStringLiteral("--cancel-file"), cancelFile})});
        QVERIFY2(host, qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__slowpoke__slow"), {{QStringLiteral("ms"), 800}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("ok"))));
        QCOMPARE(h.runTurn(QStringLiteral("slow"), 30000), QStringLiteral("answered"));
        const QList<SessionEvent> progress = h.eventsOf(SessionEvent::Kind::ToolProgress);
        QVERIFY(progress.size() >= 2);
        QCOMPARE(progress.last().details.value(QLatin1String("total")).toDouble(), 4.0);
        QVERIFY(progress.last().text.startsWith(QStringLiteral("step ")));

        // Stop while a call runs: the server hears notifications/cancelled.
        h.onEvent = [&h](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ToolProgress)
                h.session()->interrupt();
        };
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_2"), QStringLiteral("mcp__slowpoke__slow"), {{QStringLiteral("ms"), 20000}})));
        QCOMPARE(h.runTurn(QStringLiteral("slower"), 30000), QStringLiteral("interrupted"));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(cancelFile), 5000);
    }

    void urlElicitationShowsTheHostAndOpensOnConsent()
    {
        SessionHarness h;
        QList<QUrl> opened;
        HostServices services;
        services.openUrl = [&opened](const QUrl &url) {
            opened.append(url);
            return true;
        };
        h.setHostServices(services);
        McpHost *host = startWith(h, {everythingServer()});
        QVERIFY2(host, qPrintable(h.error()));
        QTRY_VERIFY_WITH_TIMEOUT(host->server(QStringLiteral("everything"))->tools.size() > 14, 10000);
        QString shownHost;
        h.onEvent = [&h, &shownHost](const SessionEvent &event) {
            if (event.kind != SessionEvent::Kind::InteractionRequested)
                return;
            shownHost = event.details.value(QLatin1String("host")).toString();
            // The first question is consented to, the second (the -32042 prerequisite) declined.
            h.session()->answerInteraction(event.requestId, shownHost == QLatin1String("example.org")
                                                                ? ToolInteractionAnswer::accepted()
                                                                : ToolInteractionAnswer::declined());
        };
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__everything__trigger-url-elicitation"),
                                                         {{QStringLiteral("url"), QStringLiteral("https://example.org/connect?x=1")},
                                                          {QStringLiteral("message"), QStringLiteral("Connect your account")}})));
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_2"), QStringLiteral("mcp__everything__trigger-url-elicitation"),
                                                         {{QStringLiteral("url"), QStringLiteral("https://example.org/other")},
                                                          {QStringLiteral("message"), QStringLiteral("Again")},
                                                          {QStringLiteral("errorPath"), true}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("ok"))));
        QCOMPARE(h.runTurn(QStringLiteral("connect"), 30000), QStringLiteral("answered"));
        const QList<CapturedRequest> requests = h.server().requests();
        QCOMPARE(opened, QList<QUrl>{QUrl(QStringLiteral("https://example.org/connect?x=1"))});
        QVERIFY(lastToolResults(requests.at(1).json()).contains(QStringLiteral("User completed the URL elicitation flow")));
        // The error path asks about the prerequisite's own address; declined, the call fails.
        QCOMPARE(shownHost, QStringLiteral("modelcontextprotocol.io"));
        QVERIFY2(lastToolResults(requests.at(2).json()).contains(QStringLiteral("did not")), qPrintable(lastToolResults(requests.at(2).json())));
        QCOMPARE(opened.size(), 1);
    }

    void resourceUpdatesReachTheHost()
    {
        SessionHarness h;
        McpHost *host = startWith(h, {everythingServer()});
        QVERIFY2(host, qPrintable(h.error()));
        QJsonObject listed;
        host->request(QStringLiteral("everything"), QStringLiteral("resources/list"), {}, h.session(),
                      [&listed](const Result<QJsonObject> &result) { listed = result.valueOr({{QStringLiteral("failed"), true}}); });
        QTRY_VERIFY_WITH_TIMEOUT(!listed.isEmpty(), 10000);
        const QString uri = listed.value(QLatin1String("resources")).toArray().first().toObject().value(QLatin1String("uri")).toString();
        QVERIFY(!uri.isEmpty());
        QStringList updated;
        connect(host, &McpHost::serverNotified, this, [&updated](const QString &, const QString &method, const QJsonObject &params) {
            if (method == QLatin1String("notifications/resources/updated"))
                updated.append(params.value(QLatin1String("uri")).toString());
        });
        bool subscribed = false;
        host->request(QStringLiteral("everything"), QStringLiteral("resources/subscribe"), {{QStringLiteral("uri"), uri}}, h.session(),
                      [&subscribed](const Result<QJsonObject> &result) { subscribed = result.ok(); });
        QTRY_VERIFY_WITH_TIMEOUT(subscribed, 10000);
        bool toggled = false;
        host->request(QStringLiteral("everything"), QStringLiteral("tools/call"), {{QStringLiteral("name"), QStringLiteral("toggle-subscriber-updates")}},
                      h.session(), [&toggled](const Result<QJsonObject> &result) { toggled = result.ok(); });
        QTRY_VERIFY_WITH_TIMEOUT(toggled, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(updated.contains(uri), 20000);
    }

    void aServerThatCannotComeBackIsMarkedUnavailable()
    {
        QTemporaryDir dir;
        SessionHarness h;
        McpHost *host = startWith(h, {faultServer(QStringLiteral("fragile"), {QStringLiteral("--die-on"), QStringLiteral("1"),
                                                                               QStringLiteral("--once"), dir.filePath(QStringLiteral("lock"))})});
        QVERIFY2(host, qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__fragile__echo"),
                                                         {{QStringLiteral("message"), QStringLiteral("x")}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("it broke"))));
        QCOMPARE(h.runTurn(QStringLiteral("go"), 30000), QStringLiteral("answered"));
        QVERIFY(lastToolResults(h.server().requests().at(1).json()).contains(QStringLiteral("stopped answering")));
        // Restarted once, it refuses to start: failed, with its stderr.
        QTRY_VERIFY_WITH_TIMEOUT(host->server(QStringLiteral("fragile"))->state == McpServerConnection::State::Failed
                                     && host->server(QStringLiteral("fragile"))->restarts == 1,
                                 20000);
        QVERIFY(host->server(QStringLiteral("fragile"))->error->message.contains(QStringLiteral("refusing to start")));
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_2"), QStringLiteral("mcp__fragile__echo"),
                                                         {{QStringLiteral("message"), QStringLiteral("y")}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("still broken"))));
        QCOMPARE(h.runTurn(QStringLiteral("again"), 30000), QStringLiteral("answered"));
        const QList<CapturedRequest> requests = h.server().requests();
        // The model still sees the tool, marked, and a call says why it cannot run.
        bool marked = false;
        for (const QJsonValue &tool : requests.at(2).json().value(QLatin1String("tools")).toArray()) {
            if (tool.toObject().value(QLatin1String("name")).toString() == QLatin1String("mcp__fragile__echo"))
                marked = tool.toObject().value(QLatin1String("description")).toString().startsWith(QStringLiteral("[Unavailable: the MCP server \"fragile\""))
                         // failed, restarting, failed again: one marker, not one per change
                         && tool.toObject().value(QLatin1String("description")).toString().count(QStringLiteral("[Unavailable")) == 1;
        }
        QVERIFY(marked);
        QVERIFY(lastToolResults(requests.at(3).json()).contains(QStringLiteral("is not running")));
    }

    void theFilesystemServerWorksInTheWorkspace()
    {
        // server-filesystem started without folders takes its allowed folders from our roots.
        SessionHarness h;
        McpServerConfig filesystem;
        filesystem.name = QStringLiteral("fs");
        filesystem.command = nodeProgram();
        filesystem.args = {nodeModule(QStringLiteral("@modelcontextprotocol/server-filesystem/dist/index.js"))};
        McpHost *host = startWith(h, {filesystem});
        QVERIFY2(host, qPrintable(h.error()));
        QCOMPARE(host->server(QStringLiteral("fs"))->state, McpServerConnection::State::Ready);
        QFile file(h.config().workspace + QStringLiteral("/hello.txt"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("hello from the workspace\n");
        file.close();
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__fs__read_text_file"),
                                                         {{QStringLiteral("path"), file.fileName()}})));
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_2"), QStringLiteral("mcp__fs__read_text_file"),
                                                         {{QStringLiteral("path"), QStringLiteral("/etc/hostname")}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("read"))));
        QCOMPARE(h.runTurn(QStringLiteral("read hello.txt"), 30000), QStringLiteral("answered"));
        const QList<CapturedRequest> requests = h.server().requests();
        QCOMPARE(lastToolResults(requests.at(1).json()), QStringLiteral("hello from the workspace\n"));
        // Outside the root the server refuses: roots are the workspace, nothing more.
        QVERIFY2(lastToolResults(requests.at(2).json()).contains(QStringLiteral("denied"), Qt::CaseInsensitive),
                 qPrintable(lastToolResults(requests.at(2).json())));
    }

    void elicitationAndSamplingAskThePerson()
    {
        SessionHarness h;
        McpHost *host = startWith(h, {everythingServer()});
        QVERIFY2(host, qPrintable(h.error()));
        // The capability tools come with tools/list_changed after initialized.
        QTRY_VERIFY_WITH_TIMEOUT(host->server(QStringLiteral("everything"))->tools.size() > 14, 10000);
        QJsonObject formSchema;
        h.onEvent = [&h, &formSchema](const SessionEvent &event) {
            if (event.kind != SessionEvent::Kind::InteractionRequested)
                return;
            const QString kind = event.details.value(QLatin1String("kind")).toString();
            if (kind == QLatin1String("form")) {
                formSchema = event.details.value(QLatin1String("schema")).toObject();
                QJsonObject content;
                const QJsonObject properties = formSchema.value(QLatin1String("properties")).toObject();
                for (auto it = properties.begin(); it != properties.end(); ++it) {
                    const QString type = it.value().toObject().value(QLatin1String("type")).toString();
                    if (type == QLatin1String("string") && !it.value().toObject().contains(QLatin1String("enum")) && !it.value().toObject().contains(QLatin1String("oneOf")) && !it.value().toObject().contains(QLatin1String("format")))
                        content.insert(it.key(), QStringLiteral("Ada"));
                }
                h.session()->answerInteraction(event.requestId, ToolInteractionAnswer::accepted(content));
            } else if (kind == QLatin1String("sampling")) {
                h.session()->answerInteraction(event.requestId, ToolInteractionAnswer::accepted());
            }
        };
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_1"), QStringLiteral("mcp__everything__trigger-elicitation-request"), {})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("ok"))));
        QCOMPARE(h.runTurn(QStringLiteral("ask me"), 30000), QStringLiteral("answered"));
        QVERIFY(!formSchema.isEmpty());
        const QString elicited = lastToolResults(h.server().requests().last().json());
        QVERIFY2(elicited.contains(QStringLiteral("Ada")), qPrintable(elicited));
        QCOMPARE(h.eventsOf(SessionEvent::Kind::InteractionResolved).size(), 1);

        // Sampling: the session's own model answers (the provider test server gets the request).
        const int before = int(h.server().requests().size());
        h.server().enqueue(ScriptedResponse::sse(toolUse(QStringLiteral("toolu_2"), QStringLiteral("mcp__everything__trigger-sampling-request"),
                                                         {{QStringLiteral("prompt"), QStringLiteral("Say something nice")}})));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("A sampled answer."))));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("ok"))));
        QCOMPARE(h.runTurn(QStringLiteral("sample"), 30000), QStringLiteral("answered"));
        const QList<CapturedRequest> requests = h.server().requests();
        QCOMPARE(requests.size(), before + 3);
        // The sampling request carries the server's prompt and no tools.
        QVERIFY(QJsonDocument(requests.at(before + 1).json()).toJson().contains("Say something nice"));
        QVERIFY(requests.at(before + 1).json().value(QLatin1String("tools")).toArray().isEmpty());
        QVERIFY2(lastToolResults(requests.last().json()).contains(QStringLiteral("A sampled answer.")),
                 qPrintable(lastToolResults(requests.last().json())));
    }
};

VALIS_TEST_MAIN(TestMcpSession)
#include "tst_mcpsession.moc"
