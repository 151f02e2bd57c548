#include "testsupport.h"

#include "valis/import/transcriptimporter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QtTest/QTest>

using namespace valis;

namespace {

const TranscriptImporter *openHands(const TranscriptImporters &importers)
{
    return importers.find(QStringLiteral("openhands"));
}

QString writeEvents(const QTemporaryDir &dir, const QString &name, const QJsonArray &events)
{
    return valis::test::writeFileIn(dir.path(), name, QJsonDocument(events).toJson(QJsonDocument::Indented));
}

QJsonArray readArray(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).array();
}

// What the raw events say, counted without the importer: user messages are the user's message
// actions; tool calls are the agent's actions other than text (message, finish, reject, think,
// system); results are the model-visible observations whose `cause` is such a call.
struct RawCounts
{
    int userMessages = 0;
    int toolCalls = 0;
    int toolResults = 0;
    int failedResults = 0;
};

RawCounts countRaw(const QJsonArray &events)
{
    static const QSet<QString> textActions = {QStringLiteral("message"), QStringLiteral("finish"),
                                              QStringLiteral("reject"), QStringLiteral("think"),
                                              QStringLiteral("system")};
    static const QSet<QString> bookkeeping = {QStringLiteral("null"),
                                              QStringLiteral("agent_state_changed"),
                                              QStringLiteral("recall")};
    RawCounts counts;
    QSet<qint64> calls;
    QSet<qint64> answered;
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        const QString source = event.value(QStringLiteral("source")).toString();
        const QString action = event.value(QStringLiteral("action")).toString();
        const QString observation = event.value(QStringLiteral("observation")).toString();
        if (source == u"user" && action == u"message")
            ++counts.userMessages;
        if (source == u"agent" && !action.isEmpty() && !textActions.contains(action)) {
            ++counts.toolCalls;
            calls.insert(event.value(QStringLiteral("id")).toInteger());
        }
        const qint64 cause = event.value(QStringLiteral("cause")).toInteger(-1);
        if (!observation.isEmpty() && !bookkeeping.contains(observation) && calls.contains(cause)
            && !answered.contains(cause)) {
            answered.insert(cause);
            ++counts.toolResults;
            const QJsonObject metadata = event.value(QStringLiteral("extras")).toObject()
                                             .value(QStringLiteral("metadata")).toObject();
            if (observation == u"error" || metadata.value(QStringLiteral("exit_code")).toInteger(0) != 0)
                ++counts.failedResults;
        }
    }
    return counts;
}

struct ImportedCounts
{
    int userMessages = 0;
    int toolCalls = 0;
    int toolResults = 0;
    int failedResults = 0;
};

ImportedCounts countImported(const ImportedSession &session)
{
    ImportedCounts counts;
    for (const Message &message : session.messages) {
        if (message.role == Role::User)
            ++counts.userMessages;
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                ++counts.toolCalls;
            if (part.kind == PartKind::ToolResult) {
                ++counts.toolResults;
                if (part.isError)
                    ++counts.failedResults;
            }
        }
    }
    return counts;
}

QJsonObject modelResponse(const QString &id, const QString &content, const QJsonArray &toolCalls)
{
    return QJsonObject{
        {QStringLiteral("id"), id},
        {QStringLiteral("model"), QStringLiteral("test-model")},
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{
             {QStringLiteral("finish_reason"), QStringLiteral("tool_calls")},
             {QStringLiteral("message"),
              QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                          {QStringLiteral("content"), content},
                          {QStringLiteral("tool_calls"), toolCalls}}}}}},
        {QStringLiteral("usage"),
         QJsonObject{{QStringLiteral("prompt_tokens"), 1200},
                     {QStringLiteral("completion_tokens"), 34},
                     {QStringLiteral("prompt_tokens_details"),
                      QJsonObject{{QStringLiteral("cached_tokens"), 1000}}}}}};
}

QJsonObject toolCall(const QString &id, const QString &name, const QString &arguments)
{
    return QJsonObject{{QStringLiteral("id"), id},
                       {QStringLiteral("type"), QStringLiteral("function")},
                       {QStringLiteral("function"),
                        QJsonObject{{QStringLiteral("name"), name},
                                    {QStringLiteral("arguments"), arguments}}}};
}

QJsonObject metadataFor(const QString &callId, const QString &function, const QJsonObject &response)
{
    return QJsonObject{{QStringLiteral("tool_call_id"), callId},
                       {QStringLiteral("function_name"), function},
                       {QStringLiteral("model_response"), response},
                       {QStringLiteral("total_calls_in_response"), 1}};
}

QJsonObject userMessage(int id, const QString &text)
{
    return QJsonObject{{QStringLiteral("id"), id},
                       {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:00.123456")},
                       {QStringLiteral("source"), QStringLiteral("user")},
                       {QStringLiteral("message"), text},
                       {QStringLiteral("action"), QStringLiteral("message")},
                       {QStringLiteral("args"), QJsonObject{{QStringLiteral("content"), text}}}};
}

QJsonObject runObservation(int id, int cause, const QString &output, int exitCode,
                           const QJsonObject &metadata = {})
{
    QJsonObject event{{QStringLiteral("id"), id},
                      {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:05.5")},
                      {QStringLiteral("source"), QStringLiteral("agent")},
                      {QStringLiteral("cause"), cause},
                      {QStringLiteral("observation"), QStringLiteral("run")},
                      {QStringLiteral("content"), output},
                      {QStringLiteral("extras"),
                       QJsonObject{{QStringLiteral("command"), QStringLiteral("make")},
                                   {QStringLiteral("metadata"),
                                    QJsonObject{{QStringLiteral("exit_code"), exitCode},
                                                {QStringLiteral("suffix"),
                                                 QStringLiteral("\n[exit %1]").arg(exitCode)}}}}}};
    if (!metadata.isEmpty())
        event.insert(QStringLiteral("tool_call_metadata"), metadata);
    return event;
}

} // namespace

class TestImportOpenHands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fixtureCountsMatchTheEvents_data();
    void fixtureCountsMatchTheEvents();
    void fixtureIsDetected();
    void minimalTrajectory();
    void callsOfOneResponseShareAMessage();
    void trajectoryWithoutFunctionCalling();
    void malformedJsonNamesTheLine();
    void wrongShapeNamesTheEvent_data();
    void wrongShapeNamesTheEvent();
    void importingTwiceGivesTheSameIds();
    void recognisesOnlyTrajectories();
    void guiExportWrapperIsRead();
    void guiExportOfTheFixture();
    void failedGuiExportSaysWhy();
    void recallObservationsAreKept();
};

void TestImportOpenHands::fixtureCountsMatchTheEvents_data()
{
    QTest::addColumn<QString>("name");
    for (const char *name : {"basic.json", "basic_gui_mode.json", "basic_interactions.json",
                             "wrong_initial_state.json"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestImportOpenHands::fixtureCountsMatchTheEvents()
{
    QFETCH(QString, name);
    const QString path = test::fixturePath(QStringLiteral("openhands/") + name);
    if (path.isEmpty())
        QSKIP(qPrintable(QStringLiteral("fixture openhands/%1 not found under %2 (set VALIS_FIXTURES)")
                             .arg(name, test::fixturesDir())));
    const QJsonArray events = readArray(path);
    QVERIFY(!events.isEmpty());
    const RawCounts raw = countRaw(events);

    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = openHands(importers)->read(path);
    QVERIFY2(transcript.ok(), qPrintable(transcript.ok() ? QString() : transcript.error().toString()));
    QCOMPARE(transcript->sessions.size(), 1);
    const ImportedSession &session = transcript->sessions.first();
    const ImportedCounts imported = countImported(session);
    QCOMPARE(imported.userMessages, raw.userMessages);
    QCOMPARE(imported.toolCalls, raw.toolCalls);
    QCOMPARE(imported.toolResults, raw.toolResults);
    QCOMPARE(imported.failedResults, raw.failedResults);

    // Every result answers a call made before it; ids are unique.
    QSet<QString> calls;
    QSet<QString> ids;
    for (const Message &message : session.messages) {
        QVERIFY2(!ids.contains(message.id), qPrintable(message.id));
        ids.insert(message.id);
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolCall)
                calls.insert(part.callId);
            if (part.kind == PartKind::ToolResult)
                QVERIFY2(calls.contains(part.callId), qPrintable(part.callId));
        }
    }

    // The first user message is the first user event's text; the title starts with it.
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        if (event.value(QStringLiteral("source")).toString() != u"user"
            || event.value(QStringLiteral("action")).toString() != u"message")
            continue;
        const QString text = event.value(QStringLiteral("args")).toObject()
                                 .value(QStringLiteral("content")).toString();
        const auto first = std::find_if(session.messages.cbegin(), session.messages.cend(),
                                        [](const Message &m) { return m.role == Role::User; });
        QVERIFY(first != session.messages.cend());
        QCOMPARE(first->text(), text);
        QVERIFY(text.simplified().startsWith(session.info.title.left(40)));
        break;
    }
    QVERIFY(session.info.id.startsWith(QLatin1String("oh-")));
    QCOMPARE(session.info.id.size(), 15);
    QCOMPARE(session.info.originKind, QStringLiteral("openhands"));
    QVERIFY(session.info.createdAt.isValid());
    QVERIFY(session.info.createdAt <= session.info.updatedAt);
    QCOMPARE(session.info.createdAt.timeSpec(), Qt::UTC);
}

void TestImportOpenHands::fixtureIsDetected()
{
    VALIS_REQUIRE_FIXTURE(path, "openhands/basic_gui_mode.json");
    TranscriptImporters importers;
    Result<const TranscriptImporter *> detected = importers.detect(path);
    QVERIFY(detected.ok());
    QCOMPARE(detected.value()->format(), QStringLiteral("openhands"));

    // Environment bookkeeping is left out and says so.
    Result<ImportedTranscript> transcript = detected.value()->read(path);
    QVERIFY(transcript.ok());
    QVERIFY(transcript->notes.join(QLatin1Char('\n')).contains(QLatin1String("agent_state_changed")));
    // The timed-out server (exit code -1) is a failed result; its text is what the model saw.
    bool sawTimeout = false;
    for (const Message &message : transcript->sessions.first().messages) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolResult && part.content.first().text.contains(
                    QLatin1String("Serving HTTP on 0.0.0.0 port 8000"))) {
                sawTimeout = true;
                QVERIFY(part.isError);
                QVERIFY(part.content.first().text.contains(QLatin1String("no new output after 30 seconds")));
            }
        }
    }
    QVERIFY(sawTimeout);
}

void TestImportOpenHands::minimalTrajectory()
{
    QTemporaryDir dir;
    const QJsonObject response = modelResponse(
        QStringLiteral("resp-1"), QStringLiteral("Let me build it."),
        {toolCall(QStringLiteral("call_1"), QStringLiteral("execute_bash"),
                  QStringLiteral("{\"command\": \"make\"}"))});
    const QJsonArray events{
        userMessage(0, QStringLiteral("Build the project please")),
        QJsonObject{{QStringLiteral("id"), 1},
                    {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:01")},
                    {QStringLiteral("source"), QStringLiteral("environment")},
                    {QStringLiteral("observation"), QStringLiteral("agent_state_changed")},
                    {QStringLiteral("content"), QString()},
                    {QStringLiteral("extras"), QJsonObject{{QStringLiteral("agent_state"),
                                                            QStringLiteral("running")}}}},
        QJsonObject{{QStringLiteral("id"), 2},
                    {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:02")},
                    {QStringLiteral("source"), QStringLiteral("agent")},
                    {QStringLiteral("action"), QStringLiteral("run")},
                    {QStringLiteral("args"), QJsonObject{{QStringLiteral("command"), QStringLiteral("make")},
                                                         {QStringLiteral("thought"),
                                                          QStringLiteral("Let me build it.")}}},
                    {QStringLiteral("tool_call_metadata"),
                     metadataFor(QStringLiteral("call_1"), QStringLiteral("execute_bash"), response)}},
        runObservation(3, 2, QStringLiteral("make: *** No rule"), 2,
                       metadataFor(QStringLiteral("call_1"), QStringLiteral("execute_bash"), response)),
        QJsonObject{{QStringLiteral("id"), 4},
                    {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:09")},
                    {QStringLiteral("source"), QStringLiteral("agent")},
                    {QStringLiteral("action"), QStringLiteral("message")},
                    {QStringLiteral("args"), QJsonObject{{QStringLiteral("content"),
                                                          QStringLiteral("There is no Makefile.")}}}},
    };
    const QString path = writeEvents(dir, QStringLiteral("minimal.json"), events);
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = openHands(importers)->read(path);
    QVERIFY2(transcript.ok(), qPrintable(transcript.ok() ? QString() : transcript.error().toString()));
    const ImportedSession &session = transcript->sessions.first();
    QCOMPARE(session.messages.size(), 4);

    const Message &user = session.messages.at(0);
    QCOMPARE(user.role, Role::User);
    QCOMPARE(user.text(), QStringLiteral("Build the project please"));
    QCOMPARE(user.id, QStringLiteral("oh-e0"));
    QCOMPARE(user.metadata.value(QStringLiteral("eventId")).toInteger(), 0);
    QCOMPARE(user.createdAt, QDateTime(QDate(2025, 3, 1), QTime(10, 0, 0, 123), Qt::UTC));

    const Message &call = session.messages.at(1);
    QCOMPARE(call.role, Role::Assistant);
    QCOMPARE(call.text(), QStringLiteral("Let me build it."));
    QCOMPARE(call.countParts(PartKind::ToolCall), 1);
    const Part &callPart = call.parts.last();
    QCOMPARE(callPart.callId, QStringLiteral("call_1"));
    QCOMPARE(callPart.toolName, QStringLiteral("execute_bash"));
    QCOMPARE(callPart.arguments.toObject().value(QStringLiteral("command")).toString(), QStringLiteral("make"));
    QCOMPARE(call.model, QStringLiteral("test-model"));
    // LiteLLM's prompt_tokens (1200) include the cached ones; the record keeps them apart.
    QCOMPARE(call.usage.inputTokens, 200);
    QCOMPARE(call.usage.outputTokens, 34);
    QCOMPARE(call.usage.cacheReadTokens, 1000);

    const Message &result = session.messages.at(2);
    QCOMPARE(result.role, Role::Tool);
    QCOMPARE(result.metadata.value(QStringLiteral("cause")).toInteger(), 2);
    const Part &resultPart = result.parts.first();
    QCOMPARE(resultPart.kind, PartKind::ToolResult);
    QCOMPARE(resultPart.callId, QStringLiteral("call_1"));
    QVERIFY(resultPart.isError);
    QCOMPARE(resultPart.content.first().text, QStringLiteral("make: *** No rule\n[exit 2]"));

    QCOMPARE(session.messages.at(3).role, Role::Assistant);
    QCOMPARE(session.messages.at(3).text(), QStringLiteral("There is no Makefile."));

    QCOMPARE(session.info.title, QStringLiteral("Build the project please"));
    QCOMPARE(session.info.model, QStringLiteral("test-model"));
    QCOMPARE(session.info.createdAt, QDateTime(QDate(2025, 3, 1), QTime(10, 0, 0, 123), Qt::UTC));
    QCOMPARE(session.info.updatedAt, QDateTime(QDate(2025, 3, 1), QTime(10, 0, 9), Qt::UTC));
    QVERIFY(transcript->notes.join(QLatin1Char('\n')).contains(QLatin1String("agent_state_changed")));
}

void TestImportOpenHands::callsOfOneResponseShareAMessage()
{
    QTemporaryDir dir;
    const QJsonObject response = modelResponse(
        QStringLiteral("resp-2"), QString(),
        {toolCall(QStringLiteral("call_a"), QStringLiteral("execute_bash"), QStringLiteral("{\"command\": \"ls\"}")),
         toolCall(QStringLiteral("call_b"), QStringLiteral("execute_bash"), QStringLiteral("{\"command\": \"pwd\"}"))});
    const auto action = [&](int id, const QString &callId, const QString &command) {
        return QJsonObject{{QStringLiteral("id"), id},
                           {QStringLiteral("source"), QStringLiteral("agent")},
                           {QStringLiteral("action"), QStringLiteral("run")},
                           {QStringLiteral("args"), QJsonObject{{QStringLiteral("command"), command}}},
                           {QStringLiteral("tool_call_metadata"),
                            metadataFor(callId, QStringLiteral("execute_bash"), response)}};
    };
    const QJsonArray events{
        userMessage(0, QStringLiteral("Where am I?")),
        action(1, QStringLiteral("call_a"), QStringLiteral("ls")),
        runObservation(2, 1, QStringLiteral("a.txt"), 0),
        action(3, QStringLiteral("call_b"), QStringLiteral("pwd")),
        runObservation(4, 3, QStringLiteral("/workspace"), 0),
    };
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript =
        openHands(importers)->read(writeEvents(dir, QStringLiteral("parallel.json"), events));
    QVERIFY(transcript.ok());
    const QList<Message> &messages = transcript->sessions.first().messages;
    QCOMPARE(messages.size(), 4);
    QCOMPARE(messages.at(1).role, Role::Assistant);
    QCOMPARE(messages.at(1).countParts(PartKind::ToolCall), 2);
    QCOMPARE(messages.at(1).countParts(PartKind::Text), 0); // the response said nothing
    QCOMPARE(messages.at(1).metadata.value(QStringLiteral("eventIds")).toArray(), (QJsonArray{1, 3}));
    QCOMPARE(messages.at(2).parts.first().callId, QStringLiteral("call_a"));
    QCOMPARE(messages.at(3).parts.first().callId, QStringLiteral("call_b"));
    QVERIFY(!messages.at(3).parts.first().isError);
}

void TestImportOpenHands::trajectoryWithoutFunctionCalling()
{
    QTemporaryDir dir;
    const QJsonArray events{
        userMessage(0, QStringLiteral("Count the files")),
        QJsonObject{{QStringLiteral("id"), 1},
                    {QStringLiteral("source"), QStringLiteral("agent")},
                    {QStringLiteral("action"), QStringLiteral("run")},
                    {QStringLiteral("llm_metrics"),
                     QJsonObject{{QStringLiteral("accumulated_cost"), 0.25},
                                 {QStringLiteral("token_usages"),
                                  QJsonArray{QJsonObject{{QStringLiteral("model"), QStringLiteral("m-1")},
                                                         {QStringLiteral("prompt_tokens"), 500},
                                                         {QStringLiteral("completion_tokens"), 20}}}}}},
                    {QStringLiteral("args"), QJsonObject{{QStringLiteral("command"), QStringLiteral("ls | wc -l")},
                                                         {QStringLiteral("thought"), QStringLiteral("Counting.")}}}},
        runObservation(2, 1, QStringLiteral("3"), 0),
        QJsonObject{{QStringLiteral("id"), 3},
                    {QStringLiteral("source"), QStringLiteral("agent")},
                    {QStringLiteral("action"), QStringLiteral("finish")},
                    {QStringLiteral("args"), QJsonObject{{QStringLiteral("thought"), QStringLiteral("There are 3.")}}}},
        QJsonObject{{QStringLiteral("id"), 4},
                    {QStringLiteral("source"), QStringLiteral("environment")},
                    {QStringLiteral("observation"), QStringLiteral("error")},
                    {QStringLiteral("content"), QStringLiteral("Agent reached maximum iteration")}},
    };
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript =
        openHands(importers)->read(writeEvents(dir, QStringLiteral("plain.json"), events));
    QVERIFY(transcript.ok());
    const QList<Message> &messages = transcript->sessions.first().messages;
    QCOMPARE(messages.size(), 5);
    const Message &call = messages.at(1);
    QCOMPARE(call.text(), QStringLiteral("Counting."));
    QCOMPARE(call.parts.last().callId, QStringLiteral("oh-call-1"));
    QCOMPARE(call.parts.last().toolName, QStringLiteral("run"));
    QCOMPARE(call.parts.last().arguments.toObject(),
             (QJsonObject{{QStringLiteral("command"), QStringLiteral("ls | wc -l")}}));
    QCOMPARE(call.usage.inputTokens, 500);
    QCOMPARE(call.model, QStringLiteral("m-1"));
    QCOMPARE(messages.at(2).parts.first().callId, QStringLiteral("oh-call-1"));
    QCOMPARE(messages.at(3).role, Role::Assistant);
    QCOMPARE(messages.at(3).text(), QStringLiteral("There are 3."));
    // An error nobody's call caused is kept, as the environment speaking.
    QCOMPARE(messages.at(4).role, Role::System);
    QVERIFY(messages.at(4).metadata.value(QStringLiteral("unpaired")).toBool());
    QVERIFY(messages.at(4).metadata.value(QStringLiteral("failed")).toBool());
}

void TestImportOpenHands::malformedJsonNamesTheLine()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("broken.json"),
                                   "[\n  {\"id\": 0, \"source\": \"user\",\n   \"action\": \"message\" \"args\": {}}\n]\n");
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = openHands(importers)->read(path);
    QVERIFY(!transcript.ok());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QCOMPARE(transcript.error().location, path + QStringLiteral(":3"));
}

void TestImportOpenHands::wrongShapeNamesTheEvent_data()
{
    QTest::addColumn<QByteArray>("badEvent");
    QTest::addColumn<QString>("words");
    QTest::newRow("both kinds") << QByteArray(R"({"id": 7, "source": "agent", "action": "run", "observation": "run"})")
                                << QStringLiteral("exactly one");
    QTest::newRow("neither kind") << QByteArray(R"({"id": 7, "source": "agent"})") << QStringLiteral("exactly one");
    QTest::newRow("args not object") << QByteArray(R"({"id": 7, "source": "agent", "action": "run", "args": [1]})")
                                     << QStringLiteral("\"args\"");
    QTest::newRow("cause not id") << QByteArray(R"({"id": 7, "source": "agent", "observation": "run", "cause": "x"})")
                                  << QStringLiteral("\"cause\"");
    QTest::newRow("bad time") << QByteArray(R"({"id": 7, "timestamp": "yesterday", "source": "user", "action": "message"})")
                              << QStringLiteral("\"timestamp\"");
}

void TestImportOpenHands::wrongShapeNamesTheEvent()
{
    QFETCH(QByteArray, badEvent);
    QFETCH(QString, words);
    QTemporaryDir dir;
    const QByteArray json = "[\n"
                            "  {\"id\": 0, \"source\": \"user\", \"action\": \"message\",\n"
                            "   \"args\": {\"content\": \"hi\"}},\n"
                            "  " + badEvent + "\n]\n";
    const QString path = valis::test::writeFileIn(dir.path(), QStringLiteral("shape.json"), json);
    TranscriptImporters importers;
    Result<ImportedTranscript> transcript = openHands(importers)->read(path);
    QVERIFY(!transcript.ok());
    QCOMPARE(transcript.error().code, QStringLiteral("import.malformed"));
    QCOMPARE(transcript.error().location, path + QStringLiteral(":4"));
    QVERIFY2(transcript.error().message.contains(QLatin1String("event 7")), qPrintable(transcript.error().message));
    QVERIFY2(transcript.error().message.contains(words), qPrintable(transcript.error().message));
}

void TestImportOpenHands::importingTwiceGivesTheSameIds()
{
    QTemporaryDir dir;
    const QJsonArray events{userMessage(0, QStringLiteral("one")), userMessage(1, QStringLiteral("two"))};
    const QString path = writeEvents(dir, QStringLiteral("twice.json"), events);
    const QString copy = writeEvents(dir, QStringLiteral("copy.json"), events);
    TranscriptImporters importers;
    Result<ImportedTranscript> first = openHands(importers)->read(path);
    Result<ImportedTranscript> second = openHands(importers)->read(path);
    Result<ImportedTranscript> fromCopy = openHands(importers)->read(copy);
    QVERIFY(first.ok() && second.ok() && fromCopy.ok());
    QCOMPARE(first->sessions.first().info.id, second->sessions.first().info.id);
    QCOMPARE(first->sessions.first().messages, second->sessions.first().messages);
    // The id is the content's: the same trajectory elsewhere is the same session.
    QCOMPARE(fromCopy->sessions.first().info.id, first->sessions.first().info.id);

    const QString other = writeEvents(dir, QStringLiteral("other.json"),
                                      QJsonArray{userMessage(0, QStringLiteral("three"))});
    Result<ImportedTranscript> different = openHands(importers)->read(other);
    QVERIFY(different.ok());
    QVERIFY(different->sessions.first().info.id != first->sessions.first().info.id);
}

void TestImportOpenHands::recognisesOnlyTrajectories()
{
    TranscriptImporters importers;
    const TranscriptImporter *importer = openHands(importers);
    QVERIFY(importer);
    const QByteArray trajectory = R"([ {"id": 0, "timestamp": "2025-01-01T00:00:00", "source": "user", "action": "message"} ])";
    QVERIFY(importer->recognises(QStringLiteral("t.json"), trajectory));
    QVERIFY(!importer->recognises(QStringLiteral("t.jsonl"), trajectory));
    QVERIFY(!importer->recognises(QStringLiteral("t.json"), QByteArray(R"({"trajectory": []})")));
    QVERIFY(!importer->recognises(QStringLiteral("t.json"), QByteArray(R"([{"role": "user", "content": "x"}])")));
    QVERIFY(!importer->recognises(QStringLiteral("t.json"), QByteArray("[1, 2, 3]")));
}

void TestImportOpenHands::guiExportWrapperIsRead()
{
    // The GUI's "export trajectory" saves the server's answer: {"trajectory": [events]}.
    QTemporaryDir dir;
    const QJsonObject response = modelResponse(
        QStringLiteral("resp-1"), QString(),
        {toolCall(QStringLiteral("call_1"), QStringLiteral("execute_bash"), QStringLiteral("{\"command\": \"make\"}"))});
    QJsonObject run{{QStringLiteral("id"), 1},
                    {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:02")},
                    {QStringLiteral("source"), QStringLiteral("agent")},
                    {QStringLiteral("action"), QStringLiteral("run")},
                    {QStringLiteral("args"), QJsonObject{{QStringLiteral("command"), QStringLiteral("make")}}},
                    {QStringLiteral("tool_call_metadata"), metadataFor(QStringLiteral("call_1"), QStringLiteral("execute_bash"), response)}};
    const QJsonArray events{userMessage(0, QStringLiteral("Build it")), run,
                            runObservation(2, 1, QStringLiteral("ok"), 0,
                                           metadataFor(QStringLiteral("call_1"), QStringLiteral("execute_bash"), response))};
    const QString bare = writeEvents(dir, QStringLiteral("bare.json"), events);
    const QString path = valis::test::writeFileIn(
        dir.path(), QStringLiteral("trajectory-7f3a.json"),
        QJsonDocument(QJsonObject{{QStringLiteral("trajectory"), events}}).toJson(QJsonDocument::Indented));
    TranscriptImporters importers;
    const Result<const TranscriptImporter *> detected = importers.detect(path);
    QVERIFY2(detected.ok(), qPrintable(detected.ok() ? QString() : detected.error().toString()));
    QCOMPARE(detected.value()->format(), QStringLiteral("openhands"));
    const Result<ImportedTranscript> wrapped = importers.read(path);
    QVERIFY2(wrapped.ok(), qPrintable(wrapped.ok() ? QString() : wrapped.error().toString()));
    const Result<ImportedTranscript> plain = importers.read(bare);
    QVERIFY(plain.ok());
    // The same events give the same record.
    QCOMPARE(wrapped->sessions.first().messages, plain->sessions.first().messages);
    const ImportedCounts counts = countImported(wrapped->sessions.first());
    QCOMPARE(counts.userMessages, 1);
    QCOMPARE(counts.toolCalls, 1);
    QCOMPARE(counts.toolResults, 1);
    QCOMPARE(wrapped->sessions.first().info.title, QStringLiteral("Build it"));

    // A bad event inside the wrapper is named by its own line.
    const QByteArray broken = "{\n  \"trajectory\": [\n"
                              "    {\"id\": 0, \"timestamp\": \"2025-06-01T10:00:00\", \"source\": \"user\", \"action\": \"message\", \"args\": {\"content\": \"hi\"}},\n"
                              "    {\"id\": 7, \"source\": \"agent\"}\n  ]\n}\n";
    const QString brokenPath = valis::test::writeFileIn(dir.path(), QStringLiteral("broken.json"), broken);
    const Result<ImportedTranscript> bad = importers.read(brokenPath);
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().code, QStringLiteral("import.malformed"));
    QCOMPARE(bad.error().location, brokenPath + QStringLiteral(":4"));
    QVERIFY2(bad.error().message.contains(QLatin1String("event 7")), qPrintable(bad.error().message));

    // SWE-agent's trajectories (a "trajectory" beside "history") stay SWE-agent's.
    const QString swe = valis::test::writeFileIn(
        dir.path(), QStringLiteral("swe.json"),
        R"({"trajectory": [{"action": "ls", "observation": "a.py", "response": "ls", "thought": ""}], "history": [], "info": {}})");
    QVERIFY(!openHands(importers)->recognises(swe, QByteArray(R"({"trajectory": [{"action": "ls", "observation": "a.py"}], "history": []})")));
    QVERIFY(importers.detect(swe).ok());
    QVERIFY(importers.detect(swe).value()->format() != QLatin1String("openhands"));
}

void TestImportOpenHands::guiExportOfTheFixture()
{
    VALIS_REQUIRE_FIXTURE(source, "openhands/basic_gui_mode.json");
    QTemporaryDir dir;
    const QJsonArray events = readArray(source);
    QVERIFY(!events.isEmpty());
    const QString path = valis::test::writeFileIn(
        dir.path(), QStringLiteral("export.json"),
        QJsonDocument(QJsonObject{{QStringLiteral("trajectory"), events}}).toJson(QJsonDocument::Compact));
    TranscriptImporters importers;
    const Result<ImportedTranscript> wrapped = importers.read(path);
    QVERIFY2(wrapped.ok(), qPrintable(wrapped.ok() ? QString() : wrapped.error().toString()));
    const Result<ImportedTranscript> plain = openHands(importers)->read(source);
    QVERIFY(plain.ok());
    QCOMPARE(wrapped->sessions.first().messages, plain->sessions.first().messages);
    QCOMPARE(wrapped->notes, plain->notes);
}

void TestImportOpenHands::failedGuiExportSaysWhy()
{
    QTemporaryDir dir;
    const QString path = valis::test::writeFileIn(
        dir.path(), QStringLiteral("trajectory-failed.json"),
        R"({"trajectory": null, "error": "Error getting trajectory: conversation not found"})");
    TranscriptImporters importers;
    const Result<const TranscriptImporter *> detected = importers.detect(path);
    QVERIFY(detected.ok());
    QCOMPARE(detected.value()->format(), QStringLiteral("openhands"));
    const Result<ImportedTranscript> read = importers.read(path);
    QVERIFY(!read.ok());
    QCOMPARE(read.error().code, QStringLiteral("import.malformed"));
    QVERIFY2(read.error().message.contains(QLatin1String("conversation not found")), qPrintable(read.error().message));
}

void TestImportOpenHands::recallObservationsAreKept()
{
    // A recall is what the model was shown of the workspace and of triggered microagents; a
    // microagent's knowledge is shown once; a recall with nothing in it shows nothing.
    QTemporaryDir dir;
    const auto recall = [](int id, int cause, const QJsonObject &extras) {
        return QJsonObject{{QStringLiteral("id"), id},
                           {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:01")},
                           {QStringLiteral("source"), QStringLiteral("environment")},
                           {QStringLiteral("cause"), cause},
                           {QStringLiteral("observation"), QStringLiteral("recall")},
                           {QStringLiteral("content"), QStringLiteral("Added workspace context")},
                           {QStringLiteral("extras"), extras}};
    };
    const QJsonObject git{{QStringLiteral("name"), QStringLiteral("git")},
                          {QStringLiteral("trigger"), QStringLiteral("commit")},
                          {QStringLiteral("content"), QStringLiteral("Sign every commit.")}};
    const QJsonArray events{
        userMessage(0, QStringLiteral("Fix the build and commit")),
        QJsonObject{{QStringLiteral("id"), 1},
                    {QStringLiteral("timestamp"), QStringLiteral("2025-03-01T10:00:00.5")},
                    {QStringLiteral("source"), QStringLiteral("user")},
                    {QStringLiteral("action"), QStringLiteral("recall")},
                    {QStringLiteral("args"), QJsonObject{{QStringLiteral("recall_type"), QStringLiteral("workspace_context")},
                                                        {QStringLiteral("query"), QStringLiteral("Fix the build and commit")}}}},
        recall(2, 1,
               {{QStringLiteral("recall_type"), QStringLiteral("workspace_context")},
                {QStringLiteral("repo_name"), QStringLiteral("acme/widgets")},
                {QStringLiteral("repo_directory"), QStringLiteral("widgets")},
                {QStringLiteral("repo_instructions"), QStringLiteral("Run make check before committing.")},
                {QStringLiteral("runtime_hosts"), QJsonObject{{QStringLiteral("https://work-1.example"), 12000}}},
                {QStringLiteral("date"), QStringLiteral("2025-03-01")},
                {QStringLiteral("microagent_knowledge"), QJsonArray{git}}}),
        recall(3, 1, {{QStringLiteral("recall_type"), QStringLiteral("knowledge")}, {QStringLiteral("microagent_knowledge"), QJsonArray{git}}}),
        recall(4, 1, {{QStringLiteral("recall_type"), QStringLiteral("knowledge")}}),
    };
    const QString path = writeEvents(dir, QStringLiteral("recall.json"), events);
    TranscriptImporters importers;
    const Result<ImportedTranscript> read = openHands(importers)->read(path);
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    const QList<Message> &messages = read->sessions.first().messages;
    QCOMPARE(messages.size(), 2);
    const Message &context = messages.at(1);
    QCOMPARE(context.role, Role::User);
    QCOMPARE(context.metadata.value(QLatin1String("recall")).toString(), QStringLiteral("workspace_context"));
    QCOMPARE(context.metadata.value(QLatin1String("observation")).toString(), QStringLiteral("recall"));
    for (const char *shown : {"acme/widgets", "Run make check before committing.", "https://work-1.example (port 12000)",
                              "2025-03-01", "Sign every commit.", "\"git\""}) {
        QVERIFY2(context.text().contains(QLatin1String(shown)), shown);
    }
    // The later recalls showed nothing new: counted in the notes with the recall action.
    const QString notes = read->notes.join(QLatin1Char('\n'));
    QVERIFY2(notes.contains(QStringLiteral("recall \u00d73")), qPrintable(notes));
    // The title still comes from what the person typed.
    QCOMPARE(read->sessions.first().info.title, QStringLiteral("Fix the build and commit"));
}

VALIS_TEST_MAIN(TestImportOpenHands)
#include "tst_import_openhands.moc"
