#include "testsupport.h"

#include "valis/wire/openaichat.h"
#include "valis/wire/wireformat.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QUrl>

using namespace valis;
namespace chat = valis::wire::openaichat;

namespace {

QJsonArray parseArray(const char *json)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(json), &error);
    if (error.error != QJsonParseError::NoError || !document.isArray())
        qFatal("test data is not a JSON array: %s", json);
    return document.array();
}

QString compact(const QJsonValue &value)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact));
}

/// A request body from a go-vcr cassette: `    body: '<json>'` inside `request:`. go-vcr writes
/// request bodies as single-quoted YAML scalars ('' is a quote); a scalar it had to fold over
/// several lines is joined with single spaces, as YAML folds it.
struct CassetteRequest
{
    QString url;
    QByteArray body;
    int line = 0;
};

QList<CassetteRequest> cassetteRequests(const QString &path, QString *problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = file.errorString();
        return {};
    }
    const QList<QByteArray> lines = file.readAll().split('\n');
    QList<CassetteRequest> requests;
    CassetteRequest current;
    bool inRequest = false;
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        if (line.startsWith("  request:")) {
            inRequest = true;
            current = {};
        } else if (line.startsWith("  response:")) {
            if (inRequest)
                requests << current;
            inRequest = false;
        } else if (inRequest && line.startsWith("    url: ")) {
            current.url = QString::fromUtf8(line.mid(9).trimmed());
        } else if (inRequest && line.startsWith("    body: ")) {
            QByteArray scalar = line.mid(10);
            current.line = i + 1;
            if (!scalar.startsWith('\'')) {
                current.body = "<not single-quoted: " + scalar.left(20) + ">";
                continue;
            }
            // Read on until the closing quote (a quote not doubled).
            auto closed = [](const QByteArray &text) {
                int quotes = 0;
                for (qsizetype k = text.size() - 1; k >= 1 && text.at(k) == '\''; --k)
                    ++quotes;
                return quotes % 2 == 1;
            };
            while (!closed(scalar) && i + 1 < lines.size())
                scalar += ' ' + lines.at(++i).trimmed();
            current.body = scalar.mid(1, scalar.size() - 2).replace("''", "'");
        }
    }
    return requests;
}

/// Checks the rules an OpenAI Chat endpoint enforces on a messages array; returns what is wrong.
QString chatShapeProblem(const QJsonArray &messages)
{
    QSet<QString> openCalls;
    QString previousRole;
    for (qsizetype i = 0; i < messages.size(); ++i) {
        const QJsonObject message = messages.at(i).toObject();
        const QString role = message.value(QLatin1String("role")).toString();
        const QString where = QStringLiteral("message %1 (%2): ").arg(i).arg(role);
        if (role == QLatin1String("tool")) {
            const QString id = message.value(QLatin1String("tool_call_id")).toString();
            if (!openCalls.remove(id))
                return where + QStringLiteral("answers no pending tool call: ") + id;
            if (previousRole != QLatin1String("tool") && previousRole != QLatin1String("assistant"))
                return where + QStringLiteral("does not follow the assistant's tool calls");
            const QJsonValue content = message.value(QLatin1String("content"));
            if (content.isArray()) {
                for (const QJsonValue &item : content.toArray()) {
                    if (item.toObject().value(QLatin1String("type")).toString() != QLatin1String("text"))
                        return where + QStringLiteral("tool content may only hold text parts");
                }
            } else if (!content.isString()) {
                return where + QStringLiteral("tool content must be a string or text parts");
            }
        } else {
            if (!openCalls.isEmpty())
                return where + QStringLiteral("tool calls left without results");
            if (role != QLatin1String("system") && role != QLatin1String("developer")
                && role != QLatin1String("user") && role != QLatin1String("assistant"))
                return where + QStringLiteral("unknown role");
            if (role != QLatin1String("assistant") && !message.contains(QLatin1String("content")))
                return where + QStringLiteral("no content");
            for (const QJsonValue &call : message.value(QLatin1String("tool_calls")).toArray()) {
                const QJsonObject function = call.toObject().value(QLatin1String("function")).toObject();
                if (!function.value(QLatin1String("arguments")).isString())
                    return where + QStringLiteral("tool call arguments must be a string");
                if (call.toObject().value(QLatin1String("type")).toString() != QLatin1String("function"))
                    return where + QStringLiteral("tool call type must be function");
                openCalls.insert(call.toObject().value(QLatin1String("id")).toString());
            }
        }
        for (auto it = message.constBegin(); it != message.constEnd(); ++it) {
            static const QSet<QString> allowed{QStringLiteral("role"), QStringLiteral("content"),
                                               QStringLiteral("tool_calls"), QStringLiteral("tool_call_id"),
                                               QStringLiteral("reasoning_content")};
            if (!allowed.contains(it.key()))
                return where + QStringLiteral("unexpected key ") + it.key();
        }
        previousRole = role;
    }
    return {};
}

} // namespace

class TestWireOpenAiChat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cassettesRoundTrip();
    void sweAgentHistoriesRoundTrip();
    void shapesRoundTrip_data();
    void shapesRoundTrip();
    void readsRecordFields();
    void imagesFromUrls();
    void argumentTextSurvives();
    void crossFormatToolResults();
    void crossFormatAssistant();
    void otherFormatsExtrasIgnored();
    void malformed_data();
    void malformed();
};

void TestWireOpenAiChat::cassettesRoundTrip()
{
    VALIS_REQUIRE_FIXTURE(root, "fantasy-provider-cassettes/testdata");
    int files = 0;
    int requests = 0;
    int messages = 0;
    QSet<QString> hosts;
    QDirIterator it(root, {QStringLiteral("*.yaml")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QString problem;
        const QList<CassetteRequest> found = cassetteRequests(path, &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(path + QStringLiteral(": ") + problem));
        bool chatFile = false;
        for (const CassetteRequest &request : found) {
            if (!request.url.contains(QLatin1String("/chat/completions")))
                continue;
            const QString where = path + QLatin1Char(':') + QString::number(request.line);
            QJsonParseError error;
            const QJsonDocument body = QJsonDocument::fromJson(request.body, &error);
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(where + QStringLiteral(": ") + error.errorString()));
            QVERIFY2(body.object().value(QLatin1String("messages")).isArray(), qPrintable(where));
            const QJsonArray original = body.object().value(QLatin1String("messages")).toArray();
            const Result<QList<Message>> record = chat::messagesFromJson(original);
            QVERIFY2(record.ok(), qPrintable(where + QStringLiteral(": ") + (record.ok() ? QString() : record.error().toString())));
            QCOMPARE(record->size(), original.size());
            const QJsonArray back = chat::messagesToJson(record.value());
            if (back != original) {
                for (qsizetype i = 0; i < qMin(back.size(), original.size()); ++i) {
                    QVERIFY2(back.at(i) == original.at(i),
                             qPrintable(where + QStringLiteral(": message %1\n  in:  %2\n  out: %3")
                                            .arg(i).arg(compact(original.at(i)).left(600), compact(back.at(i)).left(600))));
                }
                QCOMPARE(back.size(), original.size());
            }
            chatFile = true;
            ++requests;
            messages += int(original.size());
            hosts.insert(QUrl(request.url).host());
        }
        files += chatFile ? 1 : 0;
    }
    qInfo("round-tripped %d chat messages from %d requests in %d cassettes (%lld hosts)", messages,
          requests, files, qint64(hosts.size()));
    // The snapshot has chat requests to OpenAI, Azure, OpenRouter, Vercel, Groq, xAI, z.ai,
    // Hugging Face, avian and llama.cpp; a parser that silently found none must not pass.
    QVERIFY2(files > 100, "fewer chat-completions cassettes found than the snapshot holds");
    QVERIFY(hosts.size() >= 8);
}

void TestWireOpenAiChat::sweAgentHistoriesRoundTrip()
{
    VALIS_REQUIRE_FIXTURE(root, "swe-agent");
    int messages = 0;
    int files = 0;
    QDirIterator it(root, {QStringLiteral("*.traj")}, QDir::Files);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray history = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("history")).toArray();
        QVERIFY2(!history.isEmpty(), qPrintable(path));
        // What SWE-agent sends: its tool entries name their call in tool_call_ids; the other
        // keys it keeps (agent, thought, action, message_type) exercise the extras.
        QJsonArray sent;
        for (const QJsonValue &value : history) {
            QJsonObject entry = value.toObject();
            const QJsonArray ids = entry.value(QLatin1String("tool_call_ids")).toArray();
            if (entry.value(QLatin1String("role")).toString() == QLatin1String("tool") && ids.size() == 1) {
                entry.remove(QLatin1String("tool_call_ids"));
                entry.insert(QLatin1String("tool_call_id"), ids.first());
            }
            sent.append(entry);
        }
        const Result<QList<Message>> record = chat::messagesFromJson(sent);
        VALIS_VERIFY_OK(record);
        QCOMPARE(chat::messagesToJson(record.value()), sent);
        messages += int(sent.size());
        ++files;
    }
    qInfo("round-tripped %d SWE-agent history messages from %d trajectories", messages, files);
    QVERIFY(files >= 4);
}

void TestWireOpenAiChat::shapesRoundTrip_data()
{
    QTest::addColumn<QJsonArray>("messages");
    const auto row = [](const char *name, const char *json) { QTest::newRow(name) << parseArray(json); };
    row("system string", R"([{"role":"system","content":"be brief"}])");
    row("developer", R"([{"role":"developer","content":"be brief","name":"ops"}])");
    row("system text parts", R"([{"role":"system","content":[{"type":"text","text":"a"},{"type":"text","text":"b","cache_control":{"type":"ephemeral"}}]}])");
    row("user empty string", R"([{"role":"user","content":""}])");
    row("user null", R"([{"role":"user","content":null}])");
    row("user absent", R"([{"role":"user"}])");
    row("user empty array", R"([{"role":"user","content":[]}])");
    row("user one text in array", R"([{"role":"user","content":[{"type":"text","text":"hi"}]}])");
    row("user image data url", R"([{"role":"user","content":[{"type":"text","text":"what is it?"},{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo=","detail":"high"}}]}])");
    row("user image https", R"([{"role":"user","content":[{"type":"image_url","image_url":{"url":"https://example.com/a.png","x":1},"cache_control":{"type":"ephemeral"}}]}])");
    row("user image odd base64", R"([{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,iVBO\nRw0KGgo="}}]}])");
    row("user audio and file", R"([{"role":"user","content":[{"type":"input_audio","input_audio":{"data":"UklGRg==","format":"wav"}},{"type":"text","text":"transcribe"},{"type":"file","file":{"file_id":"file-1"}}]}])");
    row("user name", R"([{"role":"user","content":"hi","name":"ann"}])");
    row("assistant text", R"([{"role":"assistant","content":"hello"}])");
    row("assistant empty string", R"([{"role":"assistant","content":""}])");
    row("assistant null tool calls", R"([{"role":"assistant","content":null,"tool_calls":[{"id":"call_b","type":"function","function":{"name":"b","arguments":"{}"}},{"id":"call_a","type":"function","function":{"name":"a","arguments":"{\"x\": 1}"}}],"refusal":null}])");
    row("assistant absent content", R"([{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{\"a\": [1, "},"cache_control":{"type":"ephemeral"}}]}])");
    row("assistant text and calls", R"([{"role":"assistant","content":" ","tool_calls":[{"id":"functions.add:0","type":"function","function":{"name":"add","arguments":""}}]}])");
    row("assistant empty tool_calls", R"([{"role":"assistant","content":"x","tool_calls":[]}])");
    row("assistant null tool_calls", R"([{"role":"assistant","content":"x","tool_calls":null}])");
    row("assistant refusal", R"([{"role":"assistant","content":null,"refusal":"I can't help with that."}])");
    row("assistant refusal part", R"([{"role":"assistant","content":[{"type":"refusal","refusal":"no"}]}])");
    row("assistant audio", R"([{"role":"assistant","content":null,"audio":{"id":"audio_1"}}])");
    row("assistant reasoning_content", R"([{"role":"assistant","content":"4","reasoning_content":"2+2 is 4"}])");
    row("assistant empty reasoning", R"([{"role":"assistant","content":"4","reasoning_content":""}])");
    row("assistant reasoning details", R"([{"role":"assistant","content":"ok","reasoning":"hm","reasoning_details":[{"type":"reasoning.text","text":"hm","index":0}]}])");
    row("assistant legacy function_call", R"([{"role":"assistant","content":null,"function_call":{"name":"f","arguments":"{\"q\":1}"}}])");
    row("assistant custom tool call", R"([{"role":"assistant","tool_calls":[{"id":"c","type":"custom","custom":{"name":"apply_patch","input":"*** Begin Patch"}}]}])");
    row("assistant tool call without type", R"([{"role":"assistant","tool_calls":[{"id":"c","function":{"name":"f","arguments":"{}"},"index":0}]}])");
    row("assistant tool call without arguments", R"([{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f"}}]}])");
    row("tool string", R"([{"role":"tool","tool_call_id":"c1","content":"42"}])");
    row("tool text parts", R"([{"role":"tool","tool_call_id":"c1","content":[{"type":"text","text":"a"},{"type":"text","text":"b"}]}])");
    row("tool one text part", R"([{"role":"tool","tool_call_id":"c1","content":[{"type":"text","text":"a"}]}])");
    row("tool with image", R"([{"role":"tool","tool_call_id":"c1","content":[{"type":"text","text":"a"},{"type":"image_url","image_url":{"url":"https://x/y.png"}}]}])");
    row("tool name", R"([{"role":"tool","tool_call_id":"c1","name":"weather","content":"sunny"}])");
    row("tool null content", R"([{"role":"tool","tool_call_id":"c1","content":null}])");
    row("function legacy", R"([{"role":"function","name":"f","content":"{\"r\":1}"}])");
    row("unknown keys", R"([{"role":"user","content":"x","foo":{"bar":[1,2]},"prefix":true}])");
}

void TestWireOpenAiChat::shapesRoundTrip()
{
    QFETCH(QJsonArray, messages);
    const Result<QList<Message>> record = chat::messagesFromJson(messages);
    VALIS_VERIFY_OK(record);
    const QJsonArray back = chat::messagesToJson(record.value());
    QVERIFY2(back == messages, qPrintable(QStringLiteral("\n  in:  %1\n  out: %2").arg(compact(messages), compact(back))));
    // Each of these maps one to one, so the per-message writer agrees.
    for (qsizetype i = 0; i < record->size(); ++i) {
        QVERIFY(chat::mapsOneToOne(record->at(i)));
        QCOMPARE(QJsonValue(chat::messageToJson(record->at(i))), messages.at(i));
    }
}

void TestWireOpenAiChat::readsRecordFields()
{
    const Result<QList<Message>> record = chat::messagesFromJson(parseArray(R"([
        {"role":"developer","content":"rules"},
        {"role":"user","content":"hi"},
        {"role":"assistant","content":"let me look","reasoning_content":"thinking...","refusal":null,
         "tool_calls":[{"id":"c1","type":"function","function":{"name":"ls","arguments":"{\"path\":\"/\"}"}},
                       {"id":"c2","type":"function","function":{"name":"cat","arguments":"{}"}}]},
        {"role":"tool","tool_call_id":"c1","content":"a b"},
        {"role":"function","name":"cat","content":"text"}])"));
    VALIS_VERIFY_OK(record);
    const QList<Message> &m = record.value();
    QCOMPARE(m.size(), 5);
    QCOMPARE(m[0].role, Role::System);
    QCOMPARE(m[0].wire.value(wire::openAiChat).toObject().value(QLatin1String("role")).toString(), QStringLiteral("developer"));
    QCOMPARE(m[1].role, Role::User);
    QCOMPARE(m[1].text(), QStringLiteral("hi"));
    QVERIFY(m[1].wire.isEmpty());
    QCOMPARE(m[2].role, Role::Assistant);
    QCOMPARE(m[2].parts.size(), 4);
    QCOMPARE(m[2].parts[0].kind, PartKind::Thinking);
    QCOMPARE(m[2].parts[0].text, QStringLiteral("thinking..."));
    QCOMPARE(m[2].parts[1].kind, PartKind::Text);
    QCOMPARE(m[2].parts[2].kind, PartKind::ToolCall);
    QCOMPARE(m[2].parts[2].callId, QStringLiteral("c1"));
    QCOMPARE(m[2].parts[2].toolName, QStringLiteral("ls"));
    QCOMPARE(m[2].parts[2].arguments.toObject().value(QLatin1String("path")).toString(), QStringLiteral("/"));
    QCOMPARE(m[2].parts[3].callId, QStringLiteral("c2"));
    QVERIFY(m[2].wire.value(wire::openAiChat).toObject().value(QLatin1String("extra")).toObject().contains(QLatin1String("refusal")));
    QCOMPARE(m[3].role, Role::Tool);
    QCOMPARE(m[3].parts.size(), 1);
    QCOMPARE(m[3].parts[0].kind, PartKind::ToolResult);
    QCOMPARE(m[3].parts[0].callId, QStringLiteral("c1"));
    QCOMPARE(m[3].parts[0].content.size(), 1);
    QCOMPARE(m[3].parts[0].content[0].text, QStringLiteral("a b"));
    QVERIFY(!m[3].startsTurn());
    QCOMPARE(m[4].role, Role::Tool);
    QCOMPARE(m[4].parts[0].toolName, QStringLiteral("cat"));
}

void TestWireOpenAiChat::imagesFromUrls()
{
    const QByteArray png("\x89PNG\r\n\x1a\n\0\1", 10);
    const QString dataUrl = QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
    QJsonArray content{QJsonObject{{QLatin1String("type"), QStringLiteral("image_url")},
                                   {QLatin1String("image_url"), QJsonObject{{QLatin1String("url"), dataUrl}}}},
                       QJsonObject{{QLatin1String("type"), QStringLiteral("image_url")},
                                   {QLatin1String("image_url"), QJsonObject{{QLatin1String("url"), QStringLiteral("https://example.com/cat.jpg")},
                                                                            {QLatin1String("detail"), QStringLiteral("low")}}}}};
    const Result<Message> message = chat::messageFromJson(QJsonObject{{QLatin1String("role"), QStringLiteral("user")},
                                                                     {QLatin1String("content"), content}});
    VALIS_VERIFY_OK(message);
    QCOMPARE(message->parts.size(), 2);
    QCOMPARE(message->parts[0].kind, PartKind::Image);
    QCOMPARE(message->parts[0].image.data, png);
    QCOMPARE(message->parts[0].image.mediaType, QStringLiteral("image/png"));
    QVERIFY(message->parts[0].image.uri.isEmpty());
    QVERIFY(message->parts[0].wire.isEmpty()); // the bytes say it all: no copy of the URL kept
    QCOMPARE(message->parts[1].image.uri, QStringLiteral("https://example.com/cat.jpg"));
    QVERIFY(message->parts[1].image.data.isEmpty());
}

void TestWireOpenAiChat::argumentTextSurvives()
{
    const QString truncated = QStringLiteral("{\"command\": \"ls -la\", \"timeout\": 1");
    const QJsonObject json{{QLatin1String("role"), QStringLiteral("assistant")},
                           {QLatin1String("tool_calls"), QJsonArray{QJsonObject{
                                {QLatin1String("id"), QStringLiteral("c")},
                                {QLatin1String("type"), QStringLiteral("function")},
                                {QLatin1String("function"), QJsonObject{{QLatin1String("name"), QStringLiteral("bash")},
                                                                        {QLatin1String("arguments"), truncated}}}}}}};
    const Result<Message> message = chat::messageFromJson(json);
    VALIS_VERIFY_OK(message);
    const Part &call = message->parts.constFirst();
    QCOMPARE(call.kind, PartKind::ToolCall);
    QVERIFY(call.arguments.isUndefined());
    QCOMPARE(call.argumentsText.value_or(QString()), truncated);
    QCOMPARE(chat::messageToJson(message.value()), json);
    // Key order and spacing inside valid arguments are the model's, not re-serialised.
    const QString spaced = QStringLiteral("{ \"b\" : 2,\n \"a\": 1 }");
    QJsonObject again = json;
    QJsonArray calls = again.value(QLatin1String("tool_calls")).toArray();
    QJsonObject first = calls.first().toObject();
    first.insert(QLatin1String("function"), QJsonObject{{QLatin1String("name"), QStringLiteral("f")},
                                                        {QLatin1String("arguments"), spaced}});
    calls.replace(0, first);
    again.insert(QLatin1String("tool_calls"), calls);
    const Result<Message> valid = chat::messageFromJson(again);
    VALIS_VERIFY_OK(valid);
    QCOMPARE(valid->parts[0].arguments.toObject().value(QLatin1String("b")).toInt(), 2);
    QCOMPARE(chat::messageToJson(valid.value()), again);
}

void TestWireOpenAiChat::crossFormatToolResults()
{
    // What the Anthropic reader makes of an assistant turn with two calls and the user message
    // that answers both, with an image from the second tool and a remark from the person.
    Message assistant;
    assistant.role = Role::Assistant;
    assistant.parts = {Part::makeText(QStringLiteral("Looking.")),
                       Part::makeToolCall(QStringLiteral("toolu_1"), QStringLiteral("Bash"), QJsonObject{{QLatin1String("command"), QStringLiteral("ls")}}),
                       Part::makeToolCall(QStringLiteral("toolu_2"), QStringLiteral("Screenshot"), QJsonObject())};
    Message results;
    results.role = Role::Tool;
    Part second = Part::makeToolResult(QStringLiteral("toolu_2"),
                                       {Part::makeImage({QStringLiteral("image/png"), QString(), QByteArray("abc")})});
    results.parts = {Part::makeToolResultText(QStringLiteral("toolu_1"), QStringLiteral("a.txt\nb.txt"), true), second};
    Message mixed;
    mixed.role = Role::User;
    Message followUp;
    followUp.role = Role::Assistant;
    followUp.parts = {Part::makeToolCall(QStringLiteral("toolu_3"), QStringLiteral("Read"), QJsonObject{{QLatin1String("path"), QStringLiteral("a.txt")}})};
    mixed.parts = {Part::makeToolResult(QStringLiteral("toolu_3"), {Part::makeText(QStringLiteral("one")), Part::makeText(QStringLiteral("two"))}),
                   Part::makeText(QStringLiteral("Also check b.txt"))};

    QVERIFY(!chat::mapsOneToOne(results));
    QVERIFY(!chat::mapsOneToOne(mixed));
    const QJsonArray out = chat::messagesToJson({assistant, results, followUp, mixed});
    QCOMPARE(chatShapeProblem(out), QString());
    QCOMPARE(out.size(), 7);
    const auto at = [&](int i) { return out.at(i).toObject(); };
    QCOMPARE(at(1).value(QLatin1String("role")).toString(), QStringLiteral("tool"));
    QCOMPARE(at(1).value(QLatin1String("tool_call_id")).toString(), QStringLiteral("toolu_1"));
    QCOMPARE(at(1).value(QLatin1String("content")).toString(), QStringLiteral("a.txt\nb.txt"));
    QCOMPARE(at(2).value(QLatin1String("tool_call_id")).toString(), QStringLiteral("toolu_2"));
    QVERIFY(!at(2).value(QLatin1String("content")).toString().isEmpty());
    // The image the tool returned follows in a user message, as a data: URL.
    QCOMPARE(at(3).value(QLatin1String("role")).toString(), QStringLiteral("user"));
    const QJsonObject image = at(3).value(QLatin1String("content")).toArray().first().toObject();
    QCOMPARE(image.value(QLatin1String("image_url")).toObject().value(QLatin1String("url")).toString(),
             QStringLiteral("data:image/png;base64,YWJj"));
    QCOMPARE(at(5).value(QLatin1String("tool_call_id")).toString(), QStringLiteral("toolu_3"));
    QCOMPARE(at(5).value(QLatin1String("content")).toString(), QStringLiteral("one\ntwo"));
    QCOMPARE(at(6).value(QLatin1String("role")).toString(), QStringLiteral("user"));
    QCOMPARE(at(6).value(QLatin1String("content")).toString(), QStringLiteral("Also check b.txt"));
    // Arguments that came as an object are sent as the compact JSON text chat wants.
    const QJsonArray calls = at(0).value(QLatin1String("tool_calls")).toArray();
    QCOMPARE(calls.size(), 2);
    QCOMPARE(calls.at(0).toObject().value(QLatin1String("function")).toObject().value(QLatin1String("arguments")).toString(),
             QStringLiteral("{\"command\":\"ls\"}"));
    QCOMPARE(calls.at(1).toObject().value(QLatin1String("function")).toObject().value(QLatin1String("arguments")).toString(),
             QStringLiteral("{}"));
}

void TestWireOpenAiChat::crossFormatAssistant()
{
    Message assistant;
    assistant.role = Role::Assistant;
    Part redacted = Part::makeThinking(QString());
    redacted.redactedData = QStringLiteral("opaque");
    assistant.parts = {Part::makeThinking(QStringLiteral("First, ..."), QStringLiteral("EqQBCkgIARAB")), redacted,
                       Part::makeText(QStringLiteral("Part one.")), Part::makeText(QStringLiteral("Part two.")),
                       Part::makeToolCall(QStringLiteral("toolu_9"), QStringLiteral("Grep"), QJsonObject{{QLatin1String("q"), QStringLiteral("x")}})};
    const QJsonObject out = chat::messageToJson(assistant);
    QCOMPARE(chatShapeProblem(QJsonArray{out, QJsonObject{{QLatin1String("role"), QStringLiteral("tool")},
                                                          {QLatin1String("tool_call_id"), QStringLiteral("toolu_9")},
                                                          {QLatin1String("content"), QStringLiteral("r")}}}),
             QString());
    QCOMPARE(out.value(QLatin1String("reasoning_content")).toString(), QStringLiteral("First, ..."));
    const QJsonArray content = out.value(QLatin1String("content")).toArray();
    QCOMPARE(content.size(), 2);
    QCOMPARE(content.at(1).toObject().value(QLatin1String("text")).toString(), QStringLiteral("Part two."));
    QCOMPARE(out.value(QLatin1String("tool_calls")).toArray().size(), 1);

    // Reading that back gives the same text, reasoning and call (signatures are Anthropic's).
    const Result<Message> back = chat::messageFromJson(out);
    VALIS_VERIFY_OK(back);
    QCOMPARE(back->countParts(PartKind::ToolCall), 1);
    QCOMPARE(back->countParts(PartKind::Thinking), 1);
    QCOMPARE(back->text(), QStringLiteral("Part one.\n\nPart two."));

    // A system prompt of several blocks and a user message with an image stay valid.
    Message system;
    system.role = Role::System;
    system.parts = {Part::makeText(QStringLiteral("You are Valis."))};
    QCOMPARE(chat::messageToJson(system), (QJsonObject{{QLatin1String("role"), QStringLiteral("system")},
                                                       {QLatin1String("content"), QStringLiteral("You are Valis.")}}));
    Message emptyTool;
    emptyTool.role = Role::Tool;
    QVERIFY(chat::messageToJsonMessages(emptyTool).isEmpty());
}

void TestWireOpenAiChat::otherFormatsExtrasIgnored()
{
    Message user;
    user.role = Role::User;
    Part text = Part::makeText(QStringLiteral("cached prompt"));
    text.wire.insert(wire::anthropicMessages, QJsonObject{{QLatin1String("cache_control"), QJsonObject{{QLatin1String("type"), QStringLiteral("ephemeral")}}}});
    user.parts = {text};
    user.wire.insert(wire::openAiResponses, QJsonObject{{QLatin1String("id"), QStringLiteral("msg_1")}});
    QCOMPARE(chat::messageToJson(user), (QJsonObject{{QLatin1String("role"), QStringLiteral("user")},
                                                     {QLatin1String("content"), QStringLiteral("cached prompt")}}));
}

void TestWireOpenAiChat::malformed_data()
{
    QTest::addColumn<QJsonArray>("messages");
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("location");
    const auto row = [](const char *name, const char *json, const char *word, const char *location) {
        QTest::newRow(name) << parseArray(json) << QString::fromLatin1(word) << QString::fromLatin1(location);
    };
    row("no role", R"([{"content":"hi"}])", "role", "messages[0]");
    row("role not a string", R"([{"role":1,"content":"hi"}])", "role", "messages[0]");
    row("unknown role", R"([{"role":"user","content":"a"},{"role":"robot","content":"hi"}])", "robot", "messages[1]");
    row("tool without id", R"([{"role":"tool","content":"42"}])", "tool_call_id", "messages[0]");
    row("tool_calls not array", R"([{"role":"assistant","tool_calls":{"id":"c"}}])", "tool_calls", "messages[0]");
    row("tool call without function", R"([{"role":"assistant","tool_calls":[{"id":"c","type":"function"}]}])", "function", "messages[0]");
    row("arguments as object", R"([{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":{}}}]}])", "arguments", "messages[0]");
    row("content a number", R"([{"role":"user","content":5}])", "content", "messages[0]");
    row("content part without type", R"([{"role":"user","content":[{"text":"x"}]}])", "type", "messages[0]");
    row("not an object", R"([{"role":"user","content":"a"},"hello"])", "object", "messages[1]");
}

void TestWireOpenAiChat::malformed()
{
    QFETCH(QJsonArray, messages);
    QFETCH(QString, word);
    QFETCH(QString, location);
    const Result<QList<Message>> record = chat::messagesFromJson(messages);
    QVERIFY(!record.ok());
    QCOMPARE(record.error().code, QStringLiteral("wire.invalid"));
    QVERIFY2(record.error().message.contains(word), qPrintable(record.error().message));
    QCOMPARE(record.error().location, location);
}

VALIS_TEST_MAIN(TestWireOpenAiChat)
#include "tst_wire_openaichat.moc"
