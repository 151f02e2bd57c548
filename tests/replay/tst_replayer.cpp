// The replay engine: cost arithmetic with cache pricing against a hand computation, overflows,
// recoverability, the AGENTS.md check, events recorded as the Session records them, compaction
// counting; and one long real Claude Code session replayed without management.
#include "testsupport.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/compactionevent.h"
#include "valis/context/contextarchive.h"
#include "valis/context/replayer.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/tokens/tokencounter.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace valis;

namespace {

const QString Model = QStringLiteral("claude-sonnet-4-5");

Message message(Role role, const QList<Part> &parts, const QString &id, qint64 outputTokens = -1)
{
    Message m;
    m.id = id;
    m.role = role;
    m.parts = parts;
    if (role == Role::Assistant) {
        m.model = Model;
        m.usage.outputTokens = outputTokens;
    }
    return m;
}

Message text(Role role, const QString &words, const QString &id, qint64 outputTokens = -1)
{
    return message(role, {Part::makeText(words)}, id, outputTokens);
}

/// Three requests: u1 a1 u2 a2 u3 a3, each answer reported with 500 output tokens.
QList<Message> conversation()
{
    return {text(Role::User, QStringLiteral("Please look at the failing build of the parser module and tell me why."), QStringLiteral("u1")),
            text(Role::Assistant, QStringLiteral("The linker cannot find the symbol parse_header; it is declared but never defined."), QStringLiteral("a1"), 500),
            text(Role::User, QStringLiteral("Where should it be defined?"), QStringLiteral("u2")),
            text(Role::Assistant, QStringLiteral("In src/parser/header.c, next to parse_body, which the header also declares."), QStringLiteral("a2"), 500),
            text(Role::User, QStringLiteral("Thanks. Write it, please."), QStringLiteral("u3")),
            text(Role::Assistant, QStringLiteral("Done: parse_header now reads the magic bytes and the version."), QStringLiteral("a3"), 500)};
}

/// u1, then a call whose result is `result`, then answers: four requests.
QList<Message> toolConversation(const QString &result)
{
    return {text(Role::User, QStringLiteral("Run the tests and summarise the failures."), QStringLiteral("u1")),
            message(Role::Assistant, {Part::makeToolCall(QStringLiteral("call-1"), QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), QStringLiteral("make test")}})}, QStringLiteral("a1"), 20),
            message(Role::Tool, {Part::makeToolResultText(QStringLiteral("call-1"), result)}, QStringLiteral("t1")),
            text(Role::Assistant, QStringLiteral("Two tests fail."), QStringLiteral("a2"), 20),
            text(Role::User, QStringLiteral("Which ones?"), QStringLiteral("u2")),
            text(Role::Assistant, QStringLiteral("test_header and test_body."), QStringLiteral("a3"), 20),
            text(Role::User, QStringLiteral("Fix them."), QStringLiteral("u3")),
            text(Role::Assistant, QStringLiteral("Fixed."), QStringLiteral("a4"), 20)};
}

SessionInfo session(const QString &id = QStringLiteral("s-test"))
{
    SessionInfo info;
    info.id = id;
    info.originKind = QStringLiteral("test");
    return info;
}

/// Replaces the first user message's text once, the first time the view holds five messages:
/// the change every later request inherits (an invalidation of the whole cached prefix).
class RewriteStrategy : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("rewrite"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &context) override
    {
        ++calls;
        StrategyReport report;
        if (view.size() < 5 || view.constFirst().parts.constFirst().text == QLatin1String("[rewritten]"))
            return report;
        // Deliberately blind to context.history: only the recorded event keeps it from
        // rewriting again on the next build.
        Q_UNUSED(context);
        ViewEdit edit;
        edit.kind = ViewEdit::Kind::ReplacePart;
        edit.messageId = view.constFirst().id;
        edit.partIndex = 0;
        edit.part = Part::makeText(QStringLiteral("[rewritten]"));
        edit.item = QStringLiteral("text");
        view[0].parts[0] = edit.part;
        CompactionEvent event;
        event.action = QStringLiteral("rewrite");
        event.edits.append(edit);
        event.replaced.append(view.constFirst().id);
        report.events.append(event);
        return report;
    }
    int calls = 0;
};

/// Replaces the tool result "t1" once: with a pointer to the archived content when `archive`,
/// else with a placeholder that leads nowhere. Also records a "summary-prepared" event beside
/// it (which no replay counts as a compaction) and a summary call.
class MoveResultStrategy : public ContextStrategy
{
public:
    explicit MoveResultStrategy(bool archive) : m_archive(archive) {}
    QString id() const override { return m_archive ? QStringLiteral("archive") : QStringLiteral("drop"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &context) override
    {
        StrategyReport report;
        for (int i = 0; i < view.size(); ++i) {
            if (view.at(i).id != QLatin1String("t1"))
                continue;
            const Part &part = view.at(i).parts.constFirst();
            if (part.content.constFirst().text.startsWith(QLatin1Char('[')))
                return report;
            QString pointer;
            QString shown = QStringLiteral("[dropped]");
            if (m_archive) {
                const Result<QString> path = context.archive->storeResult(part.content.constFirst().text.toUtf8(), QStringLiteral("txt"), {});
                if (path.hasError())
                    return path.error();
                pointer = path.value();
                shown = QStringLiteral("[moved: read_file {\"path\": \"%1\"}]").arg(pointer);
            }
            Part replacement = part;
            replacement.content = {Part::makeText(shown)};
            ViewEdit edit;
            edit.kind = ViewEdit::Kind::ReplacePart;
            edit.messageId = view.at(i).id;
            edit.partIndex = 0;
            edit.part = replacement;
            edit.item = QStringLiteral("tool-result");
            edit.pointer = pointer;
            view[i].parts[0] = replacement;
            CompactionEvent prepared;
            prepared.action = QStringLiteral("summary-prepared");
            CompactionEvent evict;
            evict.action = QStringLiteral("evict");
            evict.edits.append(edit);
            evict.replaced.append(view.at(i).id);
            evict.state.insert(QStringLiteral("summaryCall"), QJsonObject{{QStringLiteral("inputTokens"), 1000},
                                                                         {QStringLiteral("cachedInputTokens"), 800},
                                                                         {QStringLiteral("outputTokens"), 100}});
            report.events = {prepared, evict};
        }
        return report;
    }

private:
    bool m_archive;
};

} // namespace

class TestReplayer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void costFollowsTheCachedPrefix();
    void rewritingHistoryInvalidatesTheCache();
    void tinyWindowOverflows();
    void recoverabilityNeedsAPointer();
    void agentsMdIsInEveryRequest();
    void eventsAreRecordedLikeTheSession();
    void compactionsAndSummaryCallsAreCounted();
    void unknownModelFallsBack();
    void systemMessagesLeadingTheTranscriptAreTheSystemPrompt();
    void reportsAsJsonAndTable();
    void replaysLongClaudeCodeSession();
};

void TestReplayer::costFollowsTheCachedPrefix()
{
    const Replayer replayer;
    const Result<ReplayReport> result = replayer.replay(session(), conversation(), nullptr, {});
    VALIS_VERIFY_OK(result);
    const ReplayReport &report = result.value();
    QCOMPARE(report.model, Model);
    QCOMPARE(report.requests.size(), 3);

    const ModelInfo model = ModelCatalog::builtIn().lookup(Model).model;
    const std::shared_ptr<TokenCounter> counter = TokenCounter::forModel(model);
    const QList<Message> messages = conversation();
    qint64 c[6];
    for (int i = 0; i < 6; ++i)
        c[i] = counter->countMessage(messages.at(i));
    const qint64 fixed = report.fixedTokens;
    QVERIFY(fixed > 0);

    // Request k sends the fixed part and the messages before answer k.
    const qint64 r1 = fixed + c[0];
    const qint64 r2 = r1 + c[1] + c[2];
    const qint64 r3 = r2 + c[3] + c[4];
    QCOMPARE(report.requests.at(0).requestTokens, r1);
    QCOMPARE(report.requests.at(1).requestTokens, r2);
    QCOMPARE(report.requests.at(2).requestTokens, r3);
    // The first request writes everything; each later one reads the previous request back.
    QCOMPARE(report.requests.at(0).cacheReadTokens, 0);
    QCOMPARE(report.requests.at(0).cacheWriteTokens, r1);
    QCOMPARE(report.requests.at(1).cacheReadTokens, r1);
    QCOMPARE(report.requests.at(1).cacheWriteTokens, r2 - r1);
    QCOMPARE(report.requests.at(2).cacheReadTokens, r2);
    QCOMPARE(report.requests.at(2).cacheWriteTokens, r3 - r2);
    QCOMPARE(report.invalidations, 0);

    // claude-sonnet-4-5: $3.75 per million written, $0.30 read, $15 out; 500 output tokens each.
    const double input = (double(r1 + r2) * 0.30 + double(r1 + (r2 - r1) + (r3 - r2)) * 3.75) / 1e6;
    const double output = 3 * 500 * 15.0 / 1e6;
    QVERIFY2(qAbs(report.inputCostUsd - input) < 1e-12, qPrintable(QString::number(report.inputCostUsd - input)));
    QVERIFY(qAbs(report.outputCostUsd - output) < 1e-12);
    QVERIFY(qAbs(report.totalCostUsd() - (input + output)) < 1e-12);
    QCOMPARE(report.cacheReadTokens, r1 + r2);
    QCOMPARE(report.inputTokens, r1 + r2 + r3);
    QVERIFY(qAbs(report.cacheReadShare() - double(r1 + r2) / double(r1 + r2 + r3)) < 1e-12);
}

void TestReplayer::rewritingHistoryInvalidatesTheCache()
{
    const Replayer replayer;
    RewriteStrategy strategy;
    const Result<ReplayReport> result = replayer.replay(session(), conversation(), &strategy, {});
    VALIS_VERIFY_OK(result);
    const ReplayReport &report = result.value();
    QCOMPARE(report.requests.size(), 3);
    // The third request's view (five messages) starts with the rewritten message: only the fixed
    // part is read, the whole view is written again.
    const ReplayRequest &third = report.requests.at(2);
    QCOMPARE(third.compactions, 1);
    QVERIFY(third.invalidated);
    QCOMPARE(third.cacheReadTokens, report.fixedTokens);
    QCOMPARE(third.cacheWriteTokens, third.requestTokens - report.fixedTokens);
    QCOMPARE(report.invalidations, 1);
    QVERIFY(!report.requests.at(1).invalidated);
    const double inputCost = double(third.cacheReadTokens) * 0.30 / 1e6 + double(third.cacheWriteTokens) * 3.75 / 1e6;
    QVERIFY(qAbs(third.inputCostUsd - inputCost) < 1e-12);
    // The rewritten text left the view without a pointer.
    QCOMPARE(report.itemsRemoved, 1);
    QCOMPARE(report.itemsRecoverable, 0);
}

void TestReplayer::tinyWindowOverflows()
{
    QList<Message> messages = conversation();
    messages[0].parts = {Part::makeText(QStringLiteral("word ").repeated(600))};
    ReplayOptions options;
    options.contextWindow = 1000;
    options.agentsMd = QString();
    const Result<ReplayReport> result = Replayer().replay(session(), messages, nullptr, options);
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->contextWindow, 1000);
    QCOMPARE(result->overflows, 3);
    for (const ReplayRequest &request : result->requests) {
        QVERIFY(request.overflow);
        QVERIFY(request.requestTokens + request.outputTokens > 1000);
    }
    QVERIFY(result->peakShare > 1.0);
    QCOMPARE(result->compactions, 0);

    // The same with room to spare: no overflow.
    options.contextWindow = 200000;
    const Result<ReplayReport> roomy = Replayer().replay(session(), messages, nullptr, options);
    VALIS_VERIFY_OK(roomy);
    QCOMPARE(roomy->overflows, 0);
}

void TestReplayer::recoverabilityNeedsAPointer()
{
    const QString output = QStringLiteral("FAIL test_header: expected 0x7f454c46, got 0\nFAIL test_body: short read\n");
    MoveResultStrategy drop(false);
    const Result<ReplayReport> dropped = Replayer().replay(session(), toolConversation(output), &drop, {});
    VALIS_VERIFY_OK(dropped);
    QCOMPARE(dropped->itemsRemoved, 1);
    QCOMPARE(dropped->itemsRecoverable, 0);
    QCOMPARE(*dropped->recoverability(), 0.0);
    QCOMPARE(dropped->itemsRemovedOutsideSummaries, 1);
    QCOMPARE(*dropped->recoverabilityOutsideSummaries(), 0.0);

    MoveResultStrategy archive(true);
    const Result<ReplayReport> archived = Replayer().replay(session(), toolConversation(output), &archive, {});
    VALIS_VERIFY_OK(archived);
    QCOMPARE(archived->itemsRemoved, 1);
    QCOMPARE(archived->itemsRecoverable, 1);
    QCOMPARE(*archived->recoverability(), 1.0);
    QCOMPARE(*archived->recoverabilityOutsideSummaries(), 1.0);
    QCOMPARE(archived->itemsTracked, 7); // the last answer is never part of a view

    // Without any strategy nothing leaves the view.
    const Result<ReplayReport> none = Replayer().replay(session(), toolConversation(output), nullptr, {});
    VALIS_VERIFY_OK(none);
    QCOMPARE(none->itemsRemoved, 0);
    QVERIFY(!none->recoverability());
}

void TestReplayer::agentsMdIsInEveryRequest()
{
    QVERIFY(Replayer::sampleAgentsMd().toUtf8().size() > 1200);
    QVERIFY(Replayer::sampleAgentsMd().toUtf8().size() < 2200);

    ReplayOptions options;
    options.agentsMd = QStringLiteral("# AGENTS.md\n\nAlways run `make check-7f3a` before committing.\n");
    RewriteStrategy strategy;
    const Result<ReplayReport> result = Replayer().replay(session(), conversation(), &strategy, options);
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->agentsMdMissing, 0);
    QCOMPARE(result->agentsMdBytes, qint64(options.agentsMd->toUtf8().size()));
    for (const ReplayRequest &request : result->requests)
        QVERIFY(request.agentsMdIntact);

    // AGENTS.md is part of the fixed tokens of every request.
    options.agentsMd = QString();
    const Result<ReplayReport> without = Replayer().replay(session(), conversation(), &strategy, options);
    VALIS_VERIFY_OK(without);
    QVERIFY(without->fixedTokens < result->fixedTokens);
    QCOMPARE(without->agentsMdBytes, 0);
}

void TestReplayer::eventsAreRecordedLikeTheSession()
{
    RewriteStrategy strategy;
    ReplayOptions options;
    options.keepRecord = true;
    QList<Message> messages = conversation();
    messages.append(text(Role::User, QStringLiteral("And the tests?"), QStringLiteral("u4")));
    messages.append(text(Role::Assistant, QStringLiteral("They pass."), QStringLiteral("a4"), 10));
    const Result<ReplayReport> result = Replayer().replay(session(), messages, &strategy, options);
    VALIS_VERIFY_OK(result);
    // Asked at every build, it changed the view once: the event recorded after the third build
    // made the fourth start from the rewritten message.
    QCOMPARE(strategy.calls, 4);
    QCOMPARE(result->compactions, 1);
    QCOMPARE(result->requests.at(2).compactions, 1);
    QCOMPARE(result->requests.at(3).compactions, 0);
    QVERIFY(!result->requests.at(3).invalidated);
    // The record holds the transcript and the event, placed right after the build that made it
    // (before the answer it was built for).
    const QList<Message> &record = result->record;
    QCOMPARE(record.size(), messages.size() + 1);
    int events = 0;
    for (int i = 0; i < record.size(); ++i) {
        if (const auto event = CompactionEvent::fromMessage(record.at(i))) {
            ++events;
            QVERIFY(event->ok());
            QCOMPARE(event->value().action, QStringLiteral("rewrite"));
            QCOMPARE(event->value().strategy, QStringLiteral("rewrite"));
            QCOMPARE(record.at(i + 1).id, QStringLiteral("a3"));
        }
    }
    QCOMPARE(events, 1);
}

void TestReplayer::compactionsAndSummaryCallsAreCounted()
{
    MoveResultStrategy archive(true);
    const Result<ReplayReport> result = Replayer().replay(session(), toolConversation(QStringLiteral("two failures\n")), &archive, {});
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->compactions, 1);
    QCOMPARE(result->actions.value(QStringLiteral("evict")), 1);
    QVERIFY(!result->actions.contains(QStringLiteral("summary-prepared")));
    QCOMPARE(result->summaryCalls, 1);
    QCOMPARE(result->summaryInputTokens, 1000);
    QCOMPARE(result->summaryOutputTokens, 100);
    // 800 read, 200 written, 100 out at claude-sonnet-4-5's prices.
    const double expected = (800 * 0.30 + 200 * 3.75 + 100 * 15.0) / 1e6;
    QVERIFY2(qAbs(result->summaryCostUsd - expected) < 1e-12, qPrintable(QString::number(result->summaryCostUsd)));
    QVERIFY(qAbs(result->totalCostUsd() - (result->inputCostUsd + result->outputCostUsd + expected)) < 1e-12);
}

void TestReplayer::unknownModelFallsBack()
{
    QList<Message> messages = conversation();
    for (Message &m : messages)
        m.model = m.role == Role::Assistant ? QStringLiteral("no-such-model-3000") : QString();
    const Result<ReplayReport> result = Replayer().replay(session(), messages, nullptr, {});
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->model, QString::fromLatin1(Replayer::DefaultModel));
    QVERIFY(result->notes.join(QLatin1Char('\n')).contains(QLatin1String("no-such-model-3000")));

    ReplayOptions options;
    options.model = QStringLiteral("gpt-4o");
    const Result<ReplayReport> chosen = Replayer().replay(session(), messages, nullptr, options);
    VALIS_VERIFY_OK(chosen);
    QCOMPARE(chosen->model, QStringLiteral("gpt-4o"));
    QCOMPARE(chosen->contextWindow, 128000);

    // Nothing to replay: an error that says why.
    const Result<ReplayReport> empty = Replayer().replay(session(), {text(Role::User, QStringLiteral("hi"), QStringLiteral("u1"))}, nullptr, {});
    QVERIFY(empty.hasError());
    QCOMPARE(empty.error().code, QStringLiteral("replay.no-answers"));
}

void TestReplayer::systemMessagesLeadingTheTranscriptAreTheSystemPrompt()
{
    const QList<Message> plain = conversation();
    QList<Message> withSystem = plain;
    withSystem.prepend(text(Role::System, QStringLiteral("You are a careful build engineer. ").repeated(20), QStringLiteral("sys-1")));
    // A terminal's output in the middle (as Aider records it): never part of a view.
    withSystem.insert(3, text(Role::System, QStringLiteral("make: *** [all] Error 2\n").repeated(200), QStringLiteral("sys-2")));
    ReplayOptions options;
    options.keepRecord = true;
    const Result<ReplayReport> base = Replayer().replay(session(), plain, nullptr, options);
    const Result<ReplayReport> result = Replayer().replay(session(), withSystem, nullptr, options);
    VALIS_VERIFY_OK(base);
    VALIS_VERIFY_OK(result);
    const qint64 added = result->fixedTokens - base->fixedTokens;
    QVERIFY2(added > 100 && added < 400, qPrintable(QString::number(added)));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(result->requests.at(i).requestTokens, base->requests.at(i).requestTokens + added);
    QVERIFY(result->notes.join(QLatin1Char('\n')).contains(QLatin1String("1 System message")));
    // The record keeps them all, in place.
    QCOMPARE(result->record.size(), withSystem.size());
    QCOMPARE(result->record.at(3).id, QStringLiteral("sys-2"));
}

void TestReplayer::reportsAsJsonAndTable()
{
    RewriteStrategy strategy;
    const Result<ReplayReport> result = Replayer().replay(session(), conversation(), &strategy, {});
    VALIS_VERIFY_OK(result);
    const QJsonObject json = result->toJson(true);
    QCOMPARE(json.value(QLatin1String("strategy")).toString(), QStringLiteral("rewrite"));
    QCOMPARE(json.value(QLatin1String("requests")).toInt(), 3);
    QCOMPARE(json.value(QLatin1String("perRequest")).toArray().size(), 3);
    QCOMPARE(json.value(QLatin1String("invalidations")).toInt(), 1);
    QCOMPARE(json.value(QLatin1String("actions")).toObject().value(QLatin1String("rewrite")).toInt(), 1);
    QVERIFY(json.value(QLatin1String("recoverability")).isDouble());
    QVERIFY(!result->toJson(false).contains(QLatin1String("perRequest")));
    const QString table = result->toTable(true);
    QVERIFY2(table.contains(QLatin1String("rewrite")), qPrintable(table));
    QVERIFY(table.contains(QLatin1String("[cache invalidated]")));
    QCOMPARE(table.count(QLatin1Char('\n')), result->toTable(false).count(QLatin1Char('\n')) + 2 + 3);
}

void TestReplayer::replaysLongClaudeCodeSession()
{
    VALIS_REQUIRE_FIXTURE(path, "claude-code-sessions-spotter/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl");
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const Result<QList<ReplaySession>> sessions = importForReplay(path, scratch.path());
    VALIS_VERIFY_OK(sessions);
    QVERIFY(!sessions->isEmpty());
    const ReplaySession &main = sessions->constFirst();
    QVERIFY(main.info.parentSessionId.isEmpty());
    int answers = 0;
    for (const Message &m : main.messages)
        answers += m.role == Role::Assistant ? 1 : 0;
    QVERIFY(answers > 100);

    ReplayOptions options;
    options.contextWindow = 32000;
    const Result<ReplayReport> result = Replayer().replay(main.info, main.messages, nullptr, options);
    VALIS_VERIFY_OK(result);
    const ReplayReport &report = result.value();
    QCOMPARE(report.requests.size(), answers);
    QCOMPARE(report.model, QStringLiteral("claude-opus-4-6"));
    QVERIFY(report.overflows > 0);
    QVERIFY(report.peakShare > 1.0);
    QCOMPARE(report.compactions, 0);
    QCOMPARE(report.itemsRemoved, 0);
    QCOMPARE(report.agentsMdMissing, 0);
    QVERIFY(report.fixedTokens > 1000);
    // Without management the prefix only grows: nearly everything is read from the cache, and
    // every request reads the one before it.
    QCOMPARE(report.invalidations, 0);
    QVERIFY(report.cacheReadShare() > 0.9 && report.cacheReadShare() < 1.0);
    QVERIFY(report.inputTokens > 1000000);
    QVERIFY(report.totalCostUsd() > 1.0 && report.totalCostUsd() < 100.0);
    QVERIFY(qAbs(report.totalCostUsd() - (report.inputCostUsd + report.outputCostUsd)) < 1e-9);
    qint64 previous = 0;
    for (const ReplayRequest &request : report.requests) {
        QVERIFY(request.requestTokens >= previous);
        previous = request.requestTokens;
    }
}

VALIS_TEST_MAIN(TestReplayer)
#include "tst_replayer.moc"
