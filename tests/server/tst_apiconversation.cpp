// The managed context's bookkeeping: which session an API client's history continues and what of
// it is new.
#include "testsupport.h"

#include "valis/agent/recallitems.h"
#include "valis/context/compactionevent.h"
#include "valis/server/apiconversation.h"
#include "valis/server/apiprofiles.h"
#include "valis/wire/openaichat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace valis;
using namespace valis::apiserver;

namespace {

QList<Message> chat(const char *json)
{
    const Result<QList<Message>> messages = wire::openaichat::messagesFromJson(QJsonDocument::fromJson(json).array());
    return messages.ok() ? messages.value() : QList<Message>();
}

Message user(const QString &text)
{
    Message message;
    message.role = Role::User;
    message.parts.append(Part::makeText(text));
    return message;
}

Message assistant(const QString &text, const QList<Part> &calls = {})
{
    Message message;
    message.role = Role::Assistant;
    if (!text.isEmpty())
        message.parts.append(Part::makeText(text));
    message.parts.append(calls);
    return message;
}

Part call(const QString &id, const QString &name)
{
    Part part;
    part.kind = PartKind::ToolCall;
    part.callId = id;
    part.toolName = name;
    part.arguments = QJsonObject{{QStringLiteral("city"), QStringLiteral("Oslo")}};
    return part;
}

Message results(const QStringList &ids)
{
    Message message;
    message.role = Role::Tool;
    for (const QString &id : ids)
        message.parts.append(Part::makeToolResultText(id, QStringLiteral("result of ") + id, false));
    return message;
}

} // namespace

class ApiConversationTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keyIsStableAndSeparates()
    {
        const QList<Message> one = chat(R_ONE);
        const QString key = conversationKey(QStringLiteral("Be brief."), one);
        QVERIFY(key.startsWith(QLatin1String("k-")));
        QCOMPARE(key.size(), 34);
        // Later turns do not change it; whitespace does not either.
        QList<Message> longer = one;
        longer << assistant(QStringLiteral("Hi.")) << user(QStringLiteral("And then?"));
        QCOMPARE(conversationKey(QStringLiteral("Be brief."), longer), key);
        QCOMPARE(conversationKey(QStringLiteral("Be  brief.\n"), one), key);
        // Another system prompt or first question is another conversation.
        QVERIFY(conversationKey(QStringLiteral("Be long."), one) != key);
        QVERIFY(conversationKey(QStringLiteral("Be brief."), {user(QStringLiteral("Goodbye"))}) != key);
        // A named session wins over the content, and differs from it.
        const QString named = conversationKey(QStringLiteral("Be brief."), one, QStringLiteral("alice"));
        QCOMPARE(conversationKey(QStringLiteral("other"), {}, QStringLiteral("alice")), named);
        QVERIFY(named != key);
    }

    void newConversationIsAllNew()
    {
        const QList<Message> client{user(QStringLiteral("Hello"))};
        const AppendPlan plan = planAppend({}, client);
        QVERIFY(plan.extends);
        QCOMPARE(plan.matchedUnits, 0);
        QCOMPARE(plan.newMessages.size(), 1);
        QCOMPARE(plan.newMessages.first().text(), QStringLiteral("Hello"));
    }

    void onlyTheNewTurnIsAppended()
    {
        const QList<Message> record{user(QStringLiteral("Hello")), assistant(QStringLiteral("Hi there, how can I help?"))};
        // The client joined the streamed deltas its own way: whitespace is not compared.
        const QList<Message> client{user(QStringLiteral("Hello")), assistant(QStringLiteral("Hi there,  how can I help?\n")),
                                    user(QStringLiteral("Tell me more"))};
        const AppendPlan plan = planAppend(record, client);
        QVERIFY(plan.extends);
        QCOMPARE(plan.matchedUnits, 2);
        QCOMPARE(plan.newMessages.size(), 1);
        QCOMPARE(plan.newMessages.first().text(), QStringLiteral("Tell me more"));
    }

    void sameHistoryAgainAddsNothing()
    {
        const QList<Message> record{user(QStringLiteral("Hello"))};
        const AppendPlan plan = planAppend(record, {user(QStringLiteral("Hello"))});
        QVERIFY(plan.extends);
        QVERIFY(plan.newMessages.isEmpty());
    }

    void toolResultsOneMessageEachOrGrouped()
    {
        const QList<Message> record{user(QStringLiteral("Weather?")),
                                    assistant({}, {call(QStringLiteral("c1"), QStringLiteral("w")), call(QStringLiteral("c2"), QStringLiteral("w"))}),
                                    results({QStringLiteral("c1")})};
        // Chat clients send one tool message per result; the record holds c1 already.
        const QList<Message> client{user(QStringLiteral("Weather?")),
                                    assistant({}, {call(QStringLiteral("c1"), QStringLiteral("w")), call(QStringLiteral("c2"), QStringLiteral("w"))}),
                                    results({QStringLiteral("c1")}), results({QStringLiteral("c2")})};
        AppendPlan plan = planAppend(record, client);
        QVERIFY(plan.extends);
        QCOMPARE(plan.newMessages.size(), 1);
        QCOMPARE(plan.newMessages.first().parts.size(), 1);
        QCOMPARE(plan.newMessages.first().parts.first().callId, QStringLiteral("c2"));
        // A Responses client groups them: only the result the record lacks is new.
        const QList<Message> grouped{client.at(0), client.at(1), results({QStringLiteral("c1"), QStringLiteral("c2")})};
        plan = planAppend(record, grouped);
        QVERIFY(plan.extends);
        QCOMPARE(plan.newMessages.size(), 1);
        QCOMPARE(plan.newMessages.first().parts.size(), 1);
        QCOMPARE(plan.newMessages.first().parts.first().callId, QStringLiteral("c2"));
    }

    void whatTheClientNeverSawIsSkipped()
    {
        Message cut = assistant(QStringLiteral("Once upon"), {call(QStringLiteral("c9"), QStringLiteral("w"))});
        cut.metadata.insert(QStringLiteral("interrupted"), true);
        CompactionEvent event;
        event.strategy = QStringLiteral("progressive");
        const QList<Message> record{user(QStringLiteral("Story?")), cut, results({QStringLiteral("c9")}), event.toMessage(),
                                    historyStrategyMessage(QStringLiteral("regular"))};
        QCOMPARE(recordUnits(record).size(), 1);
        // The client never got the cut answer: it asks again, with nothing new.
        AppendPlan plan = planAppend(record, {user(QStringLiteral("Story?"))});
        QVERIFY(plan.extends);
        QVERIFY(plan.newMessages.isEmpty());
        plan = planAppend(record, {user(QStringLiteral("Story?")), assistant(QStringLiteral("A story.")), user(QStringLiteral("More"))});
        QVERIFY(plan.extends);
        QCOMPARE(plan.newMessages.size(), 2);
    }

    void ownToolCallsAreHidden()
    {
        const QSet<QString> own{QStringLiteral("retrieve_memory")};
        // One answer the client got: text, a retrieve_memory Valis ran, more text, then a mixed
        // answer (own and client calls) whose own result Valis recorded.
        Message clientResult = results({QStringLiteral("c2")});
        clientResult.metadata.insert(ClientResultKey, true);
        const QList<Message> record{user(QStringLiteral("Secret?")),
                                    assistant(QStringLiteral("Let me look."), {call(QStringLiteral("m1"), QStringLiteral("retrieve_memory"))}),
                                    results({QStringLiteral("m1")}),
                                    assistant(QStringLiteral("Found it."), {call(QStringLiteral("m2"), QStringLiteral("retrieve_memory")),
                                                                           call(QStringLiteral("c2"), QStringLiteral("w"))}),
                                    results({QStringLiteral("m2")}), clientResult};
        // What the client holds: one answer with the text of both and its own call only.
        const QList<Message> client{user(QStringLiteral("Secret?")),
                                    assistant(QStringLiteral("Let me look. Found it."), {call(QStringLiteral("c2"), QStringLiteral("w"))}),
                                    results({QStringLiteral("c2")}), user(QStringLiteral("Thanks"))};
        QCOMPARE(recordUnits(record, own).size(), 3);
        AppendPlan plan = planAppend(record, client, own);
        QVERIFY(plan.extends);
        QCOMPARE(plan.newMessages.size(), 1);
        QCOMPARE(plan.newMessages.first().text(), QStringLiteral("Thanks"));
        // Without knowing the own tools the record is not what the client saw.
        QVERIFY(!planAppend(record, client).extends);
        // A client tool that shares an own tool's name stays the client's: its results are marked.
        Message shadowResult = results({QStringLiteral("m9")});
        shadowResult.metadata.insert(ClientResultKey, true);
        const QList<Message> shadowed{user(QStringLiteral("Secret?")),
                                      assistant({}, {call(QStringLiteral("m9"), QStringLiteral("retrieve_memory"))}), shadowResult};
        QCOMPARE(recordUnits(shadowed, own).size(), 3);
    }

    void divergedHistoryIsAnotherConversation()
    {
        const QList<Message> record{user(QStringLiteral("Hello")), assistant(QStringLiteral("Hi")), user(QStringLiteral("Question A"))};
        // An edited earlier message.
        QVERIFY(!planAppend(record, {user(QStringLiteral("Hello")), assistant(QStringLiteral("Hi")), user(QStringLiteral("Question B"))}).extends);
        // A shorter history than the record's.
        QVERIFY(!planAppend(record, {user(QStringLiteral("Hello"))}).extends);
        // Another tool call id.
        const QList<Message> withCall{user(QStringLiteral("W")), assistant({}, {call(QStringLiteral("c1"), QStringLiteral("w"))})};
        QVERIFY(!planAppend(withCall, {user(QStringLiteral("W")), assistant({}, {call(QStringLiteral("c2"), QStringLiteral("w"))})}).extends);
    }

    void profilesResolve()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("serve.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(PROFILES);
        file.close();
        const Result<ApiProfiles> profiles = ApiProfiles::load(path);
        QVERIFY2(profiles.ok(), qPrintable(profiles.ok() ? QString() : profiles.error().message));
        QCOMPARE(profiles->defaultProfile(), QStringLiteral("fast"));
        const std::optional<ApiProfile> fast = profiles->resolve(QString(), {});
        QVERIFY(fast);
        QCOMPARE(fast->provider, QStringLiteral("anthropic"));
        QCOMPARE(fast->context, QStringList{QStringLiteral("evictAt=0.7")});
        QCOMPARE(fast->maxOutputTokens, 4096);
        const std::optional<ApiProfile> direct = profiles->resolve(QStringLiteral("openai/gpt-5"), {QStringLiteral("openai")});
        QVERIFY(direct);
        QCOMPARE(direct->model, QStringLiteral("gpt-5"));
        // Served sessions use their own agent's memory unless a profile names another one.
        QCOMPARE(fast->agent, QStringLiteral("api"));
        QCOMPARE(direct->agent, QStringLiteral("api"));
        QCOMPARE(profiles->resolve(QStringLiteral("shared"), {})->agent, QStringLiteral("default"));
        QFile emptyAgent(dir.filePath(QStringLiteral("emptyagent.json")));
        QVERIFY(emptyAgent.open(QIODevice::WriteOnly));
        emptyAgent.write("{\"version\": 1, \"profiles\": {\"x\": {\"provider\": \"a\", \"model\": \"m\", \"agent\": \"\"}}}");
        emptyAgent.close();
        QCOMPARE(ApiProfiles::load(emptyAgent.fileName()).error().code, QStringLiteral("serve.invalid"));
        QVERIFY(!profiles->resolve(QStringLiteral("nobody/gpt-5"), {QStringLiteral("openai")}));
        QVERIFY(!profiles->resolve(QStringLiteral("slow"), {}));
        QVERIFY(ApiProfiles::load(dir.filePath(QStringLiteral("none.json"))).ok());
        QFile newer(dir.filePath(QStringLiteral("newer.json")));
        QVERIFY(newer.open(QIODevice::WriteOnly));
        newer.write("{\"version\": 99, \"profiles\": {}}");
        newer.close();
        QCOMPARE(ApiProfiles::load(newer.fileName()).error().code, QStringLiteral("serve.invalid"));
    }

private:
    static constexpr const char *R_ONE = "[{\"role\": \"user\", \"content\": \"Hello there\"}]";
    static constexpr const char *PROFILES =
        "{\"version\": 1, \"defaultProfile\": \"fast\", \"profiles\": {\"fast\": {\"provider\": \"anthropic\", "
        "\"model\": \"claude-haiku-4-5\", \"context\": [\"evictAt=0.7\"], \"maxOutputTokens\": 4096}, "
        "\"shared\": {\"provider\": \"anthropic\", \"model\": \"claude-haiku-4-5\", \"agent\": \"default\"}}}";
};

QTEST_GUILESS_MAIN(ApiConversationTest)
#include "tst_apiconversation.moc"
