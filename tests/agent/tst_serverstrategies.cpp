// Anthropic's server-side context strategies in a live session: the request fields and beta
// headers on the wire (the real anthropic plugin against ProviderTestServer), what the response
// says the server did recorded as the strategy's CompactionEvents, and the compaction block kept
// and sent back verbatim. Response shapes follow the SDK's beta types
// (anthropics/anthropic-sdk-python src/anthropic/types/beta/: beta_raw_message_delta_event.py,
// beta_context_management_response.py, beta_clear_tool_uses_20250919_edit_response.py,
// beta_compaction_block.py, beta_compaction_content_block_delta.py,
// beta_compaction_iteration_usage.py) and its recorded-shape fixture
// tests/lib/streaming/fixtures/compaction_response.txt (synthetic upstream).
#include "sessionharness.h"
#include "streambuilders.h"

#include "valis/context/compactionevent.h"
#include "valis/plugins/contextstrategy.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray sse(const char *event, const QJsonObject &data)
{
    return QByteArray("event: ") + event + "\ndata: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n";
}

QJsonObject parse(const char *json)
{
    return QJsonDocument::fromJson(json).object();
}

/// A one-text answer whose message_delta reports `deltaExtra` (context_management, usage).
QByteArray answer(const QString &text, const QJsonObject &deltaExtra, const QByteArray &blocksBefore = {}, int firstIndex = 0)
{
    QByteArray bytes = sse("message_start", parse(R"({"type":"message_start","message":{"id":"msg_01Server","type":"message",
        "role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"stop_sequence":null,
        "usage":{"input_tokens":1200,"cache_creation_input_tokens":900,"cache_read_input_tokens":0,"output_tokens":1}}})"));
    bytes += blocksBefore;
    bytes += sse("content_block_start", QJsonObject{{QStringLiteral("type"), QStringLiteral("content_block_start")},
                                                    {QStringLiteral("index"), firstIndex},
                                                    {QStringLiteral("content_block"), parse(R"({"type":"text","text":""})")}});
    bytes += sse("content_block_delta",
                 QJsonObject{{QStringLiteral("type"), QStringLiteral("content_block_delta")},
                             {QStringLiteral("index"), firstIndex},
                             {QStringLiteral("delta"), QJsonObject{{QStringLiteral("type"), QStringLiteral("text_delta")},
                                                                   {QStringLiteral("text"), text}}}});
    bytes += sse("content_block_stop", QJsonObject{{QStringLiteral("type"), QStringLiteral("content_block_stop")},
                                                   {QStringLiteral("index"), firstIndex}});
    QJsonObject delta = parse(R"({"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},
        "usage":{"output_tokens":8}})");
    for (auto it = deltaExtra.begin(); it != deltaExtra.end(); ++it)
        delta.insert(it.key(), it.value());
    bytes += sse("message_delta", delta);
    bytes += sse("message_stop", parse(R"({"type":"message_stop"})"));
    return bytes;
}

const char CompactionBlockStart[] = R"({"type":"content_block_start","index":0,"content_block":{"type":"compaction","content":null,"encrypted_content":null}})";
const char CompactionBlockDelta[] = R"({"type":"content_block_delta","index":0,"delta":{"type":"compaction_delta","content":"The user asked for the build fix in src/app.cpp; done.","encrypted_content":"EpwBCioIDxgCEAEYASJAopaque-9f2c"}})";

QByteArray compactionBlock()
{
    return sse("content_block_start", parse(CompactionBlockStart)) + "event: ping\ndata: {\"type\": \"ping\"}\n\n"
         + sse("content_block_delta", parse(CompactionBlockDelta))
         + sse("content_block_stop", parse(R"({"type":"content_block_stop","index":0})"));
}

ContextStrategy *strategyNamed(SessionHarness &h, const QString &id)
{
    for (ContextStrategy *strategy : h.plugins()->strategies()) {
        if (strategy->id() == id)
            return strategy;
    }
    return nullptr;
}

QList<CompactionEvent> compactionsOf(const QList<Message> &record)
{
    QList<CompactionEvent> events;
    for (const Message &message : record) {
        if (const auto event = CompactionEvent::fromMessage(message); event && event->ok())
            events.append(event->value());
    }
    return events;
}

} // namespace

class TestServerStrategies : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void contextEditingOnTheWire()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        ContextStrategy *strategy = strategyNamed(h, QStringLiteral("anthropic-context-editing"));
        QVERIFY(strategy);
        h.config().strategies = {strategy};
        h.config().strategySettings.insert(strategy->id(), parse(R"({"triggerInputTokens":60000,"keepToolUses":2,
            "clearAtLeastTokens":5000,"excludeTools":["read_plan"],"clearToolInputs":true})"));
        h.config().endpoint.headers.insert("anthropic-beta", "context-1m-2025-08-07");
        QVERIFY2(h.reopen(), qPrintable(h.error()));

        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Done."), parse(R"({"context_management":{"applied_edits":[
            {"type":"clear_tool_uses_20250919","cleared_tool_uses":4,"cleared_input_tokens":41000}]}})"))));
        QCOMPARE(h.runTurn(QStringLiteral("Fix the build.")), QStringLiteral("answered"));

        QCOMPARE(h.server().requests().size(), 1);
        const CapturedRequest request = h.server().requests().first();
        // Merged with the beta the endpoint already sends, each once.
        QCOMPARE(request.header("anthropic-beta"), QByteArray("context-1m-2025-08-07,context-management-2025-06-27"));
        const QJsonObject body = request.json();
        QVERIFY(!body.contains(QStringLiteral("betas")));
        QJsonArray excluded{QStringLiteral("read_plan")};
        QStringList kept;
        for (const RegisteredTool &tool : h.registry().tools()) {
            if (tool.spec.keepResultsInContext)
                kept.append(tool.spec.name);
        }
        kept.sort();
        for (const QString &name : std::as_const(kept))
            excluded.append(name);
        QJsonObject edit = parse(R"({"type":"clear_tool_uses_20250919","trigger":{"type":"input_tokens","value":60000},
            "keep":{"type":"tool_uses","value":2},"clear_at_least":{"type":"input_tokens","value":5000},
            "clear_tool_inputs":true})");
        edit.insert(QStringLiteral("exclude_tools"), excluded);
        QCOMPARE(body.value(QStringLiteral("context_management")).toObject(),
                 (QJsonObject{{QStringLiteral("edits"), QJsonArray{edit}}}));

        // What the server cleared is this strategy's event, recorded before the answer.
        const QList<Message> &record = h.session()->record();
        const QList<CompactionEvent> events = compactionsOf(record);
        QCOMPARE(events.size(), 1);
        const CompactionEvent &event = events.first();
        QCOMPARE(event.strategy, QStringLiteral("anthropic-context-editing"));
        QCOMPARE(event.action, QStringLiteral("server-clear-tool-uses"));
        QCOMPARE(event.tokensAfter, qint64(1200 + 900));
        QCOMPARE(event.tokensBefore, qint64(1200 + 900 + 41000));
        QCOMPARE(event.state.value(QStringLiteral("provider")).toObject().value(QStringLiteral("clearedToolUses")).toInteger(), 4);
        QCOMPARE(record.constLast().role, Role::Assistant);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).size(), 1);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::ContextCompacted).first().details.value(QStringLiteral("action")).toString(),
                 QStringLiteral("server-clear-tool-uses"));
        QCOMPARE(CompactionStats::of(record).tokensSaved, qint64(41000));
    }

    void compactionBlockGoesBack()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        ContextStrategy *strategy = strategyNamed(h, QStringLiteral("anthropic-compaction"));
        QVERIFY(strategy);
        h.config().strategies = {strategy};
        h.config().strategySettings.insert(strategy->id(), parse(R"({"triggerInputTokens":80000,"instructions":"Keep file paths."})"));
        QVERIFY2(h.reopen(), qPrintable(h.error()));

        const QJsonObject usage = parse(R"({"usage":{"output_tokens":8,"iterations":[
            {"type":"compaction","input_tokens":81000,"output_tokens":950,"cache_read_input_tokens":60000,"cache_creation_input_tokens":0},
            {"type":"message","input_tokens":1200,"output_tokens":8,"cache_read_input_tokens":0,"cache_creation_input_tokens":900}]}})");
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Hello there!"), usage, compactionBlock(), 1)));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Next."), {})));
        QCOMPARE(h.runTurn(QStringLiteral("Go on.")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("And then?")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 2);

        const QJsonObject first = h.server().requests().first().json();
        QCOMPARE(h.server().requests().first().header("anthropic-beta"), QByteArray("compact-2026-01-12"));
        QCOMPARE(first.value(QStringLiteral("context_management")).toObject(),
                 parse(R"({"edits":[{"type":"compact_20260112","trigger":{"type":"input_tokens","value":80000},
                     "instructions":"Keep file paths."}]})"));

        // The block goes back exactly as it came, first in the answer it opened.
        const QJsonObject second = h.server().requests().at(1).json();
        const QJsonObject answered = second.value(QStringLiteral("messages")).toArray().at(1).toObject();
        QCOMPARE(answered.value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
        QJsonObject block = answered.value(QStringLiteral("content")).toArray().at(0).toObject();
        block.remove(QStringLiteral("cache_control"));
        QCOMPARE(block, parse(R"({"type":"compaction","content":"The user asked for the build fix in src/app.cpp; done.",
            "encrypted_content":"EpwBCioIDxgCEAEYASJAopaque-9f2c"})"));

        const QList<CompactionEvent> events = compactionsOf(h.session()->record());
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().strategy, QStringLiteral("anthropic-compaction"));
        QCOMPARE(events.first().action, QStringLiteral("server-compaction"));
        QCOMPARE(events.first().tokensBefore, qint64(81000 + 60000));
        const QJsonObject call = events.first().state.value(QStringLiteral("summaryCall")).toObject();
        QCOMPARE(call.value(QStringLiteral("outputTokens")).toInteger(), 950);
        QCOMPARE(call.value(QStringLiteral("cachedInputTokens")).toInteger(), 60000);
        // The server's summary call is billed besides the answers.
        bool billed = false;
        for (const SessionEvent &used : h.eventsOf(SessionEvent::Kind::UsageReported))
            billed = billed || (used.details.value(QStringLiteral("purpose")).toString() == QLatin1String("server-compaction")
                                && used.usage.outputTokens == 950);
        QVERIFY(billed);
    }

    void fixtureCompactionBlock()
    {
        VALIS_REQUIRE_FIXTURE(path, "anthropic-sdk-python/streaming/compaction_response.txt");
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        ContextStrategy *strategy = strategyNamed(h, QStringLiteral("anthropic-compaction"));
        QVERIFY(strategy);
        h.config().strategies = {strategy};
        QVERIFY2(h.reopen(), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(file.readAll()));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Next."), {})));
        QCOMPARE(h.runTurn(QStringLiteral("Hi")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("More")), QStringLiteral("answered"));
        const QJsonArray content = h.server().requests().at(1).json().value(QStringLiteral("messages")).toArray().at(1).toObject()
                                       .value(QStringLiteral("content")).toArray();
        QJsonObject block = content.at(0).toObject();
        block.remove(QStringLiteral("cache_control"));
        QCOMPARE(block, parse(R"({"type":"compaction","content":"Earlier conversation summarized.",
            "encrypted_content":"EpwBCioIDxgCEAEYASJALd_opaque_compaction_payload"})"));
        QCOMPARE(content.at(1).toObject().value(QStringLiteral("text")).toString(), QStringLiteral("Hello there!"));
        const QList<CompactionEvent> events = compactionsOf(h.session()->record());
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().action, QStringLiteral("server-compaction"));
    }

    void otherProvidersIgnoreAndWarn()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("openai-responses"), QStringLiteral("gpt-5"), QStringLiteral("/v1")), qPrintable(h.error()));
        h.config().strategies = {strategyNamed(h, QStringLiteral("anthropic-context-editing"))};
        QVERIFY(h.config().strategies.first());
        QVERIFY2(h.reopen(), qPrintable(h.error()));
        h.server().enqueue(ScriptedResponse::sse(ResponsesStream().text(QStringLiteral("A")).complete()));
        h.server().enqueue(ScriptedResponse::sse(ResponsesStream().text(QStringLiteral("B")).complete()));
        QCOMPARE(h.runTurn(QStringLiteral("one")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("two")), QStringLiteral("answered"));
        for (const CapturedRequest &request : h.server().requests()) {
            QVERIFY(!request.json().contains(QStringLiteral("context_management")));
            QVERIFY(!request.json().contains(QStringLiteral("betas")));
            QVERIFY(request.header("anthropic-beta").isEmpty());
        }
        int warned = 0;
        for (const SessionEvent &event : h.eventsOf(SessionEvent::Kind::Warning))
            warned += event.error.code == QLatin1String("context.server-strategy-unsupported") ? 1 : 0;
        QCOMPARE(warned, 1); // said once, not on every request
    }
};

VALIS_TEST_MAIN(TestServerStrategies)
#include "tst_serverstrategies.moc"
