// The view a request sends: normalised so every provider accepts it, built from the record
// without changing it, compacted by strategies when it does not fit.
#include "testsupport.h"
#include "valis/agent/contextpipeline.h"
#include "valis/agent/viewnormaliser.h"
#include "valis/context/compactionevent.h"

#include <QJsonArray>
#include <QtTest>

using namespace valis;

namespace {

Message message(Role role, const QList<Part> &parts, int turn = 1, const QString &id = {})
{
    Message m;
    m.id = id.isEmpty() ? newMessageId() : id;
    m.role = role;
    m.parts = parts;
    m.turn = turn;
    return m;
}

Part call(const QString &id, const QString &json = QStringLiteral("{\"path\":\"a\"}"))
{
    return Part::makeToolCallFromText(id, QStringLiteral("read_file"), json);
}

Part result(const QString &id, const QString &text = QStringLiteral("ok"))
{
    return Part::makeToolResultText(id, text);
}

QStringList callIdsOf(const QList<Message> &view, PartKind kind)
{
    QStringList ids;
    for (const Message &m : view)
        for (const Part &p : m.parts)
            if (p.kind == kind)
                ids.append(p.callId);
    return ids;
}

/// A strategy that, over the budget (or when forced), replaces every long tool result's text by
/// a pointer, as an eviction would, and records each replacement.
class EvictResults : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("evict-test"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override
    {
        ++calls;
        StrategyReport report;
        report.tokensBefore = budget.count(view);
        if (!context.forced && budget.requestTokens(view) <= budget.targetTokens)
            return report;
        CompactionEvent event;
        event.action = QStringLiteral("evict");
        for (Message &m : view) {
            for (int i = 0; i < m.parts.size(); ++i) {
                Part &p = m.parts[i];
                if (p.kind == PartKind::ToolResult && p.content.size() == 1 && p.content.first().text.size() > 100) {
                    p.content = {Part::makeText(QStringLiteral("[moved to /context/results/r-1.txt]"))};
                    report.replaced.append(m.id);
                    ViewEdit edit;
                    edit.messageId = m.id;
                    edit.partIndex = i;
                    edit.part = p;
                    edit.item = QStringLiteral("tool-result");
                    edit.pointer = QStringLiteral("/context/results/r-1.txt");
                    event.edits.append(edit);
                }
            }
        }
        report.tokensAfter = budget.count(view);
        if (!event.edits.isEmpty())
            report.events = {event};
        return report;
    }
    int calls = 0;
};

class FailingStrategy : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("failing"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &) override
    {
        view.clear(); // must not leak out: the pipeline discards a failed step's view
        return Error(QStringLiteral("strategy.failed"), QStringLiteral("no"));
    }
};

/// Changes the view without recording how: the pipeline must refuse it.
class SilentStrategy : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("silent"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &) override
    {
        view.first().parts = {Part::makeText(QStringLiteral("changed"))};
        return StrategyReport();
    }
};

} // namespace

class TestContextView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void completeViewIsUntouched()
    {
        QList<Message> view = {message(Role::User, {Part::makeText(QStringLiteral("hi"))}),
                               message(Role::Assistant, {Part::makeText(QStringLiteral("reading")), call(QStringLiteral("c1"))}),
                               message(Role::Tool, {result(QStringLiteral("c1"))}),
                               message(Role::Assistant, {Part::makeText(QStringLiteral("done"))})};
        const QList<Message> before = view;
        const NormaliseReport report = normaliseView(view);
        QVERIFY(report.isEmpty());
        QCOMPARE(view, before);
    }

    void callWithoutResultGetsSyntheticOne()
    {
        QList<Message> view = {message(Role::User, {Part::makeText(QStringLiteral("hi"))}),
                               message(Role::Assistant, {call(QStringLiteral("c1")), call(QStringLiteral("c2"))}),
                               message(Role::Tool, {result(QStringLiteral("c2"))}),
                               message(Role::User, {Part::makeText(QStringLiteral("next"))}, 2),
                               message(Role::Assistant, {call(QStringLiteral("c3"))}, 2)};
        const NormaliseReport report = normaliseView(view);
        QCOMPARE(report.syntheticResults, (QStringList{QStringLiteral("c1"), QStringLiteral("c3")}));
        // c1's synthetic result joins the tool message right after its call; c3 gets its own.
        QCOMPARE(view.size(), 6);
        QCOMPARE(view.at(2).role, Role::Tool);
        QCOMPARE(callIdsOf({view.at(2)}, PartKind::ToolResult), (QStringList{QStringLiteral("c1"), QStringLiteral("c2")}));
        QVERIFY(view.at(2).parts.first().isError);
        QVERIFY(view.at(2).parts.first().content.first().text.contains(QLatin1String("interrupted")));
        QCOMPARE(view.at(5).role, Role::Tool);
        QCOMPARE(callIdsOf({view.at(5)}, PartKind::ToolResult), QStringList{QStringLiteral("c3")});
    }

    void orphanResultsAreDropped()
    {
        QList<Message> view = {message(Role::User, {Part::makeText(QStringLiteral("hi"))}),
                               message(Role::Tool, {result(QStringLiteral("ghost"))}),
                               message(Role::Assistant, {call(QStringLiteral("c1"))}),
                               message(Role::Tool, {result(QStringLiteral("c1")), result(QStringLiteral("c1"))})};
        const NormaliseReport report = normaliseView(view);
        QCOMPARE(report.droppedOrphans, (QStringList{QStringLiteral("ghost"), QStringLiteral("c1")}));
        QCOMPARE(report.droppedEmptyMessages, 1);
        QCOMPARE(view.size(), 3);
        QCOMPARE(callIdsOf(view, PartKind::ToolResult), QStringList{QStringLiteral("c1")});
    }

    void incompleteCallBecomesANote()
    {
        Message cut = message(Role::Assistant, {Part::makeText(QStringLiteral("writing")),
                                                call(QStringLiteral("c9"), QStringLiteral("{\"filename\": \"taxes.txt\", \"lines"))});
        cut.metadata.insert(QStringLiteral("incompleteCalls"), QJsonArray{QStringLiteral("c9")});
        QVERIFY(!toolCallIsComplete(cut, cut.parts.at(1)));
        QList<Message> view = {message(Role::User, {Part::makeText(QStringLiteral("write it"))}), cut};
        const NormaliseReport report = normaliseView(view);
        QCOMPARE(report.droppedIncomplete, QStringList{QStringLiteral("c9")});
        QVERIFY(report.syntheticResults.isEmpty());
        QCOMPARE(callIdsOf(view, PartKind::ToolCall), QStringList());
        QCOMPARE(view.at(1).parts.size(), 2);
        QVERIFY(view.at(1).parts.at(1).text.contains(QLatin1String("read_file")));
        QVERIFY(view.at(1).parts.at(1).text.contains(QLatin1String("not run")));
    }

    void pipelineLeavesRecordAndSystemAlone()
    {
        QList<Message> record = {message(Role::System, {Part::makeText(QStringLiteral("rules"))}, 0),
                                 message(Role::User, {Part::makeText(QStringLiteral("hi"))}, 1),
                                 message(Role::Assistant, {call(QStringLiteral("c1"))}, 1)};
        const QList<Message> copy = record;
        ContextPipeline pipeline;
        ModelInfo model;
        model.contextWindow = 200000;
        model.maxOutputTokens = 8000;
        pipeline.setModel(model, -1);
        const ContextView view = pipeline.build(record, 2, false);
        QCOMPARE(record, copy);
        QCOMPARE(view.messages.size(), 3); // system left out, synthetic result added
        QCOMPARE(view.messages.first().role, Role::User);
        QCOMPARE(view.normalised.syntheticResults, QStringList{QStringLiteral("c1")});
        QCOMPARE(view.stableHistoryEnd, 2); // the synthetic result closes turn 1
        QVERIFY(view.compactions.isEmpty());
    }

    void stableHistoryEndsBeforeTheCurrentTurn()
    {
        const QList<Message> record = {message(Role::User, {Part::makeText(QStringLiteral("one"))}, 1),
                                       message(Role::Assistant, {Part::makeText(QStringLiteral("a"))}, 1),
                                       message(Role::User, {Part::makeText(QStringLiteral("two"))}, 2),
                                       message(Role::Assistant, {call(QStringLiteral("c1"))}, 2),
                                       message(Role::Tool, {result(QStringLiteral("c1"))}, 2)};
        ContextPipeline pipeline;
        QCOMPARE(pipeline.build(record, 2, false).stableHistoryEnd, 1);
        QCOMPARE(pipeline.build(record.mid(0, 1), 1, false).stableHistoryEnd, -1);
    }

    void strategiesDecideByTheirOwnThresholds()
    {
        ModelInfo model;
        model.contextWindow = 4000;
        model.maxOutputTokens = 1000;
        ContextPipeline pipeline;
        pipeline.setModel(model, -1);
        EvictResults evict;
        pipeline.setStrategies({&evict});
        QVERIFY(pipeline.targetTokens() > 2000 && pipeline.targetTokens() < 3000);

        const QList<Message> small = {message(Role::User, {Part::makeText(QStringLiteral("hi"))}),
                                      message(Role::Assistant, {call(QStringLiteral("c1"))}),
                                      message(Role::Tool, {result(QStringLiteral("c1"), QString(400, QLatin1Char('x')))})};
        ContextView view = pipeline.build(small, 2, false);
        // Asked every build; under its threshold it changes nothing.
        QCOMPARE(evict.calls, 1);
        QVERIFY(view.compactions.isEmpty());

        QList<Message> big = small;
        big[2].parts = {result(QStringLiteral("c1"), QString(20000, QLatin1Char('x')))};
        view = pipeline.build(big, 2, false);
        QCOMPARE(evict.calls, 2);
        QCOMPARE(view.compactions.size(), 1);
        const CompactionEvent &event = view.compactions.first();
        QCOMPARE(event.strategy, QStringLiteral("evict-test"));
        QVERIFY(event.id.startsWith(QLatin1String("c-")));
        QCOMPARE(event.turn, 2);
        QVERIFY(event.tokensBefore > event.tokensAfter);
        QCOMPARE(event.edits.size(), 1);
        // The cached prefix from the changed message on is lost: that is the event's cache cost.
        QVERIFY(event.cacheInvalidatedTokens > 4000);
        QVERIFY(view.estimatedTokens <= pipeline.targetTokens());
        QVERIFY(view.messages.at(2).parts.first().content.first().text.contains(QLatin1String("/context/results/")));
        // The record itself is never touched.
        QCOMPARE(big.at(2).parts.first().content.first().text.size(), 20000);

        // Forced compaction is passed on even when the view fits.
        pipeline.invalidate();
        view = pipeline.build(small, 2, true);
        QCOMPARE(evict.calls, 3);
        QCOMPARE(view.compactions.size(), 1);
    }

    void recordedEditsShapeTheNextViewWithoutTheStrategy()
    {
        ModelInfo model;
        model.contextWindow = 4000;
        model.maxOutputTokens = 1000;
        ContextPipeline pipeline;
        pipeline.setModel(model, -1);
        EvictResults evict;
        pipeline.setStrategies({&evict});
        QList<Message> record = {message(Role::User, {Part::makeText(QStringLiteral("hi"))}),
                                 message(Role::Assistant, {call(QStringLiteral("c1"))}),
                                 message(Role::Tool, {result(QStringLiteral("c1"), QString(20000, QLatin1Char('x')))})};
        const ContextView first = pipeline.build(record, 2, false);
        QCOMPARE(first.compactions.size(), 1);
        record.append(first.compactions.first().toMessage());
        record.append(message(Role::Assistant, {Part::makeText(QStringLiteral("done"))}));

        // A fresh pipeline without any strategy (a reopened session whose plugin is gone) shows
        // the same bytes: the view is a function of the record.
        ContextPipeline reopened;
        reopened.setModel(model, -1);
        const ContextView again = reopened.build(record, 3, false);
        QCOMPARE(again.messages.size(), 4);
        QCOMPARE(again.messages.mid(0, 3), first.messages);
        QVERIFY(again.compactions.isEmpty());
        // And the incremental build of the first pipeline agrees with it.
        const ContextView incremental = pipeline.build(record, 3, false);
        QCOMPARE(incremental.messages, again.messages);
        QVERIFY(incremental.compactions.isEmpty());
    }

    void unrecordedChangesAreRefused()
    {
        ContextPipeline pipeline;
        SilentStrategy silent;
        pipeline.setStrategies({&silent});
        const QList<Message> record = {message(Role::User, {Part::makeText(QStringLiteral("hi"))})};
        const ContextView view = pipeline.build(record, 2, false);
        QCOMPARE(view.messages, record);
        QCOMPARE(view.warnings.size(), 1);
        QCOMPARE(view.warnings.first().code, QStringLiteral("context.unrecorded-change"));
    }

    void failingStrategyIsSkippedWithAWarning()
    {
        ContextPipeline pipeline;
        FailingStrategy failing;
        pipeline.setStrategies({&failing});
        const QList<Message> record = {message(Role::User, {Part::makeText(QStringLiteral("hi"))})};
        const ContextView view = pipeline.build(record, 2, true);
        QCOMPARE(view.messages.size(), 1);
        QCOMPARE(view.warnings.size(), 1);
        QCOMPARE(view.warnings.first().code, QStringLiteral("strategy.failed"));
    }

    void estimateGrowsWithContent()
    {
        const Message small = message(Role::User, {Part::makeText(QStringLiteral("hello"))});
        const Message large = message(Role::User, {Part::makeText(QString(4000, QLatin1Char('a')))});
        QVERIFY(estimateTokens(large) >= 1000);
        QVERIFY(estimateTokens(small) < 20);
    }
};

VALIS_TEST_MAIN(TestContextView)
#include "tst_contextview.moc"
