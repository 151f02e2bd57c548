#include "testsupport.h"

#include "valis/record/recordjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace valis;

class TestRecordJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void partsRoundTrip_data();
    void partsRoundTrip();
    void toolCallArgumentsFromText();
    void messageRoundTrip();
    void sessionRoundTrip();
    void rejectsInvalid_data();
    void rejectsInvalid();
    void turnsStartAtUserMessagesOnly();
    void idsAreUniqueAndOrdered();
};

void TestRecordJson::partsRoundTrip_data()
{
    QTest::addColumn<Part>("part");
    QTest::newRow("text") << Part::makeText(QStringLiteral("héllo\nwörld 🎉"));
    Part thinking = Part::makeThinking(QStringLiteral("let me think"), QStringLiteral("sig=="));
    thinking.wire.insert(QStringLiteral("anthropic"), QJsonObject{{QStringLiteral("x"), 1}});
    QTest::newRow("thinking") << thinking;
    Part redacted = Part::makeThinking(QString());
    redacted.redactedData = QStringLiteral("opaque");
    QTest::newRow("redacted thinking") << redacted;
    QTest::newRow("tool call object")
        << Part::makeToolCall(QStringLiteral("toolu_1"), QStringLiteral("Bash"),
                              QJsonObject{{QStringLiteral("command"), QStringLiteral("ls -la")}});
    QTest::newRow("tool call text")
        << Part::makeToolCallFromText(QStringLiteral("call_1"), QStringLiteral("f"), QStringLiteral("{\"a\": 1}"));
    QTest::newRow("tool call empty text")
        << Part::makeToolCallFromText(QStringLiteral("call_2"), QStringLiteral("f"), QString());
    QTest::newRow("tool call truncated")
        << Part::makeToolCallFromText(QStringLiteral("call_3"), QStringLiteral("f"), QStringLiteral("{\"a\": [1, 2"));
    Part image = Part::makeImage({QStringLiteral("image/png"), QStringLiteral("blob:sha256-abc"), {}});
    Part result = Part::makeToolResult(QStringLiteral("toolu_1"),
                                       {Part::makeText(QStringLiteral("out")), image}, true);
    result.toolName = QStringLiteral("Bash");
    QTest::newRow("tool result") << result;
    QTest::newRow("inline image")
        << Part::makeImage({QStringLiteral("image/jpeg"), QString(), QByteArray("\x89PNG\0\1\2", 7)});
}

void TestRecordJson::partsRoundTrip()
{
    QFETCH(Part, part);
    const QJsonObject json = recordjson::toJson(part);
    const Result<Part> back = recordjson::partFromJson(json);
    QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().toString()));
    QCOMPARE(back.value(), part);
    QCOMPARE(recordjson::toJson(back.value()), json);
}

void TestRecordJson::toolCallArgumentsFromText()
{
    const Part good = Part::makeToolCallFromText(QStringLiteral("c"), QStringLiteral("f"), QStringLiteral(" {\"a\":1} "));
    QCOMPARE(good.arguments.toObject().value(QStringLiteral("a")).toInt(), 1);
    QCOMPARE(good.argumentsJson(), QStringLiteral(" {\"a\":1} ")); // the text as received
    const Part broken = Part::makeToolCallFromText(QStringLiteral("c"), QStringLiteral("f"), QStringLiteral("{\"a\":"));
    QVERIFY(broken.arguments.isUndefined());
    QVERIFY(broken.argumentsText.has_value());
    const Part empty = Part::makeToolCallFromText(QStringLiteral("c"), QStringLiteral("f"), QString());
    QVERIFY(empty.argumentsText.has_value());
    QVERIFY(empty.arguments.isUndefined());
    const Part scalar = Part::makeToolCall(QStringLiteral("c"), QStringLiteral("f"), QJsonValue(42));
    QCOMPARE(scalar.argumentsJson(), QStringLiteral("42"));
}

void TestRecordJson::messageRoundTrip()
{
    Message message;
    message.id = QStringLiteral("msg-1");
    message.parentId = QStringLiteral("msg-0");
    message.role = Role::Assistant;
    message.parts = {Part::makeThinking(QStringLiteral("hmm"), QStringLiteral("s")),
                     Part::makeText(QStringLiteral("answer")),
                     Part::makeToolCall(QStringLiteral("t1"), QStringLiteral("Read"), QJsonObject{})};
    message.createdAt = QDateTime::fromMSecsSinceEpoch(1700000000123, Qt::UTC);
    message.model = QStringLiteral("claude-opus-4-6");
    message.stopReason = QStringLiteral("tool_use");
    message.usage.inputTokens = 0;
    message.usage.outputTokens = 13;
    message.usage.cacheReadTokens = 11515;
    message.metadata.insert(QStringLiteral("isSidechain"), false);
    message.wire.insert(QStringLiteral("anthropic"), QJsonObject{{QStringLiteral("id"), QStringLiteral("msg_01")}});
    message.seq = 7;
    message.turn = 2;

    const Result<Message> back = recordjson::messageFromJson(recordjson::toJson(message));
    QVERIFY(back.ok());
    QCOMPARE(back.value(), message);
    QCOMPARE(back->seq, 7);
    QCOMPARE(back->turn, 2);
    QCOMPARE(back->usage.inputTokens, 0);     // 0 is kept, not taken for "absent"
    QCOMPARE(back->usage.cacheWriteTokens, -1);
    QCOMPARE(back->countParts(PartKind::ToolCall), 1);
}

void TestRecordJson::sessionRoundTrip()
{
    SessionInfo session;
    session.id = QStringLiteral("cc-1234");
    session.title = QStringLiteral("fix the server");
    session.workspace = QStringLiteral("/home/u/p");
    session.createdAt = QDateTime::fromMSecsSinceEpoch(1700000000000, Qt::UTC);
    session.updatedAt = session.createdAt.addSecs(60);
    session.originKind = QStringLiteral("claude-code");
    session.originPath = QStringLiteral("/x.jsonl");
    session.originId = QStringLiteral("1234");
    session.parentSessionId = QStringLiteral("cc-parent");
    session.parentToolCallId = QStringLiteral("toolu_9");
    session.metadata.insert(QStringLiteral("gitBranch"), QStringLiteral("main"));
    const Result<SessionInfo> back = recordjson::sessionFromJson(recordjson::toJson(session));
    QVERIFY(back.ok());
    QCOMPARE(back.value(), session);
}

void TestRecordJson::rejectsInvalid_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expected");
    QTest::newRow("no id") << QByteArray(R"({"role":"user","parts":[]})") << QStringLiteral("no \"id\"");
    QTest::newRow("bad role") << QByteArray(R"({"id":"a","role":"robot","parts":[]})") << QStringLiteral("unknown role \"robot\"");
    QTest::newRow("no parts") << QByteArray(R"({"id":"a","role":"user"})") << QStringLiteral("no \"parts\"");
    QTest::newRow("bad part") << QByteArray(R"({"id":"a","role":"user","parts":[{"type":"video"}]})") << QStringLiteral("unknown part type \"video\"");
    QTest::newRow("text without text") << QByteArray(R"({"id":"a","role":"user","parts":[{"type":"text"}]})") << QStringLiteral("no \"text\"");
    QTest::newRow("call without name") << QByteArray(R"({"id":"a","role":"assistant","parts":[{"type":"tool_call","call_id":"x"}]})") << QStringLiteral("no \"name\"");
}

void TestRecordJson::rejectsInvalid()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expected);
    const Result<Message> message = recordjson::messageFromJson(QJsonDocument::fromJson(json).object());
    QVERIFY(message.hasError());
    QCOMPARE(message.error().code, QStringLiteral("record.invalid-json"));
    QVERIFY2(message.error().message.contains(expected), qPrintable(message.error().message));
}

void TestRecordJson::turnsStartAtUserMessagesOnly()
{
    Message user;
    user.role = Role::User;
    user.parts = {Part::makeText(QStringLiteral("do it"))};
    QVERIFY(user.startsTurn());
    Message toolOnly;
    toolOnly.role = Role::Tool;
    toolOnly.parts = {Part::makeToolResultText(QStringLiteral("t"), QStringLiteral("ok"))};
    QVERIFY(!toolOnly.startsTurn());
    Message mixed = user; // a user message carrying a tool result continues the tool loop
    mixed.parts.prepend(Part::makeToolResultText(QStringLiteral("t"), QStringLiteral("ok")));
    QVERIFY(!mixed.startsTurn());
    Message assistant;
    assistant.role = Role::Assistant;
    QVERIFY(!assistant.startsTurn());
}

void TestRecordJson::idsAreUniqueAndOrdered()
{
    QSet<QString> seen;
    QString previous;
    for (int i = 0; i < 50000; ++i) {
        const QString id = newMessageId();
        QCOMPARE(id.size(), 20);
        if (!previous.isEmpty())
            QVERIFY2(id > previous, qPrintable(id + QStringLiteral(" <= ") + previous)); // monotonic
        QVERIFY(id.startsWith(QLatin1String("m-")));
        QVERIFY(!seen.contains(id));
        seen.insert(id);
        if (i % 500 == 0) {
            QTest::qWait(2); // a later millisecond must sort after
            const QString later = newMessageId();
            QVERIFY2(later > id, qPrintable(later + QStringLiteral(" <= ") + id));
        }
        previous = id;
    }
}

VALIS_TEST_MAIN(TestRecordJson)
#include "tst_recordjson.moc"
