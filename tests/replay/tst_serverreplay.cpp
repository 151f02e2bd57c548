// Replays of Anthropic's server-side strategies: with no server, the strategies model what the
// API would do (context editing clears old tool results past its trigger; compaction replaces the
// history by a summary, billed as the server's summary call), and the replay bills the cache
// consequences. A generated transcript of file reads, so the figures are known in advance.
#include "contexteditingstrategy.h"
#include "servercompactionstrategy.h"
#include "testsupport.h"

#include "valis/context/compactionevent.h"
#include "valis/context/replayer.h"

#include <QtTest>

using namespace valis;

namespace {

const QString Model = QStringLiteral("claude-sonnet-4-5");

/// `turns` turns of: a request, a read_file call, its result (about 1,500 tokens of distinct
/// source lines), a short answer.
QList<Message> readingSession(int turns)
{
    QList<Message> messages;
    for (int t = 0; t < turns; ++t) {
        const QString n = QString::number(t);
        Message user;
        user.id = QStringLiteral("u") + n;
        user.role = Role::User;
        user.parts = {Part::makeText(QStringLiteral("Read src/module_%1.cpp and tell me what parse_%1 returns.").arg(n))};
        Message call;
        call.id = QStringLiteral("a") + n;
        call.role = Role::Assistant;
        call.model = Model;
        call.usage.outputTokens = 40;
        call.parts = {Part::makeToolCall(QStringLiteral("call-") + n, QStringLiteral("read_file"),
                                         QJsonObject{{QStringLiteral("path"), QStringLiteral("src/module_%1.cpp").arg(n)}})};
        QString source;
        for (int line = 0; line < 120; ++line)
            source += QStringLiteral("int value_%1_%2 = compute(%2, \"module %1\"); // step %2 of parse_%1\n").arg(n).arg(line);
        Message result;
        result.id = QStringLiteral("t") + n;
        result.role = Role::Tool;
        result.parts = {Part::makeToolResultText(QStringLiteral("call-") + n, source)};
        Message answer;
        answer.id = QStringLiteral("b") + n;
        answer.role = Role::Assistant;
        answer.model = Model;
        answer.usage.outputTokens = 60;
        answer.parts = {Part::makeText(QStringLiteral("parse_%1 returns value_%1_119 after 120 steps.").arg(n))};
        messages << user << call << result << answer;
    }
    return messages;
}

SessionInfo info()
{
    SessionInfo session;
    session.id = QStringLiteral("server-replay");
    session.model = Model;
    return session;
}

} // namespace

class TestServerReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void contextEditingClearsOldToolResults()
    {
        const QList<Message> session = readingSession(50);
        ReplayOptions options;
        options.contextWindow = 64000;
        options.keepRecord = true;
        const Replayer replayer;
        const Result<ReplayReport> none = replayer.replay(info(), session, nullptr, options);
        VALIS_VERIFY_OK(none);
        QVERIFY(none->overflows > 0); // without management the transcript does not fit

        ContextEditingStrategy strategy;
        const Result<ReplayReport> edited = replayer.replay(info(), session, &strategy, options);
        VALIS_VERIFY_OK(edited);
        QCOMPARE(edited->strategy, QStringLiteral("anthropic-context-editing"));
        QCOMPARE(edited->overflows, 0);
        QVERIFY(edited->peakTokens < options.contextWindow);
        const int clearings = edited->actions.value(QStringLiteral("server-clear-tool-uses"));
        QVERIFY(clearings >= 1);
        QVERIFY(edited->itemsRemoved > 0);
        // Nothing leads back to a cleared result: the server keeps no copy the model can reach.
        QCOMPARE(edited->itemsRecoverable, 0);
        // Each clearing rewrites the prefix from the first cleared result: an invalidation, and
        // that request reads less from the cache than it sends.
        for (const ReplayRequest &row : edited->requests) {
            if (!row.actions.contains(QStringLiteral("server-clear-tool-uses")))
                continue;
            QVERIFY(row.invalidated);
            QVERIFY(row.cacheWriteTokens > row.requestTokens / 4);
        }
        QVERIFY(edited->invalidations >= clearings);
        // The record holds the events as a Session would (simulated, with the calls cleared).
        int simulated = 0;
        for (const Message &message : edited->record) {
            const auto event = CompactionEvent::fromMessage(message);
            if (!event || !event->ok())
                continue;
            QCOMPARE(event->value().strategy, QStringLiteral("anthropic-context-editing"));
            QVERIFY(event->value().state.value(QStringLiteral("simulated")).toBool());
            QVERIFY(!event->value().state.value(QStringLiteral("callIds")).toArray().isEmpty());
            ++simulated;
        }
        QCOMPARE(simulated, clearings);

        // clear_at_least batches the clearing: fewer, larger clearings, fewer invalidations.
        options.strategySettings.insert(strategy.id(), QJsonObject{{QStringLiteral("clearAtLeastTokens"), 20000}});
        const Result<ReplayReport> batched = replayer.replay(info(), session, &strategy, options);
        VALIS_VERIFY_OK(batched);
        QCOMPARE(batched->overflows, 0);
        const int batches = batched->actions.value(QStringLiteral("server-clear-tool-uses"));
        QVERIFY(batches >= 1);
        QVERIFY2(batches < clearings, qPrintable(QStringLiteral("%1 vs %2").arg(batches).arg(clearings)));
        QVERIFY(batched->invalidations < edited->invalidations);
    }

    void compactionSummarisesAndBillsTheSummaryCall()
    {
        const QList<Message> session = readingSession(70);
        ReplayOptions options;
        options.strategySettings.insert(QStringLiteral("anthropic-compaction"),
                                        QJsonObject{{QStringLiteral("triggerInputTokens"), 50000},
                                                    {QStringLiteral("simulatedSummaryTokens"), 1500}});
        const Replayer replayer;
        ServerCompactionStrategy strategy;
        const Result<ReplayReport> report = replayer.replay(info(), session, &strategy, options);
        VALIS_VERIFY_OK(report);
        const int compactions = report->actions.value(QStringLiteral("server-compaction"));
        QVERIFY(compactions >= 1);
        QCOMPARE(report->summaryCalls, compactions);
        QVERIFY(report->summaryCostUsd > 0);
        // Each summary call read a whole prompt past the trigger and wrote a summary.
        QVERIFY(report->summaryInputTokens > qint64(compactions) * 50000);
        QVERIFY(report->summaryOutputTokens > 0);
        QVERIFY(report->summaryOutputTokens < qint64(compactions) * 3000);
        QCOMPARE(report->overflows, 0);
        // The request that compacted answers from the summary: small, and written anew.
        bool seen = false;
        for (const ReplayRequest &row : report->requests) {
            if (!row.actions.contains(QStringLiteral("server-compaction")))
                continue;
            seen = true;
            QVERIFY(row.requestTokens < 50000);
            QVERIFY(row.invalidated);
            QCOMPARE(row.summaryOutputTokens > 0, true);
        }
        QVERIFY(seen);
        QVERIFY(report->peakTokens < 50000 + 4000);
        // What the summary replaced counts as summarised, not lost outside summaries.
        QVERIFY(report->itemsRemoved > 0);
        QCOMPARE(report->itemsRemovedOutsideSummaries, 0);
    }

    void liveSessionsOnlyAsk()
    {
        // Without simulation the view is untouched whatever its size; the request fields say it all.
        ContextEditingStrategy editing;
        QList<Message> view = readingSession(3);
        const QList<Message> before = view;
        StrategyBudget budget;
        budget.contextWindow = 200000;
        budget.targetTokens = 150000;
        budget.viewTokens = 10'000'000;
        StrategyContext context;
        context.settings = editing.defaultSettings();
        const Result<StrategyReport> report = editing.apply(view, budget, context);
        VALIS_VERIFY_OK(report);
        QCOMPARE(view, before);
        QVERIFY(report->events.isEmpty());
        const QJsonObject anthropic = report->providerOptions.value(QStringLiteral("anthropic")).toObject();
        QCOMPARE(anthropic.value(QStringLiteral("betas")).toArray(), QJsonArray{QStringLiteral("context-management-2025-06-27")});
        const QJsonObject edit = anthropic.value(QStringLiteral("context_management")).toObject().value(QStringLiteral("edits"))
                                     .toArray().first().toObject();
        // The API's defaults.
        QCOMPARE(edit.value(QStringLiteral("trigger")).toObject().value(QStringLiteral("value")).toInteger(), 100000);
        QCOMPARE(edit.value(QStringLiteral("keep")).toObject().value(QStringLiteral("value")).toInteger(), 3);
        QVERIFY(!edit.contains(QStringLiteral("clear_at_least")));
        QVERIFY(!edit.contains(QStringLiteral("clear_tool_inputs")));

        ServerCompactionStrategy compaction;
        context.settings = compaction.defaultSettings();
        const Result<StrategyReport> compact = compaction.apply(view, budget, context);
        VALIS_VERIFY_OK(compact);
        QCOMPARE(view, before);
        const QJsonObject wire = compact->providerOptions.value(QStringLiteral("anthropic")).toObject();
        QCOMPARE(wire.value(QStringLiteral("betas")).toArray(), QJsonArray{QStringLiteral("compact-2026-01-12")});
        QCOMPARE(wire.value(QStringLiteral("context_management")).toObject(),
                 (QJsonObject{{QStringLiteral("edits"),
                               QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("compact_20260112")},
                                                      {QStringLiteral("trigger"),
                                                       QJsonObject{{QStringLiteral("type"), QStringLiteral("input_tokens")},
                                                                   {QStringLiteral("value"), 150000}}}}}}}));
    }
};

VALIS_TEST_MAIN(TestServerReplay)
#include "tst_serverreplay.moc"
