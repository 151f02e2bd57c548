// The one-shot history strategy through the real ContextPipeline: a turn's view holds the task,
// the plan, the progress ledger and the turn itself, nothing of earlier turns; each turn's cut
// is one recorded edit with a way back, and a reopened session shows the same bytes.
#include "oneshotstrategy.h"
#include "testsupport.h"
#include "valis/agent/contextpipeline.h"
#include "valis/context/compactionevent.h"
#include "valis/context/contextarchive.h"
#include "valis/record/recordjson.h"

#include <QJsonArray>
#include <QJsonDocument>
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

QByteArray viewBytes(const QList<Message> &view)
{
    QByteArray bytes;
    for (const Message &m : view)
        bytes += QJsonDocument(recordjson::toJson(m)).toJson(QJsonDocument::Compact) + '\n';
    return bytes;
}

QList<CompactionEvent> eventsOf(const QList<Message> &record)
{
    QList<CompactionEvent> events;
    for (const Message &m : record) {
        if (const auto event = CompactionEvent::fromMessage(m); event && event->ok())
            events.append(event->value());
    }
    return events;
}

/// What the Session does around the pipeline: append messages, build before each request,
/// record the events the build made.
class Simulation
{
public:
    Simulation()
    {
        ModelInfo model;
        model.id = QStringLiteral("test-model");
        model.contextWindow = 200000;
        model.maxOutputTokens = 8000;
        pipeline.setModel(model, -1);
        pipeline.setStrategies({&strategy});
        pipeline.setSession(QStringLiteral("s-test"), QStringLiteral("default"));
        pipeline.setArchive(archive);
        pipeline.setPinnedTools({QStringLiteral("update_plan")});
    }

    /// Starts turn `request` and builds its first request.
    ContextView request(const QString &text)
    {
        ++m_turn;
        add(message(Role::User, {Part::makeText(text)}, m_turn, next()));
        return build();
    }

    /// A tool call of the running turn with its result, then the build of the next request.
    ContextView call(const QString &tool, const QJsonObject &arguments, const QString &result)
    {
        const QString callId = QStringLiteral("call-%1").arg(++m_calls);
        add(message(Role::Assistant, {Part::makeText(QStringLiteral("calling")), Part::makeToolCall(callId, tool, arguments)},
                    m_turn, next()));
        add(message(Role::Tool, {toolResult(callId, tool, result)}, m_turn, next()));
        return build();
    }

    void answer(const QString &text) { add(message(Role::Assistant, {Part::makeText(text)}, m_turn, next())); }

    void add(const Message &m)
    {
        Message stored = m;
        stored.seq = record.size();
        record.append(stored);
    }

    ContextView build()
    {
        ContextView view = pipeline.build(record, m_turn, false);
        for (const CompactionEvent &event : view.compactions) {
            Message eventMessage = event.toMessage();
            eventMessage.id = next();
            eventMessage.turn = m_turn;
            add(eventMessage);
        }
        return view;
    }

    QString next() { return QStringLiteral("m-%1").arg(++m_ids, 5, 10, QLatin1Char('0')); }
    int turn() const { return m_turn; }

    OneShotStrategy strategy;
    ContextPipeline pipeline;
    std::shared_ptr<MemoryContextArchive> archive = std::make_shared<MemoryContextArchive>();
    QList<Message> record;

private:
    int m_turn = 0;
    int m_ids = 0;
    int m_calls = 0;
};

QJsonObject plan(const QString &inProgress, const QString &pending)
{
    return {{QStringLiteral("plan"),
             QJsonArray{QJsonObject{{QStringLiteral("step"), inProgress}, {QStringLiteral("status"), QStringLiteral("in_progress")}},
                        QJsonObject{{QStringLiteral("step"), pending}, {QStringLiteral("status"), QStringLiteral("pending")}}}}};
}

/// A first turn with a plan, a file read and an answer, each with words that must not reach
/// later views.
void planningTurn(Simulation &sim)
{
    sim.request(QStringLiteral("PLANNER-REQUEST: design the parser"));
    sim.call(QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("src/parser/grammar.y")}},
             QStringLiteral("GRAMMAR-CONTENT %token NUMBER"));
    sim.call(QStringLiteral("update_plan"), plan(QStringLiteral("write the lexer"), QStringLiteral("write the tests")),
             QStringLiteral("Plan: 1. [in_progress] write the lexer 2. [pending] write the tests"));
    sim.answer(QStringLiteral("PLANNER-ANSWER: the grammar is LALR(1)"));
}

} // namespace

class TestOneShot : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void firstTurnIsLeftAlone()
    {
        Simulation sim;
        const ContextView view = sim.request(QStringLiteral("only a task"));
        QVERIFY(view.compactions.isEmpty());
        QCOMPARE(view.messages.size(), 1);
        QCOMPARE(view.messages.first().text(), QStringLiteral("only a task"));
    }

    void viewHoldsTheTaskThePlanTheLedgerAndTheTurnOnly()
    {
        Simulation sim;
        planningTurn(sim);
        const ContextView view = sim.request(QStringLiteral("WORKER-TASK: write the lexer"));
        QVERIFY2(view.warnings.isEmpty(), qPrintable(view.warnings.value(0).message));
        const QString text = viewText(view.messages);
        // Nothing of the earlier turn itself...
        for (const char *earlier : {"PLANNER-REQUEST", "PLANNER-ANSWER", "GRAMMAR-CONTENT", "calling"})
            QVERIFY2(!text.contains(QLatin1String(earlier)), earlier);
        // ...but the task, the ledger (the file read with its hash) and the plan (the pinned reminder).
        QVERIFY(text.contains(QLatin1String("WORKER-TASK: write the lexer")));
        QVERIFY(text.contains(QLatin1String("<progress-ledger>")));
        QVERIFY(text.contains(QLatin1String("src/parser/grammar.y sha256:")));
        QVERIFY(text.contains(QLatin1String("Current step: write the lexer")));
        QVERIFY(text.contains(QLatin1String("The current plan")));
        QVERIFY(text.contains(QLatin1String("[in_progress] write the lexer")));
        // Block, task, plan reminder: in that order, and nothing else.
        QCOMPARE(view.messages.size(), 3);
        QVERIFY(view.messages.at(0).id.startsWith(OneShotStrategy::blockIdPrefix()));
        QCOMPARE(view.messages.at(1).text(), QStringLiteral("WORKER-TASK: write the lexer"));
        QVERIFY(view.messages.at(2).text().startsWith(QLatin1String("<system-reminder>")));
    }

    void eachTurnsCutIsOneRecordedEditWithAWayBack()
    {
        Simulation sim;
        planningTurn(sim);
        sim.request(QStringLiteral("second task"));
        const QList<CompactionEvent> events = eventsOf(sim.record);
        QCOMPARE(events.size(), 1);
        const CompactionEvent &event = events.first();
        QCOMPARE(event.strategy, QStringLiteral("oneshot"));
        QCOMPARE(event.action, QStringLiteral("oneshot"));
        QCOMPARE(event.edits.size(), 1);
        QCOMPARE(event.edits.first().kind, ViewEdit::Kind::ReplacePrefix);
        // Everything of turn 1 left, and it is in the transcript the block names.
        QCOMPARE(event.replaced.size(), 6);
        const QString transcript = event.edits.first().pointer;
        QVERIFY2(transcript.startsWith(QLatin1String("/context/transcripts/T-1")), qPrintable(transcript));
        QVERIFY(event.edits.first().messages.first().text().contains(transcript));
        QVERIFY(event.edits.first().messages.first().text().contains(QLatin1String("search_history")));
        const Result<QByteArray> saved = sim.archive->read(transcript);
        QVERIFY2(saved.ok(), qPrintable(transcript));
        QVERIFY(saved->contains("PLANNER-REQUEST"));
        QVERIFY(saved->contains("GRAMMAR-CONTENT"));
        QCOMPARE(event.state.value(QLatin1String("through")).toString(), QStringLiteral("T-1"));

        // Within the turn nothing more moves: the prefix stays cache-stable.
        const ContextView during = sim.call(QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("README.md")}},
                                            QStringLiteral("readme"));
        QVERIFY(during.compactions.isEmpty());
        QVERIFY(viewText(during.messages).contains(QLatin1String("readme")));
        sim.answer(QStringLiteral("second answer"));

        // The next turn cuts again, at the turn before it only: the new transcript holds turn 2.
        sim.request(QStringLiteral("third task"));
        const QList<CompactionEvent> after = eventsOf(sim.record);
        QCOMPARE(after.size(), 2);
        const QString second = after.last().edits.first().pointer;
        QVERIFY(second != transcript);
        const Result<QByteArray> secondSaved = sim.archive->read(second);
        QVERIFY2(secondSaved.ok(), qPrintable(second));
        QVERIFY(secondSaved->contains("second answer"));
        QVERIFY(!secondSaved->contains("PLANNER-REQUEST"));
        QCOMPARE(after.last().state.value(QLatin1String("transcripts")).toArray().size(), 2);
        QCOMPARE(after.last().state.value(QLatin1String("through")).toString(), QStringLiteral("T-2"));
    }

    void aReopenedSessionBuildsTheSameBytes()
    {
        Simulation sim;
        planningTurn(sim);
        for (int t = 2; t <= 6; ++t) {
            sim.request(QStringLiteral("task %1").arg(t));
            sim.call(QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("src/f%1.cpp").arg(t)}},
                     QStringLiteral("content %1").arg(t));
            sim.answer(QStringLiteral("answer %1").arg(t));
            // A reopened session (a fresh pipeline, nothing cached) shows exactly the same bytes.
            ContextPipeline fresh;
            fresh.setModel(sim.pipeline.model(), -1);
            fresh.setStrategies({&sim.strategy});
            fresh.setArchive(sim.archive);
            fresh.setPinnedTools(sim.pipeline.pinnedTools());
            const ContextView again = fresh.build(sim.record, sim.turn(), false);
            const ContextView incremental = sim.pipeline.build(sim.record, sim.turn(), false);
            QVERIFY(again.compactions.isEmpty());
            QVERIFY(incremental.compactions.isEmpty());
            QCOMPARE(viewBytes(again.messages), viewBytes(incremental.messages));
            QVERIFY(viewText(again.messages).contains(QStringLiteral("answer %1").arg(t)));
            QVERIFY(!viewText(again.messages).contains(QStringLiteral("answer %1").arg(t - 1)));
        }
        QCOMPARE(eventsOf(sim.record).size(), 5);
    }

    void keepsTheViewValidAndMemoryRefsAreNotLost()
    {
        Simulation sim;
        sim.request(QStringLiteral("first"));
        // An earlier turn with a captured result: the whole turn leaves, its MemoryRef with it.
        sim.call(QStringLiteral("exec"), {{QStringLiteral("command"), QStringLiteral("make")}},
                 QStringLiteral("[MemoryRef: m-3f9a2c - make log, 900 lines, exit 2]"));
        sim.answer(QStringLiteral("built"));
        const ContextView second = sim.request(QStringLiteral("second"));
        QVERIFY2(second.warnings.isEmpty(), qPrintable(second.warnings.value(0).message));
        QCOMPARE(second.compactions.size(), 1);
        // The current turn's calls keep their results (the pipeline refuses a broken view).
        const ContextView during = sim.call(QStringLiteral("exec"), {{QStringLiteral("command"), QStringLiteral("ls")}},
                                            QStringLiteral("[MemoryRef: m-77aa00 - ls, 4000 lines]"));
        QVERIFY2(during.warnings.isEmpty(), qPrintable(during.warnings.value(0).message));
        QVERIFY(viewText(during.messages).contains(QLatin1String("m-77aa00")));
        QList<Message> check = during.messages;
        QVERIFY(normaliseView(check).isEmpty());
        sim.answer(QStringLiteral("listed"));
        const ContextView third = sim.request(QStringLiteral("third"));
        QVERIFY2(third.warnings.isEmpty(), qPrintable(third.warnings.value(0).message));
        QCOMPARE(third.compactions.size(), 1);
    }

    void pinnedMessagesStayVerbatim()
    {
        Simulation sim;
        sim.request(QStringLiteral("PINNED-REQUEST: always use tabs"));
        const QString pinnedId = sim.record.constLast().id;
        sim.answer(QStringLiteral("ok"));
        sim.add(pinMessage(pinnedId, true));
        const ContextView view = sim.request(QStringLiteral("next"));
        QVERIFY(viewText(view.messages).contains(QLatin1String("PINNED-REQUEST: always use tabs")));
        QVERIFY(!viewText(view.messages).contains(QLatin1String("\nok\n")));
    }

    void systemPromptSaysHowToLookBack()
    {
        const OneShotStrategy strategy;
        QCOMPARE(strategy.id(), QStringLiteral("oneshot"));
        QVERIFY(strategy.systemPromptSection().contains(QLatin1String("search_history")));
        QVERIFY(strategy.systemPromptSection().contains(QLatin1String("one-shot")));
    }
};

QTEST_GUILESS_MAIN(TestOneShot)
#include "tst_oneshot.moc"
