// `valis-cli usage` on a store the test builds: Valis sessions over several days and models, a
// Claude Code transcript and a Codex rollout imported through the CLI, compaction events; every
// total and cost compared with values worked out by hand from the catalogue's prices.
#include "testsupport.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/compactionevent.h"
#include "valis/core/datalocations.h"
#include "valis/record/recordjson.h"
#include "valis/store/sessionstore.h"
#include "valis/store/usagereport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <cmath>

#ifdef Q_OS_UNIX
#include <time.h>
#endif

using namespace valis;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
    QJsonObject json() const { return QJsonDocument::fromJson(out.toUtf8()).object(); }
};

/// A moment of a day counted back from today, in local time.
QDateTime localAt(int daysAgo, int hour, int minute = 0)
{
    return QDateTime(QDate::currentDate().addDays(-daysAgo), QTime(hour, minute));
}

QString utcText(const QDateTime &time)
{
    return recordjson::formatTimestamp(time);
}

Message assistant(const QDateTime &at, const QString &model, qint64 input, qint64 output, qint64 cacheWrite,
                  qint64 cacheRead)
{
    Message message;
    message.role = Role::Assistant;
    message.createdAt = at;
    message.model = model;
    message.parts = {Part::makeText(QStringLiteral("done"))};
    message.usage.inputTokens = input;
    message.usage.outputTokens = output;
    message.usage.cacheWriteTokens = cacheWrite;
    message.usage.cacheReadTokens = cacheRead;
    return message;
}

Message user(const QDateTime &at, const QString &text)
{
    Message message;
    message.role = Role::User;
    message.createdAt = at;
    message.parts = {Part::makeText(text)};
    return message;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

QJsonObject groupOf(const QJsonObject &report, const QString &key)
{
    for (const QJsonValue &group : report.value(QStringLiteral("groups")).toArray()) {
        if (group.toObject().value(QStringLiteral("key")).toString() == key)
            return group.toObject();
    }
    return {};
}

} // namespace

class TestUsageCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void totalsAndCostsByHand();
    void groupedByDayModelAndSession();
    void sinceLimitsThePeriod();
    void tableForPeople();
    void badArguments();
    void fixtureSessionsHaveCosts();

private:
    Run cli(const QStringList &arguments, const QString &home = {});

    valis::test::TemporaryHome m_home;
};

Run TestUsageCli::cli(const QStringList &arguments, const QString &home)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("VALIS_HOME"));
    environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    process.setProcessEnvironment(environment);
    process.start(valis::test::buildDir() + QStringLiteral("/bin/valis-cli"),
                  QStringList{QStringLiteral("--home"), home.isEmpty() ? m_home.path() : home} + arguments);
    Run run;
    if (!process.waitForFinished(120000)) {
        run.err = QStringLiteral("valis-cli did not finish: ") + process.errorString();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

// The prices these hand computations use, per million tokens (input, output, cache write,
// cache read): claude-sonnet-4-5 3 / 15 / 3.75 / 0.30, claude-opus-4-6 5 / 25 / 6.25 / 0.50,
// gpt-5 and gpt-5-codex 1.25 / 10 / 1.25 / 0.125. initTestCase() checks the catalogue still says so.
void TestUsageCli::initTestCase()
{
    const ModelCatalog catalog = ModelCatalog::builtIn();
    const auto prices = [&catalog](const char *id) { return catalog.model(QString::fromLatin1(id))->prices; };
    QCOMPARE(prices("claude-sonnet-4-5"), (ModelPrices{3.0, 15.0, 3.75, 0.30}));
    QCOMPARE(prices("claude-opus-4-6"), (ModelPrices{5.0, 25.0, 6.25, 0.50}));
    QCOMPARE(prices("gpt-5"), (ModelPrices{1.25, 10.0, 1.25, 0.125}));
    QCOMPARE(prices("gpt-5-codex"), (ModelPrices{1.25, 10.0, 1.25, 0.125}));
    QVERIFY(!catalog.lookup(QStringLiteral("zz-unknown-model")).isKnown());

    {
        auto opened = SessionStore::open(DataLocations::underHome(m_home.path()).sessionDatabasePath());
        VALIS_VERIFY_OK(opened);
        SessionStore &store = *opened.value();
        SessionInfo a;
        a.id = QStringLiteral("s-sonnet");
        a.title = QStringLiteral("Sonnet work");
        a.model = QStringLiteral("claude-sonnet-4-5");
        VALIS_VERIFY_OK(store.createSession(a));
        CompactionEvent compaction;
        compaction.id = QStringLiteral("c-1");
        compaction.strategy = QStringLiteral("progressive");
        compaction.action = QStringLiteral("evict");
        compaction.tokensBefore = 50000;
        compaction.tokensAfter = 20000;
        compaction.cacheInvalidatedTokens = 8000;
        compaction.cacheCostUsd = 0.0276;
        Message compactionMessage = compaction.toMessage();
        compactionMessage.createdAt = localAt(2, 12, 5);
        CompactionEvent routine;
        routine.id = QStringLiteral("c-2");
        routine.strategy = QStringLiteral("gradient");
        routine.action = QStringLiteral("tag");
        routine.tokensBefore = 1000;
        routine.tokensAfter = 900;
        routine.state.insert(QStringLiteral("routine"), true);
        Message routineMessage = routine.toMessage();
        routineMessage.createdAt = localAt(2, 12, 6);
        VALIS_VERIFY_OK(store.appendMessages(
            a.id, {user(localAt(2, 11), QStringLiteral("first")),
                   // 200*3 + 100*15 + 0 + 4000*0.30 = 3300 micro-USD
                   assistant(localAt(2, 12), QString(), 200, 100, 0, 4000), compactionMessage, routineMessage,
                   user(localAt(0, 9), QStringLiteral("second")),
                   // 1000*3 + 500*15 + 2000*3.75 + 10000*0.30 = 21000 micro-USD
                   assistant(localAt(0, 9, 1), QStringLiteral("claude-sonnet-4-5"), 1000, 500, 2000, 10000)}));

        SessionInfo b;
        b.id = QStringLiteral("s-gpt");
        b.title = QStringLiteral("GPT work");
        b.model = QStringLiteral("gpt-5");
        VALIS_VERIFY_OK(store.createSession(b));
        Message noUsage = assistant(localAt(0, 10, 2), QStringLiteral("gpt-5"), -1, -1, -1, -1);
        VALIS_VERIFY_OK(store.appendMessages(
            b.id, {user(localAt(10, 8), QStringLiteral("long ago")),
                   // 100000*1.25 + 2000*10 = 145000 micro-USD
                   assistant(localAt(10, 8, 1), QStringLiteral("gpt-5"), 100000, 2000, -1, 0),
                   user(localAt(0, 10), QStringLiteral("today")),
                   // 4000*1.25 + 1000*10 + 6000*0.125 = 15750 micro-USD
                   assistant(localAt(0, 10, 1), QStringLiteral("gpt-5"), 4000, 1000, -1, 6000), noUsage,
                   // no price known: counted, not costed
                   assistant(localAt(0, 10, 3), QStringLiteral("zz-unknown-model"), 10, 10, -1, -1)}));
    }

    // A Claude Code transcript: its first answer at 00:30 local time today, which is yesterday
    // in UTC wherever the zone is east of Greenwich (the suite runs in JST-9 on Unix).
    const QString cc = QStringLiteral(
        R"({"type":"user","uuid":"u1","parentUuid":null,"sessionId":"cc-usage","cwd":"/w","timestamp":"%1","message":{"role":"user","content":"hello"}}
{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"cc-usage","cwd":"/w","timestamp":"%2","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-opus-4-6","content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn","usage":{"input_tokens":50,"output_tokens":400,"cache_creation_input_tokens":3000,"cache_read_input_tokens":20000}}}
{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"cc-usage","cwd":"/w","timestamp":"%3","message":{"role":"user","content":"more"}}
{"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"cc-usage","cwd":"/w","timestamp":"%4","message":{"id":"msg_2","type":"message","role":"assistant","model":"claude-opus-4-6","content":[{"type":"text","text":"sure"}],"stop_reason":"end_turn","usage":{"input_tokens":10,"output_tokens":100,"cache_creation_input_tokens":0,"cache_read_input_tokens":23000}}}
)")
                           .arg(utcText(localAt(0, 0, 29)), utcText(localAt(0, 0, 30)), utcText(localAt(0, 11)),
                                utcText(localAt(0, 11, 1)));
    const QString ccPath = valis::test::writeFileIn(m_home.path(), QStringLiteral("cc-usage.jsonl"), cc.toUtf8());
    // A Codex rollout three days ago: usage counts cached input inside input_tokens.
    const QString codex = QStringLiteral(
        R"({"timestamp":"%1","type":"session_meta","payload":{"id":"0199aaaa-0000-7000-8000-000000000001","timestamp":"%1","cwd":"/w","originator":"codex_cli_rs","cli_version":"0.41.0","source":"cli","model_provider":"openai"}}
{"timestamp":"%1","type":"turn_context","payload":{"cwd":"/w","approval_policy":"on-request","sandbox_policy":{"type":"workspace-write"},"model":"gpt-5-codex","effort":"medium","summary":"auto"}}
{"timestamp":"%1","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Fix the parser"}]}}
{"timestamp":"%2","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Looking."}]}}
{"timestamp":"%2","type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":{"input_tokens":1000,"cached_input_tokens":200,"output_tokens":50,"reasoning_output_tokens":0,"total_tokens":1050}},"rate_limits":null}}
{"timestamp":"%3","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Fixed."}]}}
{"timestamp":"%3","type":"event_msg","payload":{"type":"token_count","info":{"last_token_usage":{"input_tokens":1400,"cached_input_tokens":900,"output_tokens":80,"reasoning_output_tokens":0,"total_tokens":1480}},"rate_limits":null}}
)")
                              .arg(utcText(localAt(3, 12)), utcText(localAt(3, 12, 1)), utcText(localAt(3, 12, 2)));
    const QString codexPath = valis::test::writeFileIn(m_home.path(), QStringLiteral("rollout-2026-usage.jsonl"),
                                                       codex.toUtf8());
    const Run imported = cli({QStringLiteral("import"), ccPath, codexPath});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err + imported.out));
    QVERIFY2(imported.out.contains(QLatin1String("(claude-code)")), qPrintable(imported.out));
    QVERIFY2(imported.out.contains(QLatin1String("(codex)")), qPrintable(imported.out));
}

void TestUsageCli::totalsAndCostsByHand()
{
    const Run run = cli({QStringLiteral("usage"), QStringLiteral("--json")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = run.json();
    const QJsonObject totals = report.value(QStringLiteral("totals")).toObject();
    QCOMPARE(report.value(QStringLiteral("since")).type(), QJsonValue::Null);
    QCOMPARE(totals.value(QStringLiteral("messages")).toInteger(), 9);
    QCOMPARE(totals.value(QStringLiteral("inputTokens")).toInteger(), 106570);
    QCOMPARE(totals.value(QStringLiteral("outputTokens")).toInteger(), 4240);
    QCOMPARE(totals.value(QStringLiteral("cacheWriteTokens")).toInteger(), 5000);
    QCOMPARE(totals.value(QStringLiteral("cacheReadTokens")).toInteger(), 64100);
    QCOMPARE(totals.value(QStringLiteral("promptTokens")).toInteger(), 175670);
    QCOMPARE(totals.value(QStringLiteral("unpricedMessages")).toInteger(), 1);
    // 3300 + 21000 + 145000 + 15750 + 39000 + 14050 + 1525 + 1537.5 micro-USD
    const double cost = totals.value(QStringLiteral("costUsd")).toDouble();
    QVERIFY2(near(cost, 0.2411625), qPrintable(QString::number(cost, 'g', 12)));
    QCOMPARE(totals.value(QStringLiteral("cacheReadShare")).toDouble(), 0.3649); // 64100 / 175670

    const QJsonObject compactions = report.value(QStringLiteral("compactions")).toObject();
    QCOMPARE(compactions.value(QStringLiteral("events")).toInteger(), 1); // the routine one is not counted
    QCOMPARE(compactions.value(QStringLiteral("tokensSaved")).toInteger(), 30000);
    QCOMPARE(compactions.value(QStringLiteral("cacheInvalidatedTokens")).toInteger(), 8000);
    QVERIFY(near(compactions.value(QStringLiteral("cacheCostUsd")).toDouble(), 0.0276));
}

void TestUsageCli::groupedByDayModelAndSession()
{
    const QString today = QDate::currentDate().toString(Qt::ISODate);
    const Run byDay = cli({QStringLiteral("usage"), QStringLiteral("--by"), QStringLiteral("day"), QStringLiteral("--json")});
    QVERIFY2(byDay.exitCode == 0, qPrintable(byDay.err));
    const QJsonArray days = byDay.json().value(QStringLiteral("groups")).toArray();
    QStringList keys;
    for (const QJsonValue &day : days)
        keys << day.toObject().value(QStringLiteral("key")).toString();
    QCOMPARE(keys, (QStringList{QDate::currentDate().addDays(-10).toString(Qt::ISODate),
                                QDate::currentDate().addDays(-3).toString(Qt::ISODate),
                                QDate::currentDate().addDays(-2).toString(Qt::ISODate), today}));
    // Today: Sonnet 21000 + GPT-5 15750 + the two Claude Code answers 39000 + 14050 (the first
    // of them stored with yesterday's UTC date), and the unpriced one.
    const QJsonObject todayGroup = groupOf(byDay.json(), today);
    QCOMPARE(todayGroup.value(QStringLiteral("messages")).toInteger(), 5);
    QCOMPARE(todayGroup.value(QStringLiteral("inputTokens")).toInteger(), 5070);
    QCOMPARE(todayGroup.value(QStringLiteral("cacheReadTokens")).toInteger(), 59000);
    QVERIFY(near(todayGroup.value(QStringLiteral("costUsd")).toDouble(), 0.0898));
    const QJsonObject codexDay = groupOf(byDay.json(), QDate::currentDate().addDays(-3).toString(Qt::ISODate));
    QCOMPARE(codexDay.value(QStringLiteral("inputTokens")).toInteger(), 1300); // 1000-200 + 1400-900
    QCOMPARE(codexDay.value(QStringLiteral("cacheReadTokens")).toInteger(), 1100);
    QVERIFY(near(codexDay.value(QStringLiteral("costUsd")).toDouble(), 0.0030625));
    const QJsonObject compactionDay = groupOf(byDay.json(), QDate::currentDate().addDays(-2).toString(Qt::ISODate));
    QCOMPARE(compactionDay.value(QStringLiteral("compactions")).toObject().value(QStringLiteral("tokensSaved")).toInteger(), 30000);
    QCOMPARE(compactionDay.value(QStringLiteral("cacheReadShare")).toDouble(), 0.9524); // 4000 / 4200
    const QJsonArray shares = byDay.json().value(QStringLiteral("cacheReadShareByDay")).toArray();
    QCOMPARE(shares.size(), 4);
    QCOMPARE(shares.at(3).toObject().value(QStringLiteral("share")).toDouble(), 0.8542); // 59000 / 69070

    const Run byModel = cli({QStringLiteral("usage"), QStringLiteral("--by"), QStringLiteral("model"), QStringLiteral("--json")});
    QVERIFY2(byModel.exitCode == 0, qPrintable(byModel.err));
    QStringList models;
    for (const QJsonValue &model : byModel.json().value(QStringLiteral("groups")).toArray())
        models << model.toObject().value(QStringLiteral("key")).toString();
    // Most expensive first; the Sonnet answer without a model of its own counts as the session's.
    QCOMPARE(models, (QStringList{QStringLiteral("openai/gpt-5"), QStringLiteral("anthropic/claude-opus-4-6"),
                                  QStringLiteral("anthropic/claude-sonnet-4-5"), QStringLiteral("openai/gpt-5-codex"),
                                  QStringLiteral("zz-unknown-model")}));
    QVERIFY(near(groupOf(byModel.json(), QStringLiteral("openai/gpt-5")).value(QStringLiteral("costUsd")).toDouble(), 0.16075));
    QVERIFY(near(groupOf(byModel.json(), QStringLiteral("anthropic/claude-opus-4-6")).value(QStringLiteral("costUsd")).toDouble(), 0.05305));
    QVERIFY(near(groupOf(byModel.json(), QStringLiteral("anthropic/claude-sonnet-4-5")).value(QStringLiteral("costUsd")).toDouble(), 0.0243));
    QCOMPARE(groupOf(byModel.json(), QStringLiteral("zz-unknown-model")).value(QStringLiteral("unpricedMessages")).toInteger(), 1);

    const Run bySession = cli({QStringLiteral("usage"), QStringLiteral("--by"), QStringLiteral("session"), QStringLiteral("--json")});
    QVERIFY2(bySession.exitCode == 0, qPrintable(bySession.err));
    const QJsonArray sessions = bySession.json().value(QStringLiteral("groups")).toArray();
    QCOMPARE(sessions.size(), 4);
    QCOMPARE(sessions.at(0).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("s-gpt"));
    QCOMPARE(sessions.at(0).toObject().value(QStringLiteral("label")).toString(), QStringLiteral("GPT work"));
    QCOMPARE(sessions.at(1).toObject().value(QStringLiteral("originKind")).toString(), QStringLiteral("claude-code"));
    QVERIFY(near(sessions.at(1).toObject().value(QStringLiteral("costUsd")).toDouble(), 0.05305));
    QCOMPARE(sessions.at(2).toObject().value(QStringLiteral("key")).toString(), QStringLiteral("s-sonnet"));
    QCOMPARE(sessions.at(2).toObject().value(QStringLiteral("compactions")).toObject().value(QStringLiteral("events")).toInteger(), 1);
    QCOMPARE(sessions.at(3).toObject().value(QStringLiteral("originKind")).toString(), QStringLiteral("codex"));
    QVERIFY(near(sessions.at(3).toObject().value(QStringLiteral("costUsd")).toDouble(), 0.0030625));
}

void TestUsageCli::sinceLimitsThePeriod()
{
    // 7d: today and the six days before it; the answer ten days ago (145000 micro-USD) is out.
    const Run week = cli({QStringLiteral("usage"), QStringLiteral("--since"), QStringLiteral("7d"), QStringLiteral("--json")});
    QVERIFY2(week.exitCode == 0, qPrintable(week.err));
    QCOMPARE(week.json().value(QStringLiteral("since")).toString(), QDate::currentDate().addDays(-6).toString(Qt::ISODate));
    const QJsonObject totals = week.json().value(QStringLiteral("totals")).toObject();
    QCOMPARE(totals.value(QStringLiteral("messages")).toInteger(), 8);
    QCOMPARE(totals.value(QStringLiteral("inputTokens")).toInteger(), 6570);
    QVERIFY(near(totals.value(QStringLiteral("costUsd")).toDouble(), 0.0961625));

    // A date: from that local day's midnight on; the compaction two days ago is in.
    const QString date = QDate::currentDate().addDays(-2).toString(Qt::ISODate);
    const Run fromDate = cli({QStringLiteral("usage"), QStringLiteral("--since"), date, QStringLiteral("--json")});
    QVERIFY2(fromDate.exitCode == 0, qPrintable(fromDate.err));
    const QJsonObject recent = fromDate.json().value(QStringLiteral("totals")).toObject();
    QCOMPARE(recent.value(QStringLiteral("messages")).toInteger(), 6);
    QVERIFY(near(recent.value(QStringLiteral("costUsd")).toDouble(), 0.0931));
    QCOMPARE(fromDate.json().value(QStringLiteral("compactions")).toObject().value(QStringLiteral("events")).toInteger(), 1);

    const Run today = cli({QStringLiteral("usage"), QStringLiteral("--since"), QStringLiteral("1d"), QStringLiteral("--json")});
    QCOMPARE(today.json().value(QStringLiteral("compactions")).toObject().value(QStringLiteral("events")).toInteger(), 0);
    QCOMPARE(today.json().value(QStringLiteral("totals")).toObject().value(QStringLiteral("messages")).toInteger(), 5);
}

void TestUsageCli::tableForPeople()
{
    const Run run = cli({QStringLiteral("usage"), QStringLiteral("--by"), QStringLiteral("session")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QStringList lines = run.out.split(QLatin1Char('\n'));
    const auto lineStarting = [&lines](const QString &start) {
        for (const QString &line : lines) {
            if (line.startsWith(start))
                return line;
        }
        return QString();
    };
    QVERIFY2(lineStarting(QStringLiteral("SESSION")).contains(QLatin1String("CACHE READ")), qPrintable(run.out));
    const QString gpt = lineStarting(QStringLiteral("s-gpt"));
    QVERIFY2(gpt.contains(QLatin1String("104,010")) && gpt.contains(QLatin1String("$0.160"))
                 && gpt.contains(QLatin1String("GPT work")),
             qPrintable(gpt));
    const QString total = lineStarting(QStringLiteral("Total"));
    QVERIFY2(total.contains(QLatin1String("106,570")) && total.contains(QLatin1String("36.5%"))
                 && total.contains(QLatin1String("$0.2412+")),
             qPrintable(total));
    QVERIFY2(run.out.contains(QLatin1String("1 message(s) of models without a known price")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QLatin1String("Compactions: 1, 30,000 tokens")), qPrintable(run.out));
}

void TestUsageCli::badArguments()
{
    const Run badSince = cli({QStringLiteral("usage"), QStringLiteral("--since"), QStringLiteral("last week")});
    QCOMPARE(badSince.exitCode, 2);
    QVERIFY2(badSince.err.contains(QLatin1String("\"last week\" is not a date")), qPrintable(badSince.err));
    const Run zeroDays = cli({QStringLiteral("usage"), QStringLiteral("--since"), QStringLiteral("0d")});
    QCOMPARE(zeroDays.exitCode, 2);
    const Run badDate = cli({QStringLiteral("usage"), QStringLiteral("--since"), QStringLiteral("2026-02-30")});
    QCOMPARE(badDate.exitCode, 2);
    const Run badBy = cli({QStringLiteral("usage"), QStringLiteral("--by"), QStringLiteral("week")});
    QCOMPARE(badBy.exitCode, 2);
    QVERIFY2(badBy.err.contains(QLatin1String("--by takes day, model or session, not \"week\"")), qPrintable(badBy.err));
    const Run extra = cli({QStringLiteral("usage"), QStringLiteral("s-gpt")});
    QCOMPARE(extra.exitCode, 2);
    QCOMPARE(badBy.out, QString());
}

void TestUsageCli::fixtureSessionsHaveCosts()
{
    VALIS_REQUIRE_FIXTURE(claude, "claude-code-sessions-spotter");
    VALIS_REQUIRE_FIXTURE(codex, "openai-codex/tui-session-log.binary-size-log.jsonl");
    valis::test::TemporaryHome home;
    const Run imported = cli({QStringLiteral("import"), claude, codex}, home.path());
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    const Run run = cli({QStringLiteral("usage"), QStringLiteral("--by"), QStringLiteral("session"), QStringLiteral("--json")},
                        home.path());
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = run.json();
    QVERIFY(report.value(QStringLiteral("totals")).toObject().value(QStringLiteral("costUsd")).toDouble() > 0.0);

    // The same figures another way: every message read through the SessionStore and priced
    // with ModelCatalog::cost(), session by session.
    auto opened = SessionStore::open(DataLocations::underHome(home.path()).sessionDatabasePath());
    VALIS_VERIFY_OK(opened);
    const ModelCatalog catalog = ModelCatalog::builtIn();
    const auto sessions = opened.value()->sessions(SessionFilter{{}, {}, true, -1});
    VALIS_VERIFY_OK(sessions);
    int costed = 0;
    double total = 0;
    for (const SessionInfo &session : sessions.value()) {
        const auto messages = opened.value()->messages(session.id);
        VALIS_VERIFY_OK(messages);
        double cost = 0;
        qint64 cacheRead = 0;
        for (const Message &message : messages.value()) {
            if (message.role != Role::Assistant || message.usage.isEmpty())
                continue;
            cost += catalog.cost(message.model.isEmpty() ? session.model : message.model, message.usage).total().value_or(0);
            cacheRead += qMax<qint64>(message.usage.cacheReadTokens, 0);
        }
        total += cost;
        const QJsonObject group = groupOf(report, session.id);
        if (cost > 0) {
            ++costed;
            QVERIFY2(std::abs(group.value(QStringLiteral("costUsd")).toDouble() - cost) < 1e-9, qPrintable(session.id));
            QCOMPARE(group.value(QStringLiteral("cacheReadTokens")).toInteger(), cacheRead);
        }
        if (session.originKind == QLatin1String("claude-code") && session.parentSessionId.isEmpty()
            && messages->size() > 20)
            QVERIFY2(cost > 0, qPrintable(session.id)); // long Claude Code sessions record usage
    }
    QVERIFY(costed >= 4);
    QVERIFY(std::abs(report.value(QStringLiteral("totals")).toObject().value(QStringLiteral("costUsd")).toDouble() - total) < 1e-6);
}

int main(int argc, char *argv[])
{
#ifdef Q_OS_UNIX
    // East of Greenwich, so a local day differs from the UTC one in the morning hours.
    qputenv("TZ", "JST-9");
    tzset();
#endif
    QCoreApplication app(argc, argv);
    TestUsageCli test;
    QTEST_SET_MAIN_SOURCE_PATH
    return valis::test::runTests(&test, argc, argv);
}

#include "tst_usagecli.moc"
