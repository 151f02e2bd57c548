// The recall step of the agent loop end to end: a Session over the real Anthropic plugin
// talking HTTP to the local provider server, a real SQLite DetailStore holding a lesson, and a
// retriever over it. The reminder sits after the cached prefix and stays byte-identical, the
// budget holds against a slow filter model (late items come with the next turn), recall can be
// turned off, and a reopened session shows what the model saw. Retrieval is the product's
// (makeRecallRetriever: the lexical retriever over the DetailStore and the session store).
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"

#include "valis/agent/recallitems.h"
#include "valis/agent/recallsettings.h"
#include "valis/context/historystrategies.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/memory/recall.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

namespace {

const QString LessonText = QStringLiteral("The staging build needs --no-lto: with link-time optimisation the staging "
                                          "link runs out of memory.");

QByteArray answer(const QString &text)
{
    return AnthropicStream(400).text(text).stop(QStringLiteral("end_turn"));
}

/// Where the last breakpoint inside "messages" starts its block: everything before it is the
/// prefix that request asks the provider to cache up to its last message.
qsizetype lastMessageBreakpointBlock(const QByteArray &body)
{
    const qsizetype messagesEnd = body.indexOf("],\"model\":");
    const qsizetype mark = body.lastIndexOf("\"cache_control\"", messagesEnd);
    return mark < 0 ? -1 : body.lastIndexOf('{', mark);
}

/// `body` without its breakpoint markers: the provider caches content, and a marker moves on
/// each turn (the end of the stable history moves with it) without changing a byte of what it marks.
QByteArray unmarked(QByteArray body)
{
    return body.replace("\"cache_control\":{\"type\":\"ephemeral\"},", "");
}

/// Whether `later` repeats, byte for byte (markers aside), what `earlier` sent before its last
/// breakpoint in "messages": the prefix the provider cached for it.
bool keepsCachedPrefix(const QByteArray &earlier, const QByteArray &later)
{
    const qsizetype cut = lastMessageBreakpointBlock(earlier);
    return cut > 0 && unmarked(later).startsWith(unmarked(earlier.left(cut)));
}

/// The reminder's text block as the request carries it, serialized.
QByteArray reminderBytes(const QByteArray &body)
{
    const qsizetype start = body.indexOf("\"text\":\"<system-reminder>\\nRecalled");
    if (start < 0)
        return {};
    const qsizetype end = body.indexOf("</system-reminder>\"", start);
    return end < 0 ? QByteArray() : body.mid(start, end - start + qsizetype(sizeof("</system-reminder>\"")) - 1);
}

QList<Message> recallMessages(const QList<Message> &messages)
{
    QList<Message> out;
    for (const Message &message : messages) {
        if (isRecallMessage(message))
            out << message;
    }
    return out;
}

} // namespace

class TestSessionRecall : public QObject
{
    Q_OBJECT

    /// A harness whose sessions recall from a DetailStore holding the staging lesson.
    /// How the test's lesson is stored: as a "lesson" record, or as a note whose metadata says
    /// it is one (how offline processing may keep them).
    enum class LessonAs { Lesson, NoteOfKindLesson };

    bool prepare(SessionHarness &h, std::shared_ptr<DetailStore> *memory, bool enabled = true,
                 const QString &history = QStringLiteral("regular"), LessonAs lessonAs = LessonAs::Lesson)
    {
        if (!h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5"))) {
            qWarning("%s", qPrintable(h.error()));
            return false;
        }
        QList<ContextStrategy *> regular;
        for (ContextStrategy *strategy : h.plugins()->strategies()) {
            if (strategy->id() == QLatin1String("progressive"))
                regular.append(strategy);
        }
        h.config().strategies = regular;
        h.config().history = HistoryStrategies::from(regular, h.plugins()->strategies());
        h.config().historyStrategy = history;
        // Only the turns' requests reach the server (the gradient would ask the model for turn versions).
        h.config().turnVersions = TurnVersionMode::Extractive;
        if (!h.config().history.contains(history)) {
            qWarning("history strategy %s is not installed", qPrintable(history));
            return false;
        }
        auto store = SqliteDetailStore::open(h.homePath() + QStringLiteral("/memory.sqlite"));
        if (store.hasError())
            return false;
        *memory = std::shared_ptr<DetailStore>(std::move(store).value());
        NewMemory lesson;
        lesson.type = lessonAs == LessonAs::Lesson ? QStringLiteral("lesson") : QStringLiteral("note");
        if (lessonAs == LessonAs::NoteOfKindLesson)
            lesson.metadata.insert(QStringLiteral("kind"), QStringLiteral("lesson"));
        lesson.summary = QStringLiteral("staging build needs --no-lto");
        lesson.content = LessonText.toUtf8();
        if ((*memory)->put(lesson).hasError())
            return false;
        NewMemory unrelated;
        unrelated.summary = QStringLiteral("the release notes template");
        unrelated.content = QByteArrayLiteral("Release notes list user-visible changes first.");
        if ((*memory)->put(unrelated).hasError())
            return false;
        h.config().memory = *memory;
        h.config().recall.retriever = makeRecallRetriever({*memory, h.store()->path()});
        h.config().recall.settings.enabled = enabled;
        return h.reopen();
    }

private Q_SLOTS:
    void lessonIsInjectedAfterTheCachedPrefix_data()
    {
        QTest::addColumn<QString>("history");
        QTest::addColumn<bool>("keepsEarlierTurns");
        QTest::newRow("regular") << QStringLiteral("regular") << true;
        QTest::newRow("gradient") << QStringLiteral("gradient") << true;
        QTest::newRow("oneshot") << QStringLiteral("oneshot") << false;
    }

    void lessonIsInjectedAfterTheCachedPrefix()
    {
        QFETCH(QString, history);
        QFETCH(bool, keepsEarlierTurns);
        SessionHarness h;
        std::shared_ptr<DetailStore> memory;
        QVERIFY(prepare(h, &memory, true, history));
        QCOMPARE(h.session()->historyStrategy(), history);
        for (const char *text : {"Nothing to add.", "Building staging with --no-lto.", "Done."})
            h.server().enqueue(ScriptedResponse::sse(answer(QString::fromLatin1(text))));
        QCOMPARE(h.runTurn(QStringLiteral("hello there")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("let's build staging again")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("ok, thanks")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 3);
        const QByteArray first = h.server().requests().at(0).body;
        const QByteArray second = h.server().requests().at(1).body;
        const QByteArray third = h.server().requests().at(2).body;

        // Turn 1 found nothing worth saying: no reminder, nothing recorded.
        QVERIFY(reminderBytes(first).isEmpty());
        // Turn 2: the lesson, with its MemoryRef, after everything the previous request cached.
        const QByteArray reminder = reminderBytes(second);
        QVERIFY2(!reminder.isEmpty(), second.constData());
        QVERIFY(reminder.contains("Lesson: The staging build needs --no-lto"));
        QVERIFY(reminder.contains("[MemoryRef: m-"));
        QVERIFY(!reminder.contains("release notes"));
        // It follows the person's message of its turn, never before.
        QVERIFY(second.indexOf(reminder) > second.indexOf("let's build staging again"));
        if (keepsEarlierTurns) {
            const qsizetype cachedBefore = lastMessageBreakpointBlock(first);
            QVERIFY(cachedBefore > 0);
            QVERIFY(keepsCachedPrefix(first, second));
            QVERIFY(second.indexOf(reminder) > cachedBefore);
            // Turn 3: the cached prefix of turn 2 is untouched, the reminder is the same bytes,
            // and the lesson is not offered again.
            QVERIFY(keepsCachedPrefix(second, third));
            QVERIFY(unmarked(third).indexOf(unmarked(reminder)) < unmarked(third).indexOf("ok, thanks"));
            QCOMPARE(third.count(reminder), 1);
        }
        QVERIFY(third.count("<system-reminder>\\nRecalled") <= 1);
        QVERIFY(!third.mid(third.indexOf("ok, thanks")).contains("<system-reminder>\\nRecalled"));

        // The record: the reminder is a message of turn 2 that starts no turn.
        QList<Message> stored;
        for (const Message &message : h.store()->messages(h.session()->id()).value()) {
            if (message.role != Role::System)
                stored << message;
        }
        QCOMPARE(stored.size(), 7);
        QCOMPARE(stored.at(2).text(), QStringLiteral("let's build staging again"));
        QVERIFY(isRecallMessage(stored.at(3)));
        QVERIFY(!stored.at(3).startsTurn());
        QCOMPARE(stored.at(3).turn, stored.at(2).turn);
        QCOMPARE(stored.at(5).turn, stored.at(2).turn + 1);
        const RecallOutcome outcome = RecallOutcome::fromJson(stored.at(3).metadata.value(RecallMetadataKey).toObject());
        QCOMPARE(outcome.items.size(), 1);
        QCOMPARE(outcome.items.first().kind, RecallItemKind::Lesson);
        QVERIFY(outcome.items.first().sourceIds.first().startsWith(QStringLiteral("memory:m-")));
        QCOMPARE(outcome.items.first().foundBy, QStringLiteral("lexical"));
        QVERIFY(!outcome.items.first().reason.isEmpty());
        QVERIFY(!outcome.items.first().late);
        QCOMPARE(outcome.budgetMs, 1000);
        QVERIFY(!outcome.timedOut);
        QCOMPARE(outcome.filter, QStringLiteral("threshold"));
        QCOMPARE(h.session()->info().title, QStringLiteral("hello there"));
        // The injection is reported to offline processing as a use of the lesson.
        MemoryFilter uses;
        uses.type = QStringLiteral("memory_use");
        uses.includeInactive = true;
        const auto useRecords = memory->list(uses);
        QVERIFY(useRecords.ok());
        QCOMPARE(useRecords->size(), 1);
        const auto use = memory->get(useRecords->first().key);
        QVERIFY(use.ok());
        QVERIFY(QString::fromUtf8(use->content + QJsonDocument(use->metadata).toJson()).contains(outcome.items.first().memoryKey));

        // Reopened: the same record, and the next request carries the same reminder bytes.
        QVERIFY(h.reopen());
        QCOMPARE(recallMessages(h.session()->activePath()).size(), 1);
        QCOMPARE(recallMessages(h.session()->activePath()).first(), stored.at(3));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Still here."))));
        QCOMPARE(h.runTurn(QStringLiteral("one more thing about staging")), QStringLiteral("answered"));
        const QByteArray fourth = h.server().requests().at(3).body;
        if (keepsEarlierTurns) {
            QCOMPARE(fourth.count(reminder), 1);
            QVERIFY(keepsCachedPrefix(third, fourth));
        }
        QCOMPARE(recallMessages(h.store()->messages(h.session()->id()).value()).size(), 1);
    }

    void budgetHoldsAgainstASlowFilter()
    {
        SessionHarness h;
        std::shared_ptr<DetailStore> memory;
        QVERIFY(prepare(h, &memory));
        ProviderTestServer filterServer;
        QVERIFY(filterServer.listen());
        h.config().recall.filterProvider = h.provider(QStringLiteral("anthropic"));
        h.config().recall.settings.filterProvider = QStringLiteral("anthropic");
        h.config().recall.settings.filterModel = QStringLiteral("claude-haiku-4-5");
        h.config().recall.filterEndpoint.baseUrl = filterServer.baseUrl();
        h.config().recall.filterEndpoint.apiKey = QStringLiteral("sk-test-filter");
        h.config().recall.filterEndpoint.idleTimeout = std::chrono::seconds(20);
        QVERIFY(h.reopen());
        ScriptedResponse slow = ScriptedResponse::sse(
            answer(QStringLiteral("{\"keep\": [{\"id\": 1, \"reason\": \"the user is building staging\"}]}")));
        slow.headerDelay = 3000ms;
        filterServer.enqueue(slow);
        filterServer.enqueue(ScriptedResponse::sse(answer(QStringLiteral("{\"keep\": []}"))));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Building."))));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Deploying."))));

        QSignalSpy filterAnswered(&filterServer, &ProviderTestServer::responseDone);
        QCOMPARE(h.runTurn(QStringLiteral("let's build staging again")), QStringLiteral("answered"));
        // The filter was asked, and the turn's request went out and was answered while the
        // filter's answer was still held back: the turn did not wait for it.
        QCOMPARE(filterServer.requests().size(), 1);
        QVERIFY(filterServer.requests().first().body.contains("staging build needs"));
        QCOMPARE(filterAnswered.size(), 0);
        QVERIFY(reminderBytes(h.server().requests().at(0).body).isEmpty());
        QCOMPARE(recallMessages(h.store()->messages(h.session()->id()).value()).size(), 0);

        // The late answer is kept and comes with the next turn, flagged late.
        QVERIFY(filterAnswered.wait(10000));
        QTest::qWait(50);
        QCOMPARE(h.runTurn(QStringLiteral("and then deploy it")), QStringLiteral("answered"));
        const QByteArray next = h.server().requests().at(1).body;
        const QByteArray reminder = reminderBytes(next);
        QVERIFY2(!reminder.isEmpty(), next.constData());
        QVERIFY(reminder.contains("Lesson: The staging build needs --no-lto"));
        QVERIFY(reminder.contains("recalled late"));
        const QList<Message> recalled = recallMessages(h.store()->messages(h.session()->id()).value());
        QCOMPARE(recalled.size(), 1);
        const RecallOutcome outcome = RecallOutcome::fromJson(recalled.first().metadata.value(RecallMetadataKey).toObject());
        QCOMPARE(outcome.items.size(), 1);
        QVERIFY(outcome.items.first().late);
        QVERIFY(outcome.hasLateItems());
        QCOMPARE(outcome.items.first().reason, QStringLiteral("the user is building staging"));
        QCOMPARE(outcome.filter, QStringLiteral("anthropic/claude-haiku-4-5"));
        QVERIFY(recalled.first().metadata.value(RecallMetadataKey).toObject().value(QStringLiteral("late")).toBool());
    }

    void aNoteThatHoldsALessonIsOne()
    {
        SessionHarness h;
        std::shared_ptr<DetailStore> memory;
        QVERIFY(prepare(h, &memory, true, QStringLiteral("regular"), LessonAs::NoteOfKindLesson));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Building."))));
        QCOMPARE(h.runTurn(QStringLiteral("let's build staging again")), QStringLiteral("answered"));
        QVERIFY(reminderBytes(h.server().requests().first().body).contains("Lesson: The staging build needs --no-lto"));
        const QList<Message> recalled = recallMessages(h.store()->messages(h.session()->id()).value());
        QCOMPARE(recalled.size(), 1);
        const RecallOutcome outcome = RecallOutcome::fromJson(recalled.first().metadata.value(RecallMetadataKey).toObject());
        QCOMPARE(outcome.items.size(), 1);
        QCOMPARE(outcome.items.first().kind, RecallItemKind::Lesson);
    }

    void recallOffInjectsNothing()
    {
        SessionHarness h;
        std::shared_ptr<DetailStore> memory;
        QVERIFY(prepare(h, &memory, false));
        h.server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Building."))));
        QCOMPARE(h.runTurn(QStringLiteral("let's build staging again")), QStringLiteral("answered"));
        QVERIFY(!h.server().requests().first().body.contains("<system-reminder>"));
        QCOMPARE(recallMessages(h.store()->messages(h.session()->id()).value()).size(), 0);
        QCOMPARE(h.store()->messages(h.session()->id()).value().size(), 2);
    }
};

VALIS_TEST_MAIN(TestSessionRecall)
#include "tst_sessionrecall.moc"
