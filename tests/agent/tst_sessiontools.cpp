// What a Session adds around its tools: tool packs, the ToolContext (filesystem, sandbox,
// subagents), streamed tool output, system prompt sections, the re-injected plan, and subagents
// run through the real `task` tool.
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"
#include "tasktool.h"
#include "threadedtool.h"
#include "valis/agent/toolsettings.h"
#include "valis/filesystem/agentfilesystem.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

/// A plan tool whose latest result stays pinned, and a prompt section: what the planning and
/// skills plugins declare, in a provider small enough to read in the test.
class PinningTools : public ToolProvider
{
public:
    QString id() const override { return QStringLiteral("pinning"); }
    QList<ToolSpec> tools() const override
    {
        ToolSpec plan;
        plan.name = QStringLiteral("set_plan");
        plan.description = QStringLiteral("Sets the plan.");
        plan.inputSchema = QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}};
        plan.readOnly = true;
        plan.keepResultsInContext = true;
        plan.pinLatestResult = true;
        return {plan};
    }
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override
    {
        Part result = Part::makeToolResultText(context.callId, QStringLiteral("PLAN: ") + arguments.toObject().value(QLatin1String("text")).toString());
        result.toolName = toolName;
        return valis::tools::immediateResult(context.callId, toolName, {result.content, false}, parent);
    }
    QString systemPromptSection(const ToolContext &context) const override
    {
        return QStringLiteral("## Pinning\nAgent %1 may set a plan.").arg(context.agentId);
    }
};

QString systemText(const QJsonObject &request)
{
    QString text;
    for (const QJsonValue &block : request.value(QLatin1String("system")).toArray())
        text += block.toObject().value(QLatin1String("text")).toString();
    return text;
}

QStringList toolNames(const QJsonObject &request)
{
    QStringList names;
    for (const QJsonValue &tool : request.value(QLatin1String("tools")).toArray())
        names.append(tool.toObject().value(QLatin1String("name")).toString());
    return names;
}

QString lastMessageText(const QJsonObject &request)
{
    const QJsonObject last = request.value(QLatin1String("messages")).toArray().last().toObject();
    return QString::fromUtf8(QJsonDocument(last).toJson(QJsonDocument::Compact));
}

} // namespace

class TestSessionTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void packLimitsWhatIsOfferedAndRun()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        QVERIFY(h.useTools({}, ToolPack{QStringLiteral("readers"), {}, {QStringLiteral("read")}, {}}));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_w"), QStringLiteral("write"), args(QStringLiteral("x"))).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("ok")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("write it")), QStringLiteral("answered"));
        QCOMPARE(toolNames(body(h.server(), 0)), QStringList{QStringLiteral("read")});
        // A call outside the pack is not run: the model hears that the tool does not exist.
        QVERIFY(h.tools().log.isEmpty());
        const QList<SessionEvent> finished = h.eventsOf(SessionEvent::Kind::ToolCallFinished);
        QCOMPARE(finished.size(), 1);
        QVERIFY(finished.first().result.isError);
        QVERIFY2(resultText(finished.first().result).contains(QStringLiteral("read")), qPrintable(resultText(finished.first().result)));
    }

    void toolContextCarriesTheSessionsEnvironment()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().agentId = QStringLiteral("reviewer");
        h.config().locations = DataLocations::underHome(h.homePath());
        h.config().network = NetworkAccess::Allowed;
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_1"), QStringLiteral("read"), args(QStringLiteral("a"))).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("ok")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        QCOMPARE(h.tools().contexts.size(), 1);
        const ToolContext context = h.tools().contexts.first();
        QCOMPARE(context.sessionId, h.session()->id());
        QCOMPARE(context.callId, QStringLiteral("toolu_1"));
        QCOMPARE(context.agentId, QStringLiteral("reviewer"));
        QCOMPARE(context.network, NetworkAccess::Allowed);
        QVERIFY(context.subagents == nullptr); // no profiles configured
        QVERIFY(context.modelAcceptsImages);   // the catalogue says Claude Sonnet sees images
        // The standard file view: the workspace, this agent's memories, this session's scratch.
        QVERIFY(context.filesystem);
        QCOMPARE(context.filesystem, h.session()->filesystem());
        const Result<AgentFilesystem::Location> memory = context.filesystem->resolve(QStringLiteral("/memories/notes.md"));
        QVERIFY2(memory.ok(), qPrintable(memory.ok() ? QString() : memory.error().toString()));
        QCOMPARE(memory->mountPoint, QStringLiteral("/memories/"));
        QVERIFY(context.filesystem->write(QStringLiteral("/memories/notes.md"), "remember").ok());
        QVERIFY(QFile::exists(DataLocations::underHome(h.homePath()).agentMemoriesDir(QStringLiteral("reviewer")) + QStringLiteral("/notes.md")));
        QVERIFY(context.filesystem->write(QStringLiteral("/context/x.txt"), "scratch").ok());
        QVERIFY(QFile::exists(DataLocations::underHome(h.homePath()).sessionScratchDir(h.session()->id()) + QStringLiteral("/x.txt")));
    }

    void clientToolsGoBackToTheDriver()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().clientTools = QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("get_weather")},
                                                        {QStringLiteral("description"), QStringLiteral("The weather")},
                                                        {QStringLiteral("input_schema"), QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}}}};
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_w"), QStringLiteral("get_weather"),
                                                                           QJsonObject{{QStringLiteral("city"), QStringLiteral("Oslo")}})
                                                     .stop(QStringLiteral("tool_use"))));
        // The call ends the turn unrun: the driver runs it.
        QCOMPARE(h.runTurn(QStringLiteral("weather?")), QStringLiteral("client-tools"));
        QVERIFY(h.tools().contexts.isEmpty());
        QVERIFY(QJsonDocument(h.server().requests().first().json().value(QLatin1String("tools")).toArray()).toJson().contains("get_weather"));
        // Its result comes back with continueWith(), and the same turn goes on.
        Message result;
        result.role = Role::Tool;
        result.parts.append(Part::makeToolResultText(QStringLiteral("toolu_w"), QStringLiteral("Oslo: sleet"), false));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Sleet.")).stop(QStringLiteral("end_turn"))));
        h.events.clear();
        QVERIFY(h.session()->continueWith({result}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!h.eventsOf(SessionEvent::Kind::TurnFinished).isEmpty(), 15000);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::TurnFinished).first().text, QStringLiteral("answered"));
        QVERIFY(h.server().requests().last().body.contains("Oslo: sleet"));
        QList<Role> roles;
        for (const Message &message : h.session()->record())
            roles << message.role;
        QCOMPARE(roles, (QList<Role>{Role::User, Role::Assistant, Role::Tool, Role::Assistant}));
        QCOMPARE(h.session()->record().last().turn, h.session()->record().first().turn);
        // A driver's next user message opens a new turn, and is named in the record once.
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("Bye.")).stop(QStringLiteral("end_turn"))));
        h.events.clear();
        Message next;
        next.role = Role::User;
        next.parts.append(Part::makeText(QStringLiteral("thanks")));
        QVERIFY(h.session()->continueWith({next}).ok());
        QTRY_VERIFY_WITH_TIMEOUT(!h.eventsOf(SessionEvent::Kind::TurnFinished).isEmpty(), 15000);
        QCOMPARE(h.session()->record().size(), 6);
        QCOMPARE(h.session()->record().at(4).text(), QStringLiteral("thanks"));
        QCOMPARE(h.session()->record().at(4).turn, h.session()->record().first().turn + 1);
    }

    void toolOutputStreamsAsEvents()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        QJsonObject arguments = args(QStringLiteral("w"));
        arguments.insert(QStringLiteral("output"), QJsonArray{QStringLiteral("compiling\n"), QStringLiteral("linking\n")});
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_1"), QStringLiteral("write"), arguments).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("ok")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("build")), QStringLiteral("answered"));
        const QList<SessionEvent> output = h.eventsOf(SessionEvent::Kind::ToolOutput);
        QCOMPARE(output.size(), 2);
        QCOMPARE(output.at(0).text, QStringLiteral("compiling\n"));
        QCOMPARE(output.at(1).callId, QStringLiteral("toolu_1"));
        QCOMPARE(output.at(1).toJson().value(QLatin1String("event")).toString(), QStringLiteral("tool-output"));
        // The output is for people: the model gets the result only.
        QVERIFY(!lastMessageText(body(h.server(), 1)).contains(QStringLiteral("compiling")));
    }

    void promptSectionsAndThePinnedPlan()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        PinningTools pinning;
        QVERIFY(h.useTools({&pinning}));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_p"), QStringLiteral("set_plan"), QJsonObject{{QStringLiteral("text"), QStringLiteral("1. read 2. fix")}}).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_r"), QStringLiteral("read"), args(QStringLiteral("a"))).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("done")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("work")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 3);

        // The provider's section is in the system prompt, the same in every request.
        QVERIFY(systemText(body(h.server(), 0)).contains(QStringLiteral("Agent default may set a plan.")));
        QCOMPARE(systemText(body(h.server(), 2)), systemText(body(h.server(), 0)));
        // Request 1 ends with the plan's own result: nothing is repeated.
        QVERIFY(!lastMessageText(body(h.server(), 1)).contains(QStringLiteral("system-reminder")));
        // Request 2 ends with the read result, so the plan is re-injected after it.
        const QString last = lastMessageText(body(h.server(), 2));
        QVERIFY2(last.contains(QStringLiteral("system-reminder")) && last.contains(QStringLiteral("PLAN: 1. read 2. fix")), qPrintable(last));
        // The reminder is never stored.
        for (const Message &message : h.store()->messages(h.session()->id()).value())
            QVERIFY(!message.text().contains(QStringLiteral("system-reminder")));
    }

    void subagentAnswersThroughTheTaskTool()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        valis::tools::TaskToolProvider task;
        h.config().subagentProfiles = {ToolSettings::generalPurposeSubagent()};
        QVERIFY(h.useTools({&task}));
        const QJsonObject taskArguments{{QStringLiteral("description"), QStringLiteral("Read the notes")},
                                        {QStringLiteral("prompt"), QStringLiteral("Read notes.txt and say what it says.")}};
        // parent: task call; child: read, then its answer; parent: the final answer
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_task"), QStringLiteral("task"), taskArguments).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_c1"), QStringLiteral("read"), args(QStringLiteral("notes.txt"))).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("The notes say hi.")).stop(QStringLiteral("end_turn"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("The subagent found: hi.")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("delegate")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 4);

        // The parent offers task and lists the subagent types; the child has its own context
        // (only the task prompt) and no task tool (the depth limit is 1).
        QVERIFY(toolNames(body(h.server(), 0)).contains(QStringLiteral("task")));
        QVERIFY(systemText(body(h.server(), 0)).contains(QStringLiteral("general-purpose")));
        const QJsonObject child = body(h.server(), 1);
        QVERIFY(!toolNames(child).contains(QStringLiteral("task")));
        QVERIFY(toolNames(child).contains(QStringLiteral("read")));
        QCOMPARE(child.value(QLatin1String("messages")).toArray().size(), 1);
        QVERIFY(lastMessageText(child).contains(QStringLiteral("Read notes.txt and say what it says.")));

        // The parent's result is the child's final answer, naming the child session.
        const QList<SessionEvent> finished = h.eventsOf(SessionEvent::Kind::ToolCallFinished);
        QCOMPARE(finished.size(), 1); // the child's own calls are not the parent's
        const QString answer = resultText(finished.first().result);
        QVERIFY2(answer.startsWith(QStringLiteral("The notes say hi.")), qPrintable(answer));
        QVERIFY(!finished.first().result.isError);
        const QString childId = answer.section(QStringLiteral("[subagent session "), 1).section(QLatin1Char(';'), 0, 0);
        QVERIFY(!childId.isEmpty());

        // The child is a stored session linked to the task call.
        const Result<SessionInfo> info = h.store()->session(childId);
        QVERIFY2(info.ok(), qPrintable(childId));
        QCOMPARE(info->parentSessionId, h.session()->id());
        QCOMPARE(info->parentToolCallId, QStringLiteral("toolu_task"));
        QVERIFY(!info->parentMessageId.isEmpty());
        QCOMPARE(info->originKind, QStringLiteral("subagent"));
        QCOMPARE(info->title, QStringLiteral("Read the notes"));
        QCOMPARE(h.store()->messages(childId).value().size(), 4);
        // Its progress streamed as the task call's output.
        const QList<SessionEvent> output = h.eventsOf(SessionEvent::Kind::ToolOutput);
        QVERIFY(!output.isEmpty());
        QCOMPARE(output.first().callId, QStringLiteral("toolu_task"));
        QVERIFY(output.first().text.startsWith(QStringLiteral("read notes.txt")) || output.first().text.startsWith(QStringLiteral("read")));
    }

    void subagentApprovalsAreAnsweredThroughTheParent()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.approvals().setAutoApprove(AutoApprove::ReadOnly);
        valis::tools::TaskToolProvider task;
        h.config().subagentProfiles = {ToolSettings::generalPurposeSubagent()};
        QVERIFY(h.useTools({&task}));
        QString askedId;
        h.onEvent = [&](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ApprovalRequested && event.toolName == QLatin1String("task"))
                h.session()->approve(event.requestId);
            else if (event.kind == SessionEvent::Kind::ApprovalRequested && event.toolName == QLatin1String("write")) {
                askedId = event.requestId;
                QCOMPARE(h.session()->pendingApprovals().size(), 1);
                QVERIFY(h.session()->approve(event.requestId));
            }
        };
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_task"), QStringLiteral("task"), QJsonObject{{QStringLiteral("description"), QStringLiteral("w")}, {QStringLiteral("prompt"), QStringLiteral("write x")}}).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_c1"), QStringLiteral("write"), args(QStringLiteral("x"))).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("written")).stop(QStringLiteral("end_turn"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("done")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("delegate a write")), QStringLiteral("answered"));
        QVERIFY2(askedId.contains(QLatin1Char('/')), qPrintable(askedId)); // "<child session>/<request>"
        QVERIFY(h.tools().log.contains(QStringLiteral("end:toolu_c1")));
        QVERIFY(h.session()->pendingApprovals().isEmpty());
        const QList<SessionEvent> resolved = h.eventsOf(SessionEvent::Kind::ApprovalResolved);
        QVERIFY(std::any_of(resolved.cbegin(), resolved.cend(), [&](const SessionEvent &event) {
            return event.requestId == askedId && !event.details.value(QLatin1String("subagentSession")).toString().isEmpty();
        }));
    }

    void unknownSubagentTypeIsAnErrorResult()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        valis::tools::TaskToolProvider task;
        h.config().subagentProfiles = {ToolSettings::generalPurposeSubagent()};
        QVERIFY(h.useTools({&task}));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_task"), QStringLiteral("task"), QJsonObject{{QStringLiteral("description"), QStringLiteral("w")}, {QStringLiteral("prompt"), QStringLiteral("p")}, {QStringLiteral("subagent_type"), QStringLiteral("wizard")}}).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("ok")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("delegate")), QStringLiteral("answered"));
        const Part result = h.eventsOf(SessionEvent::Kind::ToolCallFinished).first().result;
        QVERIFY(result.isError);
        QVERIFY2(resultText(result).contains(QStringLiteral("general-purpose")), qPrintable(resultText(result)));
        QCOMPARE(h.server().requests().size(), 2); // no child request was made
    }

    void anImageWhoseBlobIsGoneBecomesANote()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("a cat")).stop(QStringLiteral("end_turn"))));
        const QByteArray png = QByteArray::fromHex("89504e470d0a1a0a") + QByteArray(64, 'x');
        QVERIFY(h.session()->submit(QStringLiteral("what is this?"), {Part::makeImage(ImageRef{QStringLiteral("image/png"), {}, png})}).ok());
        QTRY_COMPARE(h.eventsOf(SessionEvent::Kind::TurnFinished).size(), 1);
        QVERIFY(QString::fromUtf8(h.server().requests().at(0).body).contains(QString::fromLatin1(png.toBase64())));
        // The blob disappears (a damaged profile); the session must still be usable.
        QDir blobs(DataLocations::underHome(h.homePath()).blobDir());
        QDirIterator files(blobs.path(), QDir::Files, QDirIterator::Subdirectories);
        int removed = 0;
        while (files.hasNext())
            removed += QFile::remove(files.next()) ? 1 : 0;
        QVERIFY(removed >= 1);
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("ok")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("and now?")), QStringLiteral("answered"));
        const QString request = QString::fromUtf8(h.server().requests().at(1).body);
        QVERIFY2(!request.contains(QStringLiteral("blob:")), qPrintable(request));
        QVERIFY(request.contains(QStringLiteral("its stored copy cannot be read")));
        const QList<SessionEvent> warnings = h.eventsOf(SessionEvent::Kind::Warning);
        QVERIFY(std::any_of(warnings.cbegin(), warnings.cend(),
                            [](const SessionEvent &event) { return event.error.code == QLatin1String("context.image-missing"); }));
    }
};

VALIS_TEST_MAIN(TestSessionTools)
#include "tst_sessiontools.moc"
