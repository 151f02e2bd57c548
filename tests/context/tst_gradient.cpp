// The compression gradient: band layout, the strategy in the real ContextPipeline over a long
// generated session (window, tags, levels, prefix stability between recalculations, the
// announcement board), and get_turn over a real SessionStore.
#include "getturntool.h"
#include "gradientlayout.h"
#include "gradientstrategy.h"
#include "testsupport.h"
#include "valis/agent/contextpipeline.h"
#include "valis/context/compactionevent.h"
#include "valis/context/contextarchive.h"
#include "valis/context/turnversions.h"
#include "valis/record/recordjson.h"
#include "valis/store/sessionstore.h"
#include "valis/tokens/tokencounter.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;

namespace {

Message message(Role role, const QList<Part> &parts, int turn, const QString &id)
{
    Message m;
    m.id = id;
    m.role = role;
    m.turn = turn;
    m.parts = parts;
    return m;
}

/// Some code-like text of about `lines` lines naming the turn's fact.
QString codeFor(int turn, int lines)
{
    QStringList text;
    for (int i = 0; i < lines; ++i)
        text.append(QStringLiteral("    int value_%1_%2 = compute(%2, \"src/module_%1.cpp\"); // step %2 of turn %1").arg(turn).arg(i));
    text.insert(lines / 2, QStringLiteral("    // FACT-%1: the retry limit is %2 ms").arg(turn).arg(1000 + turn * 7));
    return text.join(QLatin1Char('\n'));
}

/// The messages of one scripted turn: a request, a read_file call, its result, an answer.
QList<Message> turnMessages(int turn, const QString &extraCall = {}, const QString &extraResult = {})
{
    const QString n = QString::number(turn);
    QList<Message> messages;
    messages.append(message(Role::User, {Part::makeText(QStringLiteral("Please look at src/module_%1.cpp and fix issue #%2.").arg(n).arg(4000 + turn))},
                            turn, QStringLiteral("u-") + n));
    if (!extraCall.isEmpty()) {
        messages.append(message(Role::Assistant, {Part::makeToolCall(QStringLiteral("g-") + n, QStringLiteral("get_turn"),
                                                                     QJsonDocument::fromJson(extraCall.toUtf8()).object())},
                                turn, QStringLiteral("ag-") + n));
        Part result = Part::makeToolResult(QStringLiteral("g-") + n, {Part::makeText(extraResult)});
        result.toolName = QStringLiteral("get_turn");
        messages.append(message(Role::User, {result}, turn, QStringLiteral("rg-") + n));
    }
    messages.append(message(Role::Assistant, {Part::makeToolCall(QStringLiteral("c-") + n, QStringLiteral("read_file"),
                                                                 QJsonObject{{QStringLiteral("path"), QStringLiteral("src/module_%1.cpp").arg(n)}})},
                            turn, QStringLiteral("a1-") + n));
    Part result = Part::makeToolResult(QStringLiteral("c-") + n, {Part::makeText(codeFor(turn, 12 + turn % 9))});
    result.toolName = QStringLiteral("read_file");
    messages.append(message(Role::User, {result}, turn, QStringLiteral("r-") + n));
    messages.append(message(Role::Assistant,
                            {Part::makeText(QStringLiteral("Fixed src/module_%1.cpp: the retry limit was wrong (FACT-%1). "
                                                           "I decided to keep the old API because callers depend on it.")
                                                .arg(n))},
                            turn, QStringLiteral("a2-") + n));
    return messages;
}

QByteArray bytesOf(const QList<Message> &messages)
{
    QByteArray bytes;
    for (const Message &m : messages)
        bytes += QJsonDocument(recordjson::toJson(m)).toJson(QJsonDocument::Compact) + '\n';
    return bytes;
}

QString textOf(const QList<Message> &messages)
{
    QString text;
    for (const Message &m : messages) {
        for (const Part &p : m.parts) {
            text += p.text + QLatin1Char('\n');
            for (const Part &inner : p.content)
                text += inner.text + QLatin1Char('\n');
        }
    }
    return text;
}

struct Setup
{
    ContextPipeline pipeline;
    GradientStrategy strategy;
    std::shared_ptr<MemoryContextArchive> archive = std::make_shared<MemoryContextArchive>();
    explicit Setup(qint64 window, const QJsonObject &settings = {})
    {
        ModelInfo model;
        model.id = QStringLiteral("gpt-4o");
        model.contextWindow = window;
        model.maxOutputTokens = 4096;
        pipeline.setModel(model, 4096);
        pipeline.setTokenCounter(TokenCounter::forModel(model));
        pipeline.setSession(QStringLiteral("s-gradient"), QStringLiteral("default"));
        pipeline.setFixedTokens(1500);
        pipeline.setArchive(archive);
        QJsonObject merged = strategy.defaultSettings();
        for (auto it = settings.constBegin(); it != settings.constEnd(); ++it)
            merged.insert(it.key(), it.value());
        pipeline.setStrategies({&strategy});
        pipeline.setStrategySettings({{strategy.id(), merged}});
    }
};

} // namespace

class TestGradient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void layoutFollowsRecencyWhenThereIsRoom()
    {
        QList<gradient::TurnCost> turns;
        for (int t = 1; t <= 150; ++t)
            turns.append({t, 800, 480, 280, 20});
        const gradient::GradientSettings settings;
        const QList<gradient::Level> levels = gradient::layoutTurns(turns, 10'000'000, settings);
        QCOMPARE(levels.size(), 150);
        QCOMPARE(levels.count(gradient::Level::Raw), 20);
        QCOMPARE(levels.count(gradient::Level::Smoothed), 20);
        QCOMPARE(levels.count(gradient::Level::Compressed), 60);
        QCOMPARE(levels.count(gradient::Level::Tiny), 50);
        QCOMPARE(levels.constFirst(), gradient::Level::Tiny);
        QCOMPARE(levels.constLast(), gradient::Level::Raw);
        QCOMPARE(levels.at(150 - 21), gradient::Level::Smoothed);
    }

    void layoutStepsOldestDownUnderATightBudget()
    {
        QList<gradient::TurnCost> turns;
        for (int t = 1; t <= 150; ++t)
            turns.append({t, 800, 480, 280, 20});
        const gradient::GradientSettings settings;
        const qint64 budget = 20000;
        const QList<gradient::Level> levels = gradient::layoutTurns(turns, budget, settings);
        qint64 total = 0;
        for (int i = 0; i < levels.size(); ++i)
            total += turns.at(i).at(levels.at(i));
        QVERIFY2(total <= budget, qPrintable(QString::number(total)));
        // Levels never rise with age: older turns are never shown more fully than newer ones.
        for (int i = 1; i < levels.size(); ++i)
            QVERIFY2(int(levels.at(i - 1)) >= int(levels.at(i)), qPrintable(QStringLiteral("turn %1").arg(i)));
        QVERIFY(levels.count(gradient::Level::Raw) < 20);
        QVERIFY(levels.count(gradient::Level::Raw) > 0);
        QCOMPARE(levels.constLast(), gradient::Level::Raw);
    }

    void layoutOmitsTheOldestWhenEvenTinyOverflows()
    {
        QList<gradient::TurnCost> turns;
        for (int t = 1; t <= 5000; ++t)
            turns.append({t, t > 4990 ? 800 : -1, 480, 280, 25});
        const QList<gradient::Level> levels = gradient::layoutTurns(turns, 60000, gradient::GradientSettings());
        QVERIFY(levels.count(gradient::Level::Omitted) > 0);
        QCOMPARE(levels.constFirst(), gradient::Level::Omitted);
        QVERIFY(levels.count(gradient::Level::Tiny) > 0);
        // A turn the view no longer holds raw is never laid out raw.
        QCOMPARE(levels.at(4980) == gradient::Level::Raw, false);
    }

    void extractiveVersionsKeepWhatIdentifiesThings()
    {
        const QList<Message> turn = turnMessages(7);
        const TurnVersionSet set = extractTurnVersions(turn, 7);
        qsizetype raw = 0;
        for (const Message &m : turn)
            raw += textOf({m}).size();
        QVERIFY(set.smoothed.text.size() < raw);
        QVERIFY(set.compressed.text.size() < set.smoothed.text.size());
        QVERIFY(set.tiny.text.size() < set.compressed.text.size());
        QVERIFY(set.tiny.text.startsWith(QLatin1String("Turn 7: ")));
        for (const QString &kept : {QStringLiteral("src/module_7.cpp"), QStringLiteral("#4007")}) {
            QVERIFY2(set.smoothed.text.contains(kept), qPrintable(kept));
            QVERIFY2(set.compressed.text.contains(kept), qPrintable(kept));
        }
        QVERIFY(set.compressed.text.contains(QLatin1String("{read_file(")));
        QVERIFY(set.compressed.text.contains(QString::fromUtf8("called \u2192")));
        QCOMPARE(set.smoothed.model, QStringLiteral("extractive"));
        QCOMPARE(set.smoothed.sourceHash, turnSourceHash(turn));
        QVERIFY(set.smoothed.tokens > 0);
    }

    void longSessionStaysInsideTheWindowWithStablePrefix()
    {
        Setup setup(32000);
        QList<Message> record;
        ContextView previous;
        bool havePrevious = false;
        int recalculations = 0;
        int unscheduled = 0;
        int boardsSeen = 0;
        const int getTurnAt = 120;
        for (int turn = 1; turn <= 200; ++turn) {
            const QList<Message> messages = turn == getTurnAt
                ? turnMessages(turn, QStringLiteral("{\"turn\":5,\"level\":\"R\"}"),
                               QStringLiteral("<T-5-R>\n[user] the record of turn five, FACT-5 verbatim\n</T-5-R>"))
                : turnMessages(turn);
            for (const Message &m : messages) {
                record.append(m);
                if (m.role != Role::User)
                    continue;
                ContextView view = setup.pipeline.build(record, turn, false);
                QVERIFY2(view.warnings.isEmpty(), qPrintable(view.warnings.isEmpty() ? QString() : view.warnings.constFirst().message));
                QVERIFY2(view.requestTokens <= view.targetTokens,
                         qPrintable(QStringLiteral("turn %1: %2 > %3").arg(turn).arg(view.requestTokens).arg(view.targetTokens)));
                bool recalculated = false;
                bool rewritten = false; // a recorded change other than tagging the new turn
                for (const CompactionEvent &event : std::as_const(view.compactions)) {
                    record.append(event.toMessage());
                    rewritten = rewritten || !event.state.value(QLatin1String("routine")).toBool();
                    if (event.action == QLatin1String("recalculate")) {
                        recalculated = true;
                        ++recalculations;
                        const QString reason = event.state.value(QLatin1String("reason")).toString();
                        if (turn % 10 != 0) {
                            QCOMPARE(reason, QStringLiteral("overflow"));
                            ++unscheduled;
                        }
                    }
                }
                if (recalculated) {
                    // One prefix invalidation, recorded with its cache cost (on the build's first event).
                    qint64 invalidated = 0;
                    for (const CompactionEvent &event : std::as_const(view.compactions))
                        invalidated += event.cacheInvalidatedTokens;
                    QVERIFY(invalidated > 0);
                }
                // The board lives after the cached prefix: what came before is unchanged unless
                // the bands were laid out again (or eviction paid for itself): never unrecorded.
                const QList<Message> shownBefore = previous.messages.mid(0, previous.messages.size() - previous.boardMessages);
                if (havePrevious && !rewritten) {
                    QVERIFY2(bytesOf(view.messages).startsWith(bytesOf(shownBefore)),
                             qPrintable(QStringLiteral("turn %1: the prefix changed without a recalculation").arg(turn)));
                }
                const QString board = textOf(view.messages.mid(view.messages.size() - view.boardMessages));
                if (turn >= getTurnAt && turn < getTurnAt + 5 && !(turn == getTurnAt && m.id == QLatin1String("u-120"))) {
                    QVERIFY2(board.contains(QLatin1String("FACT-5 verbatim")), qPrintable(QStringLiteral("turn %1").arg(turn)));
                    ++boardsSeen;
                } else {
                    QVERIFY2(!board.contains(QLatin1String("FACT-5 verbatim")), qPrintable(QStringLiteral("turn %1").arg(turn)));
                }
                previous = view;
                havePrevious = true;
            }
        }
        QVERIFY(boardsSeen >= 5);
        QVERIFY2(recalculations >= 15, qPrintable(QString::number(recalculations)));
        QVERIFY2(unscheduled <= recalculations / 4, qPrintable(QString::number(unscheduled)));

        ContextView last = setup.pipeline.build(record, 201, false);
        const QString text = textOf(last.messages);
        QVERIFY(text.contains(QLatin1String("<conversation-history")));
        QVERIFY(QRegularExpression(QStringLiteral("<T-1-through-\\d+-T>")).match(text).hasMatch());
        QVERIFY(QRegularExpression(QStringLiteral("<T-\\d+-C>")).match(text).hasMatch());
        QVERIFY(QRegularExpression(QStringLiteral("<T-\\d+-S>")).match(text).hasMatch());
        QVERIFY(text.contains(QLatin1String("<T-200-R>\nPlease look at src/module_200.cpp")));
        // The get_turn answer is a stub in its turn (or its turn was shortened since).
        QVERIFY(!text.contains(QLatin1String("FACT-5 verbatim")));

        // A reopened session builds the same bytes from the record alone.
        Setup reopened(32000);
        ContextView again = reopened.pipeline.build(record, 201, false);
        QCOMPARE(bytesOf(again.messages), bytesOf(last.messages));
    }

    void getTurnReadsTheRecord()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("sessions.db"));
        QString sessionId;
        {
            Result<std::unique_ptr<SessionStore>> store = SessionStore::open(path);
            QVERIFY(store.ok());
            SessionInfo info;
            info.title = QStringLiteral("gradient");
            Result<SessionInfo> created = store.value()->createSession(info);
            QVERIFY(created.ok());
            sessionId = created->id;
            for (int turn = 1; turn <= 3; ++turn) {
                QList<Message> messages = turnMessages(turn);
                for (Message &m : messages)
                    m.id.clear();
                QVERIFY(store.value()->appendMessages(sessionId, messages).ok());
            }
        }
        tools::history::GetTurnTool tool;
        tools::ToolCall call;
        call.context.sessionStorePath = path;
        call.context.sessionId = sessionId;
        call.arguments = QJsonObject{{QStringLiteral("turn"), 2}};
        tools::ToolOutcome raw = tool.run(call);
        QVERIFY(!raw.isError);
        const QString rawText = raw.content.constFirst().text;
        QVERIFY2(rawText.startsWith(QLatin1String("<T-2-R>\n")), qPrintable(rawText.left(200)));
        QVERIFY(rawText.contains(QLatin1String("FACT-2: the retry limit is 1014 ms")));
        QVERIFY(!rawText.contains(QLatin1String("module_3")));

        call.arguments = QJsonObject{{QStringLiteral("turn"), 1}, {QStringLiteral("through"), 2}, {QStringLiteral("level"), QStringLiteral("C")}};
        tools::ToolOutcome compressed = tool.run(call);
        QVERIFY(!compressed.isError);
        const QString cText = compressed.content.constFirst().text;
        QVERIFY(cText.contains(QLatin1String("<T-1-C>")));
        QVERIFY(cText.contains(QLatin1String("</T-2-C>")));
        QVERIFY(cText.size() < rawText.size() * 2);

        call.arguments = QJsonObject{{QStringLiteral("turn"), 9}};
        tools::ToolOutcome missing = tool.run(call);
        QVERIFY(missing.isError);
        QVERIFY2(missing.content.constFirst().text.contains(QLatin1String("T-1 to T-3")), qPrintable(missing.content.constFirst().text));
    }
};

QTEST_GUILESS_MAIN(TestGradient)
#include "tst_gradient.moc"
