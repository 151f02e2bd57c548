// The S/C/T versions a Session makes of each finished turn: the extractive ones at once, then
// the model's in the background (one request continuing the live one, retried), stored and
// shown to the context pipeline in place of the extractive ones.
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"

#include "valis/context/turnversions.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

const QString Model = QStringLiteral("claude-sonnet-4-5");
const QString Answer = QStringLiteral("The service reads /srv/app/config.yaml and listens on port 8443; request id req-7f3a failed with E4711.");

QByteArray versionsAnswer(const QString &prefix)
{
    return AnthropicStream()
        .text(QStringLiteral("<smoothed>\n%1 smoothed: the user asked about the service; the assistant said it reads "
                             "/srv/app/config.yaml, listens on 8443, req-7f3a failed with E4711.\n</smoothed>\n"
                             "<compressed>%1 compressed: config /srv/app/config.yaml, port 8443, E4711 on req-7f3a.</compressed>\n"
                             "<TINY>%1 tiny: the service's config and port were explained.</TINY>")
                  .arg(prefix))
        .stop(QStringLiteral("end_turn"));
}

/// The versions and the snapshot as they were when the session reported the turn finished.
struct AtFinish
{
    QList<TurnVersion> stored;
    std::optional<TurnVersion> shown;
    bool pending = false;
};

void watchFinish(SessionHarness &h, AtFinish *seen)
{
    h.onEvent = [&h, seen](const SessionEvent &event) {
        if (event.kind != SessionEvent::Kind::TurnFinished)
            return;
        seen->stored = h.store()->turnVersions(h.session()->id()).value();
        const QList<Message> turn = messagesByTurn(h.session()->activePath()).value(event.turn);
        seen->shown = h.session()->turnVersions()->version(event.turn, TurnLevel::Compressed, turn);
        seen->pending = h.session()->hasPendingTurnVersions();
    };
}

int onlyTurn(SessionHarness &h)
{
    const QList<int> turns = messagesByTurn(h.session()->activePath()).keys();
    return turns.size() == 1 ? turns.first() : -1;
}

QList<SessionEvent> warningsWith(const SessionHarness &h, const QString &codePrefix)
{
    QList<SessionEvent> found;
    for (const SessionEvent &event : h.eventsOf(SessionEvent::Kind::Warning)) {
        if (event.error.code.startsWith(codePrefix))
            found.append(event);
    }
    return found;
}

/// A strategy that changes nothing and says, as one that shows turn versions would, that it
/// wants the model's.
class ShowsVersions : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("shows-versions"); }
    QJsonObject defaultSettings() const override { return {{QStringLiteral("turnVersions"), QStringLiteral("model")}}; }
    Result<StrategyReport> apply(QList<Message> &, const StrategyBudget &, const StrategyContext &) override
    {
        return StrategyReport();
    }
};

} // namespace

class TestSessionTurnVersions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void extractiveFirstThenTheModels()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        h.config().turnVersions = TurnVersionMode::Model;
        QVERIFY(h.reopen());
        QCOMPARE(h.session()->turnVersionMode(), TurnVersionMode::Model);
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream(1200, 0, 1100).text(Answer).stop(QStringLiteral("end_turn"))));
        h.server().enqueue(ScriptedResponse::sse(versionsAnswer(QStringLiteral("M"))));
        AtFinish seen;
        watchFinish(h, &seen);

        QCOMPARE(h.runTurn(QStringLiteral("How is the service configured?")), QStringLiteral("answered"));
        const int turn = onlyTurn(h);
        QVERIFY(turn >= 0);
        // As the turn was reported finished: the extractive versions stored and shown, the
        // model asked in the background.
        QCOMPARE(seen.stored.size(), 3);
        for (const TurnVersion &version : std::as_const(seen.stored)) {
            QVERIFY(version.isExtractive());
            QCOMPARE(version.turn, turn);
        }
        QVERIFY(seen.shown && seen.shown->isExtractive());
        QVERIFY(seen.pending);

        QTRY_VERIFY_WITH_TIMEOUT(!h.session()->hasPendingTurnVersions(), 15000);
        QCOMPARE(h.server().requests().size(), 2);
        QCOMPARE(h.server().unexpectedRequests(), 0);
        const QList<TurnVersion> stored = h.store()->turnVersions(h.session()->id(), turn).value();
        QCOMPARE(stored.size(), 3);
        QCOMPARE(stored.at(0).level, TurnLevel::Smoothed);
        QVERIFY(stored.at(0).text.startsWith(QLatin1String("M smoothed: the user asked")));
        QVERIFY(stored.at(0).text.contains(QLatin1String("/srv/app/config.yaml")));
        QCOMPARE(stored.at(1).text, QStringLiteral("M compressed: config /srv/app/config.yaml, port 8443, E4711 on req-7f3a."));
        QCOMPARE(stored.at(2).text, QStringLiteral("M tiny: the service's config and port were explained."));
        const QList<Message> turnMessages = messagesByTurn(h.session()->activePath()).value(turn);
        for (const TurnVersion &version : stored) {
            QCOMPARE(version.model, Model);
            QCOMPARE(version.sourceHash, turnSourceHash(turnMessages));
            QVERIFY(version.tokens > 0);
        }
        // Append-only: the extractive versions are still there, older.
        QCOMPARE(h.store()->turnVersionHistory(h.session()->id(), turn)->size(), 6);
        // What the pipeline sees now is the model's.
        QCOMPARE(h.session()->turnVersions()->version(turn, TurnLevel::Compressed, turnMessages)->text, stored.at(1).text);

        // The request continued the live one: the same system prompt and tools, the same
        // messages, then the answer and the instruction.
        const QJsonObject live = h.server().requests().at(0).json();
        const QJsonObject versions = h.server().requests().at(1).json();
        QCOMPARE(versions.value(QLatin1String("model")).toString(), Model);
        QCOMPARE(versions.value(QLatin1String("system")), live.value(QLatin1String("system")));
        QCOMPARE(versions.value(QLatin1String("tools")), live.value(QLatin1String("tools")));
        const QJsonArray liveMessages = live.value(QLatin1String("messages")).toArray();
        const QJsonArray messages = versions.value(QLatin1String("messages")).toArray();
        QCOMPARE(messages.size(), liveMessages.size() + 2);
        for (qsizetype i = 0; i < liveMessages.size(); ++i)
            QCOMPARE(messages.at(i), liveMessages.at(i)); // byte for byte: the cached prefix
        const QString sentAnswer = QString::fromUtf8(QJsonDocument(messages.at(liveMessages.size()).toObject()).toJson());
        QVERIFY2(sentAnswer.contains(QLatin1String("req-7f3a")), qPrintable(sentAnswer));
        const QString instruction = QString::fromUtf8(QJsonDocument(messages.last().toObject()).toJson());
        QVERIFY(instruction.contains(QLatin1String("<smoothed>")));
        QVERIFY(instruction.contains(QLatin1String("<tiny>")));
        QVERIFY(instruction.contains(QLatin1String("verbatim")));
        // Billed like any request.
        bool billed = false;
        for (const SessionEvent &event : h.eventsOf(SessionEvent::Kind::UsageReported))
            billed = billed || event.details.value(QLatin1String("purpose")).toString() == QLatin1String("turn-versions");
        QVERIFY(billed);
        QCOMPARE(warningsWith(h, QStringLiteral("turnversions")).size(), 0);

        // A reopened session reads them from the store.
        QVERIFY(h.reopen());
        QCOMPARE(h.session()->turnVersions()->version(turn, TurnLevel::Tiny, turnMessages)->text, stored.at(2).text);
    }

    void overloadedThenSuccessIsRetried()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        h.config().turnVersions = TurnVersionMode::Model;
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(Answer).stop(QStringLiteral("end_turn"))));
        h.server().enqueue(ScriptedResponse::json(529, anthropicError("overloaded_error", "Overloaded"), {{"retry-after-ms", "50"}}));
        h.server().enqueue(ScriptedResponse::sse(versionsAnswer(QStringLiteral("R"))));
        QCOMPARE(h.runTurn(QStringLiteral("How is the service configured?")), QStringLiteral("answered"));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session()->hasPendingTurnVersions(), 15000);
        QCOMPARE(h.server().requests().size(), 3);
        QCOMPARE(h.server().requests().at(2).body, h.server().requests().at(1).body); // the same request again
        const QList<TurnVersion> stored = h.store()->turnVersions(h.session()->id(), onlyTurn(h)).value();
        QCOMPARE(stored.size(), 3);
        for (const TurnVersion &version : stored) {
            QCOMPARE(version.model, Model);
            QVERIFY(version.text.startsWith(QLatin1String("R ")));
        }
        QCOMPARE(warningsWith(h, QStringLiteral("turnversions")).size(), 0);
        // The turn itself never saw the background request's failure.
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Retrying).size(), 0);
        QCOMPARE(h.eventsOf(SessionEvent::Kind::Error).size(), 0);
    }

    void unreadableAnswerKeepsTheExtractiveVersions()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        h.config().turnVersions = TurnVersionMode::Model;
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(Answer).stop(QStringLiteral("end_turn"))));
        h.server().enqueue(ScriptedResponse::sse(
            AnthropicStream().text(QStringLiteral("Sure! The turn was about a config file. <smoothed>only this</smoothed>")).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("How is the service configured?")), QStringLiteral("answered"));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session()->hasPendingTurnVersions(), 15000);
        QCOMPARE(h.server().requests().size(), 2);
        const int turn = onlyTurn(h);
        const QList<TurnVersion> stored = h.store()->turnVersions(h.session()->id(), turn).value();
        QCOMPARE(stored.size(), 3);
        for (const TurnVersion &version : stored)
            QVERIFY(version.isExtractive());
        QCOMPARE(h.store()->turnVersionHistory(h.session()->id(), turn)->size(), 3);
        const QList<SessionEvent> warnings = warningsWith(h, QStringLiteral("turnversions"));
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().error.code, QStringLiteral("turnversions.unreadable"));
        QVERIFY(warnings.first().error.message.contains(QString::number(turn)));
    }

    void failureForGoodIsAWarning()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        h.config().turnVersions = TurnVersionMode::Model;
        h.config().providerRetry.maxAttempts = 2;
        QVERIFY(h.reopen());
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(Answer).stop(QStringLiteral("end_turn"))));
        h.server().enqueue(ScriptedResponse::json(529, anthropicError("overloaded_error", "Overloaded")));
        h.server().enqueue(ScriptedResponse::json(529, anthropicError("overloaded_error", "Still overloaded")));
        QCOMPARE(h.runTurn(QStringLiteral("How is the service configured?")), QStringLiteral("answered"));
        QTRY_VERIFY_WITH_TIMEOUT(!h.session()->hasPendingTurnVersions(), 15000);
        QCOMPARE(h.server().requests().size(), 3);
        const QList<SessionEvent> warnings = warningsWith(h, QStringLiteral("turnversions"));
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().error.code, QStringLiteral("turnversions.failed"));
        QVERIFY(warnings.first().error.message.contains(QLatin1String("Still overloaded")));
        for (const TurnVersion &version : h.store()->turnVersions(h.session()->id()).value())
            QVERIFY(version.isExtractive());
    }

    void extractiveModeAsksNoModel()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        // No strategy asks for the model's versions: the default makes only extractive ones.
        QCOMPARE(h.session()->turnVersionMode(), TurnVersionMode::Extractive);
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(Answer).stop(QStringLiteral("end_turn"))));
        QCOMPARE(h.runTurn(QStringLiteral("How is the service configured?")), QStringLiteral("answered"));
        QVERIFY(!h.session()->hasPendingTurnVersions());
        QTest::qWait(50);
        QCOMPARE(h.server().requests().size(), 1);
        const QList<TurnVersion> stored = h.store()->turnVersions(h.session()->id()).value();
        QCOMPARE(stored.size(), 3);
        QVERIFY(stored.at(1).isExtractive());
        QVERIFY2(stored.at(1).text.contains(QLatin1String("8443")), qPrintable(stored.at(1).text));
    }

    void strategySettingsChooseTheMode()
    {
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), Model), qPrintable(h.error()));
        // A strategy that shows turn versions asks for the model's in its defaults.
        ShowsVersions shows;
        h.config().strategies = {&shows};
        QVERIFY(h.reopen());
        QCOMPARE(h.session()->turnVersionMode(), TurnVersionMode::Model);
        // The configured settings turn it off.
        h.config().strategySettings = {{shows.id(), QJsonObject{{QStringLiteral("turnVersions"), QStringLiteral("extractive")}}}};
        QVERIFY(h.reopen());
        QCOMPARE(h.session()->turnVersionMode(), TurnVersionMode::Extractive);
        // The session's own word wins over the strategies'.
        h.config().turnVersions = TurnVersionMode::Model;
        QVERIFY(h.reopen());
        QCOMPARE(h.session()->turnVersionMode(), TurnVersionMode::Model);
    }

    void answersAreParsedRobustly()
    {
        const auto plain = parseTurnVersionAnswer(QStringLiteral("<smoothed>a</smoothed><compressed>b</compressed><tiny>c</tiny>"));
        QVERIFY(plain);
        QCOMPARE((*plain)[0], QStringLiteral("a"));
        QCOMPARE((*plain)[1], QStringLiteral("b"));
        QCOMPARE((*plain)[2], QStringLiteral("c"));
        // Any order and case, text around, a fence inside, a closing tag forgotten.
        const auto loose = parseTurnVersionAnswer(QStringLiteral(
            "Here they are:\n<TINY> one sentence </TINY>\n<Smoothed>\n```\nline 1\nline 2\n```\n</Smoothed>\n<compressed>\nkey points\n"));
        QVERIFY(loose);
        QCOMPARE((*loose)[0], QStringLiteral("line 1\nline 2"));
        QCOMPARE((*loose)[1], QStringLiteral("key points"));
        QCOMPARE((*loose)[2], QStringLiteral("one sentence"));
        QVERIFY(!parseTurnVersionAnswer(QStringLiteral("<smoothed>a</smoothed><compressed>b</compressed>")));
        QVERIFY(!parseTurnVersionAnswer(QStringLiteral("<smoothed>a</smoothed><compressed> </compressed><tiny>c</tiny>")));
        QVERIFY(!parseTurnVersionAnswer(QStringLiteral("no sections at all")));
    }
};

VALIS_TEST_MAIN(TestSessionTurnVersions)
#include "tst_sessionturnversions.moc"
