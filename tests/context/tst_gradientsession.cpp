// The compression gradient end to end, through the real valis-cli, the real plugins and the local
// provider server: a scripted session of 201 turns run with the gradient history strategy stays
// inside a 32k window; the model's get_turn call at turn 196 brings turn 5 back at R onto the
// announcement board, which shows it for 5 turns and then lets it go.
#include "clirunner.h"
#include "providerserver.h"
#include "scriptedanthropic.h"
#include "streambuilders.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

/// Every text a request's messages hold (text blocks and tool results).
QString messagesText(const QJsonObject &request)
{
    QString text;
    for (const QJsonValue &message : request.value(QLatin1String("messages")).toArray()) {
        const QJsonValue content = message.toObject().value(QLatin1String("content"));
        if (content.isString()) {
            text += content.toString() + QLatin1Char('\n');
            continue;
        }
        for (const QJsonValue &block : content.toArray()) {
            const QJsonObject b = block.toObject();
            text += b.value(QLatin1String("text")).toString() + QLatin1Char('\n');
            const QJsonValue inner = b.value(QLatin1String("content"));
            if (inner.isString())
                text += inner.toString() + QLatin1Char('\n');
            for (const QJsonValue &part : inner.toArray())
                text += part.toObject().value(QLatin1String("text")).toString() + QLatin1Char('\n');
        }
    }
    return text;
}

/// Whether a request asks for a turn's shorter versions (the background request after each turn).
bool isVersionRequest(const QJsonObject &request)
{
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    const QJsonArray content = messages.last().toObject().value(QLatin1String("content")).toArray();
    for (const QJsonValue &block : content) {
        if (block.toObject().value(QLatin1String("text")).toString().contains(QLatin1String("Write three shorter versions of turn")))
            return true;
    }
    return false;
}

/// The request without the announcement board at its end (the scripted model answers what came
/// before it).
QJsonObject withoutBoard(QJsonObject request)
{
    // The Anthropic wire merges the board into the user message before it (a tool result).
    QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    while (!messages.isEmpty()) {
        QJsonObject last = messages.last().toObject();
        QJsonArray content = last.value(QLatin1String("content")).toArray();
        if (content.isEmpty()
            || !content.last().toObject().value(QLatin1String("text")).toString().startsWith(QLatin1String("<announcement-board>")))
            break;
        content.removeLast();
        messages.removeLast();
        if (!content.isEmpty()) {
            last.insert(QStringLiteral("content"), content);
            messages.append(last);
        }
    }
    request.insert(QStringLiteral("messages"), messages);
    return request;
}

/// The turn number a request's latest user request names ("turn 12: ...").
int turnOf(const QString &text)
{
    static const QRegularExpression turn(QStringLiteral("turn (\\d+): read"));
    QRegularExpressionMatchIterator it = turn.globalMatch(text);
    int last = -1;
    while (it.hasNext())
        last = it.next().captured(1).toInt();
    return last;
}

} // namespace

class TestGradientSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scriptedSessionStaysInTheWindowAndGetTurnUsesTheBoard()
    {
        TemporaryHome home;
        QTemporaryDir workspace;
        QVERIFY(workspace.isValid());
        ProviderTestServer server;
        QVERIFY(server.listen());
        auto writeConfig = [&](const QString &name, const QJsonObject &json) {
            QVERIFY(QDir().mkpath(home.path() + QStringLiteral("/config")));
            QVERIFY(writeFile(home.path() + QStringLiteral("/config/") + name, QJsonDocument(json).toJson()));
        };
        // A 32k window, read_file results left to the strategy (not captured into memory).
        writeConfig(QStringLiteral("memory.json"),
                    {{QStringLiteral("version"), 1},
                     {QStringLiteral("tools"), QJsonObject{{QStringLiteral("read_file"), QJsonObject{{QStringLiteral("captureThresholdTokens"), 0}}}}}});
        writeConfig(QStringLiteral("models.json"),
                    {{QStringLiteral("formatVersion"), 1},
                     {QStringLiteral("models"),
                      QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("small-sonnet")},
                                             {QStringLiteral("provider"), QStringLiteral("anthropic")},
                                             {QStringLiteral("contextWindow"), 32000},
                                             {QStringLiteral("maxOutputTokens"), 2000},
                                             {QStringLiteral("prices"), QJsonObject{{QStringLiteral("input"), 3},
                                                                                    {QStringLiteral("output"), 15},
                                                                                    {QStringLiteral("cacheWrite"), 3.75},
                                                                                    {QStringLiteral("cacheRead"), 0.3}}},
                                             {QStringLiteral("tokenizer"), QStringLiteral("estimate")}}}}});
        QVERIFY(QDir(workspace.path()).mkpath(QStringLiteral("notes")));

        const int turns = 201;
        const int askAt = 196;
        server.setBeforeAnswer([&](int, const CapturedRequest &request) {
            const QJsonObject body = withoutBoard(request.json());
            const qint64 tokens = request.body.size() / 4;
            const int turn = turnOf(messagesText(body));
            if (isVersionRequest(body)) {
                // The turn's S, C and T, written by "the model" in the background.
                static const QRegularExpression asked(QStringLiteral("shorter versions of turn (\\d+)"));
                const int versioned = asked.match(messagesText(body)).captured(1).toInt();
                server.enqueue(ScriptedResponse::sse(scriptedAnswer(
                    QStringLiteral("<smoothed>\nS-MODEL turn %1: the user asked to read notes/turn%1.md; read_file returned 25 "
                                   "notes; nothing to change.\n</smoothed>\n<compressed>\nC-MODEL turn %1: {tool read_file called "
                                   "→ 25 notes of notes/turn%1.md}; nothing changed.\n</compressed>\n<tiny>\nTurn %1: T-MODEL read "
                                   "notes/turn%1.md.\n</tiny>")
                        .arg(versioned),
                    tokens)));
            } else if (lastIsToolResult(body)) {
                server.enqueue(ScriptedResponse::sse(scriptedAnswer(QStringLiteral("Read them; nothing to change in turn %1.").arg(turn), tokens)));
            } else if (turn == askAt) {
                server.enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_back"), QStringLiteral("get_turn"),
                                                          {{QStringLiteral("turn"), 5}, {QStringLiteral("level"), QStringLiteral("R")}},
                                                          tokens)));
            } else {
                server.enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_t%1").arg(turn), QStringLiteral("read_file"),
                                                          {{QStringLiteral("path"), QStringLiteral("notes/turn%1.md").arg(turn)}},
                                                          tokens)));
            }
        });

        QString session;
        for (int t = 1; t <= turns; ++t) {
            QStringList lines;
            for (int l = 1; l <= 25; ++l)
                lines << QStringLiteral("turn %1 note %2: the cache key for shard-%3 is k-%4").arg(t).arg(l).arg(t * 31 + l).arg(t * 977 + l * 13);
            QVERIFY(writeFile(workspace.filePath(QStringLiteral("notes/turn%1.md").arg(t)), lines.join(QLatin1Char('\n')).toUtf8()));
            QStringList arguments{QStringLiteral("--home"), home.path(), QStringLiteral("run"), QStringLiteral("--provider"),
                                  QStringLiteral("anthropic"), QStringLiteral("--base-url"), server.baseUrl().toString(),
                                  QStringLiteral("--workspace"), workspace.path(), QStringLiteral("--approve"), QStringLiteral("all"),
                                  QStringLiteral("--no-keychain"), QStringLiteral("--model"), QStringLiteral("small-sonnet"),
                                  QStringLiteral("--history"), QStringLiteral("gradient")};
            if (!session.isEmpty())
                arguments << QStringLiteral("--session") << session;
            arguments << QStringLiteral("turn %1: read the notes for this turn.").arg(t);
            const CliRun result = runCli(arguments, anthropicCliEnvironment());
            QVERIFY2(result.exitCode == 0, result.err.constData());
            if (session.isEmpty()) {
                static const QRegularExpression id(QStringLiteral("session (s-[0-9a-z]+)"));
                session = id.match(QString::fromUtf8(result.err)).captured(1);
                QVERIFY2(!session.isEmpty(), result.err.constData());
            }
        }
        QCOMPARE(server.unexpectedRequests(), 0);
        const QList<CapturedRequest> requests = server.requests();

        const QString turnFive = QStringLiteral("turn 5 note 17: the cache key for shard-172 is k-5106");
        bool sawTiers = false;
        bool sawModelVersions = false;
        int live = 0;
        int versions = 0;
        QJsonObject lastLive;
        for (int i = 0; i < requests.size(); ++i) {
            const QJsonObject body = requests.at(i).json();
            // Inside the window (the estimate counts about four bytes a token; the body carries
            // the tool definitions and JSON framing on top, so this errs on the safe side).
            QVERIFY2(requests.at(i).body.size() / 4 < 32000,
                     qPrintable(QStringLiteral("request %1 is %2 bytes").arg(i).arg(requests.at(i).body.size())));
            if (isVersionRequest(body)) {
                ++versions;
                continue;
            }
            ++live;
            lastLive = body;
            const QString text = messagesText(body);
            const QJsonObject asked = withoutBoard(body);
            const int current = turnOf(messagesText(asked));
            const bool answering = lastIsToolResult(asked);
            const bool onBoard = text.contains(QLatin1String("<announcement-board>")) && text.contains(turnFive);
            // Turn 196's second request (after get_turn answered) through turn 200: on the board.
            const bool expected = (current == askAt && answering) || (current > askAt && current < askAt + 5);
            QVERIFY2(onBoard == expected, qPrintable(QStringLiteral("request %1 (turn %2): board %3").arg(i).arg(current).arg(onBoard)));
            if (current > 150 && text.contains(QLatin1String("<conversation-history")) && text.contains(QLatin1String("-C>"))
                && QRegularExpression(QStringLiteral("<T-\\d+-through-\\d+-T>")).match(text).hasMatch())
                sawTiers = true;
            // The shortened turns are the model's versions, not the extractive ones.
            sawModelVersions = sawModelVersions || (text.contains(QLatin1String("C-MODEL turn")) && text.contains(QLatin1String("T-MODEL")));
        }
        QCOMPARE(live, turns * 2);
        QCOMPARE(versions, turns);
        QVERIFY(sawModelVersions);
        QVERIFY(sawTiers);
        // The last request shows the newest turns raw, tagged.
        QVERIFY(messagesText(lastLive).contains(QStringLiteral("<T-%1-R>").arg(turns)));
        // Turn 5's note is nowhere verbatim in turn 201's request: it left the board.
        QVERIFY(!messagesText(lastLive).contains(turnFive));
    }
};

QTEST_GUILESS_MAIN(TestGradientSession)
#include "tst_gradientsession.moc"
