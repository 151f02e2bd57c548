// The peer baselines of bench_replay, on records the test builds: when each acts and what it
// keeps, and that each leaves a view the pipeline accepts through a whole replay.
#include "peerbaselines.h"
#include "testsupport.h"
#include "valis/agent/contextpipeline.h"
#include "valis/context/replayer.h"

#include <QtTest>

using namespace valis;
using namespace valis::bench;

namespace {

Message message(Role role, const QList<Part> &parts, const QString &id, int turn)
{
    Message m;
    m.id = id;
    m.role = role;
    m.parts = parts;
    m.turn = turn;
    if (role == Role::Assistant)
        m.model = QStringLiteral("claude-sonnet-4-5");
    return m;
}

Message user(const QString &text, const QString &id, int turn)
{
    return message(Role::User, {Part::makeText(text)}, id, turn);
}

QString lines(int count, const QString &word)
{
    QStringList all;
    for (int i = 1; i <= count; ++i)
        all << QStringLiteral("%1 line %2 of the output").arg(word).arg(i);
    return all.join(QLatin1Char('\n'));
}

/// Turn `turn` of a session: a request, one call of `tool` and its result of `resultChars`, an
/// answer. Ids are "u<turn>", "a<turn>", "t<turn>", "b<turn>".
QList<Message> turnOf(int turn, const QString &tool, int resultChars)
{
    const QString call = QStringLiteral("call-%1").arg(turn);
    // Distinct per turn, as real outputs are: "turn 7 line 12 ..." up to the size asked for.
    QString output;
    output.reserve(resultChars + 40);
    for (int line = 1; output.size() < resultChars; ++line)
        output += QStringLiteral("turn %1 line %2 of %3 output\n").arg(turn).arg(line).arg(tool);
    output.truncate(resultChars);
    Part result = Part::makeToolResultText(call, output);
    result.toolName = tool;
    return {user(QStringLiteral("Step %1: look at module %1 and report.").arg(turn), QStringLiteral("u%1").arg(turn), turn),
            message(Role::Assistant, {Part::makeText(QStringLiteral("Looking.")),
                                      Part::makeToolCall(call, tool, QJsonObject{{QStringLiteral("command"), QStringLiteral("inspect %1").arg(turn)}})},
                    QStringLiteral("a%1").arg(turn), turn),
            message(Role::Tool, {result}, QStringLiteral("t%1").arg(turn), turn),
            message(Role::Assistant, {Part::makeText(QStringLiteral("Module %1 is fine.").arg(turn))}, QStringLiteral("b%1").arg(turn), turn)};
}

QList<Message> sessionOf(int turns, const QString &tool, int resultChars)
{
    QList<Message> all;
    for (int t = 1; t <= turns; ++t)
        all += turnOf(t, tool, resultChars);
    return all;
}

/// The budget the pipeline would give: its rough estimate as the counter.
StrategyBudget budgetFor(const QList<Message> &view, qint64 window, qint64 fixed = 0)
{
    StrategyBudget budget;
    budget.contextWindow = window;
    budget.targetTokens = window / 2;
    budget.outputReserve = window / 4;
    budget.fixedTokens = fixed;
    budget.countTokens = [](const Message &m) { return estimateTokens(m); };
    budget.viewTokens = budget.count(view);
    return budget;
}

StrategyContext contextFor(ContextStrategy &strategy, ContextArchive *archive, int firstNew = 0)
{
    StrategyContext context;
    context.sessionId = QStringLiteral("s-peer");
    context.settings = strategy.defaultSettings();
    context.archive = archive;
    context.firstNewMessage = firstNew;
    return context;
}

QString textOf(const Message &m)
{
    QString text;
    for (const Part &part : m.parts) {
        text += part.text;
        for (const Part &inner : part.content)
            text += inner.text;
    }
    return text;
}

} // namespace

class TestPeerBaselines : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void deepAgentsEvictsLargeResults();
    void deepAgentsSummarisesAt85Percent();
    void openHandsMasksOutsideTheAttentionWindow();
    void openHandsCondenserKeepsHeadAndTail();
    void codexCompactsAt90PercentKeepingUserMessages();
    void everyBaselineKeepsTheViewValid();
};

void TestPeerBaselines::deepAgentsEvictsLargeResults()
{
    DeepAgentsBaseline strategy;
    ReplayArchive archive;
    // 20,000 tokens at 4 characters a token: 80,000 characters is the limit.
    QList<Message> view = turnOf(1, QStringLiteral("Bash"), 80001);
    view += turnOf(2, QStringLiteral("Bash"), 80000);
    view += turnOf(3, QStringLiteral("Read"), 200000);
    QString big = lines(2000, QStringLiteral("build"));
    big += QLatin1Char('\n') + QString(80001 - big.size() - 1, QLatin1Char('.'));
    view[2].parts[0].content = {Part::makeText(big)};
    const StrategyBudget budget = budgetFor(view, 10000000);
    const Result<StrategyReport> report = strategy.apply(view, budget, contextFor(strategy, &archive));
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->events.size(), 1);
    const CompactionEvent &event = report->events.constFirst();
    QCOMPARE(event.action, QStringLiteral("offload"));
    QCOMPARE(event.edits.size(), 1);
    const ViewEdit &edit = event.edits.constFirst();
    QCOMPARE(edit.messageId, QStringLiteral("t1"));
    QCOMPARE(edit.pointer, QStringLiteral("/large_tool_results/call-1"));
    // The notice names the file and shows the first and last five lines.
    const QString shown = textOf(view.at(2));
    QVERIFY2(shown.contains(QLatin1String("/large_tool_results/call-1")), qPrintable(shown));
    QVERIFY(shown.contains(QLatin1String("build line 1 of the output")));
    QVERIFY(shown.contains(QLatin1String("build line 5 of the output")));
    QVERIFY(!shown.contains(QLatin1String("build line 6 of the output")));
    QVERIFY(shown.contains(QLatin1String("build line 2000 of the output")));
    QVERIFY(!shown.contains(QLatin1String("build line 1995 of the output")));
    QVERIFY(shown.contains(QLatin1String("lines truncated")));
    const Result<QByteArray> stored = archive.read(QStringLiteral("/large_tool_results/call-1"));
    VALIS_VERIFY_OK(stored);
    QCOMPARE(stored->size(), 80001);
    // At the limit, or a read_file result however large: left alone.
    QCOMPARE(textOf(view.at(6)).size(), 80000);
    QCOMPARE(textOf(view.at(10)).size(), 200000);
}

void TestPeerBaselines::deepAgentsSummarisesAt85Percent()
{
    DeepAgentsBaseline strategy;
    ReplayArchive archive;
    const QList<Message> session = sessionOf(20, QStringLiteral("Bash"), 2000);
    const qint64 tokens = budgetFor(session, 1).viewTokens;
    // Just under 85% of the window: nothing happens.
    {
        QList<Message> view = session;
        const qint64 window = qint64(double(tokens) / 0.85) + 10;
        const Result<StrategyReport> report = strategy.apply(view, budgetFor(view, window), contextFor(strategy, &archive, int(view.size())));
        VALIS_VERIFY_OK(report);
        QVERIFY(report->events.isEmpty());
        QCOMPARE(view.size(), session.size());
    }
    // Just over it: everything but the last 10% of the window becomes one summary message.
    QList<Message> view = session;
    const qint64 window = qint64(double(tokens) / 0.85) - 10;
    const Result<StrategyReport> report = strategy.apply(view, budgetFor(view, window), contextFor(strategy, &archive, int(view.size())));
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->events.size(), 1);
    const CompactionEvent &event = report->events.constFirst();
    QCOMPARE(event.action, QStringLiteral("summarise"));
    QCOMPARE(event.edits.constFirst().kind, ViewEdit::Kind::ReplacePrefix);
    const QString history = QStringLiteral("/conversation_history/s-peer.md");
    QCOMPARE(event.edits.constFirst().pointer, history);
    QVERIFY(view.size() < session.size());
    QVERIFY(view.constFirst().id.startsWith(QLatin1String("deepagents-summary-")));
    QVERIFY(textOf(view.constFirst()).contains(history));
    QVERIFY(view.at(1).role != Role::Tool);
    qint64 kept = 0;
    for (int i = 1; i < view.size(); ++i)
        kept += estimateTokens(view.at(i));
    // The kept tail fits 10% of the window (the cut only moves back to keep a call with its result).
    QVERIFY2(kept <= qint64(0.10 * double(window)) + 2 * estimateTokens(session.at(1)) + estimateTokens(session.at(2)),
             qPrintable(QStringLiteral("%1 of %2").arg(kept).arg(window)));
    QCOMPARE(view.constLast().id, session.constLast().id);
    // The summarised messages are in the history file, and the summary call is a fresh prompt.
    const Result<QByteArray> saved = archive.read(history);
    VALIS_VERIFY_OK(saved);
    QVERIFY(saved->contains("Step 1: look at module 1 and report."));
    QVERIFY(saved->contains("## Summarized at"));
    const QJsonObject call = event.state.value(QLatin1String("summaryCall")).toObject();
    QVERIFY(call.value(QLatin1String("inputTokens")).toInteger() > tokens / 2);
    QCOMPARE(call.value(QLatin1String("cachedInputTokens")).toInteger(), 0);
    QVERIFY(call.value(QLatin1String("outputTokens")).toInteger() > 0);
}

void TestPeerBaselines::openHandsMasksOutsideTheAttentionWindow()
{
    OpenHandsMaskingBaseline strategy;
    // 4 events a turn (request, call, result, answer): 25 turns are 100 events.
    {
        QList<Message> view = sessionOf(25, QStringLiteral("exec"), 100);
        const Result<StrategyReport> report = strategy.apply(view, budgetFor(view, 1000000), contextFor(strategy, nullptr));
        VALIS_VERIFY_OK(report);
        QVERIFY(report->events.isEmpty());
    }
    // 27 turns, 108 events: the results among the first 8 events (turns 1 and 2) are masked.
    QList<Message> view = sessionOf(27, QStringLiteral("exec"), 100);
    const Result<StrategyReport> report = strategy.apply(view, budgetFor(view, 1000000), contextFor(strategy, nullptr));
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->events.size(), 1);
    QCOMPARE(report->events.constFirst().action, QStringLiteral("mask"));
    QCOMPARE(report->events.constFirst().edits.size(), 2);
    QCOMPARE(textOf(view.at(2)), QStringLiteral("<MASKED>"));
    QCOMPARE(textOf(view.at(6)), QStringLiteral("<MASKED>"));
    QVERIFY(textOf(view.at(10)).startsWith(QLatin1String("turn 3 line 1 of exec output")));
    QCOMPARE(textOf(view.at(10)).size(), 100);
    // No way back.
    QVERIFY(report->events.constFirst().edits.constFirst().pointer.isEmpty());
    // Masked results are not masked again.
    const Result<StrategyReport> again = strategy.apply(view, budgetFor(view, 1000000), contextFor(strategy, nullptr));
    VALIS_VERIFY_OK(again);
    QVERIFY(again->events.isEmpty());
}

void TestPeerBaselines::openHandsCondenserKeepsHeadAndTail()
{
    OpenHandsCondenserBaseline strategy;
    // The system prompt is the first event: 29 turns and 3 more messages are 120 events.
    QList<Message> base = sessionOf(30, QStringLiteral("exec"), 100);
    {
        QList<Message> view = base.mid(0, 29 * 4 + 3);
        const Result<StrategyReport> report = strategy.apply(view, budgetFor(view, 1000000), contextFor(strategy, nullptr));
        VALIS_VERIFY_OK(report);
        QVERIFY(report->events.isEmpty());
    }
    QList<Message> view = base; // 121 events
    const Result<StrategyReport> report = strategy.apply(view, budgetFor(view, 1000000), contextFor(strategy, nullptr));
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->events.size(), 1);
    const CompactionEvent &event = report->events.constFirst();
    QCOMPARE(event.action, QStringLiteral("condense"));
    // Head: the system prompt and the first three events (u1, the call, its result) whole.
    QCOMPARE(view.at(0).id, QStringLiteral("u1"));
    QCOMPARE(view.at(1).id, QStringLiteral("a1"));
    QCOMPARE(view.at(2).id, QStringLiteral("t1"));
    QVERIFY(view.at(3).id.startsWith(QLatin1String("openhands-summary-")));
    // Tail: the last 55 events (120 / 2 - 4 - 1), its start moved back to keep a call with its
    // result.
    const int tailEvents = int(view.size()) - 4; // one event a message here
    QVERIFY2(tailEvents >= 55 && tailEvents <= 56, qPrintable(QString::number(tailEvents)));
    QVERIFY(view.at(4).role != Role::Tool);
    QCOMPARE(view.constLast().id, QStringLiteral("b30"));
    // A fresh summarisation prompt: nothing cached, the forgotten events inside.
    const QJsonObject call = event.state.value(QLatin1String("summaryCall")).toObject();
    QCOMPARE(call.value(QLatin1String("cachedInputTokens")).toInteger(), 0);
    QVERIFY(call.value(QLatin1String("inputTokens")).toInteger() > 1000);
    QVERIFY(event.edits.constFirst().pointer.isEmpty());
}

void TestPeerBaselines::codexCompactsAt90PercentKeepingUserMessages()
{
    CodexBaseline strategy;
    QList<Message> session = sessionOf(10, QStringLiteral("shell"), 4000);
    // An old request far over Codex's 20,000-token allowance for user messages.
    session[4].parts = {Part::makeText(QStringLiteral("HEAD ") + QStringLiteral("y").repeated(100000) + QStringLiteral(" TAIL"))};
    const qint64 tokens = budgetFor(session, 1).viewTokens;
    {
        QList<Message> view = session;
        const Result<StrategyReport> report =
            strategy.apply(view, budgetFor(view, qint64(double(tokens) / 0.9) + 10), contextFor(strategy, nullptr, int(view.size()) - 2));
        VALIS_VERIFY_OK(report);
        QVERIFY(report->events.isEmpty());
    }
    QList<Message> view = session;
    const qint64 window = qint64(double(tokens) / 0.9) - 10;
    const StrategyBudget budget = budgetFor(view, window);
    const Result<StrategyReport> report = strategy.apply(view, budget, contextFor(strategy, nullptr, int(view.size()) - 2));
    VALIS_VERIFY_OK(report);
    QCOMPARE(report->events.size(), 1);
    QCOMPARE(report->events.constFirst().action, QStringLiteral("compact"));
    // The history is the user messages, then the summary: no answers, calls or results. The
    // newest eight are whole; the long one is cut in the middle to what is left of 20,000
    // tokens, and the allowance ends there: the first request is not kept.
    QCOMPARE(view.size(), 10);
    for (int i = 0; i < 9; ++i)
        QCOMPARE(view.at(i).role, Role::User);
    QVERIFY(view.constLast().id.startsWith(QLatin1String("codex-summary-")));
    QCOMPARE(view.at(8).id, QStringLiteral("u10"));
    QCOMPARE(textOf(view.at(8)), textOf(session.at(36)));
    QCOMPARE(view.at(1).id, QStringLiteral("u3"));
    QCOMPARE(view.at(0).id, QStringLiteral("codex-user-u2"));
    const QString cut = textOf(view.at(0));
    QVERIFY(cut.startsWith(QLatin1String("HEAD ")));
    QVERIFY(cut.endsWith(QLatin1String(" TAIL")));
    QVERIFY(cut.contains(QLatin1String("tokens truncated")));
    qint64 kept = 0;
    for (int i = 0; i < 9; ++i)
        kept += (textOf(view.at(i)).toUtf8().size() + 3) / 4;
    QVERIFY2(kept <= 20020, qPrintable(QString::number(kept)));
    // The compaction turn continues the live prefix: what the last request held is cached.
    const QJsonObject call = report->events.constFirst().state.value(QLatin1String("summaryCall")).toObject();
    const qint64 request = budget.viewTokens;
    QCOMPARE(call.value(QLatin1String("cachedInputTokens")).toInteger(),
             request - estimateTokens(session.at(38)) - estimateTokens(session.at(39)));
    QVERIFY(call.value(QLatin1String("inputTokens")).toInteger() > request);
}

void TestPeerBaselines::everyBaselineKeepsTheViewValid()
{
    // 60 turns with a large command output now and then (DeepAgents evicts those; a read_file
    // result that size would stay, as DeepAgents pages its own reads), at a window each baseline
    // must work in.
    QList<Message> session;
    for (int t = 1; t <= 60; ++t)
        session += turnOf(t, t % 3 == 0 || t % 10 == 0 ? QStringLiteral("Bash") : QStringLiteral("Read"), t % 10 == 0 ? 90000 : 3000);
    SessionInfo info;
    info.id = QStringLiteral("s-peers");
    info.originKind = QStringLiteral("test");
    for (const auto &strategy : makePeerBaselines()) {
        ReplayOptions options;
        options.contextWindow = 32000;
        const Result<ReplayReport> report = Replayer().replay(info, session, strategy.get(), options);
        VALIS_VERIFY_OK(report);
        QVERIFY2(report->compactions > 0, qPrintable(strategy->id()));
        // The pipeline took every change: none broke the view or went unrecorded.
        QVERIFY2(!report->notes.join(QLatin1Char('\n')).contains(QLatin1String("pipeline warning")),
                 qPrintable(strategy->id() + QStringLiteral(": ") + report->notes.join(QLatin1Char('\n'))));
        QCOMPARE(report->agentsMdMissing, 0);
        if (strategy->id() == QLatin1String("deepagents") || strategy->id() == QLatin1String("codex")) {
            QVERIFY2(report->overflows == 0, qPrintable(strategy->id()));
        }
        if (strategy->id() == QLatin1String("deepagents")) {
            // Evicted results and summarised messages are in its files.
            QVERIFY(report->itemsRemoved > 0);
            QCOMPARE(report->itemsRecoverable, report->itemsRemoved);
        } else {
            QCOMPARE(report->itemsRecoverable, 0);
        }
    }
}

VALIS_TEST_MAIN(TestPeerBaselines)
#include "tst_peerbaselines.moc"
