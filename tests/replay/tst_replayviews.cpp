// What a replay shows of its views: the views written per request (--dump-views) against what
// the pipeline builds, boards after the cached prefix, and the old-facts measure (verbatim in
// the view, or one get_turn away through a turn tag) on small transcripts made here.
#include "testsupport.h"
#include "valis/agent/contextpipeline.h"
#include "valis/catalog/modelcatalog.h"
#include "valis/context/compactionevent.h"
#include "valis/context/replayer.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/record/recordjson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;

namespace {

const QString Model = QStringLiteral("claude-sonnet-4-5");

Message message(Role role, const QList<Part> &parts, const QString &id)
{
    Message m;
    m.id = id;
    m.role = role;
    m.parts = parts;
    if (role == Role::Assistant) {
        m.model = Model;
        m.usage.outputTokens = 20;
    }
    return m;
}

Message text(Role role, const QString &words, const QString &id)
{
    return message(role, {Part::makeText(words)}, id);
}

SessionInfo session()
{
    SessionInfo info;
    info.id = QStringLiteral("s-views");
    info.originKind = QStringLiteral("test");
    return info;
}

/// Turn 1 and 2 hold the facts (8 of them); turns 3 to 8 hold none. Nine requests: two in
/// turn 1 (a tool call, then the answer), one in each later turn.
QList<Message> factConversation()
{
    QList<Message> messages{
        // Turn 1: src/app/main.cpp, the URL; run_server, 8080 (the result); main.cpp (the answer).
        text(Role::User, QStringLiteral("Please check src/app/main.cpp and the log at https://ci.example.com/build/4821 for me."), QStringLiteral("u1")),
        message(Role::Assistant, {Part::makeToolCall(QStringLiteral("call-1"), QStringLiteral("exec"),
                                                     QJsonObject{{QStringLiteral("command"), QStringLiteral("cat src/app/main.cpp")}})},
                QStringLiteral("a1")),
        message(Role::Tool, {Part::makeToolResultText(QStringLiteral("call-1"), QStringLiteral("int main() { return run_server(8080); }"))}, QStringLiteral("t1")),
        text(Role::Assistant, QStringLiteral("main.cpp starts run_server on port 8080."), QStringLiteral("a1b")),
        // Turn 2: E0425, 77123; parse_header_bytes.
        text(Role::User, QStringLiteral("What does error E0425 in build 77123 mean?"), QStringLiteral("u2")),
        text(Role::Assistant, QStringLiteral("E0425 is an unresolved name: build 77123 failed in parse_header_bytes."), QStringLiteral("a2"))};
    for (int turn = 3; turn <= 8; ++turn) {
        messages.append(text(Role::User, QStringLiteral("Go on with the next step, please."), QStringLiteral("u%1").arg(turn)));
        messages.append(text(Role::Assistant, QStringLiteral("Done; that step is finished."), QStringLiteral("a%1").arg(turn)));
    }
    return messages;
}

/// From turn 5 on, shows turn 2 (or turns 1 and 2 when `merge`) as a turn tag, the way the
/// gradient strategy shows a turn at a lower level: the first text carries the tag, every
/// other part of those turns is emptied (tool calls keep their name, results their call).
class TagStrategy : public ContextStrategy
{
public:
    explicit TagStrategy(bool merge) : m_merge(merge) {}
    QString id() const override { return m_merge ? QStringLiteral("tag-merged") : QStringLiteral("tag"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &context) override
    {
        StrategyReport report;
        if (context.currentTurn < 5)
            return report;
        const int first = m_merge ? 1 : 2;
        const QString tag = m_merge ? QStringLiteral("<T-1-through-2-T>Turn 1: a file was read. Turn 2: a question.</T-1-through-2-T>")
                                    : QStringLiteral("<T-2-C>A question about a build error and its answer.</T-2-C>");
        const QString empty = QStringLiteral("[T]");
        CompactionEvent event;
        event.action = QStringLiteral("tag");
        bool tagged = false;
        for (Message &shown : view) {
            if (shown.turn < first || shown.turn > 2)
                continue;
            for (int p = 0; p < shown.parts.size(); ++p) {
                Part part = shown.parts.at(p);
                if (part.kind == PartKind::Text) {
                    if (part.text.startsWith(QLatin1String("<T-")) || part.text == empty)
                        return report; // shown so already: the recorded event did it
                    part.text = tagged ? empty : tag;
                    tagged = true;
                } else if (part.kind == PartKind::ToolCall) {
                    part.arguments = QJsonObject{};
                    part.argumentsText.reset();
                } else if (part.kind == PartKind::ToolResult) {
                    part.content = {Part::makeText(empty)};
                }
                ViewEdit edit;
                edit.kind = ViewEdit::Kind::ReplacePart;
                edit.messageId = shown.id;
                edit.partIndex = p;
                edit.part = part;
                edit.item = QStringLiteral("turn");
                shown.parts[p] = part;
                event.edits.append(edit);
            }
            event.replaced.append(shown.id);
        }
        if (!event.edits.isEmpty())
            report.events.append(event);
        return report;
    }

private:
    bool m_merge;
};

/// Replaces the first user message's text once the view holds five messages (an event the
/// views must show from then on).
class RewriteStrategy : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("rewrite"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &) override
    {
        StrategyReport report;
        if (view.size() < 5 || view.constFirst().parts.constFirst().text == QLatin1String("[rewritten]"))
            return report;
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
};

/// A board naming the current turn (different in every request) and provider options.
class BoardStrategy : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("board"); }
    Result<StrategyReport> apply(QList<Message> &, const StrategyBudget &, const StrategyContext &context) override
    {
        StrategyReport report;
        Message board = text(Role::User, QStringLiteral("Board: turn %1 asked back, pinned until turn %2.").arg(context.currentTurn).arg(context.currentTurn + 5),
                             QStringLiteral("board-%1").arg(context.currentTurn));
        board.turn = context.currentTurn;
        report.board = {board};
        report.providerOptions = QJsonObject{{QStringLiteral("anthropic"),
                                              QJsonObject{{QStringLiteral("betas"), QJsonArray{QStringLiteral("context-management-2025-06-27")}}}}};
        return report;
    }
};

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

QJsonArray messagesJson(const QList<Message> &messages)
{
    QJsonArray array;
    for (const Message &m : messages)
        array.append(recordjson::toJson(m));
    return array;
}

} // namespace

class TestReplayViews : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dumpedViewsAreWhatThePipelineBuilt();
    void dumpFolderThatCannotBeWrittenFailsFirst();
    void boardsAreWrittenAfterTheCachedPrefix();
    void factPatternFindsEachKindOnce();
    void everyOldFactIsVisibleWithoutManagement();
    void taggedTurnsAreReachableNotVisible();
    void mergedTagsCoverTheirRange();
    void factsInJsonAndTable();
};

void TestReplayViews::dumpedViewsAreWhatThePipelineBuilt()
{
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString dir = scratch.filePath(QStringLiteral("views"));
    QVERIFY(QDir().mkpath(dir));
    // An earlier replay's view goes; other files stay.
    QVERIFY(!test::writeFileIn(dir, QStringLiteral("0042-T9.json"), "{}").isEmpty());
    QVERIFY(!test::writeFileIn(dir, QStringLiteral("notes.txt"), "mine").isEmpty());

    const QList<Message> messages = factConversation();
    RewriteStrategy strategy;
    ReplayOptions options;
    options.keepRecord = true;
    options.dumpViewsDir = dir;
    const Result<ReplayReport> result = Replayer().replay(session(), messages, &strategy, options);
    VALIS_VERIFY_OK(result);
    const ReplayReport &report = result.value();
    QCOMPARE(report.requests.size(), 9);
    QCOMPARE(report.viewsDir, dir);
    QCOMPARE(report.compactions, 1);

    const QStringList files = QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QCOMPARE(files, (QStringList{QStringLiteral("0001-T1.json"), QStringLiteral("0002-T1.json"), QStringLiteral("0003-T2.json"),
                                  QStringLiteral("0004-T3.json"), QStringLiteral("0005-T4.json"), QStringLiteral("0006-T5.json"),
                                  QStringLiteral("0007-T6.json"), QStringLiteral("0008-T7.json"), QStringLiteral("0009-T8.json")}));
    QVERIFY(QFile::exists(QDir(dir).filePath(QStringLiteral("notes.txt"))));

    // A pipeline of its own, fed the replay's record (the transcript with the events placed
    // before the answers they were built for), builds the same messages for every request.
    const ModelInfo model = ModelCatalog::builtIn().lookup(Model).model;
    RewriteStrategy again;
    ContextPipeline pipeline;
    pipeline.setModel(model, Replayer::DefaultMaxOutputTokens);
    pipeline.setStrategies({&again});
    const QJsonArray tools = Replayer::toolDefinitions(messages);
    int request = 0;
    for (int i = 0; i < report.record.size(); ++i) {
        const Message &answer = report.record.at(i);
        if (answer.role != Role::Assistant)
            continue;
        const ContextView built = pipeline.build(report.record.mid(0, i), answer.turn, false);
        QVERIFY(built.compactions.isEmpty()); // the recorded event already did the rewrite
        const QJsonObject file = readJson(QDir(dir).filePath(files.at(request)));
        QCOMPARE(file.value(QLatin1String("request")).toInt(), request + 1);
        QCOMPARE(file.value(QLatin1String("messageId")).toString(), answer.id);
        QCOMPARE(file.value(QLatin1String("turn")).toInt(), answer.turn);
        QCOMPARE(file.value(QLatin1String("strategy")).toString(), QStringLiteral("rewrite"));
        QCOMPARE(file.value(QLatin1String("messages")).toArray(), messagesJson(built.messages));
        QCOMPARE(file.value(QLatin1String("messages")).toArray().size(), report.requests.at(request).viewMessages);
        QCOMPARE(file.value(QLatin1String("requestTokens")).toInteger(), report.requests.at(request).requestTokens);
        QCOMPARE(file.value(QLatin1String("tools")).toArray(), tools);
        QVERIFY(file.value(QLatin1String("systemPrompt")).toString().contains(Replayer::sampleAgentsMd()));
        QCOMPARE(file.value(QLatin1String("boardMessages")).toInt(), 0);
        // What the build recorded: the rewrite, in the build that made it (request 3: the
        // first view of five messages).
        const QJsonArray compactions = file.value(QLatin1String("build")).toObject().value(QLatin1String("compactions")).toArray();
        QCOMPARE(compactions.size(), report.requests.at(request).compactions);
        if (request == 2)
            QCOMPARE(compactions.first().toObject().value(QLatin1String("action")).toString(), QStringLiteral("rewrite"));
        ++request;
    }
    QCOMPARE(request, 9);
    QCOMPARE(report.requests.at(2).compactions, 1);
    const QJsonArray last = readJson(QDir(dir).filePath(files.constLast())).value(QLatin1String("messages")).toArray();
    QCOMPARE(last.first().toObject().value(QLatin1String("parts")).toArray().first().toObject().value(QLatin1String("text")).toString(),
             QStringLiteral("[rewritten]"));
}

void TestReplayViews::dumpFolderThatCannotBeWrittenFailsFirst()
{
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    // Root writes through permissions, so the folder is one that cannot exist: under a file.
    const QString file = test::writeFileIn(scratch.path(), QStringLiteral("plain.txt"), "x");
    QVERIFY(!file.isEmpty());
    RewriteStrategy strategy;
    ReplayOptions options;
    options.dumpViewsDir = file + QStringLiteral("/views");
    const Result<ReplayReport> result = Replayer().replay(session(), factConversation(), &strategy, options);
    QVERIFY(result.hasError());
    QCOMPARE(result.error().code, QStringLiteral("replay.dump-views"));
    QVERIFY2(result.error().message.contains(options.dumpViewsDir), qPrintable(result.error().message));
    QVERIFY(Replayer::prepareViewDump(file).hasError()); // a file is no folder
    QVERIFY(Replayer::prepareViewDump(scratch.filePath(QStringLiteral("new/views"))).ok());
    QVERIFY(QFileInfo(scratch.filePath(QStringLiteral("new/views"))).isDir());
}

void TestReplayViews::boardsAreWrittenAfterTheCachedPrefix()
{
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QList<Message> messages = factConversation();
    const Result<ReplayReport> plain = Replayer().replay(session(), messages, nullptr, {});
    VALIS_VERIFY_OK(plain);
    BoardStrategy strategy;
    ReplayOptions options;
    options.dumpViewsDir = scratch.path();
    const Result<ReplayReport> result = Replayer().replay(session(), messages, &strategy, options);
    VALIS_VERIFY_OK(result);
    // The board changes every request, yet the prefix before it is read as without one.
    QCOMPARE(result->invalidations, 0);
    for (int k = 0; k < result->requests.size(); ++k) {
        const ReplayRequest &row = result->requests.at(k);
        QCOMPARE(row.cacheReadTokens, plain->requests.at(k).cacheReadTokens);
        QVERIFY(row.requestTokens > plain->requests.at(k).requestTokens);
        QCOMPARE(row.cacheWriteTokens, row.requestTokens - row.cacheReadTokens);
        QCOMPARE(row.viewMessages, plain->requests.at(k).viewMessages + 1);
    }
    const QJsonObject file = readJson(QDir(scratch.path()).filePath(QStringLiteral("0006-T5.json")));
    QCOMPARE(file.value(QLatin1String("boardMessages")).toInt(), 1);
    const QJsonArray shown = file.value(QLatin1String("messages")).toArray();
    QCOMPARE(shown.last().toObject().value(QLatin1String("id")).toString(), QStringLiteral("board-5"));
    QCOMPARE(file.value(QLatin1String("providerOptions")).toObject().value(QLatin1String("anthropic")).toObject()
                 .value(QLatin1String("betas")).toArray().first().toString(),
             QStringLiteral("context-management-2025-06-27"));
}

void TestReplayViews::factPatternFindsEachKindOnce()
{
    // 18 facts, one or two of each kind, then words that look like facts but are not, and a
    // repeat.
    const QString facts = QStringLiteral(
        "See https://example.org/docs/a?b=1, id 123e4567-e89b-12d3-a456-426614174000, /etc/hosts, ./run.sh, src/a/b, "
        "main.cpp, PROJ-42, E0425, TS2304, ENOENT, SIGSEGV, m-3f9a2c, toolu_01abc, 4821, deadbeef42, parse_header, "
        "camelCase, PascalCase. ");
    const QString noise = QStringLiteral("Not: and/or, EPIC, E2E, 12, 1/2, deadbeef, ok, ERROR, 99. Again: main.cpp, 4821.");
    const QList<Message> messages{text(Role::User, facts + noise, QStringLiteral("u1")),
                                  text(Role::Assistant, QStringLiteral("Noted."), QStringLiteral("a1"))};
    ReplayOptions options;
    options.facts.maxPerMessage = 100;
    Result<ReplayReport> result = Replayer().replay(session(), messages, nullptr, options);
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->factsTracked, 18);
    // The caps: per message, then in all.
    options.facts.maxPerMessage = 5;
    result = Replayer().replay(session(), messages, nullptr, options);
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->factsTracked, 5);
    options.facts.maxFacts = 3;
    result = Replayer().replay(session(), messages, nullptr, options);
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->factsTracked, 3);
    // Nothing but noise: no fact.
    const QList<Message> plain{text(Role::User, noise.left(noise.indexOf(QLatin1String("Again"))), QStringLiteral("u1")),
                               text(Role::Assistant, QStringLiteral("Noted."), QStringLiteral("a1"))};
    result = Replayer().replay(session(), plain, nullptr, {});
    VALIS_VERIFY_OK(result);
    QCOMPARE(result->factsTracked, 0);
}

void TestReplayViews::everyOldFactIsVisibleWithoutManagement()
{
    ReplayOptions options;
    options.facts.earlyTurns = 2;
    options.facts.recentRequests = 2;
    const Result<ReplayReport> result = Replayer().replay(session(), factConversation(), nullptr, options);
    VALIS_VERIFY_OK(result);
    const ReplayReport &report = result.value();
    QCOMPARE(report.factsTracked, 8);
    QCOMPARE(report.factsRecentRequests, 2);
    // Requests 1 and 2 have no fact two requests old; request 3 the two of the first message,
    // request 4 the five of turn 1, the rest all eight.
    const QList<int> old{0, 0, 2, 5, 8, 8, 8, 8, 8};
    for (int k = 0; k < report.requests.size(); ++k) {
        QCOMPARE(report.requests.at(k).oldFacts, old.at(k));
        QCOMPARE(report.requests.at(k).oldFactsVisible, old.at(k));
        QCOMPARE(report.requests.at(k).oldFactsReachable, 0);
    }
    QCOMPARE(report.factsMeasuredRequests, 7);
    QCOMPARE(*report.oldFactsVisible, 1.0);
    QCOMPARE(*report.oldFactsVisibleAtLast, 1.0);
    QCOMPARE(*report.oldFactsReachable, 0.0);
    QCOMPARE(*report.oldFactsReachableAtLast, 0.0);

    // By default the facts come from the first quarter of the requests (three of nine: turn 1
    // and the answer of turn 2), and count once 20 requests old: never, in nine requests.
    const Result<ReplayReport> defaults = Replayer().replay(session(), factConversation(), nullptr, {});
    VALIS_VERIFY_OK(defaults);
    QCOMPARE(defaults->factsTracked, 8);
    QCOMPARE(defaults->factsMeasuredRequests, 0);
    QVERIFY(!defaults->oldFactsVisible);
    QVERIFY(!defaults->oldFactsVisibleAtLast);
}

void TestReplayViews::taggedTurnsAreReachableNotVisible()
{
    ReplayOptions options;
    options.facts.earlyTurns = 2;
    options.facts.recentRequests = 2;
    TagStrategy strategy(false);
    const Result<ReplayReport> result = Replayer().replay(session(), factConversation(), &strategy, options);
    VALIS_VERIFY_OK(result);
    const ReplayReport &report = result.value();
    QCOMPARE(report.compactions, 1);
    // From turn 5 (request 6) on, turn 2's three facts are gone from the view, and its tag
    // names the turn: one get_turn away. Turn 1's five stay verbatim.
    for (int k = 5; k < report.requests.size(); ++k) {
        QCOMPARE(report.requests.at(k).oldFactsVisible, 5);
        QCOMPARE(report.requests.at(k).oldFactsReachable, 3);
    }
    QCOMPARE(report.requests.at(4).oldFactsVisible, 8);
    QCOMPARE(report.requests.at(4).oldFactsReachable, 0);
    QCOMPARE(*report.oldFactsVisibleAtLast, 5.0 / 8.0);
    QCOMPARE(*report.oldFactsReachableAtLast, 3.0 / 8.0);
    QVERIFY(qAbs(*report.oldFactsVisible - (3.0 + 4 * 5.0 / 8.0) / 7.0) < 1e-12);
    QVERIFY(qAbs(*report.oldFactsReachable - (4 * 3.0 / 8.0) / 7.0) < 1e-12);
    // What left the view with turn 2 is recoverable: its tag names the turn, and get_turn at R
    // brings the record back.
    QVERIFY(report.itemsRemoved > 0);
    QCOMPARE(report.itemsRecoverable, report.itemsRemoved);
    QCOMPARE(report.itemsRecoverableOutsideSummaries, report.itemsRemovedOutsideSummaries);
}

void TestReplayViews::mergedTagsCoverTheirRange()
{
    ReplayOptions options;
    options.facts.earlyTurns = 2;
    options.facts.recentRequests = 2;
    TagStrategy strategy(true);
    const Result<ReplayReport> result = Replayer().replay(session(), factConversation(), &strategy, options);
    VALIS_VERIFY_OK(result);
    const ReplayRequest &last = result->requests.constLast();
    QCOMPARE(last.oldFacts, 8);
    QCOMPARE(last.oldFactsVisible, 0);
    QCOMPARE(last.oldFactsReachable, 8);
    QCOMPARE(*result->oldFactsVisibleAtLast, 0.0);
    QCOMPARE(*result->oldFactsReachableAtLast, 1.0);
}

void TestReplayViews::factsInJsonAndTable()
{
    ReplayOptions options;
    options.facts.earlyTurns = 2;
    options.facts.recentRequests = 2;
    TagStrategy strategy(false);
    const Result<ReplayReport> result = Replayer().replay(session(), factConversation(), &strategy, options);
    VALIS_VERIFY_OK(result);
    const QJsonObject json = result->toJson(true);
    QCOMPARE(json.value(QLatin1String("factsTracked")).toInt(), 8);
    QCOMPARE(json.value(QLatin1String("factsMeasuredRequests")).toInt(), 7);
    QCOMPARE(json.value(QLatin1String("oldFactsVisibleAtLast")).toDouble(), 0.625);
    QCOMPARE(json.value(QLatin1String("oldFactsReachableAtLast")).toDouble(), 0.375);
    QCOMPARE(json.value(QLatin1String("oldFactsVisible")).toDouble(), *result->oldFactsVisible);
    const QJsonObject row = json.value(QLatin1String("perRequest")).toArray().last().toObject();
    QCOMPARE(row.value(QLatin1String("oldFacts")).toInt(), 8);
    QCOMPARE(row.value(QLatin1String("oldFactsVisible")).toInt(), 5);
    QCOMPARE(row.value(QLatin1String("oldFactsReachable")).toInt(), 3);
    QCOMPARE(row.value(QLatin1String("oldFactsVisibleShare")).toDouble(), 0.625);
    QVERIFY(json.value(QLatin1String("perRequest")).toArray().first().toObject().value(QLatin1String("oldFactsVisibleShare")).isNull());

    const QString table = result->toTable(true);
    QVERIFY2(table.contains(QLatin1String("old facts verbatim in the view: 78.6% on average, 62.5% at the last request; "
                                          "reachable by one get_turn: 21.4%, 37.5% (8 fact(s) from the start")),
             qPrintable(table));
    QVERIFY2(table.contains(QLatin1String("      5/8      3 tag")), qPrintable(table)); // request 6, which tagged turn 2
}

VALIS_TEST_MAIN(TestReplayViews)
#include "tst_replayviews.moc"
