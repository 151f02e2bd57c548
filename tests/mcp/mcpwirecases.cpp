// The cases of tst_mcpwire, outside the file moc reads: moc 6.4 mis-lexes some raw string
// literals (JSON with URLs in it), and these cases are full of them.
#include "mcpwirecases.h"

#include "testsupport.h"

#include "valis/mcp/jsonrpc.h"
#include "valis/mcp/logring.h"
#include "valis/mcp/mcpcontent.h"
#include "valis/mcp/mcpelicitation.h"
#include "valis/mcp/mcphttptransport.h"
#include "valis/mcp/mcpschema.h"
#include "valis/mcp/mcpserverconfig.h"
#include "valis/mcp/mcptoolnames.h"
#include "valis/provider/sseparser.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;

namespace mcpwire {

void idsKeepTheirType()
{
    QString problem;
    const auto text = JsonRpcMessage::parse(R"({"jsonrpc":"2.0","id":"a1","method":"ping"})", &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(text.size(), 1);
    QVERIFY(text.first().isRequest());
    QVERIFY(text.first().id.isString());
    // Answering echoes the id exactly: a string stays a string, a number a number.
    QCOMPARE(JsonRpcMessage::response(text.first().id, QJsonObject()).serialize(),
             QByteArray(R"({"id":"a1","jsonrpc":"2.0","result":{}})"));
    const auto number = JsonRpcMessage::parse(R"({"jsonrpc":"2.0","id":9007199254740993,"method":"ping"})", &problem);
    QVERIFY(problem.isEmpty());
    QCOMPARE(JsonRpcMessage::response(number.first().id, QJsonObject()).serialize(),
             QByteArray(R"({"id":9007199254740993,"jsonrpc":"2.0","result":{}})"));
    QVERIFY(jsonRpcIdKey(QJsonValue(3)) != jsonRpcIdKey(QJsonValue(QStringLiteral("3"))));
}

void classifiesAndRefuses()
{
    QString problem;
    QCOMPARE(JsonRpcMessage::parse(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", &problem).first().kind,
             JsonRpcMessage::Kind::Notification);
    const auto error = JsonRpcMessage::parse(R"({"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"nope"}})", &problem);
    QCOMPARE(error.first().kind, JsonRpcMessage::Kind::ErrorResponse);
    QCOMPARE(error.first().error.code, -32601);
    const auto batch = JsonRpcMessage::parse(R"([{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","method":"x"}])", &problem);
    QCOMPARE(batch.size(), 2);
    for (const QByteArray &bad : {QByteArray("Welcome!"), QByteArray(R"({"id":1,"method":"x"})"),
                                 QByteArray(R"({"jsonrpc":"2.0","id":{},"method":"x"})"), QByteArray(R"({"jsonrpc":"2.0"})"),
                                 QByteArray(R"({"jsonrpc":"2.0","method":"x","params":[1]})"), QByteArray("[]")}) {
        problem.clear();
        QVERIFY2(JsonRpcMessage::parse(bad, &problem).isEmpty(), bad.constData());
        QVERIFY2(!problem.isEmpty(), bad.constData());
    }
    // One line per message on stdio: a newline inside a string is escaped.
    const QByteArray line = JsonRpcMessage::notification(QStringLiteral("x"), {{QStringLiteral("t"), QStringLiteral("a\nb")}}).serialize();
    QVERIFY(!line.contains('\n'));
}

void sseRetryAndLastEventId()
{
    SseParser parser;
    QList<SseEvent> events;
    parser.feed("id: event-2\nretry: 500\ndata: \n\nretry: x1\nid: event-3\ndata: {}\n\n",
                [&events](const SseEvent &event) { events.append(event); });
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.at(0).id, QByteArray("event-2"));
    QCOMPARE(events.at(1).id, QByteArray("event-3"));
    QCOMPARE(parser.retryMs(), 500); // "x1" is not digits: ignored
    QCOMPARE(parser.lastEventId(), QByteArray("event-3"));
}

void challengeParameters()
{
    const auto parameters = McpAuthChallenge::parseParameters(
        R"(Basic realm="x", Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://a.example/.well-known/oauth-protected-resource/mcp")");
    QCOMPARE(parameters.value(QStringLiteral("error")), QStringLiteral("insufficient_scope"));
    QCOMPARE(parameters.value(QStringLiteral("scope")), QStringLiteral("files:read files:write"));
    QCOMPARE(parameters.value(QStringLiteral("resource_metadata")),
             QStringLiteral("https://a.example/.well-known/oauth-protected-resource/mcp"));
    QVERIFY(!parameters.contains(QStringLiteral("realm"))); // Basic's, not Bearer's
}

void logRingKeepsTheEnd()
{
    LogRing ring(100);
    for (int i = 0; i < 50; ++i)
        ring.append(QStringLiteral("line %1").arg(i));
    QVERIFY(ring.text().size() <= 100);
    QVERIFY(ring.text().startsWith(QStringLiteral("line "))); // cut at a line start
    QCOMPARE(ring.tail(1), QStringLiteral("line 49"));
}

void toolNames()
{
    McpToolNames names;
    QCOMPARE(names.assign(QStringLiteral("github"), QStringLiteral("create_issue")), QStringLiteral("mcp__github__create_issue"));
    const QString dotted = names.assign(QStringLiteral("git hub"), QStringLiteral("a.b c"));
    QCOMPARE(dotted, QStringLiteral("mcp__git_hub__a_b_c"));
    // Two raw names that sanitise alike: the second gets a stable hash suffix.
    const QString collision = names.assign(QStringLiteral("git hub"), QStringLiteral("a_b c"));
    QVERIFY(collision != dotted);
    QVERIFY(collision.startsWith(QStringLiteral("mcp__git_hub__a_b_c_")));
    QCOMPARE(names.raw(collision), qMakePair(QStringLiteral("git hub"), QStringLiteral("a_b c")));
    const QString longName = names.assign(QStringLiteral("server"), QString(100, QLatin1Char('x')));
    QCOMPARE(longName.toUtf8().size(), McpToolNames::MaxLength);
    McpToolNames again;
    QCOMPARE(again.assign(QStringLiteral("server"), QString(100, QLatin1Char('x'))), longName); // stable across runs
    QCOMPARE(names.assign(QStringLiteral("github"), QStringLiteral("create_issue")), QStringLiteral("mcp__github__create_issue"));
}

void inputSchemas()
{
    auto ok = McpSchema::normaliseInputSchema(QJsonObject{{QStringLiteral("$schema"), QStringLiteral("http://json-schema.org/draft-07/schema#")},
                                                          {QStringLiteral("properties"), QJsonObject{{QStringLiteral("a"), QJsonObject()}}},
                                                          {QStringLiteral("required"), QStringLiteral("a")}});
    QVERIFY(ok.ok());
    QCOMPARE(ok->value(QLatin1String("type")).toString(), QStringLiteral("object"));
    QVERIFY(!ok->contains(QLatin1String("$schema")));
    QVERIFY(!ok->contains(QLatin1String("required"))); // not a list: dropped rather than sent broken
    QVERIFY(McpSchema::normaliseInputSchema(QJsonValue()).ok());
    for (const QJsonValue &bad : {QJsonValue(QJsonObject{{QStringLiteral("type"), QStringLiteral("array")}}),
                                  QJsonValue(QJsonObject{{QStringLiteral("anyOf"), QJsonArray{}}}),
                                  QJsonValue(QJsonObject{{QStringLiteral("properties"), QJsonArray{}}}), QJsonValue(3)}) {
        const auto refused = McpSchema::normaliseInputSchema(bad);
        QVERIFY(refused.hasError());
        QCOMPARE(refused.error().code, QStringLiteral("mcp.schema-refused"));
    }
}

void validation()
{
    const QJsonObject schema = QJsonDocument::fromJson(R"({
        "type": "object", "required": ["temperature", "conditions"], "additionalProperties": false,
        "$defs": {"unit": {"enum": ["C", "F"]}},
        "properties": {"temperature": {"type": "number", "minimum": -90, "maximum": 60},
                       "conditions": {"type": "string", "minLength": 1},
                       "unit": {"$ref": "#/$defs/unit"},
                       "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 2, "uniqueItems": true}}})").object();
    QVERIFY(McpSchema::validate(QJsonDocument::fromJson(R"({"temperature": 21.5, "conditions": "sunny", "unit": "C"})").object(), schema).isEmpty());
    const QStringList problems = McpSchema::validate(
        QJsonDocument::fromJson(R"({"temperature": 99, "unit": "K", "extra": 1, "tags": ["a", "a", "b"]})").object(), schema, 10);
    const QString all = problems.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QStringLiteral("conditions")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("maximum")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("unit")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("extra")), qPrintable(all));
    QVERIFY2(all.contains(QStringLiteral("unique")), qPrintable(all));
    QVERIFY(!McpSchema::validate(QJsonValue(QStringLiteral("x")), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}}).isEmpty());
    QVERIFY(McpSchema::validate(QJsonValue(3.0), QJsonObject{{QStringLiteral("type"), QStringLiteral("integer")}}).isEmpty());
}

void contentBecomesAResult()
{
    const QJsonObject result = QJsonDocument::fromJson(R"({"content": [
        {"type": "text", "text": "hello"},
        {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
        {"type": "audio", "data": "AAAA", "mimeType": "audio/wav"},
        {"type": "resource_link", "uri": "file:///a.txt", "name": "a.txt", "mimeType": "text/plain"},
        {"type": "resource", "resource": {"uri": "demo://r/1", "mimeType": "text/plain", "text": "inside"}}]})").object();
    McpContent::Options options;
    options.server = QStringLiteral("everything");
    options.modelAcceptsImages = true;
    Part part = McpContent::toolResult(QStringLiteral("call-1"), result, options);
    QCOMPARE(part.kind, PartKind::ToolResult);
    QCOMPARE(part.callId, QStringLiteral("call-1"));
    QVERIFY(!part.isError);
    QCOMPARE(part.content.size(), 5);
    QCOMPARE(part.content.at(1).kind, PartKind::Image);
    QCOMPARE(part.content.at(1).image.data, QByteArray::fromBase64("iVBORw0KGgo="));
    QVERIFY(part.content.at(2).text.contains(QStringLiteral("audio")));
    QVERIFY(part.content.at(3).text.contains(QStringLiteral("file:///a.txt")));
    QVERIFY(part.content.at(3).text.contains(QStringLiteral("mcp_read_resource")));
    QVERIFY(part.content.at(4).text.contains(QStringLiteral("inside")));
    options.modelAcceptsImages = false;
    part = McpContent::toolResult(QStringLiteral("call-1"), result, options);
    QCOMPARE(part.content.at(1).kind, PartKind::Text); // a model that cannot see gets a note

    // Structured content: given as JSON when no text says it, checked against the schema.
    options.outputSchema = QJsonDocument::fromJson(R"({"type":"object","required":["n"],"properties":{"n":{"type":"number"}}})").object();
    part = McpContent::toolResult(QStringLiteral("c"), QJsonDocument::fromJson(R"({"content": [], "structuredContent": {"n": 3}})").object(), options);
    QVERIFY(!part.isError);
    QCOMPARE(part.resultText(), QStringLiteral(R"({"n":3})"));
    part = McpContent::toolResult(QStringLiteral("c"), QJsonDocument::fromJson(R"({"content": [], "structuredContent": {"n": "three"}})").object(), options);
    QVERIFY(part.isError);
    QVERIFY(part.resultText().contains(QStringLiteral("output schema")));
    part = McpContent::toolResult(QStringLiteral("c"), QJsonDocument::fromJson(R"({"content": [{"type":"text","text":"bad"}], "isError": true})").object(), {});
    QVERIFY(part.isError);
    QCOMPARE(part.resultText(), QStringLiteral("bad"));
}

void elicitationDefaults()
{
    const QJsonObject schema = QJsonDocument::fromJson(R"({"type":"object","properties":{
        "name":{"type":"string","default":"John Doe"},"age":{"type":"integer","default":30},
        "verified":{"type":"boolean","default":true},"note":{"type":"string"}}})").object();
    const QJsonObject filled = McpElicitation::applyDefaults(schema, {{QStringLiteral("age"), 41}});
    QCOMPARE(filled.value(QLatin1String("name")).toString(), QStringLiteral("John Doe"));
    QCOMPARE(filled.value(QLatin1String("age")).toInt(), 41); // the person's answer wins
    QCOMPARE(filled.value(QLatin1String("verified")).toBool(), true);
    QVERIFY(!filled.contains(QLatin1String("note")));
}

void variables()
{
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("TOKEN"), QStringLiteral("abc"));
    environment.insert(QStringLiteral("EMPTY"), QString());
    QCOMPARE(*expandVariables(QStringLiteral("Bearer ${TOKEN}"), environment), QStringLiteral("Bearer abc"));
    QCOMPARE(*expandVariables(QStringLiteral("${MISSING:-fallback}/${EMPTY:-x}"), environment), QStringLiteral("fallback/x"));
    const auto missing = expandVariables(QStringLiteral("${MISSING}"), environment);
    QVERIFY(missing.hasError());
    QCOMPARE(missing.error().code, QStringLiteral("mcp.unset-variable"));
    QVERIFY(missing.error().message.contains(QStringLiteral("MISSING")));
}

void settingsFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mcp.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"version": 1, "future": {"kept": true},
        "mcpServers": {
          "everything": {"command": "npx", "args": ["-y", "x"], "env": {"K": "${HOME}"}, "toolTimeoutSec": 20, "unknownKey": 5},
          "remote": {"type": "http", "url": "https://example.com/mcp", "headers": {"X-Team": "core"}},
          "bad name!": {"command": "x"},
          "nocommand": {"args": []}},
        "toolSearch": {"deferAbove": 0.1}})");
    file.close();
    auto settings = McpSettings::load(path);
    QVERIFY2(settings.ok(), qPrintable(settings.hasError() ? settings.error().toString() : QString()));
    QCOMPARE(settings->servers().size(), 2);
    QCOMPARE(settings->problems().size(), 2); // each bad entry on its own; the rest loaded
    QVERIFY(settings->problems().at(0).location.contains(QStringLiteral("mcpServers.")));
    QCOMPARE(settings->deferAbove(), 0.1);
    const McpServerConfig everything = *settings->server(QStringLiteral("everything"));
    QCOMPARE(everything.toolTimeoutSec, 20);
    QCOMPARE(everything.transport, McpServerConfig::Transport::Stdio);
    QCOMPARE(settings->server(QStringLiteral("remote"))->transport, McpServerConfig::Transport::Http);
    QVERIFY(settings->save().ok());
    const QJsonObject written = QJsonDocument::fromJson([&] { QFile f(path); f.open(QIODevice::ReadOnly); return f.readAll(); }()).object();
    QVERIFY(written.value(QLatin1String("future")).toObject().value(QLatin1String("kept")).toBool()); // kept what it does not know
    QCOMPARE(written.value(QLatin1String("mcpServers")).toObject().value(QLatin1String("everything")).toObject().value(QLatin1String("unknownKey")).toInt(), 5);

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"version": 1, "mcpServers": [1, 2]})");
    file.close();
    const auto malformed = McpSettings::load(path);
    QVERIFY(malformed.hasError());
    QCOMPARE(malformed.error().code, QStringLiteral("mcp.config-malformed"));
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"version": 7})");
    file.close();
    QVERIFY(McpSettings::load(path).hasError()); // a newer Valis's file is refused, not rewritten
}

void foreignFiles()
{
    QTemporaryDir dir;
    const QString claude = dir.filePath(QStringLiteral("claude_desktop_config.json"));
    QFile file(claude);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"mcpServers": {"filesystem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
                                  "my.server": {"command": "uvx", "args": ["mcp-server-git"], "env": {"A": "1"}}},
                  "globalShortcut": "Ctrl+Space"})");
    file.close();
    QList<Error> problems;
    const auto servers = McpSettings::readForeign(claude, &problems);
    QVERIFY(servers.ok());
    QCOMPARE(servers->size(), 2);
    QCOMPARE(servers->at(0).args.last(), QStringLiteral("/tmp"));
    QCOMPARE(servers->at(1).name, QStringLiteral("my_server")); // made a valid name
    QVERIFY(problems.isEmpty());

    const QString codex = dir.filePath(QStringLiteral("config.toml"));
    QFile toml(codex);
    QVERIFY(toml.open(QIODevice::WriteOnly));
    toml.write(R"(model = "gpt-5"  # comment
[mcp_servers.docs]
command = "npx"
args = ["-y", "mcp-docs", 'literal\path']
env = { "API_KEY" = "k", OTHER = "o" }
env_vars = ["HOME"]
startup_timeout_sec = 20
tool_timeout_sec = 120.5
enabled_tools = ["search"]

[mcp_servers."remote-one"]
url = "https://mcp.example.com/mcp"
bearer_token_env_var = "REMOTE_TOKEN"
http_headers = { "X-Region" = "eu" }
env_http_headers = { "X-Key" = "REMOTE_KEY" }

[mcp_servers.docs.env_extra]
ignored = true
)");
    toml.close();
    problems.clear();
    const auto fromCodex = McpSettings::readForeign(codex, &problems);
    QVERIFY2(fromCodex.ok(), qPrintable(fromCodex.hasError() ? fromCodex.error().toString() : QString()));
    QCOMPARE(fromCodex->size(), 2);
    const McpServerConfig docs = fromCodex->at(0).name == QLatin1String("docs") ? fromCodex->at(0) : fromCodex->at(1);
    const McpServerConfig remote = fromCodex->at(0).name == QLatin1String("docs") ? fromCodex->at(1) : fromCodex->at(0);
    QCOMPARE(docs.args, (QStringList{QStringLiteral("-y"), QStringLiteral("mcp-docs"), QStringLiteral("literal\\path")}));
    QCOMPARE(docs.env.value(QStringLiteral("API_KEY")), QStringLiteral("k"));
    QCOMPARE(docs.env.value(QStringLiteral("HOME")), QStringLiteral("${HOME:-}"));
    QCOMPARE(docs.startupTimeoutSec, 20);
    QCOMPARE(docs.toolTimeoutSec, 120);
    QCOMPARE(docs.enabledTools, QStringList{QStringLiteral("search")});
    QCOMPARE(remote.transport, McpServerConfig::Transport::Http);
    QCOMPARE(remote.bearerTokenEnvVar, QStringLiteral("REMOTE_TOKEN"));
    QCOMPARE(remote.headers.value(QStringLiteral("X-Key")), QStringLiteral("${REMOTE_KEY}"));

    QVERIFY(toml.open(QIODevice::WriteOnly | QIODevice::Truncate));
    toml.write("[mcp_servers.x]\ncommand = \"unterminated\n");
    toml.close();
    const auto broken = McpSettings::readForeign(codex, &problems);
    QVERIFY(broken.hasError());
    QVERIFY(broken.error().location.endsWith(QStringLiteral(":2")));

    // Arrays nested 100,000 deep (a stack overflow before, found by fuzz_tomlsubset) are
    // refused with their own message; 100 deep still read.
    QVERIFY(toml.open(QIODevice::WriteOnly | QIODevice::Truncate));
    toml.write("[mcp_servers.x]\nargs = " + QByteArray(100000, '[') + "\n");
    toml.close();
    const auto deep = McpSettings::readForeign(codex, &problems);
    QVERIFY(deep.hasError());
    QVERIFY2(deep.error().message.contains(QStringLiteral("nested more than 128 deep")), qPrintable(deep.error().message));
    QVERIFY(toml.open(QIODevice::WriteOnly | QIODevice::Truncate));
    toml.write("[mcp_servers.x]\ncommand = \"npx\"\nnested = " + QByteArray(100, '[') + QByteArray(100, ']') + "\n");
    toml.close();
    const auto shallow = McpSettings::readForeign(codex, &problems);
    QVERIFY2(shallow.ok(), qPrintable(shallow.hasError() ? shallow.error().toString() : QString()));
}

void commandResolution()
{
    McpServerConfig config;
    config.name = QStringLiteral("x");
    config.command = QStringLiteral("definitely-not-a-command-valis");
    const auto missing = resolveServer(config);
    QVERIFY(missing.hasError());
    QCOMPARE(missing.error().code, QStringLiteral("mcp.command-not-found"));
    QVERIFY(missing.error().message.contains(QStringLiteral("login shell")));
    config.command = QStringLiteral("sh");
    config.args = {QStringLiteral("-c"), QStringLiteral("echo ${GREETING:-hi}")};
    const auto found = resolveServer(config);
    QVERIFY(found.ok());
    QVERIFY(QFileInfo(found->program).isAbsolute());
    QCOMPARE(found->arguments.last(), QStringLiteral("echo hi"));
}

} // namespace mcpwire
