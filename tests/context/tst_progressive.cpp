// The progressive strategy through the real ContextPipeline: offload, eviction in batches with
// hysteresis, summarisation as the last resort; every move recorded and reachable, the view a
// function of the record.
#include "progressivestrategy.h"
#include "testsupport.h"
#include "valis/agent/contextpipeline.h"
#include "valis/context/compactionevent.h"
#include "valis/context/contextarchive.h"
#include "valis/record/recordjson.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QtTest>

using namespace valis;

namespace {

Message message(Role role, const QList<Part> &parts, int turn, const QString &id)
{
    Message m;
    m.id = id;
    m.role = role;
    m.parts = parts;
    m.turn = turn;
    return m;
}

QString numberedLines(int count, const QString &word = QStringLiteral("line"))
{
    QStringList lines;
    for (int i = 1; i <= count; ++i)
        lines << QStringLiteral("%1 %2 of the output").arg(word).arg(i);
    return lines.join(QLatin1Char('\n'));
}

Part toolCall(const QString &id, const QString &tool, const QJsonObject &arguments)
{
    return Part::makeToolCall(id, tool, arguments);
}

Part toolResult(const QString &id, const QString &tool, const QString &text)
{
    Part result = Part::makeToolResultText(id, text);
    result.toolName = tool;
    return result;
}

QString viewText(const QList<Message> &view)
{
    QString text;
    for (const Message &m : view) {
        for (const Part &p : m.parts) {
            text += p.text + p.argumentsJson();
            for (const Part &inner : p.content)
                text += inner.text;
            text += QLatin1Char('\n');
        }
    }
    return text;
}

/// What the Session does around the pipeline: append messages, build before each request,
/// record the events the build made.
class Simulation
{
public:
    explicit Simulation(qint64 window, qint64 maxOutput = 4000, const QJsonObject &settings = {})
    {
        ModelInfo model;
        model.id = QStringLiteral("test-model");
        model.contextWindow = window;
        model.maxOutputTokens = maxOutput;
        model.prices.input = 3.0;
        model.prices.output = 15.0;
        model.prices.cacheWrite = 3.75;
        model.prices.cacheRead = 0.3;
        pipeline.setModel(model, -1);
        pipeline.setStrategies({&strategy});
        if (!settings.isEmpty())
            pipeline.setStrategySettings({{QStringLiteral("progressive"), settings}});
        pipeline.setSession(QStringLiteral("s-test"), QStringLiteral("default"));
        pipeline.setArchive(archive);
    }

    /// One turn: a user request, `calls` tool calls with their results, a closing answer.
    /// Builds before each model request, as the agent loop does.
    void turn(const QList<QPair<Part, Part>> &calls, const QString &answer = QStringLiteral("done"))
    {
        ++m_turn;
        add(message(Role::User, {Part::makeText(QStringLiteral("request %1").arg(m_turn))}, m_turn, next()));
        build();
        for (const auto &[call, result] : calls) {
            add(message(Role::Assistant, {Part::makeText(QStringLiteral("calling")), call}, m_turn, next()));
            add(message(Role::Tool, {result}, m_turn, next()));
            build();
        }
        add(message(Role::Assistant, {Part::makeText(answer)}, m_turn, next()));
    }

    void add(const Message &m)
    {
        Message stored = m;
        stored.seq = record.size();
        record.append(stored);
    }

    ContextView build(bool force = false)
    {
        ContextView view = pipeline.build(record, m_turn, force);
        for (const CompactionEvent &event : view.compactions) {
            Message eventMessage = event.toMessage();
            eventMessage.turn = m_turn;
            add(eventMessage);
        }
        views.append(view);
        return view;
    }

    /// What the host records when a summary it was asked for arrives (or fails).
    void answerSummary(const SummaryRequest &request, const QString &text, const QString &error = {})
    {
        CompactionEvent prepared;
        prepared.id = next();
        prepared.strategy = QStringLiteral("progressive");
        prepared.action = QStringLiteral("summary-prepared");
        prepared.state = {{QStringLiteral("requestId"), request.id},
                          {QStringLiteral("lastMessageId"), request.lastMessageId},
                          {QStringLiteral("text"), text}};
        if (!error.isEmpty())
            prepared.state.insert(QStringLiteral("error"), error);
        Message recorded = prepared.toMessage();
        recorded.turn = m_turn;
        add(recorded);
    }

    /// A turn of talk only: a long request and a long answer, nothing to evict.
    void talk(int words)
    {
        ++m_turn;
        const QString text = QStringLiteral("We discussed the parser in src/parser/grammar.y and issue #%1. ").arg(m_turn).repeated(words / 12);
        add(message(Role::User, {Part::makeText(QStringLiteral("request %1: ").arg(m_turn) + text)}, m_turn, next()));
        build();
        add(message(Role::Assistant, {Part::makeText(text)}, m_turn, next()));
    }

    QString next() { return QStringLiteral("m-%1").arg(++m_ids, 5, 10, QLatin1Char('0')); }
    int currentTurn() const { return m_turn; }

    ProgressiveStrategy strategy;
    ContextPipeline pipeline;
    std::shared_ptr<MemoryContextArchive> archive = std::make_shared<MemoryContextArchive>();
    QList<Message> record;
    QList<ContextView> views;

private:
    int m_turn = 0;
    int m_ids = 0;
};

QList<CompactionEvent> eventsOf(const QList<Message> &record, const QString &action = {})
{
    QList<CompactionEvent> events;
    for (const Message &m : record) {
        if (const auto event = CompactionEvent::fromMessage(m); event && event->ok()
                                                                 && (action.isEmpty() || event->value().action == action))
            events.append(event->value());
    }
    return events;
}

/// The path of the first "/context/results/..." pointer in `text`.
QString pointerIn(const QString &text)
{
    static const QRegularExpression path(QStringLiteral("/context/(?:results|transcripts)/[A-Za-z0-9._-]+"));
    return path.match(text).captured(0);
}

} // namespace

class TestProgressive : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void offloadsHugeResultsAtOnceWithAPreview()
    {
        Simulation sim(1000000);
        const QString huge = numberedLines(12000); // ~90 KB, well over 20,000 tokens
        sim.turn({{toolCall(QStringLiteral("c1"), QStringLiteral("exec"), {{QStringLiteral("command"), QStringLiteral("make")}}),
                   toolResult(QStringLiteral("c1"), QStringLiteral("exec"), huge)}});
        const QList<CompactionEvent> offloads = eventsOf(sim.record, QStringLiteral("offload"));
        QCOMPARE(offloads.size(), 1);
        const ViewEdit &edit = offloads.first().edits.first();
        QCOMPARE(edit.item, QStringLiteral("tool-result"));
        QVERIFY(edit.pointer.startsWith(QLatin1String("/context/results/r-")));
        QVERIFY(edit.tokensBefore > 20000 && edit.tokensAfter < 2000);
        // The archive holds the exact bytes; the view a preview with the way back.
        QCOMPARE(sim.archive->read(edit.pointer).value(), huge.toUtf8());
        const QString shown = sim.views.last().messages.at(2).parts.first().content.first().text;
        QVERIFY(shown.contains(edit.pointer));
        QVERIFY(shown.contains(QStringLiteral("read_file {\"offset\":21,\"path\":\"%1\"}").arg(edit.pointer)));
        QVERIFY(shown.contains(QStringLiteral("line 20 of the output\n")));
        QVERIFY(!shown.contains(QStringLiteral("line 21 of the output\n")));
        QVERIFY(shown.contains(QStringLiteral("line 12000 of the output")));
        QVERIFY(shown.contains(QStringLiteral("11,960 lines not shown")));
        // Offloading does not wait for the budget, and the record keeps everything.
        QCOMPARE(sim.record.at(2).parts.first().content.first().text, huge);
    }

    void neverMovesPlansSkillsOrMemoryAnswers()
    {
        // Huge results: any other tool's would be offloaded at once.
        Simulation sim(1000000);
        const QString big = numberedLines(5000);
        sim.pipeline.setKeepResultsInContext({QStringLiteral("my_plan_tool")});
        sim.turn({{toolCall(QStringLiteral("c1"), QStringLiteral("retrieve_memory"), {{QStringLiteral("key"), QStringLiteral("m-1")}}),
                   toolResult(QStringLiteral("c1"), QStringLiteral("retrieve_memory"), big)},
                  {toolCall(QStringLiteral("c2"), QStringLiteral("my_plan_tool"), {}),
                   toolResult(QStringLiteral("c2"), QStringLiteral("my_plan_tool"), big)},
                  {toolCall(QStringLiteral("c3"), QStringLiteral("load_skill"), {{QStringLiteral("name"), QStringLiteral("x")}}),
                   toolResult(QStringLiteral("c3"), QStringLiteral("load_skill"), big)},
                  {toolCall(QStringLiteral("c4"), QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("x")}}),
                   toolResult(QStringLiteral("c4"), QStringLiteral("grep"), big)}});
        // Only the grep result moved.
        const QList<CompactionEvent> events = eventsOf(sim.record);
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().edits.size(), 1);
        QCOMPARE(events.first().edits.first().messageId, sim.record.at(8).id);
        QCOMPARE(viewText(sim.views.last().messages).count(QStringLiteral("line 2500 of the output")), 3);
    }

    void evictsInBatchesSoThePrefixHoldsBetweenThem()
    {
        const qint64 window = 60000;
        Simulation sim(window, 4000);
        // Forty turns, each reading a ~2,500-token file: far more than the window holds.
        for (int t = 1; t <= 40; ++t) {
            const QString id = QStringLiteral("c%1").arg(t);
            sim.turn({{toolCall(id, QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("src/file%1.cpp").arg(t)}}),
                       toolResult(id, QStringLiteral("read_file"), numberedLines(400, QStringLiteral("file%1").arg(t)))}});
        }
        const QList<CompactionEvent> evictions = eventsOf(sim.record, QStringLiteral("evict"));
        QVERIFY2(evictions.size() >= 2, "the session never needed a second eviction: make it longer");
        const qint64 usable = window - 4000;
        int changedPrefixes = 0;
        for (int v = 0; v < sim.views.size(); ++v) {
            const ContextView &view = sim.views.at(v);
            // Never over the window; after an eviction well under the low-water mark.
            QVERIFY2(view.requestTokens <= qint64(0.85 * double(usable)) + 3000, qPrintable(QString::number(view.requestTokens)));
            if (!view.compactions.isEmpty()) {
                QVERIFY(view.requestTokens <= qint64(0.60 * double(usable)));
                ++changedPrefixes;
                continue;
            }
            // Between evictions each request starts with the whole previous one (the cache holds).
            if (v > 0) {
                const QList<Message> &before = sim.views.at(v - 1).messages;
                QVERIFY(view.messages.size() >= before.size());
                QCOMPARE(view.messages.mid(0, before.size()), before);
            }
        }
        QCOMPARE(changedPrefixes, evictions.size());
        QVERIFY2(evictions.size() <= sim.views.size() / 6, "eviction runs too often: no hysteresis");
        // Every evicted result comes back byte for byte from the pointer the view shows.
        for (const CompactionEvent &event : evictions) {
            QVERIFY(event.cacheInvalidatedTokens > 0);
            QVERIFY(event.cacheCostUsd.has_value());
            for (const ViewEdit &edit : event.edits) {
                QCOMPARE(edit.item, QStringLiteral("tool-result"));
                const Message &original = *std::find_if(sim.record.cbegin(), sim.record.cend(),
                                                        [&](const Message &m) { return m.id == edit.messageId; });
                QCOMPARE(sim.archive->read(edit.pointer).value(), original.parts.at(edit.partIndex).content.first().text.toUtf8());
                QCOMPARE(pointerIn(edit.part.content.first().text), edit.pointer);
            }
        }
        // The most recent results are verbatim.
        const QString last = viewText(sim.views.last().messages);
        for (int t = 38; t <= 40; ++t)
            QVERIFY2(last.contains(QStringLiteral("file%1 400 of the output").arg(t)), qPrintable(QString::number(t)));
        QVERIFY(!last.contains(QStringLiteral("file1 400 of the output")));
    }

    void evictsEarlyWhenOldOutputIsMostOfALargeView()
    {
        // A 200k window: far from its 85%, but every request would read all this old output.
        Simulation sim(200000, 8000);
        for (int t = 1; t <= 20; ++t) {
            const QString id = QStringLiteral("c%1").arg(t);
            sim.turn({{toolCall(id, QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("f%1.cpp").arg(t)}}),
                       toolResult(id, QStringLiteral("read_file"), numberedLines(300, QStringLiteral("file%1").arg(t)))}});
        }
        const QList<CompactionEvent> evictions = eventsOf(sim.record, QStringLiteral("evict"));
        QVERIFY(!evictions.isEmpty());
        QVERIFY2(evictions.first().tokensBefore < qint64(0.5 * 192000), qPrintable(QString::number(evictions.first().tokensBefore)));
        QVERIFY(evictions.first().tokensBefore >= 24000);
        QVERIFY(evictions.first().tokensAfter < evictions.first().tokensBefore / 2);

        // A view of mostly talk has nothing to evict: without summaries that pay for themselves
        // (tst_progressivecost covers those) it is left alone until its threshold.
        Simulation talk(200000, 8000, {{QStringLiteral("summariseForCost"), false}});
        for (int t = 0; t < 12; ++t)
            talk.talk(3000);
        QVERIFY(talk.views.last().requestTokens > 24000);
        QVERIFY(eventsOf(talk.record, QStringLiteral("evict")).isEmpty());
        QVERIFY(eventsOf(talk.record, QStringLiteral("summarise")).isEmpty());
        // And the setting turns it off.
        Simulation off(200000, 8000, {{QStringLiteral("evictEarlyTokens"), 0}});
        for (int t = 1; t <= 20; ++t) {
            const QString id = QStringLiteral("c%1").arg(t);
            off.turn({{toolCall(id, QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("f%1.cpp").arg(t)}}),
                       toolResult(id, QStringLiteral("read_file"), numberedLines(300, QStringLiteral("file%1").arg(t)))}});
        }
        QVERIFY(eventsOf(off.record, QStringLiteral("evict")).isEmpty());
    }

    void writeInputsBecomePointersToTheirFile()
    {
        Simulation sim(30000, 2000);
        const QString content = numberedLines(300, QStringLiteral("code"));
        for (int t = 1; t <= 24; ++t) {
            const QString id = QStringLiteral("w%1").arg(t);
            sim.turn({{toolCall(id, QStringLiteral("write_file"),
                                {{QStringLiteral("path"), QStringLiteral("src/gen%1.cpp").arg(t)}, {QStringLiteral("content"), content}}),
                       toolResult(id, QStringLiteral("write_file"), QStringLiteral("wrote src/gen%1.cpp").arg(t))}});
        }
        QList<ViewEdit> inputs;
        for (const CompactionEvent &event : eventsOf(sim.record, QStringLiteral("evict"))) {
            for (const ViewEdit &edit : event.edits) {
                if (edit.item == QLatin1String("tool-input"))
                    inputs.append(edit);
            }
        }
        QVERIFY(!inputs.isEmpty());
        const ViewEdit &first = inputs.first();
        const QJsonObject kept = first.part.arguments.toObject();
        QCOMPARE(kept.value(QLatin1String("path")).toString(), QStringLiteral("src/gen1.cpp"));
        const QString note = kept.value(QLatin1String("content")).toString();
        QVERIFY2(note.contains(QStringLiteral("the file itself is at src/gen1.cpp")), qPrintable(note));
        QVERIFY2(note.contains(first.pointer), qPrintable(note));
        QVERIFY(first.pointer.endsWith(QLatin1String(".json")));
        // The archive holds the call's exact original input.
        const QJsonObject original{{QStringLiteral("path"), QStringLiteral("src/gen1.cpp")}, {QStringLiteral("content"), content}};
        QCOMPARE(QJsonDocument::fromJson(sim.archive->read(first.pointer).value()).object(), original);
    }

    void viewIsAFunctionOfTheRecord()
    {
        Simulation sim(30000, 2000);
        for (int t = 1; t <= 30; ++t) {
            const QString id = QStringLiteral("c%1").arg(t);
            sim.turn({{toolCall(id, QStringLiteral("grep"), {{QStringLiteral("pattern"), QStringLiteral("x%1").arg(t)}}),
                       toolResult(id, QStringLiteral("grep"), numberedLines(t % 7 == 0 ? 4000 : 200, QStringLiteral("hit%1").arg(t)))}});
            // A reopened session (a fresh pipeline, nothing cached) shows exactly the same bytes.
            ContextPipeline fresh;
            fresh.setModel(sim.pipeline.model(), -1);
            fresh.setStrategies({&sim.strategy});
            fresh.setArchive(sim.archive);
            const ContextView again = fresh.build(sim.record, sim.currentTurn() + 1, false);
            const ContextView incremental = sim.pipeline.build(sim.record, sim.currentTurn() + 1, false);
            QCOMPARE(incremental.messages, again.messages);
            QVERIFY(again.compactions.isEmpty());
            QVERIFY(incremental.compactions.isEmpty());
        }
        QVERIFY(!eventsOf(sim.record, QStringLiteral("evict")).isEmpty());
        QVERIFY(!eventsOf(sim.record, QStringLiteral("offload")).isEmpty());
    }

    void summarisesExtractivelyWhenNothingElseFits()
    {
        Simulation sim(24000, 2000);
        sim.talk(600);
        const QString pinnedId = sim.record.constLast().id;
        sim.add(pinMessage(pinnedId, true));
        for (int t = 0; t < 30 && eventsOf(sim.record, QStringLiteral("summarise")).isEmpty(); ++t)
            sim.talk(600);
        const QList<CompactionEvent> summaries = eventsOf(sim.record, QStringLiteral("summarise"));
        QCOMPARE(summaries.size(), 1);
        const CompactionEvent &event = summaries.first();
        QCOMPARE(event.edits.size(), 1);
        const ViewEdit &edit = event.edits.first();
        QCOMPARE(edit.kind, ViewEdit::Kind::ReplacePrefix);
        QCOMPARE(event.state.value(QLatin1String("source")).toString(), QStringLiteral("extractive"));
        QVERIFY(event.state.value(QLatin1String("summaryCall")).toObject().value(QLatin1String("outputTokens")).toInt() > 0);

        // The span is saved whole; its JSON lines are the record's messages.
        const QString markdown = edit.pointer;
        QVERIFY(markdown.startsWith(QLatin1String("/context/transcripts/T-1-through-")) && markdown.endsWith(QLatin1String(".md")));
        const QString json = markdown.chopped(3) + QStringLiteral(".json");
        QList<Message> saved;
        for (const QByteArray &line : sim.archive->read(json).value().split('\n')) {
            const QJsonObject entry = QJsonDocument::fromJson(line).object();
            if (entry.value(QLatin1String("type")).toString() != QLatin1String("message"))
                continue;
            const Result<Message> m = recordjson::messageFromJson(entry.value(QLatin1String("message")).toObject());
            QVERIFY(m.ok());
            saved.append(m.value());
        }
        int last = 0;
        while (sim.record.at(last).id != edit.lastMessageId)
            ++last;
        QList<Message> span;
        for (int i = 0; i <= last; ++i) {
            if (sim.record.at(i).role != Role::System)
                span.append(sim.record.at(i));
        }
        QCOMPARE(saved.size(), span.size());
        for (int i = 0; i < span.size(); ++i) {
            QCOMPARE(saved.at(i).id, span.at(i).id);
            QCOMPARE(saved.at(i).text(), span.at(i).text());
        }
        QVERIFY(sim.archive->read(markdown).value().contains("request 1: "));

        // The view: pinned and ledger first, then the summary naming the transcript, then the
        // turns after the span, from a user request on.
        const QList<Message> &view = sim.views.last().messages;
        QVERIFY(view.first().text().startsWith(QLatin1String("<pinned-context>")));
        const Message pinned = *std::find_if(sim.record.cbegin(), sim.record.cend(), [&](const Message &m) { return m.id == pinnedId; });
        QVERIFY(view.first().text().contains(QStringLiteral("<pinned id=\"%1\"").arg(pinnedId)));
        QVERIFY(view.first().text().contains(pinned.text()));
        QVERIFY(view.at(1).text().startsWith(QLatin1String("<context-summary through=\"T-")));
        QVERIFY(view.at(1).text().contains(markdown));
        QVERIFY(view.at(1).text().contains(QStringLiteral("src/parser/grammar.y")));
        QVERIFY(view.at(2).startsTurn());
        // The ledger names the step the session is on: the request kept after the span, not the
        // span's last (a model would go back to a finished request).
        QVERIFY2(view.first().text().contains(QStringLiteral("Current step: request %1: ").arg(sim.currentTurn())),
                 qPrintable(view.first().text().left(400)));
        // It fits now, with room to grow before the next swap.
        QVERIFY(sim.views.last().requestTokens < qint64(0.85 * 22000));
    }

    void laterSummariesCoverOnlyWhatIsNew()
    {
        Simulation sim(24000, 2000);
        for (int t = 0; t < 80 && eventsOf(sim.record, QStringLiteral("summarise")).size() < 2; ++t)
            sim.talk(600);
        const QList<CompactionEvent> summaries = eventsOf(sim.record, QStringLiteral("summarise"));
        QCOMPARE(summaries.size(), 2);
        const QString firstTranscript = summaries.at(0).state.value(QLatin1String("transcript")).toString();
        const QString secondTranscript = summaries.at(1).state.value(QLatin1String("transcript")).toString();
        QVERIFY(firstTranscript.startsWith(QLatin1String("/context/transcripts/T-1-through-")));
        // The second transcript starts where the first one stopped.
        const int firstEnd = firstTranscript.section(QStringLiteral("-through-"), 1).section(QLatin1Char('-'), 0, 0).toInt();
        QVERIFY2(secondTranscript.startsWith(QStringLiteral("/context/transcripts/T-%1-through-").arg(firstEnd + 1)), qPrintable(secondTranscript));
        QCOMPARE(summaries.at(1).state.value(QLatin1String("transcripts")).toArray().size(), 2);
        // The view names both, and carries the first summary on.
        const QString summary = sim.views.last().messages.at(1).text();
        QVERIFY(summary.contains(firstTranscript));
        QVERIFY(summary.contains(secondTranscript));
        QVERIFY(summary.contains(QStringLiteral("## Before that (the previous summary)")));
        QVERIFY(summary.contains(QStringLiteral("### Session intent")));
    }

    void preparesTheModelSummaryInTheBackgroundThenSwapsIt()
    {
        Simulation sim(24000, 2000);
        sim.pipeline.setSummariesAvailable(true);
        std::optional<SummaryRequest> asked;
        for (int t = 0; t < 40 && !asked; ++t) {
            sim.talk(500);
            for (const auto &[strategy, request] : sim.views.last().summaryRequests) {
                QCOMPARE(strategy, QStringLiteral("progressive"));
                asked = request;
            }
            // Asked for in the background: nothing waits yet.
            QVERIFY(!sim.views.last().waitForSummary || asked);
        }
        QVERIFY2(asked.has_value(), "no summary was ever asked for");
        QCOMPARE(asked->id, QStringLiteral("progressive-start"));
        QVERIFY(asked->instruction.contains(QStringLiteral("## Session intent")));
        QVERIFY(eventsOf(sim.record, QStringLiteral("summarise")).isEmpty());
        sim.answerSummary(*asked, QStringLiteral("## Session intent\nMODEL SUMMARY of the parser talk."));
        for (int t = 0; t < 40 && eventsOf(sim.record, QStringLiteral("summarise")).isEmpty(); ++t)
            sim.talk(500);
        const QList<CompactionEvent> summaries = eventsOf(sim.record, QStringLiteral("summarise"));
        QCOMPARE(summaries.size(), 1);
        QCOMPARE(summaries.first().state.value(QLatin1String("source")).toString(), QStringLiteral("model"));
        QCOMPARE(summaries.first().edits.first().lastMessageId, asked->lastMessageId);
        const QString summary = sim.views.last().messages.at(1).text();
        QVERIFY2(summary.contains(QStringLiteral("MODEL SUMMARY")), qPrintable(summary.left(500)));
        // What the model left out of the artifacts is added verbatim.
        QVERIFY2(summary.contains(QStringLiteral("src/parser/grammar.y")), qPrintable(summary.right(800)));
    }

    void waitsForTheSummaryAndFallsBackWhenItFails()
    {
        Simulation sim(24000, 2000);
        sim.pipeline.setSummariesAvailable(true);
        std::optional<SummaryRequest> asked;
        bool waited = false;
        for (int t = 0; t < 60 && !waited; ++t) {
            sim.talk(500);
            for (const auto &[strategy, request] : sim.views.last().summaryRequests)
                asked = request;
            waited = sim.views.last().waitForSummary;
        }
        QVERIFY2(waited, "the view went over the swap threshold without waiting for its summary");
        QVERIFY(asked.has_value());
        QVERIFY(eventsOf(sim.record, QStringLiteral("summarise")).isEmpty());
        sim.answerSummary(*asked, {}, QStringLiteral("the provider is overloaded"));
        const ContextView view = sim.build();
        QVERIFY(!view.waitForSummary);
        const QList<CompactionEvent> summaries = eventsOf(sim.record, QStringLiteral("summarise"));
        QCOMPARE(summaries.size(), 1);
        QCOMPARE(summaries.first().state.value(QLatin1String("source")).toString(), QStringLiteral("extractive"));
    }

    void keepsSummarisingAsTheSessionGoesOn()
    {
        // A long session with the model answering every summary request: epoch after epoch, the
        // view stays under the window, and eviction does not run every turn.
        const qint64 window = 40000;
        Simulation sim(window, 1000);
        sim.pipeline.setSummariesAvailable(true);
        int answered = 0;
        qint64 maxTokens = 0;
        for (int t = 1; t <= 120; ++t) {
            const QString id = QStringLiteral("c%1").arg(t);
            sim.turn({{toolCall(id, QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("notes/n%1.md").arg(t)}}),
                       toolResult(id, QStringLiteral("read_file"), numberedLines(120, QStringLiteral("note%1").arg(t)))}},
                     QStringLiteral("The parser keeps a table of productions. ").repeated(40));
            for (const ContextView &view : std::as_const(sim.views)) {
                maxTokens = qMax(maxTokens, view.requestTokens);
                for (const auto &[strategy, request] : view.summaryRequests) {
                    const bool known = std::any_of(sim.record.cbegin(), sim.record.cend(), [&](const Message &m) {
                        const auto event = CompactionEvent::fromMessage(m);
                        return event && event->ok() && event->value().state.value(QLatin1String("requestId")).toString() == request.id
                               && event->value().action == QLatin1String("summary-prepared");
                    });
                    if (!known) {
                        sim.answerSummary(request, QStringLiteral("## Session intent\nsummary %1").arg(++answered));
                    }
                }
            }
            sim.views.clear();
        }
        const int evictions = int(eventsOf(sim.record, QStringLiteral("evict")).size());
        const int summaries = int(eventsOf(sim.record, QStringLiteral("summarise")).size());
        QVERIFY2(maxTokens < window - 1000, qPrintable(QString::number(maxTokens)));
        QVERIFY(summaries >= 2);
        // Every summary used was asked for once; the last one asked for may not be needed yet.
        QVERIFY2(answered == summaries || answered == summaries + 1, qPrintable(QStringLiteral("%1 %2").arg(answered).arg(summaries)));
        // Eviction runs in batches, never turn after turn once it can no longer reach its mark.
        QVERIFY2(evictions <= 120 / 8, qPrintable(QString::number(evictions)));
    }

    void badSettingsAreReportedAndChangeNothing()
    {
        Simulation sim(30000, 2000, {{QStringLiteral("evictAt"), 0.5}, {QStringLiteral("evictTo"), 0.7}});
        sim.turn({});
        const ContextView view = sim.views.last();
        QCOMPARE(view.warnings.size(), 1);
        QCOMPARE(view.warnings.first().code, QStringLiteral("context.bad-setting"));
        QVERIFY(view.warnings.first().message.contains(QStringLiteral("evictTo")));
        Simulation unknown(30000, 2000, {{QStringLiteral("evictAtt"), 0.5}});
        unknown.turn({});
        QVERIFY(unknown.views.last().warnings.first().message.contains(QStringLiteral("evictAtt")));
    }
};

VALIS_TEST_MAIN(TestProgressive)
#include "tst_progressive.moc"
