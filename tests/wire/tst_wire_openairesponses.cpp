#include "testsupport.h"

#include "valis/record/recordjson.h"
#include "valis/wire/openairesponses.h"
#include "valis/wire/wireformat.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

using namespace valis;
namespace responses = valis::wire::openairesponses;

namespace {

QJsonObject parseObject(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

QJsonArray parseArray(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).array();
}

/// One recorded HTTP exchange of a go-vcr cassette.
struct Interaction
{
    QString url;
    QByteArray requestBody;
    QByteArray responseBody;
};

int indentOf(const QByteArray &line)
{
    int indent = 0;
    while (indent < line.size() && line.at(indent) == ' ')
        ++indent;
    return indent;
}

/// Reads a YAML single-quoted scalar that starts at `lines[*index]` after `start` characters.
QByteArray singleQuoted(const QList<QByteArray> &lines, qsizetype *index, qsizetype start)
{
    QByteArray value;
    QByteArray line = lines.at(*index);
    qsizetype i = start + 1; // past the opening quote
    for (;;) {
        while (i < line.size()) {
            const char c = line.at(i);
            if (c == '\'') {
                if (i + 1 < line.size() && line.at(i + 1) == '\'') {
                    value += '\'';
                    i += 2;
                    continue;
                }
                return value;
            }
            value += c;
            ++i;
        }
        // The scalar goes on: a line break folds into a space, an empty line into a newline.
        ++*index;
        if (*index >= lines.size())
            return value;
        line = lines.at(*index);
        if (line.trimmed().isEmpty()) {
            value += '\n';
            line.clear();
            continue;
        }
        if (!value.endsWith('\n'))
            value += ' ';
        i = indentOf(line);
    }
}

/// Reads a YAML block scalar (| |- |+) whose key sits at `keyIndent`.
QByteArray blockScalar(const QList<QByteArray> &lines, qsizetype *index, int keyIndent)
{
    QByteArray value;
    int blockIndent = -1;
    qsizetype i = *index + 1;
    for (; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        if (line.trimmed().isEmpty()) {
            value += '\n';
            continue;
        }
        const int indent = indentOf(line);
        if (indent <= keyIndent)
            break;
        if (blockIndent < 0)
            blockIndent = indent;
        value += line.mid(blockIndent) + '\n';
    }
    *index = i - 1;
    return value;
}

/// A tiny reader for the parts of go-vcr v2 cassettes the tests need: no YAML library exists.
QList<Interaction> readCassette(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = file.readAll().split('\n');
    QList<Interaction> interactions;
    bool inResponse = false;
    for (qsizetype index = 0; index < lines.size(); ++index) {
        const QByteArray &line = lines.at(index);
        const QByteArray trimmed = line.trimmed();
        if (trimmed.startsWith("- id:")) {
            interactions.append(Interaction{});
            inResponse = false;
            continue;
        }
        if (interactions.isEmpty())
            continue;
        if (trimmed == "request:")
            inResponse = false;
        else if (trimmed == "response:")
            inResponse = true;
        else if (trimmed.startsWith("url: ") && !inResponse)
            interactions.last().url = QString::fromUtf8(trimmed.mid(5));
        else if (trimmed.startsWith("body: ")) {
            const int keyIndent = indentOf(line);
            const QByteArray rest = trimmed.mid(6);
            QByteArray body;
            if (rest.startsWith('\''))
                body = singleQuoted(lines, &index, keyIndent + 6);
            else if (rest.startsWith('|'))
                body = blockScalar(lines, &index, keyIndent);
            (inResponse ? interactions.last().responseBody : interactions.last().requestBody) = body;
        }
    }
    return interactions;
}

/// The `data:` payloads of an SSE stream, as JSON objects.
QList<QJsonObject> sseEvents(const QByteArray &stream)
{
    QList<QJsonObject> events;
    for (const QByteArray &line : stream.split('\n')) {
        if (line.startsWith("data: "))
            events.append(parseObject(line.mid(6)));
    }
    return events;
}

/// Item lists inside one response: the output of a JSON body, or of an SSE stream's
/// response.completed / response.incomplete events and each finished output item.
QList<QJsonArray> responseItemLists(const QByteArray &body)
{
    QList<QJsonArray> lists;
    const QByteArray trimmed = body.trimmed();
    if (trimmed.startsWith('{')) {
        const QJsonObject response = parseObject(trimmed);
        if (response.value(QLatin1String("output")).isArray())
            lists.append(response.value(QLatin1String("output")).toArray());
        return lists;
    }
    for (const QJsonObject &event : sseEvents(body)) {
        const QString type = event.value(QLatin1String("type")).toString();
        if (type == QLatin1String("response.completed") || type == QLatin1String("response.incomplete"))
            lists.append(event.value(QLatin1String("response")).toObject().value(QLatin1String("output")).toArray());
        else if (type == QLatin1String("response.output_item.done"))
            lists.append(QJsonArray{event.value(QLatin1String("item"))});
    }
    return lists;
}

int countType(const QJsonArray &items, const char *type)
{
    int count = 0;
    for (const QJsonValue &item : items) {
        if (item.toObject().value(QLatin1String("type")).toString() == QLatin1String(type))
            ++count;
    }
    return count;
}

int countParts(const QList<Message> &messages, PartKind kind)
{
    int count = 0;
    for (const Message &message : messages) {
        for (const Part &part : message.parts) {
            if (part.kind == kind)
                ++count;
        }
    }
    return count;
}

QString roundTripFailure(const QJsonArray &items)
{
    const Result<QList<Message>> messages = responses::itemsFromJson(items);
    if (!messages.ok())
        return messages.error().toString();
    // Through the record's own JSON form too: what the store keeps goes back out unchanged.
    QList<Message> stored;
    for (Message message : messages.value()) {
        message.id = QStringLiteral("m-%1").arg(stored.size());
        const Result<Message> kept = recordjson::messageFromJson(recordjson::toJson(message));
        if (!kept.ok())
            return QStringLiteral("the record refuses it: ") + kept.error().toString();
        stored.append(kept.value());
    }
    const QJsonArray back = responses::itemsToJson(stored);
    if (back == items && responses::itemsToJson(messages.value()) == items)
        return {};
    return QStringLiteral("round trip differs:\n  in:  %1\n  out: %2")
        .arg(QString::fromUtf8(QJsonDocument(items).toJson(QJsonDocument::Compact)),
             QString::fromUtf8(QJsonDocument(back).toJson(QJsonDocument::Compact)));
}

/// What a Responses request accepts, checked field by field: every item of a known type, with
/// the fields the API requires and no field it does not know.
QString invalidItem(const QJsonArray &items)
{
    QSet<QString> calls;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QString where = QStringLiteral("item %1: ").arg(i);
        const QJsonObject item = items.at(i).toObject();
        const QString type = item.value(QLatin1String("type")).toString();
        QSet<QString> allowed;
        if (type == QLatin1String("message")) {
            allowed = {QStringLiteral("type"), QStringLiteral("role"), QStringLiteral("content")};
            const QString role = item.value(QLatin1String("role")).toString();
            if (!QSet<QString>{QStringLiteral("user"), QStringLiteral("assistant"), QStringLiteral("system"),
                               QStringLiteral("developer")}.contains(role))
                return where + QStringLiteral("bad role");
            const QJsonArray content = item.value(QLatin1String("content")).toArray();
            if (content.isEmpty())
                return where + QStringLiteral("empty content");
            for (const QJsonValue &element : content) {
                const QString elementType = element.toObject().value(QLatin1String("type")).toString();
                const bool ok = role == QLatin1String("assistant")
                    ? elementType == QLatin1String("output_text")
                    : (elementType == QLatin1String("input_text") || elementType == QLatin1String("input_image"));
                if (!ok)
                    return where + QStringLiteral("content type %1 in a %2 message").arg(elementType, role);
                if (elementType == QLatin1String("input_image")
                    && !element.toObject().value(QLatin1String("image_url")).toString().startsWith(QLatin1String("data:")))
                    return where + QStringLiteral("image without a data URL");
            }
        } else if (type == QLatin1String("function_call")) {
            allowed = {QStringLiteral("type"), QStringLiteral("call_id"), QStringLiteral("name"),
                       QStringLiteral("arguments")};
            const QString arguments = item.value(QLatin1String("arguments")).toString();
            if (!QJsonDocument::fromJson(arguments.toUtf8()).isObject())
                return where + QStringLiteral("arguments are not a JSON object text");
            if (item.value(QLatin1String("call_id")).toString().isEmpty() || item.value(QLatin1String("name")).toString().isEmpty())
                return where + QStringLiteral("call without id or name");
            calls.insert(item.value(QLatin1String("call_id")).toString());
        } else if (type == QLatin1String("function_call_output")) {
            allowed = {QStringLiteral("type"), QStringLiteral("call_id"), QStringLiteral("output")};
            if (!calls.contains(item.value(QLatin1String("call_id")).toString()))
                return where + QStringLiteral("output before (or without) its call");
            if (!item.value(QLatin1String("output")).isString() && !item.value(QLatin1String("output")).isArray())
                return where + QStringLiteral("output neither string nor array");
        } else {
            return where + QStringLiteral("unexpected item type \"%1\"").arg(type);
        }
        for (auto it = item.begin(); it != item.end(); ++it) {
            if (!allowed.contains(it.key()))
                return where + QStringLiteral("unexpected field \"%1\"").arg(it.key());
        }
    }
    return {};
}

} // namespace

class TestWireOpenAiResponses : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cassettesRoundTrip();
    void codexFixturesRoundTrip();
    void everyItemTypeRoundTrips();
    void groupsItemsIntoMessages();
    void reasoningKeepsEncryptedContent();
    void crossFormatMessagesBecomeValidItems();
    void malformedItems_data();
    void malformedItems();
};

void TestWireOpenAiResponses::cassettesRoundTrip()
{
    VALIS_REQUIRE_FIXTURE(root, "fantasy-provider-cassettes/testdata");
    int cassettes = 0;
    int lists = 0;
    int items = 0;
    int calls = 0;
    int reasoning = 0;
    QDirIterator it(root, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        bool isResponses = false;
        for (const Interaction &interaction : readCassette(path)) {
            if (!interaction.url.endsWith(QLatin1String("/responses")))
                continue;
            isResponses = true;
            QList<QJsonArray> found = responseItemLists(interaction.responseBody);
            const QJsonValue input = parseObject(interaction.requestBody).value(QLatin1String("input"));
            if (input.isArray())
                found.prepend(input.toArray());
            for (const QJsonArray &list : std::as_const(found)) {
                const QString failure = roundTripFailure(list);
                QVERIFY2(failure.isEmpty(), qPrintable(path + QStringLiteral(": ") + failure));
                // The meaning survives too: one ToolCall per call, one Thinking per empty or
                // one-summary reasoning item at least.
                const QList<Message> messages = responses::itemsFromJson(list).value();
                QCOMPARE(countParts(messages, PartKind::ToolCall), countType(list, "function_call"));
                QVERIFY(countParts(messages, PartKind::Thinking) >= countType(list, "reasoning"));
                QCOMPARE(countParts(messages, PartKind::ToolResult), countType(list, "function_call_output"));
                calls += countType(list, "function_call");
                reasoning += countType(list, "reasoning");
                items += int(list.size());
                ++lists;
            }
        }
        if (isResponses)
            ++cassettes;
    }
    qInfo("round-tripped %d Responses items (%d function calls, %d reasoning items) in %d item lists "
          "from %d cassettes",
          items, calls, reasoning, lists, cassettes);
    QVERIFY(cassettes >= 40);
    QVERIFY(items >= 350);
    QVERIFY(calls > 0);
    QVERIFY(reasoning > 0);
}

void TestWireOpenAiResponses::codexFixturesRoundTrip()
{
    VALIS_REQUIRE_FIXTURE(sse, "openai-codex/cli_responses_fixture.sse");
    VALIS_REQUIRE_FIXTURE(completed, "openai-codex/completed_template.json");
    QFile sseFile(sse);
    QVERIFY(sseFile.open(QIODevice::ReadOnly));
    QList<QJsonArray> lists = responseItemLists(sseFile.readAll());
    QFile completedFile(completed);
    QVERIFY(completedFile.open(QIODevice::ReadOnly));
    for (const QJsonValue &event : parseArray(completedFile.readAll()))
        lists.append(event.toObject().value(QLatin1String("response")).toObject().value(QLatin1String("output")).toArray());
    int items = 0;
    for (const QJsonArray &list : std::as_const(lists)) {
        const QString failure = roundTripFailure(list);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        items += int(list.size());
    }
    qInfo("round-tripped %d items from the Codex Responses fixtures", items);
    QCOMPARE(items, 1); // the one finished output item; both completed payloads have empty output

    const QList<Message> messages = responses::itemsFromJson(lists.first()).value();
    QCOMPARE(messages.size(), 1);
    QCOMPARE(messages.first().role, Role::Assistant);
    QCOMPARE(messages.first().text(), QStringLiteral("fixture hello"));
}

namespace {

QJsonArray everyItemType()
{
    // Written as JSON text, the way the API shows it.
    return parseArray(R"([
      {"role": "developer", "content": "Be brief."},
      {"type": "message", "role": "system", "content": [{"type": "input_text", "text": "sys"}]},
      {"type": "message", "role": "user", "content": [
          {"type": "input_text", "text": "look"},
          {"type": "input_image", "image_url": "data:image/png;base64,iVBORw0KGgo=", "detail": "high"},
          {"type": "input_image", "image_url": "https://example.com/a.png", "detail": "auto"},
          {"type": "input_image", "file_id": "file-1", "detail": "low"},
          {"type": "input_image", "image_url": "data:image/png;base64,iVBO Rw0KGgo="},
          {"type": "input_file", "file_id": "file-2", "filename": "a.pdf"},
          {"type": "input_image", "detail": "auto"}]},
      {"type": "item_reference", "id": "msg_old"},
      {"type": "reasoning", "id": "rs_1", "summary": [
          {"type": "summary_text", "text": "First."}, {"type": "summary_text", "text": "Second."}],
       "encrypted_content": "gAAAA=="},
      {"type": "reasoning", "id": "rs_2", "summary": [], "content": null},
      {"type": "reasoning", "id": "rs_3", "summary": [], "content": [{"type": "reasoning_text", "text": "raw"}]},
      {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed", "phase": "commentary",
       "content": [{"type": "output_text", "text": "Let me check.", "annotations": [], "logprobs": []},
                   {"type": "refusal", "refusal": "Not that."}]},
      {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "weather",
       "arguments": "{\"location\":\"Florence\"}", "status": "completed"},
      {"type": "function_call", "call_id": "call_2", "name": "broken", "arguments": "{\"a\": [1"},
      {"type": "custom_tool_call", "call_id": "call_3", "name": "apply_patch", "input": "*** Begin Patch\n*** End Patch\n"},
      {"type": "local_shell_call", "id": "ls_1", "call_id": null, "status": "completed",
       "action": {"type": "exec", "command": ["ls", "-la"], "env": {}}},
      {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "q"}},
      {"type": "function_call_output", "call_id": "call_1", "output": "40 C"},
      {"type": "function_call_output", "call_id": "call_2", "output": [
          {"type": "input_text", "text": "see"}, {"type": "input_image", "image_url": "https://example.com/b.png"}]},
      {"type": "custom_tool_call_output", "call_id": "call_3", "output": "Success."},
      {"type": "local_shell_call_output", "id": "ls_1", "output": "total 0"},
      {"type": "computer_call_output", "call_id": "cc_1", "output": {"type": "computer_screenshot"}},
      {"role": "assistant", "content": "Done."},
      {"type": "message", "role": "assistant", "content": []},
      {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": true},
      {"role": "user", "content": []},
      {"type": "future_item", "payload": {"x": 1}}
    ])");
}

} // namespace

void TestWireOpenAiResponses::everyItemTypeRoundTrips()
{
    const QJsonArray items = everyItemType();
    QCOMPARE(items.size(), 23);
    const QString failure = roundTripFailure(items);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    // Each item also round-trips alone, and every prefix does (item boundaries never depend on
    // what follows).
    QJsonArray prefix;
    for (qsizetype n = 1; n <= items.size(); ++n) {
        prefix.append(items.at(n - 1));
        const QString prefixFailure = roundTripFailure(prefix);
        QVERIFY2(prefixFailure.isEmpty(), qPrintable(QStringLiteral("prefix %1: ").arg(n) + prefixFailure));
        const QString aloneFailure = roundTripFailure(QJsonArray{items.at(n - 1)});
        QVERIFY2(aloneFailure.isEmpty(), qPrintable(QStringLiteral("item %1: ").arg(n - 1) + aloneFailure));
    }
}

void TestWireOpenAiResponses::groupsItemsIntoMessages()
{
    const Result<QList<Message>> read = responses::itemsFromJson(everyItemType());
    QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
    const QList<Message> &messages = read.value();
    // developer, system, user (+ item_reference), assistant (reasoning x3, message, 3 calls, shell,
    // web search), tool (5 outputs), assistant (2 messages + approval response), user (+ future item)
    QList<Role> roles;
    for (const Message &message : messages)
        roles << message.role;
    const QList<Role> expected = {Role::System, Role::System, Role::User, Role::Assistant, Role::Tool,
                                  Role::Assistant, Role::User};
    QCOMPARE(roles, expected);

    const Message &user = messages.at(2);
    QCOMPARE(user.parts.size(), 8); // seven content elements and the item reference
    QCOMPARE(user.parts.at(0).text, QStringLiteral("look"));
    QCOMPARE(user.parts.at(1).kind, PartKind::Image);
    QCOMPARE(user.parts.at(1).image.mediaType, QStringLiteral("image/png"));
    QCOMPARE(user.parts.at(1).image.data, QByteArray::fromBase64("iVBORw0KGgo="));
    QCOMPARE(user.parts.at(2).image.uri, QStringLiteral("https://example.com/a.png"));
    QCOMPARE(user.parts.at(3).image.uri, QStringLiteral("openai-file:file-1"));
    QCOMPARE(user.parts.at(5).kind, PartKind::Text); // input_file: kept verbatim
    QVERIFY(user.parts.at(5).text.isEmpty());
    QCOMPARE(user.parts.at(6).kind, PartKind::Text); // an image with nothing to point at: verbatim

    const Message &assistant = messages.at(3);
    QCOMPARE(assistant.countParts(PartKind::Thinking), 4);
    QCOMPARE(assistant.countParts(PartKind::ToolCall), 4);
    const Part &weather = assistant.parts.at(6);
    QCOMPARE(weather.kind, PartKind::ToolCall);
    QCOMPARE(weather.callId, QStringLiteral("call_1"));
    QCOMPARE(weather.arguments.toObject().value(QLatin1String("location")).toString(), QStringLiteral("Florence"));
    const Part &broken = assistant.parts.at(7);
    QVERIFY(broken.arguments.isUndefined());
    QCOMPARE(broken.argumentsText.value_or(QString()), QStringLiteral("{\"a\": [1"));
    const Part &patch = assistant.parts.at(8);
    QCOMPARE(patch.toolName, QStringLiteral("apply_patch"));
    QCOMPARE(patch.argumentsJson(), QStringLiteral("*** Begin Patch\n*** End Patch\n"));
    const Part &shell = assistant.parts.at(9);
    QCOMPARE(shell.callId, QStringLiteral("ls_1"));
    QCOMPARE(shell.arguments.toObject().value(QLatin1String("command")).toArray().size(), 2);

    const Message &tool = messages.at(4);
    QCOMPARE(tool.parts.size(), 5);
    QCOMPARE(tool.parts.at(0).content.first().text, QStringLiteral("40 C"));
    QCOMPARE(tool.parts.at(1).content.size(), 2);
    QCOMPARE(tool.parts.at(3).callId, QStringLiteral("ls_1"));
    QCOMPARE(assistant.text(), QStringLiteral("Let me check.\n\nNot that.\n\n"));
}

void TestWireOpenAiResponses::reasoningKeepsEncryptedContent()
{
    const QJsonArray items = parseArray(R"([
      {"type": "reasoning", "id": "rs_9", "summary": [{"type": "summary_text", "text": "**Plan** do it"}],
       "encrypted_content": "gAAAAABoSECRET"}])");
    const QList<Message> messages = responses::itemsFromJson(items).value();
    QCOMPARE(messages.size(), 1);
    const Part &thinking = messages.first().parts.first();
    QCOMPARE(thinking.kind, PartKind::Thinking);
    QCOMPARE(thinking.text, QStringLiteral("**Plan** do it"));
    QCOMPARE(thinking.redactedData, QStringLiteral("gAAAAABoSECRET"));
    QCOMPARE(responses::itemsToJson(messages), items);

    // The encrypted content is what the API needs back; a changed summary text travels too.
    QList<Message> edited = messages;
    edited.first().parts.first().text = QStringLiteral("other");
    const QJsonObject back = responses::itemsToJson(edited).first().toObject();
    QCOMPARE(back.value(QLatin1String("encrypted_content")).toString(), QStringLiteral("gAAAAABoSECRET"));
    QCOMPARE(back.value(QLatin1String("summary")).toArray().first().toObject().value(QLatin1String("text")).toString(),
             QStringLiteral("other"));
}

void TestWireOpenAiResponses::crossFormatMessagesBecomeValidItems()
{
    Message system;
    system.role = Role::System;
    system.parts = {Part::makeText(QStringLiteral("You are helpful."))};

    Message user;
    user.role = Role::User;
    Part image = Part::makeImage({QStringLiteral("image/jpeg"), QString(), QByteArray("\xff\xd8\xff", 3)});
    user.parts = {Part::makeText(QStringLiteral("What is this?")), image};

    Message assistant; // as the Anthropic reader would give it
    assistant.role = Role::Assistant;
    Part thinking = Part::makeThinking(QStringLiteral("hmm"), QStringLiteral("EqQBCkYIBxgCKkB"));
    thinking.wire.insert(wire::anthropicMessages, QJsonObject{{QStringLiteral("cache_control"), QJsonObject()}});
    Part call = Part::makeToolCall(QStringLiteral("toolu_01"), QStringLiteral("Bash"),
                                   QJsonObject{{QStringLiteral("command"), QStringLiteral("ls")}});
    call.wire.insert(wire::anthropicMessages, QJsonObject{{QStringLiteral("cache_control"), QJsonObject()}});
    Part noArguments = Part::makeToolCall(QStringLiteral("toolu_02"), QStringLiteral("Now"), QJsonValue());
    assistant.parts = {thinking, Part::makeText(QStringLiteral("Looking.")), call, noArguments};

    Message mixed; // Anthropic: tool results and text in one user message
    mixed.role = Role::User;
    Part result = Part::makeToolResult(QStringLiteral("toolu_01"),
                                       {Part::makeText(QStringLiteral("a.txt")), image}, true);
    mixed.parts = {result, Part::makeToolResultText(QStringLiteral("toolu_02"), QStringLiteral("noon")),
                   Part::makeText(QStringLiteral("and now?"))};

    Message chatTool; // OpenAI chat: a tool message
    chatTool.role = Role::Tool;
    chatTool.parts = {Part::makeToolResultText(QStringLiteral("toolu_02"), QStringLiteral("again")),
                      Part::makeText(QStringLiteral("stray"))};

    Message redacted; // Anthropic redacted thinking only
    redacted.role = Role::Assistant;
    Part opaque = Part::makeThinking(QString());
    opaque.redactedData = QStringLiteral("anthropic-opaque");
    redacted.parts = {opaque, Part::makeImage({QStringLiteral("image/png"), QString(), QByteArray("png")}),
                      Part::makeText(QStringLiteral("Here."))};

    const QJsonArray items = responses::itemsToJson({system, user, assistant, mixed, chatTool, redacted});
    const QString invalid = invalidItem(items);
    QVERIFY2(invalid.isEmpty(), qPrintable(invalid + QLatin1Char('\n')
                                           + QString::fromUtf8(QJsonDocument(items).toJson())));
    QCOMPARE(countType(items, "reasoning"), 0); // foreign thinking cannot be sent back
    QCOMPARE(countType(items, "function_call"), 2);
    QCOMPARE(countType(items, "function_call_output"), 3);
    const QStringList expectedTypes = {
        QStringLiteral("message"), QStringLiteral("message"),                                 // system, user
        QStringLiteral("message"), QStringLiteral("function_call"), QStringLiteral("function_call"),
        QStringLiteral("function_call_output"), QStringLiteral("function_call_output"), QStringLiteral("message"),
        QStringLiteral("function_call_output"), QStringLiteral("message"),                    // tool + stray text
        QStringLiteral("message"), QStringLiteral("message"),                                 // image, text
    };
    QStringList types;
    for (const QJsonValue &item : items)
        types << item.toObject().value(QLatin1String("type")).toString();
    QCOMPARE(types, expectedTypes);
    const QJsonObject firstOutput = items.at(5).toObject();
    QVERIFY(firstOutput.value(QLatin1String("output")).isArray()); // it carries an image
    QCOMPARE(items.at(4).toObject().value(QLatin1String("arguments")).toString(), QStringLiteral("{}"));

    // And the items read back as the same conversation.
    const QList<Message> back = responses::itemsFromJson(items).value();
    QCOMPARE(countParts(back, PartKind::ToolCall), 2);
    QCOMPARE(countParts(back, PartKind::ToolResult), 3);
}

void TestWireOpenAiResponses::malformedItems_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("location");
    QTest::newRow("not an object") << QByteArray(R"([{"role":"user","content":"hi"}, 3])") << QStringLiteral("items[1]");
    QTest::newRow("no type and no role") << QByteArray(R"([{"content":"hi"}])") << QStringLiteral("items[0]");
    QTest::newRow("type not a string") << QByteArray(R"([{"type":1,"role":"user","content":"hi"}])") << QStringLiteral("items[0]");
    QTest::newRow("unknown role") << QByteArray(R"([{"role":"critic","content":"hi"}])") << QStringLiteral("items[0]");
    QTest::newRow("content a number") << QByteArray(R"([{"role":"user","content":5}])") << QStringLiteral("items[0]");
    QTest::newRow("content element without text")
        << QByteArray(R"([{"role":"user","content":[{"type":"input_text"}]}])") << QStringLiteral("items[0].content[0]");
    QTest::newRow("function_call without call_id")
        << QByteArray(R"([{"type":"function_call","name":"f","arguments":"{}"}])") << QStringLiteral("items[0]");
    QTest::newRow("function_call without arguments")
        << QByteArray(R"([{"type":"function_call","call_id":"c","name":"f"}])") << QStringLiteral("items[0]");
    QTest::newRow("output without call_id")
        << QByteArray(R"([{"type":"function_call_output","output":"x"}])") << QStringLiteral("items[0]");
    QTest::newRow("output an object")
        << QByteArray(R"([{"type":"function_call_output","call_id":"c","output":{}}])") << QStringLiteral("items[0]");
    QTest::newRow("summary not an array")
        << QByteArray(R"([{"type":"reasoning","summary":"x"}])") << QStringLiteral("items[0]");
    QTest::newRow("summary element without text")
        << QByteArray(R"([{"type":"reasoning","summary":[{"type":"summary_text"}]}])") << QStringLiteral("items[0].summary[0]");
}

void TestWireOpenAiResponses::malformedItems()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, location);
    const Result<QList<Message>> read = responses::itemsFromJson(parseArray(json));
    QVERIFY(read.hasError());
    QCOMPARE(read.error().code, QStringLiteral("wire.invalid"));
    QCOMPARE(read.error().location, location);
    QVERIFY(!read.error().message.isEmpty());
}

VALIS_TEST_MAIN(TestWireOpenAiResponses)
#include "tst_wire_openairesponses.moc"
