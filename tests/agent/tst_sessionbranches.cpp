// Branches of a conversation end to end: edit-and-resend, regenerate and branch switches on a
// Session over the real Anthropic plugin and the local provider server. What is checked is what
// the model was sent (the requests the server received), what the record on disk holds, and
// that the chosen branch survives a reopen.
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"

#include "valis/export/jsonlexport.h"
#include "valis/import/transcriptimporter.h"

#include <QJsonArray>
#include <QBuffer>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QtTest>

using namespace valis;
using namespace valis::test;
using namespace std::chrono_literals;

namespace {

ScriptedResponse answer(const QString &text)
{
    return ScriptedResponse::sse(AnthropicStream(1000).text(text).stop(QStringLiteral("end_turn"), 10));
}

/// Waits for the turn a command started; returns its TurnFinished reason ("" on a time-out).
QString waitForTurn(SessionHarness &h, qsizetype finishedBefore)
{
    QElapsedTimer clock;
    clock.start();
    while (h.eventsOf(SessionEvent::Kind::TurnFinished).size() == finishedBefore && clock.elapsed() < 15000)
        QTest::qWait(5);
    const QList<SessionEvent> finished = h.eventsOf(SessionEvent::Kind::TurnFinished);
    return finished.size() > finishedBefore ? finished.constLast().text : QString();
}

/// Every text block of request `index`, in order, one string per message ("user: a | b").
QStringList sentTexts(SessionHarness &h, int index)
{
    QStringList out;
    for (const QJsonValue &message : body(h.server(), index).value(QLatin1String("messages")).toArray()) {
        QStringList texts;
        for (const QJsonValue &block : message.toObject().value(QLatin1String("content")).toArray()) {
            if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
                texts.append(block.toObject().value(QLatin1String("text")).toString());
        }
        out.append(message.toObject().value(QLatin1String("role")).toString() + QStringLiteral(": ") + texts.join(QStringLiteral(" | ")));
    }
    return out;
}

QStringList texts(const QList<Message> &messages)
{
    QStringList out;
    for (const Message &message : messages) {
        if (message.role != Role::System)
            out.append(message.text());
    }
    return out;
}

const Message *find(const QList<Message> &messages, const QString &text)
{
    for (const Message &message : messages) {
        if (message.text() == text)
            return &message;
    }
    return nullptr;
}

/// A strategy that only asks for a background summary of the first message, once per session.
class AskForASummary : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("ask-summary"); }
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &, const StrategyContext &) override
    {
        StrategyReport report;
        if (view.isEmpty())
            return report;
        SummaryRequest request;
        request.id = QStringLiteral("summary-1");
        request.lastMessageId = view.first().id;
        request.instruction = QStringLiteral("Summarise the conversation so far.");
        report.summaryRequests.append(request);
        return report;
    }
};

} // namespace

class TestSessionBranches : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resendSendsTheEditAndNotTheOldBranch()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(answer(QStringLiteral("answer one")));
        h.server().enqueue(answer(QStringLiteral("answer two")));
        QCOMPARE(h.runTurn(QStringLiteral("first")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("second")), QStringLiteral("answered"));
        const Message second = *find(h.session()->record(), QStringLiteral("second"));
        const Message answerOne = *find(h.session()->record(), QStringLiteral("answer one"));

        QSignalSpy changed(h.session(), &Session::branchChanged);
        QStringList pathAtChange;
        QObject::connect(h.session(), &Session::branchChanged, h.session(), [&] { pathAtChange = texts(h.session()->activePath()); });
        h.server().enqueue(answer(QStringLiteral("answer to the edit")));
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->resend(second.id, QStringLiteral("second, edited")));
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));

        // The model saw the edit after the shared history, and nothing of the old branch.
        QCOMPARE(sentTexts(h, 2), (QStringList{QStringLiteral("user: first"), QStringLiteral("assistant: answer one"),
                                               QStringLiteral("user: second, edited")}));
        const QByteArray sent = h.server().requests().at(2).body;
        QVERIFY(!sent.contains("answer two"));
        QVERIFY(!sent.contains("\"second\""));

        // Before the new message, the path went back to the message the edit answers.
        QCOMPARE(changed.size(), 1);
        QCOMPARE(pathAtChange, (QStringList{QStringLiteral("first"), QStringLiteral("answer one")}));
        const SessionEvent started = h.eventsOf(SessionEvent::Kind::TurnStarted).constLast();
        QCOMPARE(started.message.text(), QStringLiteral("second, edited"));

        // The record on disk keeps both branches; the edit is an alternative to the original.
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(texts(stored), (QStringList{QStringLiteral("first"), QStringLiteral("answer one"), QStringLiteral("second"),
                                             QStringLiteral("answer two"), QStringLiteral("second, edited"),
                                             QStringLiteral("answer to the edit")}));
        QCOMPARE(stored.at(4).parentId, answerOne.id);
        QCOMPARE(stored.at(5).parentId, QString()); // it follows the message before it, as ever
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("first"), QStringLiteral("answer one"),
                                                                QStringLiteral("second, edited"), QStringLiteral("answer to the edit")}));
        const BranchSiblings siblings = h.session()->siblings(stored.at(4).id);
        QCOMPARE(siblings.ids, (QStringList{second.id, stored.at(4).id}));
        QCOMPARE(siblings.index, 1);
        QCOMPARE(h.session()->branches().forkPoints(), QStringList{answerOne.id});
        // Costs count every answer, the abandoned one included.
        QCOMPARE(h.session()->totals().requests, 3);
    }

    void resendTheFirstMessage()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(answer(QStringLiteral("hello back")));
        QCOMPARE(h.runTurn(QStringLiteral("hello")), QStringLiteral("answered"));
        const QString first = h.session()->record().constFirst().id;
        h.server().enqueue(answer(QStringLiteral("hi back")));
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->resend(first, QStringLiteral("hi")));
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));
        QCOMPARE(sentTexts(h, 1), QStringList{QStringLiteral("user: hi")});
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.size(), 4);
        // No parent, which an empty parentId (the previous message) cannot say.
        QCOMPARE(stored.at(2).parentId, QString(NoParentId));
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("hi"), QStringLiteral("hi back")}));
        QCOMPARE(h.session()->siblings(stored.at(2).id).ids, (QStringList{first, stored.at(2).id}));
        QVERIFY(h.reopen());
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("hi"), QStringLiteral("hi back")}));
    }

    void regenerateKeepsTheOldAnswer()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(answer(QStringLiteral("answer A")));
        QCOMPARE(h.runTurn(QStringLiteral("question")), QStringLiteral("answered"));
        h.server().enqueue(answer(QStringLiteral("answer B")));
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->regenerate());
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));

        // Asked again as it was first asked, without the answer it is replacing.
        QCOMPARE(sentTexts(h, 1), QStringList{QStringLiteral("user: question")});
        QCOMPARE(withoutCacheControl(body(h.server(), 1).value(QLatin1String("messages"))),
                 withoutCacheControl(body(h.server(), 0).value(QLatin1String("messages"))));
        const QList<Message> stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(texts(stored), (QStringList{QStringLiteral("question"), QStringLiteral("answer A"), QStringLiteral("question"),
                                             QStringLiteral("answer B")}));
        QCOMPARE(stored.at(2).parts, stored.at(0).parts);
        QCOMPARE(h.session()->siblings(stored.at(2).id).ids, (QStringList{stored.at(0).id, stored.at(2).id}));
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("question"), QStringLiteral("answer B")}));

        // The old answer is one switch away.
        VALIS_VERIFY_OK(h.session()->switchBranch(stored.at(0).id));
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("question"), QStringLiteral("answer A")}));
        QCOMPARE(h.session()->activeLeafId(), stored.at(1).id);
    }

    void switchBranchChangesTheNextRequest()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(answer(QStringLiteral("answer one")));
        h.server().enqueue(answer(QStringLiteral("answer two")));
        QCOMPARE(h.runTurn(QStringLiteral("first")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("second")), QStringLiteral("answered"));
        const Message second = *find(h.session()->record(), QStringLiteral("second"));
        const Message answerTwo = *find(h.session()->record(), QStringLiteral("answer two"));
        h.server().enqueue(answer(QStringLiteral("answer to the edit")));
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->resend(second.id, QStringLiteral("second, edited")));
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));

        // "1 of 2": the original branch as it was left.
        QSignalSpy changed(h.session(), &Session::branchChanged);
        VALIS_VERIFY_OK(h.session()->switchBranch(second.id));
        QCOMPARE(changed.size(), 1);
        QCOMPARE(h.session()->activeLeafId(), answerTwo.id);
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("first"), QStringLiteral("answer one"),
                                                                QStringLiteral("second"), QStringLiteral("answer two")}));
        // Switching to where the session already is changes nothing.
        VALIS_VERIFY_OK(h.session()->switchBranch(answerTwo.id));
        QCOMPARE(changed.size(), 1);

        h.server().enqueue(answer(QStringLiteral("answer three")));
        h.server().enqueue(answer(QStringLiteral("answer four")));
        QCOMPARE(h.runTurn(QStringLiteral("third")), QStringLiteral("answered"));
        QCOMPARE(sentTexts(h, 3), (QStringList{QStringLiteral("user: first"), QStringLiteral("assistant: answer one"),
                                               QStringLiteral("user: second"), QStringLiteral("assistant: answer two"),
                                               QStringLiteral("user: third")}));
        QVERIFY(!h.server().requests().at(3).body.contains("edited"));
        QList<Message> stored = h.store()->messages(h.session()->id()).value();
        // The leaf was not the record's last message, so the new one names it...
        QCOMPARE(stored.at(6).text(), QStringLiteral("third"));
        QCOMPARE(stored.at(6).parentId, answerTwo.id);
        // ...and from there on the leaf is the last message again: parentId stays empty.
        QCOMPARE(stored.at(7).parentId, QString());
        QCOMPARE(h.runTurn(QStringLiteral("fourth")), QStringLiteral("answered"));
        stored = h.store()->messages(h.session()->id()).value();
        QCOMPARE(stored.at(8).parentId, QString());
        QCOMPARE(sentTexts(h, 4).size(), 7);

        // And back to the edit: the next request carries it again.
        VALIS_VERIFY_OK(h.session()->switchBranch(stored.at(4).id));
        QCOMPARE(texts(h.session()->activePath()).constLast(), QStringLiteral("answer to the edit"));
        h.server().enqueue(answer(QStringLiteral("answer five")));
        QCOMPARE(h.runTurn(QStringLiteral("fifth")), QStringLiteral("answered"));
        QCOMPARE(sentTexts(h, 5), (QStringList{QStringLiteral("user: first"), QStringLiteral("assistant: answer one"),
                                               QStringLiteral("user: second, edited"), QStringLiteral("assistant: answer to the edit"),
                                               QStringLiteral("user: fifth")}));
    }

    void activeLeafSurvivesReopen()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(answer(QStringLiteral("answer A")));
        QCOMPARE(h.runTurn(QStringLiteral("question")), QStringLiteral("answered"));
        h.server().enqueue(answer(QStringLiteral("answer B")));
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->regenerate());
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));
        const QString original = h.session()->record().constFirst().id;
        VALIS_VERIFY_OK(h.session()->switchBranch(original));
        // A turn on the older branch: the leaf moves on past the message that was chosen.
        h.server().enqueue(answer(QStringLiteral("answer C")));
        QCOMPARE(h.runTurn(QStringLiteral("follow-up")), QStringLiteral("answered"));
        const QStringList before = texts(h.session()->activePath());
        QCOMPARE(before, (QStringList{QStringLiteral("question"), QStringLiteral("answer A"), QStringLiteral("follow-up"),
                                      QStringLiteral("answer C")}));

        // A new process: the session opens on the branch it was left on, not the last message's.
        QVERIFY(h.reopen());
        QCOMPARE(texts(h.session()->activePath()), before);
        QCOMPARE(h.session()->activeLeafId(), h.session()->record().constLast().id);
        // The choice is in the file: a store opened on it afresh reads it.
        const QString path = h.store()->path();
        auto fresh = SessionStore::open(path);
        VALIS_VERIFY_OK(fresh);
        const Result<SessionInfo> info = fresh.value()->session(h.session()->id());
        VALIS_VERIFY_OK(info);
        // (What was chosen is remembered, "answer A"; the session goes on from its newest message.)
        QCOMPARE(info->activeLeafId, h.session()->record().at(1).id);

        // After switching to the regenerated branch, that one is what reopens.
        VALIS_VERIFY_OK(h.session()->switchBranch(h.session()->record().at(2).id));
        QVERIFY(h.reopen());
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("question"), QStringLiteral("answer B")}));
        // The next turn continues there.
        h.server().enqueue(answer(QStringLiteral("answer D")));
        QCOMPARE(h.runTurn(QStringLiteral("more")), QStringLiteral("answered"));
        QCOMPARE(sentTexts(h, 3), (QStringList{QStringLiteral("user: question"), QStringLiteral("assistant: answer B"),
                                               QStringLiteral("user: more")}));
        // The totals of a reopened session are those of the whole record.
        QVERIFY(h.reopen());
        QCOMPARE(h.session()->totals().requests, 4);

        // An edit on a branch chosen earlier: the edit is what reopens, not the earlier choice.
        VALIS_VERIFY_OK(h.session()->switchBranch(original));
        QCOMPARE(texts(h.session()->activePath()).constLast(), QStringLiteral("answer C"));
        h.server().enqueue(answer(QStringLiteral("answer E")));
        const qsizetype finishedEdit = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->resend(find(h.session()->record(), QStringLiteral("follow-up"))->id, QStringLiteral("follow-up, edited")));
        QCOMPARE(waitForTurn(h, finishedEdit), QStringLiteral("answered"));
        QVERIFY(h.reopen());
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("question"), QStringLiteral("answer A"),
                                                                QStringLiteral("follow-up, edited"), QStringLiteral("answer E")}));
    }

    void exportKeepsTheBranchesAndTheLeaf()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.server().enqueue(answer(QStringLiteral("answer A")));
        QCOMPARE(h.runTurn(QStringLiteral("question")), QStringLiteral("answered"));
        h.server().enqueue(answer(QStringLiteral("answer B")));
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->resend(h.session()->record().constFirst().id, QStringLiteral("question, edited")));
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));
        VALIS_VERIFY_OK(h.session()->switchBranch(h.session()->record().constFirst().id));

        // Valis JSONL, read back into another store: the same tree, on the same branch.
        const QString file = h.homePath() + QStringLiteral("/export.jsonl");
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            VALIS_VERIFY_OK(JsonlExport::write(*h.store(), {h.session()->id()}, out));
        }
        const TranscriptImporters importers;
        const Result<ImportedTranscript> transcript = importers.read(file);
        VALIS_VERIFY_OK(transcript);
        auto other = SessionStore::open(h.homePath() + QStringLiteral("/other.db"));
        VALIS_VERIFY_OK(other);
        VALIS_VERIFY_OK(other.value()->importTranscript(transcript.value()));
        const Result<SessionInfo> info = other.value()->session(h.session()->id());
        VALIS_VERIFY_OK(info);
        QCOMPARE(info->activeLeafId, h.session()->info().activeLeafId);
        const QList<Message> imported = other.value()->messages(h.session()->id()).value();
        QCOMPARE(imported.at(2).parentId, QString(NoParentId));
        QCOMPARE(texts(BranchIndex::activePath(imported, info->activeLeafId)), (QStringList{QStringLiteral("question"), QStringLiteral("answer A")}));
        QCOMPARE(texts(BranchIndex::activePath(imported)), (QStringList{QStringLiteral("question, edited"), QStringLiteral("answer B")}));
    }

    void commandsRefusedWhileBusyOrWrong()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        QCOMPARE(h.session()->regenerate().error().code, QStringLiteral("session.no-message"));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().toolUse(QStringLiteral("toolu_1"), QStringLiteral("read"), args(QStringLiteral("notes"))).stop(QStringLiteral("tool_use"))));
        h.server().enqueue(answer(QStringLiteral("read it")));
        QCOMPARE(h.runTurn(QStringLiteral("read the notes")), QStringLiteral("answered"));
        const QList<Message> record = h.session()->record();
        QCOMPARE(record.size(), 4);
        QCOMPARE(h.session()->resend(QStringLiteral("m-nope"), QStringLiteral("x")).error().code, QStringLiteral("session.no-message"));
        QCOMPARE(h.session()->switchBranch(QStringLiteral("m-nope")).error().code, QStringLiteral("session.no-message"));
        QCOMPARE(h.session()->resend(record.at(1).id, QStringLiteral("x")).error().code, QStringLiteral("session.not-user-message"));
        QCOMPARE(record.at(2).role, Role::Tool);
        QCOMPARE(h.session()->resend(record.at(2).id, QStringLiteral("x")).error().code, QStringLiteral("session.not-user-message"));
        QCOMPARE(h.session()->resend(record.at(0).id, QStringLiteral("  ")).error().code, QStringLiteral("session.empty-turn"));
        QCOMPARE(h.session()->record().size(), 4); // none of them wrote anything

        // While a turn streams, nothing may move the branch under it.
        ScriptedResponse slow = answer(QStringLiteral("one two three four five six"));
        slow.chunkSize = 40;
        slow.chunkDelay = 60ms;
        h.server().enqueue(slow);
        QStringList codes;
        h.onEvent = [&](const SessionEvent &event) {
            if (event.kind != SessionEvent::Kind::RequestStarted)
                return;
            codes << h.session()->resend(record.at(0).id, QStringLiteral("edited")).error().code
                  << h.session()->regenerate().error().code << h.session()->switchBranch(record.at(0).id).error().code;
        };
        QCOMPARE(h.runTurn(QStringLiteral("slowly")), QStringLiteral("answered"));
        QCOMPARE(codes, (QStringList{QStringLiteral("session.busy"), QStringLiteral("session.busy"), QStringLiteral("session.busy")}));
        QCOMPARE(h.session()->record().size(), 6);
        QVERIFY(!h.session()->branches().hasForks());
        QCOMPARE(h.session()->activePath(), h.session()->record());
    }

    void compactionOnAnotherBranchDoesNotApply()
    {
        DropOldest strategy;
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().strategies = {&strategy};
        QVERIFY(h.reopen());
        h.server().enqueue(answer(QStringLiteral("one done")));
        h.server().enqueue(answer(QStringLiteral("two done")));
        QCOMPARE(h.runTurn(QStringLiteral("one")), QStringLiteral("answered"));
        QCOMPARE(h.runTurn(QStringLiteral("two")), QStringLiteral("answered"));
        const QString two = find(h.session()->record(), QStringLiteral("two"))->id;
        h.session()->compact();
        QTRY_COMPARE(h.eventsOf(SessionEvent::Kind::CompactionFinished).size(), 1);
        QCOMPARE(h.session()->record().size(), 5); // the event, after "two done"
        QCOMPARE(h.session()->activeLeafId(), h.session()->record().constLast().id);

        // An edit of "two" forks before the compaction: its branch shows the first turn whole.
        h.server().enqueue(answer(QStringLiteral("two b done")));
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->resend(two, QStringLiteral("two b")));
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));
        QCOMPARE(sentTexts(h, 2), (QStringList{QStringLiteral("user: one"), QStringLiteral("assistant: one done"),
                                               QStringLiteral("user: two b")}));

        // Back on the compacted branch (its newest message is the event), the first turn is a note.
        VALIS_VERIFY_OK(h.session()->switchBranch(two));
        QCOMPARE(h.session()->activePath().constLast().role, Role::System);
        h.server().enqueue(answer(QStringLiteral("three done")));
        QCOMPARE(h.runTurn(QStringLiteral("three")), QStringLiteral("answered"));
        const QStringList sent = sentTexts(h, 3);
        QCOMPARE(sent.constFirst(), QStringLiteral("user: [the first turn was dropped] | two"));
        QCOMPARE(sent.constLast(), QStringLiteral("user: three"));
        QVERIFY(!h.server().requests().at(3).body.contains("two b"));
    }

    void summaryFromALeftBranchStaysThere()
    {
        AskForASummary strategy;
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().strategies = {&strategy};
        QVERIFY(h.reopen());
        h.server().enqueue(answer(QStringLiteral("answer A")));
        // The summary the strategy asked for on branch A arrives while branch B's turn runs.
        ScriptedResponse summary = answer(QStringLiteral("A summary of branch A."));
        summary.headerDelay = 1000ms;
        h.server().enqueue(summary);
        h.server().enqueue(answer(QStringLiteral("answer B")));
        QCOMPARE(h.runTurn(QStringLiteral("question")), QStringLiteral("answered"));
        const QString answerA = h.session()->record().at(1).id;
        QTRY_COMPARE(h.server().requests().size(), 2); // the summary request is out
        const qsizetype finished = h.eventsOf(SessionEvent::Kind::TurnFinished).size();
        VALIS_VERIFY_OK(h.session()->regenerate());
        QCOMPARE(waitForTurn(h, finished), QStringLiteral("answered"));
        QTRY_COMPARE(h.session()->record().size(), 5);

        // Recorded at the end of branch A, which it summarises; branch B goes on without it.
        const Message recorded = h.session()->record().constLast();
        QVERIFY(CompactionEvent::fromMessage(recorded).has_value());
        QCOMPARE(recorded.parentId, answerA);
        QCOMPARE(texts(h.session()->activePath()), (QStringList{QStringLiteral("question"), QStringLiteral("answer B")}));
        QCOMPARE(h.session()->activePath().size(), 2);
        const SessionEvent appended = h.eventsOf(SessionEvent::Kind::MessageAppended).constLast();
        QCOMPARE(appended.message.id, recorded.id);
        QCOMPARE(appended.details.value(QLatin1String("onActivePath")).toBool(true), false);
        // Branch A shows it again once chosen.
        VALIS_VERIFY_OK(h.session()->switchBranch(h.session()->record().at(0).id));
        QCOMPARE(h.session()->activeLeafId(), recorded.id);
    }
};

VALIS_TEST_MAIN(TestSessionBranches)
#include "tst_sessionbranches.moc"
