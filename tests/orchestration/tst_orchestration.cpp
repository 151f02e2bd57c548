// Orchestration (issue 22): background agents through the real spawn_agent / agent_status /
// wait_agents / cancel_agent tools and a live Session over the scripted Anthropic server, and
// llm_call. Requests are answered by who asks (the parent, a child, a direct call), since the
// children run concurrently.
#include "orchestrationtools.h"
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"
#include "valis/agent/toolsettings.h"
#include "valis/plugins/backgroundagents.h"
#include "valis/prompts/promptstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLockFile>
#include <QRegularExpression>
#include <QtTest>

#include <functional>

using namespace valis;
using namespace valis::test;

namespace {

QString textOf(const QJsonValue &content)
{
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &block : content.toArray()) {
        const QJsonObject object = block.toObject();
        text += object.value(QLatin1String("text")).toString();
        if (object.contains(QLatin1String("content")))
            text += textOf(object.value(QLatin1String("content")));
    }
    return text;
}

QString firstUserText(const QJsonObject &request)
{
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    return messages.isEmpty() ? QString() : textOf(messages.first().toObject().value(QLatin1String("content")));
}

int assistantMessages(const QJsonObject &request)
{
    int count = 0;
    for (const QJsonValue &message : request.value(QLatin1String("messages")).toArray())
        count += message.toObject().value(QLatin1String("role")).toString() == QLatin1String("assistant") ? 1 : 0;
    return count;
}

QString systemText(const QJsonObject &request)
{
    return textOf(request.value(QLatin1String("system")));
}

QByteArray sseText(const QString &text, qint64 inputTokens = 100)
{
    return AnthropicStream(inputTokens).text(text).stop(QStringLiteral("end_turn"));
}

QByteArray sseCall(const QString &id, const QString &tool, const QJsonObject &input, qint64 inputTokens = 100)
{
    return AnthropicStream(inputTokens).toolUse(id, tool, input).stop(QStringLiteral("tool_use"));
}

/// Answers each request by who asks: `route(request json)` returns the response.
void routeBy(SessionHarness &h, std::function<ScriptedResponse(const QJsonObject &)> route)
{
    ProviderTestServer *server = &h.server();
    server->setBeforeAnswer([server, route](int, const CapturedRequest &request) { server->enqueue(route(request.json())); });
}

/// The parent's requests, in order (those whose first message starts with `prompt`: a reminder
/// recorded after it merges into the same wire message).
QList<QJsonObject> requestsOf(const ProviderTestServer &server, const QString &prompt)
{
    QList<QJsonObject> found;
    for (const CapturedRequest &request : server.requests()) {
        const QJsonObject json = request.json();
        if (firstUserText(json).startsWith(prompt))
            found << json;
    }
    return found;
}

QJsonObject spawnArgs(const QString &task, const QString &title)
{
    return {{QStringLiteral("task"), task}, {QStringLiteral("title"), title}};
}

AgentInfo agentTitled(BackgroundAgents *agents, const QString &title)
{
    for (const AgentInfo &info : agents->agents()) {
        if (info.title == title)
            return info;
    }
    return {};
}

bool allFinal(BackgroundAgents *agents, int expected)
{
    const QList<AgentInfo> all = agents->agents();
    if (all.size() != expected)
        return false;
    return std::all_of(all.cbegin(), all.cend(), [](const AgentInfo &info) { return agentStateIsFinal(info.state); });
}

} // namespace

class TestOrchestration : public QObject
{
    Q_OBJECT

private:
    valis::tools::OrchestrationToolProvider m_tools;

    bool startHarness(SessionHarness &h)
    {
        if (!h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")))
            return false;
        h.config().subagentProfiles = {ToolSettings::generalPurposeSubagent()};
        return h.useTools({&m_tools});
    }

private Q_SLOTS:
    void threeAgentsOneCancelledOneFailingEachDeliveredOnceCacheIntact()
    {
        SessionHarness h;
        QVERIFY2(startHarness(h), qPrintable(h.error()));
        const QString prompt = QStringLiteral("Start three agents.");
        routeBy(h, [&h, prompt](const QJsonObject &request) {
            const QString first = firstUserText(request);
            const int step = assistantMessages(request);
            if (first == prompt) {
                if (step == 0) {
                    return ScriptedResponse::sse(
                        AnthropicStream()
                            .toolUse(QStringLiteral("toolu_a"), QStringLiteral("spawn_agent"), spawnArgs(QStringLiteral("TASK-A: answer"), QStringLiteral("agent A")))
                            .toolUse(QStringLiteral("toolu_b"), QStringLiteral("spawn_agent"), spawnArgs(QStringLiteral("TASK-B: fail"), QStringLiteral("agent B")))
                            .toolUse(QStringLiteral("toolu_c"), QStringLiteral("spawn_agent"), spawnArgs(QStringLiteral("TASK-C: hang"), QStringLiteral("agent C")))
                            .stop(QStringLiteral("tool_use")));
                }
                if (step == 1) {
                    const QString handle = agentTitled(h.session()->backgroundAgents(), QStringLiteral("agent C")).handle;
                    return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_cancel"), QStringLiteral("cancel_agent"),
                                                         {{QStringLiteral("handle"), handle}}));
                }
                return ScriptedResponse::sse(sseText(QStringLiteral("Parent answer %1.").arg(step)));
            }
            if (first.startsWith(QStringLiteral("TASK-A")))
                return ScriptedResponse::sse(sseText(QStringLiteral("ANSWER-A: forty-two")));
            if (first.startsWith(QStringLiteral("TASK-B")))
                return ScriptedResponse::json(400, anthropicError("invalid_request_error", "TASK-B is refused"));
            if (first.startsWith(QStringLiteral("TASK-C")))
                return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_hang"), QStringLiteral("hang"), args(QStringLiteral("forever"))));
            return ScriptedResponse::json(500, QByteArray("{}"));
        });

        QCOMPARE(h.runTurn(prompt), QStringLiteral("answered"));
        BackgroundAgents *agents = h.session()->backgroundAgents();
        QVERIFY(agents);
        QTRY_VERIFY_WITH_TIMEOUT(allFinal(agents, 3), 15000);
        QCOMPARE(agentTitled(agents, QStringLiteral("agent A")).state, AgentState::Finished);
        QCOMPARE(agentTitled(agents, QStringLiteral("agent B")).state, AgentState::Failed);
        QCOMPARE(agentTitled(agents, QStringLiteral("agent C")).state, AgentState::Cancelled);

        // Two more turns: whatever was not delivered during the first arrives at the next request.
        QCOMPARE(h.runTurn(QStringLiteral("And now?")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("Anything else?")), QStringLiteral("answered"));

        const QList<QJsonObject> parent = requestsOf(h.server(), prompt);
        QVERIFY(parent.size() >= 5);
        // Each answer reached the parent once, and the record holds it once.
        const QString last = QString::fromUtf8(QJsonDocument(parent.last()).toJson(QJsonDocument::Compact));
        QCOMPARE(last.count(QStringLiteral("ANSWER-A: forty-two")), 1);
        QCOMPARE(last.count(QStringLiteral("status=\\\"failed\\\"")), 1);
        QCOMPARE(last.count(QStringLiteral("status=\\\"cancelled\\\"")), 1);
        for (const AgentInfo &info : agents->agents()) {
            QVERIFY(info.delivered);
            // Persisted in the child session's metadata, a session linked to the parent.
            const Result<SessionInfo> child = h.store()->session(info.handle);
            QVERIFY(child.ok());
            QCOMPARE(child->parentSessionId, h.session()->id());
            QCOMPARE(child->originKind, QStringLiteral("subagent"));
            const QJsonObject stored = child->metadata.value(QLatin1String("backgroundAgent")).toObject();
            QCOMPARE(stored.value(QLatin1String("state")).toString(), agentStateName(info.state));
            QVERIFY(stored.value(QLatin1String("delivered")).toBool());
        }

        // The cached prefix never broke: each parent request starts with the previous one, byte for
        // byte (breakpoint markers aside), which carried its breakpoint on its last message; the
        // reminder only ever appears after that prefix.
        bool reminderSeen = false;
        for (qsizetype i = 1; i < parent.size(); ++i) {
            const QJsonObject &previous = parent.at(i - 1);
            const QJsonObject &next = parent.at(i);
            QCOMPARE(withoutCacheControl(next.value(QLatin1String("system"))), withoutCacheControl(previous.value(QLatin1String("system"))));
            QCOMPARE(withoutCacheControl(next.value(QLatin1String("tools"))), withoutCacheControl(previous.value(QLatin1String("tools"))));
            const QJsonArray before = previous.value(QLatin1String("messages")).toArray();
            const QJsonArray after = next.value(QLatin1String("messages")).toArray();
            QVERIFY(countCacheControl(before.last()) > 0);
            QVERIFY(after.size() > before.size());
            for (qsizetype m = 0; m < before.size(); ++m)
                QCOMPARE(withoutCacheControl(after.at(m)), withoutCacheControl(before.at(m)));
            QJsonArray tail;
            for (qsizetype m = before.size(); m < after.size(); ++m)
                tail.append(after.at(m));
            const QString prefixText = QString::fromUtf8(QJsonDocument(before).toJson(QJsonDocument::Compact));
            const QString tailText = QString::fromUtf8(QJsonDocument(tail).toJson(QJsonDocument::Compact));
            QVERIFY(!prefixText.contains(QStringLiteral("Background agents you started have ended")) || reminderSeen);
            if (tailText.contains(QStringLiteral("Background agents you started have ended")))
                reminderSeen = true;
        }
        QVERIFY(reminderSeen);
        // The reminder is a record message within the turn, not a turn of its own.
        int reminders = 0;
        for (const Message &message : h.session()->record()) {
            if (message.metadata.contains(QLatin1String("backgroundAgents"))) {
                ++reminders;
                QVERIFY(!message.startsTurn());
            }
        }
        QVERIFY(reminders >= 1);
        QCOMPARE(h.store()->turns(h.session()->id()).value().size(), 3);
    }

    void waitAgentsReturnsTheAnswerAndNoReminderRepeatsIt()
    {
        SessionHarness h;
        QVERIFY2(startHarness(h), qPrintable(h.error()));
        const QString prompt = QStringLiteral("Spawn and wait.");
        routeBy(h, [&h, prompt](const QJsonObject &request) {
            const QString first = firstUserText(request);
            const int step = assistantMessages(request);
            if (first == prompt) {
                if (step == 0)
                    return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_s"), QStringLiteral("spawn_agent"), spawnArgs(QStringLiteral("TASK-W: slow"), QStringLiteral("waited"))));
                if (step == 1) {
                    const QString handle = agentTitled(h.session()->backgroundAgents(), QStringLiteral("waited")).handle;
                    return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_w"), QStringLiteral("wait_agents"),
                                                         {{QStringLiteral("handles"), QJsonArray{handle}}, {QStringLiteral("timeout_seconds"), 30}}));
                }
                return ScriptedResponse::sse(sseText(QStringLiteral("Done %1.").arg(step)));
            }
            if (first.startsWith(QStringLiteral("TASK-W"))) {
                if (assistantMessages(request) == 0)
                    return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_r"), QStringLiteral("read"), args(QStringLiteral("x"), 300)));
                return ScriptedResponse::sse(sseText(QStringLiteral("ANSWER-W: waited for")));
            }
            return ScriptedResponse::json(500, QByteArray("{}"));
        });
        QCOMPARE(h.runTurn(prompt), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("Next.")), QStringLiteral("answered"));
        const QList<QJsonObject> parent = requestsOf(h.server(), prompt);
        QCOMPARE(parent.size(), 4);
        // wait_agents' result carried the answer (the third request), and no reminder followed.
        const QString third = QString::fromUtf8(QJsonDocument(parent.at(2)).toJson(QJsonDocument::Compact));
        QCOMPARE(third.count(QStringLiteral("ANSWER-W: waited for")), 1);
        const QString last = QString::fromUtf8(QJsonDocument(parent.last()).toJson(QJsonDocument::Compact));
        QCOMPARE(last.count(QStringLiteral("ANSWER-W: waited for")), 1);
        QVERIFY(!last.contains(QStringLiteral("Background agents you started have ended")));
    }

    void concurrencyIsBoundedAndTheQueueDrains()
    {
        qputenv("VALIS_MAX_BACKGROUND_AGENTS", "2");
        SessionHarness h;
        const bool started = startHarness(h);
        qunsetenv("VALIS_MAX_BACKGROUND_AGENTS");
        QVERIFY2(started, qPrintable(h.error()));
        routeBy(h, [](const QJsonObject &request) {
            if (assistantMessages(request) == 0)
                return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_r"), QStringLiteral("read"), args(QStringLiteral("x"), 200)));
            return ScriptedResponse::sse(sseText(QStringLiteral("done: ") + firstUserText(request)));
        });
        BackgroundAgents *agents = h.session()->backgroundAgents();
        QVERIFY(agents);
        QCOMPARE(agents->maxConcurrent(), 2);
        int mostRunning = 0;
        connect(agents, &BackgroundAgents::agentChanged, this, [agents, &mostRunning] {
            int running = 0;
            for (const AgentInfo &info : agents->agents())
                running += info.state == AgentState::Running ? 1 : 0;
            mostRunning = qMax(mostRunning, running);
        });
        QList<AgentState> initial;
        for (int i = 0; i < 5; ++i) {
            const Result<AgentInfo> spawned = agents->spawn({QStringLiteral("job %1").arg(i)});
            QVERIFY2(spawned.ok(), spawned.ok() ? "" : qPrintable(spawned.error().message));
            initial << spawned->state;
        }
        QCOMPARE(initial, (QList<AgentState>{AgentState::Running, AgentState::Running, AgentState::Queued,
                                             AgentState::Queued, AgentState::Queued}));
        QTRY_VERIFY_WITH_TIMEOUT(allFinal(agents, 5), 20000);
        QCOMPARE(mostRunning, 2);
        for (const AgentInfo &info : agents->agents()) {
            QCOMPARE(info.state, AgentState::Finished);
            QVERIFY(info.answer.startsWith(QStringLiteral("done: job ")));
            QVERIFY(info.tokens > 0);
        }
        // A queued agent can be cancelled before it starts.
        const Result<AgentInfo> queued = agents->spawn({QStringLiteral("job 5")});
        const Result<AgentInfo> queued2 = agents->spawn({QStringLiteral("job 6")});
        const Result<AgentInfo> third = agents->spawn({QStringLiteral("job 7")});
        QVERIFY(third.ok() && queued.ok() && queued2.ok());
        QCOMPARE(third->state, AgentState::Queued);
        QCOMPARE(agents->cancel(third->handle)->state, AgentState::Cancelled);
        QTRY_VERIFY_WITH_TIMEOUT(allFinal(agents, 8), 20000);
        QCOMPARE(agents->status(third->handle)->state, AgentState::Cancelled);
        QCOMPARE(h.store()->messages(third->handle).value().size(), 0); // it never ran
    }

    void anAgentOverItsBudgetIsStopped()
    {
        SessionHarness h;
        QVERIFY2(startHarness(h), qPrintable(h.error()));
        int childRequests = 0;
        routeBy(h, [&childRequests](const QJsonObject &request) {
            ++childRequests;
            // Each request uses 100 input + 20 output tokens; it never answers by itself.
            return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_%1").arg(assistantMessages(request)), QStringLiteral("read"),
                                                 args(QStringLiteral("more"))));
        });
        BackgroundAgents *agents = h.session()->backgroundAgents();
        AgentSpawnRequest request{QStringLiteral("loop forever")};
        request.budget.maxTokens = 300;
        const Result<AgentInfo> spawned = agents->spawn(request);
        QVERIFY(spawned.ok());
        QTRY_VERIFY_WITH_TIMEOUT(agentStateIsFinal(agents->status(spawned->handle)->state), 15000);
        const AgentInfo info = agents->status(spawned->handle).value();
        QCOMPARE(info.state, AgentState::OverBudget);
        QCOMPARE(info.stopReason, QStringLiteral("budget"));
        QVERIFY2(info.answer.contains(QStringLiteral("over its budget (300 tokens")), qPrintable(info.answer));
        QVERIFY(info.tokens > 300);
        QCOMPARE(childRequests, 3); // 120, 240, 360: stopped after the third
        QTest::qWait(200);
        QCOMPARE(childRequests, 3);
        QCOMPARE(agentStateName(info.state), QStringLiteral("over-budget"));
    }

    void agentsOfAClosedParentAreInterruptedAndTheParentIsTold()
    {
        SessionHarness h;
        QVERIFY2(startHarness(h), qPrintable(h.error()));
        routeBy(h, [](const QJsonObject &request) {
            if (firstUserText(request).startsWith(QStringLiteral("TASK-H")))
                return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_h"), QStringLiteral("hang"), args(QStringLiteral("forever"))));
            return ScriptedResponse::sse(sseText(QStringLiteral("Parent goes on.")));
        });
        BackgroundAgents *agents = h.session()->backgroundAgents();
        const Result<AgentInfo> spawned = agents->spawn({QStringLiteral("TASK-H: hang")});
        QVERIFY(spawned.ok());
        QTRY_VERIFY_WITH_TIMEOUT(h.server().requests().size() == 1, 5000);
        const QString handle = spawned->handle;

        // A crashed process leaves its agent marked running (without a lock anyone holds); the
        // same state while another live process holds the lock is left alone.
        SessionInfo crashed;
        crashed.parentSessionId = h.session()->id();
        crashed.originKind = QStringLiteral("subagent");
        AgentInfo left;
        left.state = AgentState::Running;
        left.title = QStringLiteral("crashed");
        left.spawnedAt = QDateTime::currentDateTimeUtc();
        crashed.metadata.insert(QStringLiteral("backgroundAgent"), left.toJson());
        const Result<SessionInfo> crashedChild = h.store()->createSession(crashed);
        QVERIFY(crashedChild.ok());
        crashed.metadata.insert(QStringLiteral("backgroundAgent"), [&] { AgentInfo alive = left; alive.title = QStringLiteral("alive elsewhere"); return alive.toJson(); }());
        const Result<SessionInfo> aliveChild = h.store()->createSession(crashed);
        QVERIFY(aliveChild.ok());
        QLockFile elsewhere(h.store()->path() + QStringLiteral(".agents/") + aliveChild->id + QStringLiteral(".lock"));
        QVERIFY(elsewhere.tryLock(0));

        QVERIFY(h.reopen()); // the parent closes and opens again
        agents = h.session()->backgroundAgents();
        QCOMPARE(agents->status(handle)->state, AgentState::Interrupted);
        QCOMPARE(agents->status(crashedChild->id)->state, AgentState::Interrupted);
        QCOMPARE(agents->status(aliveChild->id)->state, AgentState::Running);
        QCOMPARE(h.store()->session(crashedChild->id)->metadata.value(QLatin1String("backgroundAgent")).toObject()
                     .value(QLatin1String("state")).toString(), QStringLiteral("interrupted"));

        // The parent's next request tells it, once.
        QCOMPARE(h.runTurn(QStringLiteral("What happened?")), QStringLiteral("answered"));
        const QList<QJsonObject> parent = requestsOf(h.server(), QStringLiteral("What happened?"));
        QCOMPARE(parent.size(), 1);
        const QString sent = QString::fromUtf8(QJsonDocument(parent.first()).toJson(QJsonDocument::Compact));
        QCOMPARE(sent.count(QStringLiteral("status=\\\"interrupted\\\"")), 2);
        QVERIFY(sent.contains(handle));
        QVERIFY(!sent.contains(aliveChild->id));
        elsewhere.unlock();
    }

    void llmCallUsesTheCheapModelCachesThePromptAndCountsItsCost()
    {
        SessionHarness h;
        QTemporaryDir dir;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        Result<std::unique_ptr<PromptStore>> prompts = PromptStore::open(dir.filePath(QStringLiteral("prompts.db")));
        QVERIFY(prompts.ok());
        h.config().prompts = std::shared_ptr<PromptStore>(std::move(prompts).value());
        QVERIFY(h.config().prompts->set(QStringLiteral("classify"), QStringLiteral("Classify the mood of: {{text}}")).ok());
        QVERIFY(h.useTools({&m_tools}));
        const QString prompt = QStringLiteral("Classify twice.");
        routeBy(h, [prompt](const QJsonObject &request) {
            if (firstUserText(request) == prompt) {
                switch (assistantMessages(request)) {
                case 0:
                    return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_l1"), QStringLiteral("llm_call"),
                                                         {{QStringLiteral("prompt"), QStringLiteral("Say the language of the text.")},
                                                          {QStringLiteral("inputs"), QJsonObject{{QStringLiteral("text"), QStringLiteral("bonjour")}}}}));
                case 1:
                    return ScriptedResponse::sse(sseCall(QStringLiteral("toolu_l2"), QStringLiteral("llm_call"),
                                                         {{QStringLiteral("prompt_key"), QStringLiteral("classify")},
                                                          {QStringLiteral("inputs"), QJsonObject{{QStringLiteral("text"), QStringLiteral("great day")}}},
                                                          {QStringLiteral("model"), QStringLiteral("claude-sonnet-4-5")}}));
                default:
                    return ScriptedResponse::sse(sseText(QStringLiteral("French, and happy.")));
                }
            }
            if (systemText(request).startsWith(QStringLiteral("Say the language")))
                return ScriptedResponse::sse(AnthropicStream(40, 500, 0).text(QStringLiteral("LANG: French")).stop(QStringLiteral("end_turn"), 3));
            return ScriptedResponse::sse(AnthropicStream(30).text(QStringLiteral("MOOD: happy")).stop(QStringLiteral("end_turn"), 2));
        });
        QCOMPARE(h.runTurn(prompt), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 5);

        // The direct calls: no tools, the instructions as the system prompt with a breakpoint,
        // the cheap sibling by default and the asked model otherwise.
        const QJsonObject direct = body(h.server(), 1);
        QCOMPARE(direct.value(QLatin1String("model")).toString(), QStringLiteral("claude-haiku-5-5"));
        QVERIFY(direct.value(QLatin1String("tools")).toArray().isEmpty());
        QCOMPARE(systemText(direct), QStringLiteral("Say the language of the text."));
        QVERIFY(countCacheControl(direct.value(QLatin1String("system"))) > 0);
        QVERIFY(firstUserText(direct).contains(QStringLiteral("bonjour")));
        const QJsonObject keyed = body(h.server(), 3);
        QCOMPARE(keyed.value(QLatin1String("model")).toString(), QStringLiteral("claude-sonnet-4-5"));
        QCOMPARE(systemText(keyed), QStringLiteral("Classify the mood of: great day"));
        QVERIFY(!firstUserText(keyed).contains(QStringLiteral("great day"))); // not sent twice

        // Results, and their usage on the record and in the totals.
        const QList<SessionEvent> finished = h.eventsOf(SessionEvent::Kind::ToolCallFinished);
        QCOMPARE(finished.size(), 2);
        QCOMPARE(finished.at(0).result.content.first().text, QStringLiteral("LANG: French"));
        QCOMPARE(finished.at(1).result.content.first().text, QStringLiteral("MOOD: happy"));
        const QJsonObject usage = finished.at(0).result.wire.value(QLatin1String("valis")).toObject().value(QLatin1String("usage")).toObject();
        QCOMPARE(usage.value(QLatin1String("model")).toString(), QStringLiteral("claude-haiku-5-5"));
        QCOMPARE(usage.value(QLatin1String("inputTokens")).toInteger(), 40);
        QCOMPARE(usage.value(QLatin1String("cacheReadTokens")).toInteger(), 500);
        QCOMPARE(usage.value(QLatin1String("outputTokens")).toInteger(), 3);
        // haiku-5-5: $0.1 in, $0.5 out, $0.01 cache read per million
        QVERIFY(qAbs(usage.value(QLatin1String("costUsd")).toDouble() - (40 * 0.1 + 3 * 0.5 + 500 * 0.01) / 1e6) < 1e-12);
        int llmUsage = 0;
        for (const SessionEvent &event : h.eventsOf(SessionEvent::Kind::UsageReported))
            llmUsage += event.details.value(QLatin1String("purpose")).toString() == QLatin1String("llm_call") ? 1 : 0;
        QCOMPARE(llmUsage, 2);
        const SessionTotals totals = h.session()->totals();
        QCOMPARE(totals.requests, 5);
        QCOMPARE(totals.cacheReadTokens, 500);
        QCOMPARE(totals.inputTokens, 100 * 3 + 40 + 30);
        // Reopened, the session counts them again from the record.
        QVERIFY(h.reopen());
        const SessionTotals reopened = h.session()->totals();
        QCOMPARE(reopened.requests, totals.requests);
        QCOMPARE(reopened.inputTokens, totals.inputTokens);
        QVERIFY(qAbs(reopened.costUsd - totals.costUsd) < 1e-12);
    }

    void agentToolsAreNotOfferedInsideAChild()
    {
        SessionHarness h;
        QVERIFY2(startHarness(h), qPrintable(h.error()));
        routeBy(h, [](const QJsonObject &) { return ScriptedResponse::sse(sseText(QStringLiteral("child done"))); });
        BackgroundAgents *agents = h.session()->backgroundAgents();
        const Result<AgentInfo> spawned = agents->spawn({QStringLiteral("look around")});
        QVERIFY(spawned.ok());
        QTRY_VERIFY_WITH_TIMEOUT(agentStateIsFinal(agents->status(spawned->handle)->state), 10000);
        QStringList names;
        for (const QJsonValue &tool : body(h.server(), 0).value(QLatin1String("tools")).toArray())
            names << tool.toObject().value(QLatin1String("name")).toString();
        QVERIFY(names.contains(QStringLiteral("read")));
        QVERIFY(names.contains(QStringLiteral("llm_call")));
        for (const char *hidden : {"task", "spawn_agent", "agent_status", "wait_agents", "cancel_agent"})
            QVERIFY2(!names.contains(QLatin1String(hidden)), hidden);
        // Unknown handles and profiles are refused clearly.
        QCOMPARE(agents->status(QStringLiteral("s-nothing")).error().code, QStringLiteral("agents.unknown-handle"));
        AgentSpawnRequest wrong{QStringLiteral("x")};
        wrong.profile = QStringLiteral("wizard");
        QVERIFY(agents->spawn(wrong).error().message.contains(QStringLiteral("general-purpose")));
    }
};

VALIS_TEST_MAIN(TestOrchestration)
#include "tst_orchestration.moc"
