// `valis-cli replay`: the real binary on a small Valis JSONL the test writes, its JSON figures,
// and its errors.
#include "testsupport.h"
#include "valis/record/message.h"
#include "valis/record/recordjson.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using namespace valis;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

QByteArray line(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

QJsonObject messageLine(const QString &id, Role role, const QList<Part> &parts, int seq, qint64 outputTokens = -1)
{
    Message message;
    message.id = id;
    message.role = role;
    message.parts = parts;
    message.createdAt = QDateTime(QDate(2026, 1, 2), QTime(10, 0, seq), Qt::UTC);
    if (role == Role::Assistant) {
        message.model = QStringLiteral("claude-sonnet-4-5");
        message.usage.outputTokens = outputTokens;
    }
    return QJsonObject{{QStringLiteral("type"), QStringLiteral("message")},
                       {QStringLiteral("session_id"), QStringLiteral("s-replay-cli")},
                       {QStringLiteral("message"), recordjson::toJson(message)}};
}

/// A Valis export of one session: a request, a tool call and its output, an answer, a second
/// request and its answer: three model requests.
QByteArray valisExport()
{
    SessionInfo info;
    info.id = QStringLiteral("s-replay-cli");
    info.title = QStringLiteral("Why does the build fail?");
    info.model = QStringLiteral("claude-sonnet-4-5");
    info.originKind = QStringLiteral("valis");
    info.createdAt = QDateTime(QDate(2026, 1, 2), QTime(10, 0), Qt::UTC);
    info.updatedAt = info.createdAt;
    QByteArray bytes = line({{QStringLiteral("type"), QStringLiteral("valis-export")}, {QStringLiteral("version"), 1}});
    bytes += line({{QStringLiteral("type"), QStringLiteral("session")}, {QStringLiteral("session"), recordjson::toJson(info)}});
    bytes += line(messageLine(QStringLiteral("m1"), Role::User, {Part::makeText(QStringLiteral("Why does the build fail?"))}, 1));
    bytes += line(messageLine(QStringLiteral("m2"), Role::Assistant,
                              {Part::makeToolCall(QStringLiteral("c1"), QStringLiteral("exec"), QJsonObject{{QStringLiteral("command"), QStringLiteral("make")}})},
                              2, 30));
    bytes += line(messageLine(QStringLiteral("m3"), Role::Tool,
                              {Part::makeToolResultText(QStringLiteral("c1"), QStringLiteral("main.c:3: undefined reference to `parse'\n").repeated(40), true)}, 3));
    bytes += line(messageLine(QStringLiteral("m4"), Role::Assistant, {Part::makeText(QStringLiteral("parse is never defined."))}, 4, 40));
    bytes += line(messageLine(QStringLiteral("m5"), Role::User, {Part::makeText(QStringLiteral("Define it."))}, 5));
    bytes += line(messageLine(QStringLiteral("m6"), Role::Assistant, {Part::makeText(QStringLiteral("Done."))}, 6, 50));
    return bytes;
}

} // namespace

class TestCliReplay : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void replaysAsJson();
    void replaysAsTable();
    void replaysWithAStrategyPlugin();
    void dumpsEveryRequestsView();
    void errors();

private:
    Run cli(const QStringList &arguments);
    std::unique_ptr<test::TemporaryHome> m_home;
    QString m_file;
};

void TestCliReplay::init()
{
    m_home = std::make_unique<test::TemporaryHome>();
    m_file = test::writeFileIn(m_home->path(), QStringLiteral("session.jsonl"), valisExport());
    QVERIFY(!m_file.isEmpty());
}

Run TestCliReplay::cli(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("VALIS_HOME"));
    environment.insert(QStringLiteral("NO_COLOR"), QStringLiteral("1"));
    process.setProcessEnvironment(environment);
    process.start(test::buildDir() + QStringLiteral("/bin/valis-cli"), QStringList{QStringLiteral("--home"), m_home->path()} + arguments);
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

void TestCliReplay::replaysAsJson()
{
    const Run run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--report"),
                         QStringLiteral("json"), QStringLiteral("--window"), QStringLiteral("100000"), QStringLiteral("--per-turn")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(json.value(QLatin1String("strategy")).toString(), QStringLiteral("none"));
    QCOMPARE(json.value(QLatin1String("format")).toString(), QStringLiteral("valis"));
    const QJsonArray reports = json.value(QLatin1String("reports")).toArray();
    QCOMPARE(reports.size(), 1);
    const QJsonObject report = reports.first().toObject();
    QCOMPARE(report.value(QLatin1String("session")).toString(), QStringLiteral("s-replay-cli"));
    QCOMPARE(report.value(QLatin1String("model")).toString(), QStringLiteral("claude-sonnet-4-5"));
    QCOMPARE(report.value(QLatin1String("contextWindow")).toInteger(), 100000);
    QCOMPARE(report.value(QLatin1String("requests")).toInt(), 3);
    QCOMPARE(report.value(QLatin1String("overflows")).toInt(), 0);
    QCOMPARE(report.value(QLatin1String("invalidations")).toInt(), 0);
    QCOMPARE(report.value(QLatin1String("compactions")).toInt(), 0);
    QCOMPARE(report.value(QLatin1String("agentsMdMissing")).toInt(), 0);
    QVERIFY(report.value(QLatin1String("recoverability")).isNull());

    const QJsonArray rows = report.value(QLatin1String("perRequest")).toArray();
    QCOMPARE(rows.size(), 3);
    qint64 reads = 0;
    qint64 input = 0;
    qint64 previous = 0;
    for (int i = 0; i < rows.size(); ++i) {
        const QJsonObject row = rows.at(i).toObject();
        const qint64 tokens = row.value(QLatin1String("requestTokens")).toInteger();
        // Each request reads the previous one back from the cache and writes the rest.
        QCOMPARE(row.value(QLatin1String("cacheReadTokens")).toInteger(), previous);
        QCOMPARE(row.value(QLatin1String("cacheWriteTokens")).toInteger(), tokens - previous);
        previous = tokens;
        reads += row.value(QLatin1String("cacheReadTokens")).toInteger();
        input += tokens;
    }
    QCOMPARE(rows.at(0).toObject().value(QLatin1String("outputTokens")).toInteger(), 30);
    QCOMPARE(report.value(QLatin1String("cacheReadTokens")).toInteger(), reads);
    QCOMPARE(report.value(QLatin1String("inputTokens")).toInteger(), input);
    // claude-sonnet-4-5: $0.30 per million read, $3.75 written, $15 out.
    const double cost = (double(reads) * 0.30 + double(input - reads) * 3.75 + 120 * 15.0) / 1e6;
    QVERIFY2(qAbs(report.value(QLatin1String("totalCostUsd")).toDouble() - cost) < 2e-6,
             qPrintable(QString::number(report.value(QLatin1String("totalCostUsd")).toDouble())));

    // The profile was not used: no session store was created in it.
    QVERIFY(!QFileInfo::exists(QDir(m_home->path()).filePath(QStringLiteral("data/sessions.db"))));
}

void TestCliReplay::replaysAsTable()
{
    const Run run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--window"),
                         QStringLiteral("700"), QStringLiteral("--per-turn")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(QLatin1String("s-replay-cli")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QLatin1String("overflows: 3")), qPrintable(run.out));
    QVERIFY(run.out.contains(QLatin1String("[overflow]")));
    QVERIFY(run.out.contains(QLatin1String("AGENTS.md")));
}

void TestCliReplay::replaysWithAStrategyPlugin()
{
    const Run plugins = cli({QStringLiteral("plugins"), QStringLiteral("--json")});
    if (!plugins.out.contains(QLatin1String("\"progressive\"")))
        QSKIP("the progressive strategy plugin is not part of this build");
    const Run run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("progressive"),
                         QStringLiteral("--report"), QStringLiteral("json"), QStringLiteral("--setting"), QStringLiteral("evictAt=0.8")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object().value(QLatin1String("reports")).toArray().first().toObject();
    QCOMPARE(report.value(QLatin1String("strategy")).toString(), QStringLiteral("progressive"));
    QCOMPARE(report.value(QLatin1String("requests")).toInt(), 3);

    const Run bad = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("progressive"),
                         QStringLiteral("--setting"), QStringLiteral("no-equals-sign")});
    QCOMPARE(bad.exitCode, 2);
}

void TestCliReplay::dumpsEveryRequestsView()
{
    const QString dir = m_home->filePath(QStringLiteral("views"));
    const Run run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--report"),
                         QStringLiteral("json"), QStringLiteral("--dump-views"), dir});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object().value(QLatin1String("reports")).toArray().first().toObject();
    QCOMPARE(report.value(QLatin1String("viewsDir")).toString(), dir);
    const QStringList files = QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 3);
    qint64 input = 0;
    for (int i = 0; i < files.size(); ++i) {
        QFile file(QDir(dir).filePath(files.at(i)));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject view = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(view.value(QLatin1String("request")).toInt(), i + 1);
        QCOMPARE(files.at(i), QStringLiteral("%1-T%2.json").arg(i + 1, 4, 10, QLatin1Char('0')).arg(view.value(QLatin1String("turn")).toInt()));
        QVERIFY(view.value(QLatin1String("systemPrompt")).toString().contains(QLatin1String("AGENTS.md")));
        QCOMPARE(view.value(QLatin1String("tools")).toArray().first().toObject().value(QLatin1String("name")).toString(), QStringLiteral("exec"));
        input += view.value(QLatin1String("requestTokens")).toInteger();
    }
    QCOMPARE(input, report.value(QLatin1String("inputTokens")).toInteger());
    // The last request shows the five messages before the last answer, as recorded.
    QFile last(QDir(dir).filePath(files.constLast()));
    QVERIFY(last.open(QIODevice::ReadOnly));
    const QJsonArray messages = QJsonDocument::fromJson(last.readAll()).object().value(QLatin1String("messages")).toArray();
    QCOMPARE(messages.size(), 5);
    const Message first = recordjson::messageFromJson(messages.first().toObject()).value();
    QCOMPARE(first.text(), QStringLiteral("Why does the build fail?"));
    const Message call = recordjson::messageFromJson(messages.at(1).toObject()).value();
    QCOMPARE(call.parts.constFirst().arguments.toObject().value(QLatin1String("command")).toString(), QStringLiteral("make"));
    QCOMPARE(recordjson::messageFromJson(messages.last().toObject()).value().text(), QStringLiteral("Define it."));

    // A folder that cannot be made fails before anything is replayed.
    const QString under = m_file + QStringLiteral("/views");
    const Run bad = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--dump-views"), under});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains(under), qPrintable(bad.err));
    QVERIFY2(bad.out.isEmpty(), qPrintable(bad.out));
}

void TestCliReplay::errors()
{
    Run run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("no-such-strategy")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QLatin1String("no-such-strategy")), qPrintable(run.err));
    QVERIFY(run.err.contains(QLatin1String("available: none")));

    run = cli({QStringLiteral("replay"), m_file});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains(QLatin1String("--strategy")));

    run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--report"), QStringLiteral("xml")});
    QCOMPARE(run.exitCode, 2);

    run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--window"), QStringLiteral("lots")});
    QCOMPARE(run.exitCode, 2);

    run = cli({QStringLiteral("replay"), m_home->filePath(QStringLiteral("absent.jsonl")), QStringLiteral("--strategy"), QStringLiteral("none")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("does not exist")), qPrintable(run.err));

    const QString garbage = test::writeFileIn(m_home->path(), QStringLiteral("garbage.jsonl"), "this is not a transcript\n");
    run = cli({QStringLiteral("replay"), garbage, QStringLiteral("--strategy"), QStringLiteral("none")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY(!run.err.isEmpty());

    run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--session"), QStringLiteral("s-other")});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(QLatin1String("s-replay-cli")), qPrintable(run.err));

    run = cli({QStringLiteral("replay"), m_file, QStringLiteral("--strategy"), QStringLiteral("none"), QStringLiteral("--agents-md"),
               m_home->filePath(QStringLiteral("no-agents.md"))});
    QCOMPARE(run.exitCode, 1);
    QVERIFY(run.err.contains(QLatin1String("AGENTS.md")));

    run = cli({QStringLiteral("replay"), QStringLiteral("--help")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains(QLatin1String("--strategy")));
}

VALIS_TEST_MAIN(TestCliReplay)
#include "tst_clireplay.moc"
