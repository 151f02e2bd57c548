#include "testsupport.h"

#include "valis/wire/anthropicmessages.h"
#include "valis/wire/wireformat.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace valis;
namespace anthropic = valis::wire::anthropic;

namespace {

QJsonObject parseObject(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        qFatal("test JSON does not parse: %s", qPrintable(error.errorString()));
    return document.object();
}

QJsonArray parseArray(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).array();
}

QString compact(const QJsonValue &value)
{
    if (value.isObject())
        return QString::fromUtf8(QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
    if (value.isArray())
        return QString::fromUtf8(QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact));
    return value.toVariant().toString();
}

/// Counts gathered over all round-tripped fixture data; computed from the JSON, not the record.
struct Tally
{
    int requests = 0;
    int messages = 0;
    int blocks = 0;        // top-level content blocks of messages
    int nestedBlocks = 0;  // blocks inside tool_result content
    int systems = 0;
    int rawFallbacks = 0;  // parts kept verbatim by the safety net or as unknown types
    int toolMessages = 0;  // user messages holding only tool_result blocks
};

int countRaw(const QList<Part> &parts)
{
    int count = 0;
    for (const Part &part : parts) {
        if (part.wire.value(wire::anthropicMessages).toObject().contains(QLatin1String("raw")))
            ++count;
        count += countRaw(part.content);
    }
    return count;
}

bool onlyToolResults(const QJsonValue &content)
{
    const QJsonArray blocks = content.toArray();
    if (blocks.isEmpty())
        return false;
    for (const QJsonValue &block : blocks) {
        if (block.toObject().value(QLatin1String("type")).toString() != QLatin1String("tool_result"))
            return false;
    }
    return true;
}

/// Round-trips one request body's messages and system field, failing the test on a difference.
void roundTripRequest(const QJsonObject &body, const QString &where, Tally *tally)
{
    const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
    const Result<QList<Message>> record = anthropic::messagesFromJson(messages);
    QVERIFY2(record.ok(), qPrintable(where + QStringLiteral(": ") + (record.ok() ? QString() : record.error().toString())));
    const QJsonArray back = anthropic::messagesToJson(record.value());
    QVERIFY2(back == messages, qPrintable(where + QStringLiteral(": messages differ\n") + compact(messages).left(2000)
                                          + QStringLiteral("\n") + compact(back).left(2000)));
    QCOMPARE(record->size(), messages.size());
    ++tally->requests;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonObject message = messages.at(i).toObject();
        const QJsonValue content = message.value(QLatin1String("content"));
        ++tally->messages;
        const Message &converted = record->at(i);
        const bool toolOnly = message.value(QLatin1String("role")).toString() == QLatin1String("user")
            && onlyToolResults(content);
        QCOMPARE(converted.role == Role::Tool, toolOnly);
        tally->toolMessages += toolOnly ? 1 : 0;
        tally->rawFallbacks += countRaw(converted.parts);
        if (content.isArray()) {
            QCOMPARE(converted.parts.size(), content.toArray().size());
            tally->blocks += int(content.toArray().size());
            for (const QJsonValue &block : content.toArray()) {
                const QJsonValue inner = block.toObject().value(QLatin1String("content"));
                if (inner.isArray())
                    tally->nestedBlocks += int(inner.toArray().size());
            }
        }
    }
    if (body.contains(QLatin1String("system"))) {
        const QJsonValue system = body.value(QLatin1String("system"));
        const Result<Message> converted = anthropic::systemFromJson(system);
        QVERIFY2(converted.ok(), qPrintable(where));
        QCOMPARE(converted->role, Role::System);
        QVERIFY2(anthropic::systemToJson(converted.value()) == system, qPrintable(where + QStringLiteral(": system differs")));
        ++tally->systems;
    }
}

/// A response body is an assistant message with the response's envelope as extra keys.
void roundTripResponse(const QJsonObject &body, const QString &where, Tally *tally)
{
    const Result<Message> message = anthropic::messageFromJson(body);
    QVERIFY2(message.ok(), qPrintable(where + QStringLiteral(": ") + (message.ok() ? QString() : message.error().toString())));
    QCOMPARE(message->role, Role::Assistant);
    QVERIFY2(anthropic::messageToJson(message.value()) == body, qPrintable(where + QStringLiteral(": response differs")));
    ++tally->messages;
    tally->blocks += int(body.value(QLatin1String("content")).toArray().size());
    tally->rawFallbacks += countRaw(message->parts);
}

/// A go-vcr cassette's request and response bodies: single-quoted YAML scalars on one line
/// ('' is an escaped quote). Block scalars (SSE streams) are not JSON and are passed over.
QList<QJsonObject> cassetteBodies(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression bodyLine(QStringLiteral("^\\s+body: '(.*)'$"));
    QList<QJsonObject> bodies;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QRegularExpressionMatch match = bodyLine.match(line);
        if (!match.hasMatch())
            continue;
        QString json = match.captured(1);
        json.replace(QStringLiteral("''"), QStringLiteral("'"));
        const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8());
        if (document.isObject())
            bodies.append(document.object());
    }
    return bodies;
}

bool isResponseMessage(const QJsonObject &body)
{
    return body.value(QLatin1String("type")).toString() == QLatin1String("message") && body.contains(QLatin1String("content"));
}

/// Checks the Anthropic rules a request must follow: user first, roles alternate, no system
/// role, and every tool_use is answered by a tool_result at the start of the next message.
void checkValidShape(const QJsonArray &messages)
{
    QVERIFY(!messages.isEmpty());
    QString previous;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonObject message = messages.at(i).toObject();
        const QString role = message.value(QLatin1String("role")).toString();
        QVERIFY2(role == QLatin1String("user") || role == QLatin1String("assistant"), qPrintable(role));
        if (i == 0)
            QCOMPARE(role, QStringLiteral("user"));
        QVERIFY2(role != previous, qPrintable(QStringLiteral("two %1 messages in a row at %2").arg(role).arg(i)));
        previous = role;
        if (role != QLatin1String("assistant"))
            continue;
        QStringList calls;
        for (const QJsonValue &block : message.value(QLatin1String("content")).toArray()) {
            const QJsonObject object = block.toObject();
            if (object.value(QLatin1String("type")).toString() == QLatin1String("tool_use")) {
                calls << object.value(QLatin1String("id")).toString();
                QVERIFY(object.value(QLatin1String("input")).isObject());
            }
            QVERIFY(object.value(QLatin1String("type")).toString() != QLatin1String("thinking")
                    || object.contains(QLatin1String("signature")));
        }
        if (calls.isEmpty())
            continue;
        QVERIFY(i + 1 < messages.size());
        const QJsonArray answer = messages.at(i + 1).toObject().value(QLatin1String("content")).toArray();
        for (qsizetype k = 0; k < calls.size(); ++k) {
            const QJsonObject block = answer.at(k).toObject();
            QCOMPARE(block.value(QLatin1String("type")).toString(), QStringLiteral("tool_result"));
            QCOMPARE(block.value(QLatin1String("tool_use_id")).toString(), calls.at(k));
        }
    }
}

} // namespace

class TestWireAnthropic : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void claudeTraceTraffic();
    void toolRunnerRecording();
    void fantasyCassettes();
    void everyBlockType();
    void serverToolBlocks();
    void unknownBlocksSurvive();
    void imageSources();
    void toolResultContentForms();
    void stringAndArrayContent();
    void toolOnlyUserMessagesBecomeToolRole();
    void separateSameRoleMessagesStaySeparate();
    void crossFormatHistoryBecomesValid();
    void systemPrompt();
    void rejectsMalformed_data();
    void rejectsMalformed();
};

void TestWireAnthropic::claudeTraceTraffic()
{
    VALIS_REQUIRE_FIXTURE(path, "claude-trace-traffic/test-traffic.redacted.jsonl");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    Tally tally;
    int line = 0;
    int responses = 0;
    while (!file.atEnd()) {
        const QByteArray text = file.readLine().trimmed();
        ++line;
        if (text.isEmpty())
            continue;
        const QJsonObject pair = parseObject(text);
        const QString where = QStringLiteral("test-traffic line %1").arg(line);
        const QJsonObject body = pair.value(QLatin1String("request")).toObject().value(QLatin1String("body")).toObject();
        if (body.contains(QLatin1String("messages")))
            roundTripRequest(body, where, &tally);
        const QJsonObject response = pair.value(QLatin1String("response")).toObject().value(QLatin1String("body")).toObject();
        if (isResponseMessage(response)) {
            roundTripResponse(response, where + QStringLiteral(" response"), &tally);
            ++responses;
        }
        if (QTest::currentTestFailed())
            return;
    }
    qInfo("claude-trace: %d requests, %d messages (%d tool-result-only), %d blocks + %d nested, %d system prompts, %d responses",
          tally.requests, tally.messages, tally.toolMessages, tally.blocks, tally.nestedBlocks, tally.systems, responses);
    QVERIFY(tally.requests > 0);
    QVERIFY(tally.toolMessages > 0);
    QCOMPARE(tally.rawFallbacks, 0);
}

void TestWireAnthropic::toolRunnerRecording()
{
    VALIS_REQUIRE_FIXTURE(path, "anthropic-sdk-typescript/ToolRunner.nock.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray exchanges = QJsonDocument::fromJson(file.readAll()).array();
    QVERIFY(!exchanges.isEmpty());
    Tally tally;
    for (qsizetype i = 0; i < exchanges.size(); ++i) {
        const QJsonObject exchange = exchanges.at(i).toObject();
        const QString where = QStringLiteral("ToolRunner exchange %1").arg(i);
        roundTripRequest(exchange.value(QLatin1String("body")).toObject(), where, &tally);
        const QJsonObject response = exchange.value(QLatin1String("response")).toObject();
        if (isResponseMessage(response))
            roundTripResponse(response, where + QStringLiteral(" response"), &tally);
        if (QTest::currentTestFailed())
            return;
    }
    qInfo("ToolRunner: %d requests, %d messages (%d tool-result-only), %d blocks + %d nested",
          tally.requests, tally.messages, tally.toolMessages, tally.blocks, tally.nestedBlocks);
    QCOMPARE(tally.requests, int(exchanges.size()));
    QCOMPARE(tally.rawFallbacks, 0);
}

void TestWireAnthropic::fantasyCassettes()
{
    VALIS_REQUIRE_FIXTURE(dir, "fantasy-provider-cassettes/testdata");
    Tally tally;
    int files = 0;
    int requestLines = 0;
    QDirIterator it(dir, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (!path.mid(dir.size()).startsWith(QLatin1String("/TestAnthropic")))
            continue;
        ++files;
        // Every interaction has a request; the extractor must have found each one's body.
        QFile raw(path);
        QVERIFY(raw.open(QIODevice::ReadOnly));
        requestLines += int(raw.readAll().count("request:\n"));
        const QList<QJsonObject> bodies = cassetteBodies(path);
        for (const QJsonObject &body : bodies) {
            if (body.contains(QLatin1String("messages")))
                roundTripRequest(body, path, &tally);
            else if (isResponseMessage(body))
                roundTripResponse(body, path + QStringLiteral(" response"), &tally);
            if (QTest::currentTestFailed())
                return;
        }
    }
    qInfo("fantasy cassettes: %d files, %d requests, %d messages (%d tool-result-only), %d blocks + %d nested, %d system prompts",
          files, tally.requests, tally.messages, tally.toolMessages, tally.blocks, tally.nestedBlocks, tally.systems);
    QVERIFY(files > 0);
    QCOMPARE(tally.requests, requestLines);
    QCOMPARE(tally.rawFallbacks, 0);
}

void TestWireAnthropic::everyBlockType()
{
    const QJsonObject message = parseObject(R"({"role":"assistant","content":[
        {"type":"thinking","thinking":"let me see","signature":"c2ln"},
        {"type":"redacted_thinking","data":"opaque=="},
        {"type":"text","text":"Here.","cache_control":{"type":"ephemeral"},
         "citations":[{"type":"char_location","cited_text":"x","document_index":0,"start_char_index":0,"end_char_index":1}]},
        {"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"},"caller":{"type":"direct"}}]})");
    const Result<Message> converted = anthropic::messageFromJson(message);
    QVERIFY(converted.ok());
    const QList<Part> &parts = converted->parts;
    QCOMPARE(parts.size(), 4);
    QCOMPARE(parts[0].kind, PartKind::Thinking);
    QCOMPARE(parts[0].text, QStringLiteral("let me see"));
    QCOMPARE(parts[0].signature, QStringLiteral("c2ln"));
    QCOMPARE(parts[1].kind, PartKind::Thinking);
    QCOMPARE(parts[1].redactedData, QStringLiteral("opaque=="));
    QCOMPARE(parts[2].kind, PartKind::Text);
    QCOMPARE(parts[2].text, QStringLiteral("Here."));
    const QJsonObject extra = parts[2].wire.value(wire::anthropicMessages).toObject().value(QLatin1String("extra")).toObject();
    QVERIFY(extra.contains(QLatin1String("cache_control")));
    QVERIFY(extra.contains(QLatin1String("citations")));
    QCOMPARE(parts[3].kind, PartKind::ToolCall);
    QCOMPARE(parts[3].callId, QStringLiteral("toolu_1"));
    QCOMPARE(parts[3].toolName, QStringLiteral("Bash"));
    QCOMPARE(parts[3].arguments.toObject().value(QLatin1String("command")).toString(), QStringLiteral("ls"));
    QCOMPARE(anthropic::messageToJson(converted.value()), message);

    const QJsonObject results = parseObject(R"({"role":"user","content":[
        {"type":"tool_result","tool_use_id":"toolu_1","content":"a.txt\nb.txt"},
        {"type":"tool_result","tool_use_id":"toolu_2","is_error":true,
         "content":[{"type":"text","text":"no such file"},
                    {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]}]})");
    const Result<Message> tool = anthropic::messageFromJson(results);
    QVERIFY(tool.ok());
    QCOMPARE(tool->role, Role::Tool);
    QCOMPARE(tool->parts[0].kind, PartKind::ToolResult);
    QCOMPARE(tool->parts[0].callId, QStringLiteral("toolu_1"));
    QCOMPARE(tool->parts[0].content.size(), 1);
    QCOMPARE(tool->parts[0].content[0].text, QStringLiteral("a.txt\nb.txt"));
    QVERIFY(!tool->parts[0].isError);
    QVERIFY(tool->parts[1].isError);
    QCOMPARE(tool->parts[1].content.size(), 2);
    QCOMPARE(tool->parts[1].content[1].kind, PartKind::Image);
    QCOMPARE(tool->parts[1].content[1].image.mediaType, QStringLiteral("image/png"));
    QCOMPARE(tool->parts[1].content[1].image.data, QByteArray("\x89PNG\r\n\x1a\n"));
    QCOMPARE(anthropic::messageToJson(tool.value()), results);
}

void TestWireAnthropic::serverToolBlocks()
{
    const QJsonObject message = parseObject(R"({"role":"assistant","content":[
        {"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"query":"tokyo"}},
        {"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[
            {"type":"web_search_result","title":"Tokyo","url":"https://example.org/tokyo","encrypted_content":"Eo8=","page_age":null}]},
        {"type":"server_tool_use","id":"srvtoolu_2","name":"web_search","input":{"query":"osaka"}},
        {"type":"web_search_tool_result","tool_use_id":"srvtoolu_2","content":{"type":"web_search_tool_result_error","error_code":"max_uses_exceeded"}},
        {"type":"mcp_tool_use","id":"mcptoolu_1","name":"echo","server_name":"everything","input":{"message":"hi"}},
        {"type":"mcp_tool_result","tool_use_id":"mcptoolu_1","is_error":false,"content":[{"type":"text","text":"Echo: hi"}]}]})");
    const Result<Message> converted = anthropic::messageFromJson(message);
    QVERIFY(converted.ok());
    const QList<Part> &parts = converted->parts;
    QCOMPARE(parts.size(), 6);
    QCOMPARE(parts[0].kind, PartKind::ToolCall);
    QCOMPARE(parts[0].toolName, QStringLiteral("web_search"));
    QCOMPARE(parts[1].kind, PartKind::ToolResult);
    QCOMPARE(parts[1].callId, QStringLiteral("srvtoolu_1"));
    QCOMPARE(parts[1].content.size(), 1);
    QCOMPARE(parts[1].content[0].text, QStringLiteral("Tokyo\nhttps://example.org/tokyo"));
    QVERIFY(!parts[1].isError);
    QVERIFY(parts[3].isError);
    QCOMPARE(parts[4].kind, PartKind::ToolCall);
    QCOMPARE(parts[5].kind, PartKind::ToolResult);
    QCOMPARE(parts[5].content.size(), 1);
    QCOMPARE(parts[5].content[0].text, QStringLiteral("Echo: hi"));
    QCOMPARE(countRaw(parts), 0);
    QCOMPARE(anthropic::messageToJson(converted.value()), message);
}

void TestWireAnthropic::unknownBlocksSurvive()
{
    const QJsonObject message = parseObject(R"({"role":"user","content":[
        {"type":"document","source":{"type":"text","media_type":"text/plain","data":"doc"},"title":"T"},
        {"type":"future_block","text":"readable","shape":[1,2,3]},
        {"type":"tool_result","tool_use_id":"t","content":[{"type":"search_result","source":"s","title":"t","content":[]}]}]})");
    const Result<Message> converted = anthropic::messageFromJson(message);
    QVERIFY(converted.ok());
    QCOMPARE(converted->role, Role::User); // not only tool results
    QCOMPARE(converted->parts.size(), 3);
    QCOMPARE(converted->parts[1].kind, PartKind::Text);
    QCOMPARE(converted->parts[1].text, QStringLiteral("readable"));
    QCOMPARE(countRaw(converted->parts), 3); // two top-level, one nested
    QCOMPARE(anthropic::messageToJson(converted.value()), message);
}

void TestWireAnthropic::imageSources()
{
    // Base64 that does not re-encode identically (no padding) stays verbatim; url and file
    // sources come back as they were.
    const QJsonObject message = parseObject(R"({"role":"user","content":[
        {"type":"image","source":{"type":"url","url":"https://example.org/a.png"}},
        {"type":"image","source":{"type":"base64","media_type":"image/gif","data":"R0lGOD"}},
        {"type":"image","source":{"type":"file","file_id":"file_1"}},
        {"type":"text","text":"what is in these?"}]})");
    const Result<Message> converted = anthropic::messageFromJson(message);
    QVERIFY(converted.ok());
    QCOMPARE(converted->parts[0].image.uri, QStringLiteral("https://example.org/a.png"));
    QCOMPARE(converted->parts[1].image.mediaType, QStringLiteral("image/gif"));
    QCOMPARE(converted->parts[2].kind, PartKind::Image);
    QCOMPARE(anthropic::messageToJson(converted.value()), message);

    // A record image with bytes becomes a base64 source.
    Message own;
    own.role = Role::User;
    own.parts = {Part::makeImage({QStringLiteral("image/png"), QString(), QByteArray("abc")})};
    const QJsonObject source = anthropic::messageToJson(own).value(QLatin1String("content")).toArray().first()
                                   .toObject().value(QLatin1String("source")).toObject();
    QCOMPARE(source.value(QLatin1String("type")).toString(), QStringLiteral("base64"));
    QCOMPARE(source.value(QLatin1String("data")).toString(), QStringLiteral("YWJj"));
}

void TestWireAnthropic::toolResultContentForms()
{
    const QJsonArray blocks = parseArray(R"([
        {"type":"tool_result","tool_use_id":"a","content":"text"},
        {"type":"tool_result","tool_use_id":"b","content":[{"type":"text","text":"text"}]},
        {"type":"tool_result","tool_use_id":"c"},
        {"type":"tool_result","tool_use_id":"d","content":[]},
        {"type":"tool_result","tool_use_id":"e","content":"","is_error":false},
        {"type":"tool_result","tool_use_id":"f","content":"boom","is_error":true}])");
    const Result<QList<Part>> parts = anthropic::contentFromJson(blocks);
    QVERIFY(parts.ok());
    // String and one-block content give the same parts; only the wire hint differs.
    QCOMPARE(parts->at(0).content, QList<Part>{Part::makeText(QStringLiteral("text"))});
    QCOMPARE(parts->at(1).content, parts->at(0).content);
    QVERIFY(parts->at(0).wire != parts->at(1).wire);
    QVERIFY(parts->at(2).content.isEmpty());
    QVERIFY(parts->at(3).content.isEmpty());
    QVERIFY(!parts->at(4).isError);
    QVERIFY(parts->at(5).isError);
    QCOMPARE(anthropic::contentToJson(parts.value()), blocks);
}

void TestWireAnthropic::stringAndArrayContent()
{
    const QJsonArray messages = parseArray(R"([
        {"role":"user","content":"hello"},
        {"role":"assistant","content":[{"type":"text","text":"hi"}]},
        {"role":"user","content":[{"type":"text","text":"again"}]},
        {"role":"assistant","content":"plain"}])");
    const Result<QList<Message>> converted = anthropic::messagesFromJson(messages);
    QVERIFY(converted.ok());
    QCOMPARE(converted->size(), 4);
    QCOMPARE(converted->at(0).text(), QStringLiteral("hello"));
    // One text part either way; the message's wire hint remembers the string form.
    QCOMPARE(converted->at(0).parts, QList<Part>{Part::makeText(QStringLiteral("hello"))});
    QCOMPARE(converted->at(2).parts, QList<Part>{Part::makeText(QStringLiteral("again"))});
    QCOMPARE(anthropic::messagesToJson(converted.value()), messages);
    QVERIFY(anthropic::messagesToJson(converted.value()).at(0).toObject().value(QLatin1String("content")).isString());
    QVERIFY(anthropic::messagesToJson(converted.value()).at(2).toObject().value(QLatin1String("content")).isArray());
}

void TestWireAnthropic::toolOnlyUserMessagesBecomeToolRole()
{
    const QJsonArray messages = parseArray(R"([
        {"role":"user","content":"run it"},
        {"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"run","input":{}}]},
        {"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]},
        {"role":"assistant","content":[{"type":"tool_use","id":"t2","name":"run","input":{}}]},
        {"role":"user","content":[{"type":"tool_result","tool_use_id":"t2","content":"ok"},{"type":"text","text":"and now?"}]}])");
    const Result<QList<Message>> converted = anthropic::messagesFromJson(messages);
    QVERIFY(converted.ok());
    QCOMPARE(converted->at(0).role, Role::User);
    QCOMPARE(converted->at(2).role, Role::Tool);
    QVERIFY(!converted->at(2).startsTurn());
    QCOMPARE(converted->at(4).role, Role::User); // mixed content stays a user message
    const QJsonArray back = anthropic::messagesToJson(converted.value());
    QCOMPARE(back.at(2).toObject().value(QLatin1String("role")).toString(), QStringLiteral("user"));
    QCOMPARE(back, messages);
}

void TestWireAnthropic::separateSameRoleMessagesStaySeparate()
{
    // The API accepts consecutive user messages; ones that came that way round-trip unmerged.
    const QJsonArray messages = parseArray(R"([
        {"role":"user","content":"one"},
        {"role":"user","content":[{"type":"text","text":"two"}]},
        {"role":"assistant","content":"three"}])");
    const Result<QList<Message>> converted = anthropic::messagesFromJson(messages);
    QVERIFY(converted.ok());
    QCOMPARE(anthropic::messagesToJson(converted.value()), messages);
}

void TestWireAnthropic::crossFormatHistoryBecomesValid()
{
    // A history as the OpenAI Chat converter would record it: a system message first and one
    // mid-history, one Tool message per result, arguments received as text, reasoning without
    // a signature, and other formats' wire extras.
    QList<Message> history;
    auto add = [&history](Role role, QList<Part> parts) {
        Message message;
        message.role = role;
        message.parts = std::move(parts);
        history.append(message);
    };
    add(Role::System, {Part::makeText(QStringLiteral("You are terse."))});
    add(Role::User, {Part::makeText(QStringLiteral("List files and the date."))});
    Part reasoning = Part::makeThinking(QStringLiteral("two tools"));
    Part ls = Part::makeToolCallFromText(QStringLiteral("call_1"), QStringLiteral("ls"), QStringLiteral("{\"path\":\".\"}"));
    ls.wire.insert(wire::openAiChat, QJsonObject{{QStringLiteral("index"), 0}});
    Part date = Part::makeToolCallFromText(QStringLiteral("call_2"), QStringLiteral("date"), QStringLiteral("{\"tz\":"));
    add(Role::Assistant, {reasoning, ls, date});
    add(Role::Tool, {Part::makeToolResultText(QStringLiteral("call_1"), QStringLiteral("a.txt"))});
    add(Role::Tool, {Part::makeToolResultText(QStringLiteral("call_2"), QStringLiteral("Monday"))});
    add(Role::System, {Part::makeText(QStringLiteral("Be brief."))});
    add(Role::Assistant, {Part::makeThinking(QStringLiteral("only reasoning, nothing said"))});
    add(Role::User, {Part::makeText(QStringLiteral("Thanks. And the size?"))});
    add(Role::Assistant, {Part::makeText(QStringLiteral("3 bytes."))});

    const QJsonArray out = anthropic::messagesToJson(history);
    checkValidShape(out);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(out.size(), 4);
    const QJsonArray assistant = out.at(1).toObject().value(QLatin1String("content")).toArray();
    QCOMPARE(assistant.size(), 2); // the signature-less reasoning is left out
    const QJsonObject expectedInput{{QStringLiteral("path"), QStringLiteral(".")}};
    QCOMPARE(assistant.at(0).toObject().value(QLatin1String("input")).toObject(), expectedInput);
    QVERIFY(!assistant.at(0).toObject().contains(QLatin1String("index"))); // openai-chat extras ignored
    QCOMPARE(assistant.at(1).toObject().value(QLatin1String("input")).toObject(), QJsonObject()); // unparsable text
    const QJsonArray merged = out.at(2).toObject().value(QLatin1String("content")).toArray();
    QCOMPARE(merged.size(), 3); // two tool results then the user's text
    QCOMPARE(merged.at(2).toObject().value(QLatin1String("text")).toString(), QStringLiteral("Thanks. And the size?"));
    const QString all = compact(out);
    QVERIFY(!all.contains(QLatin1String("You are terse.")));
    QVERIFY(!all.contains(QLatin1String("Be brief.")));
    QVERIFY(!all.contains(QLatin1String("only reasoning")));
    const QJsonObject promptBlock{{QStringLiteral("type"), QStringLiteral("text")},
                                  {QStringLiteral("text"), QStringLiteral("You are terse.")}};
    QCOMPARE(anthropic::systemToJson(history.first()), QJsonValue(QJsonArray{promptBlock}));
}

void TestWireAnthropic::systemPrompt()
{
    const QJsonValue text(QStringLiteral("You are a helpful assistant"));
    const Result<Message> fromText = anthropic::systemFromJson(text);
    QVERIFY(fromText.ok());
    QCOMPARE(fromText->role, Role::System);
    QCOMPARE(fromText->text(), text.toString());
    QCOMPARE(anthropic::systemToJson(fromText.value()), text);

    const QJsonValue blocks = parseArray(R"([{"type":"text","text":"A"},{"type":"text","text":"B","cache_control":{"type":"ephemeral"}}])");
    const Result<Message> fromBlocks = anthropic::systemFromJson(blocks);
    QVERIFY(fromBlocks.ok());
    QCOMPARE(fromBlocks->parts.size(), 2);
    QCOMPARE(anthropic::systemToJson(fromBlocks.value()), blocks);

    const Result<Message> bad = anthropic::systemFromJson(QJsonValue(42));
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().code, QStringLiteral("wire.invalid"));
}

void TestWireAnthropic::rejectsMalformed_data()
{
    QTest::addColumn<QByteArray>("messages");
    QTest::addColumn<QString>("location");
    QTest::newRow("no role") << QByteArray(R"([{"content":"hi"}])") << QStringLiteral("messages[0]");
    QTest::newRow("system role") << QByteArray(R"([{"role":"system","content":"hi"}])") << QStringLiteral("messages[0]");
    QTest::newRow("content number") << QByteArray(R"([{"role":"user","content":"a"},{"role":"assistant","content":7}])")
                                    << QStringLiteral("messages[1]");
    QTest::newRow("no content") << QByteArray(R"([{"role":"user"}])") << QStringLiteral("messages[0]");
    QTest::newRow("message not object") << QByteArray(R"(["hi"])") << QStringLiteral("messages[0]");
    QTest::newRow("block not object") << QByteArray(R"([{"role":"user","content":["hi"]}])")
                                      << QStringLiteral("messages[0].content[0]");
    QTest::newRow("block without type") << QByteArray(R"([{"role":"user","content":[{"text":"hi"}]}])")
                                        << QStringLiteral("messages[0].content[0]");
    QTest::newRow("text not string") << QByteArray(R"([{"role":"user","content":[{"type":"text","text":1}]}])")
                                     << QStringLiteral("messages[0].content[0]");
    QTest::newRow("tool_use without id") << QByteArray(R"([{"role":"assistant","content":[{"type":"tool_use","name":"x","input":{}}]}])")
                                         << QStringLiteral("messages[0].content[0]");
    QTest::newRow("nested bad block")
        << QByteArray(R"([{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":[{"type":"text"}]}]}])")
        << QStringLiteral("messages[0].content[0].content[0]");
    QTest::newRow("tool_result content object")
        << QByteArray(R"([{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":{}}]}])")
        << QStringLiteral("messages[0].content[0]");
}

void TestWireAnthropic::rejectsMalformed()
{
    QFETCH(QByteArray, messages);
    QFETCH(QString, location);
    const Result<QList<Message>> converted = anthropic::messagesFromJson(QJsonDocument::fromJson(messages).array());
    QVERIFY(!converted.ok());
    QCOMPARE(converted.error().code, QStringLiteral("wire.invalid"));
    QCOMPARE(converted.error().location, location);
    QVERIFY(!converted.error().message.isEmpty());
}

VALIS_TEST_MAIN(TestWireAnthropic)
#include "tst_wire_anthropic.moc"
