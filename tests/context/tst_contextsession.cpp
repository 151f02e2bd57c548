// Context management end to end, through the real valis-cli, the real plugins and the local
// provider server: a huge tool result is offloaded and read back by the model through its
// pointer and through search_history; over many turns in a small window old results are
// evicted in batches and, as the last resort, the oldest turns are summarised by the model as
// a continuation of the live prefix, with AGENTS.md byte-identical in every request.
#include "clirunner.h"
#include "providerserver.h"
#include "scriptedanthropic.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/record/recordjson.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

/// About what a provider would report for this request (the pipeline's correction must not be
/// fed nonsense).
qint64 plausibleTokens(const CapturedRequest &request)
{
    return request.body.size() / 4;
}

QString systemPromptOf(const QJsonObject &request)
{
    QString text;
    for (const QJsonValue &block : request.value(QLatin1String("system")).toArray())
        text += block.toObject().value(QLatin1String("text")).toString();
    return text;
}

/// The text blocks of a request's last message.
QString lastUserText(const QJsonObject &request)
{
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    QString text;
    for (const QJsonValue &block : messages.last().toObject().value(QLatin1String("content")).toArray()) {
        if (block.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            text += block.toObject().value(QLatin1String("text")).toString();
    }
    return text;
}

QJsonArray withoutCacheControl(QJsonArray array);
QJsonObject withoutCacheControl(QJsonObject object)
{
    object.remove(QStringLiteral("cache_control"));
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.value().isObject())
            it.value() = withoutCacheControl(it.value().toObject());
        else if (it.value().isArray())
            it.value() = withoutCacheControl(it.value().toArray());
    }
    return object;
}
QJsonArray withoutCacheControl(QJsonArray array)
{
    for (auto it = array.begin(); it != array.end(); ++it) {
        if (it->isObject())
            *it = withoutCacheControl(it->toObject());
        else if (it->isArray())
            *it = withoutCacheControl(it->toArray());
    }
    return array;
}

/// Whether `summary` starts with the whole of `live` (so the provider reads that prefix from its
/// cache): the same messages, then more, or (the Anthropic wire merges consecutive user messages)
/// the live last message with more content.
bool continuesMessages(const QJsonArray &live, const QJsonArray &summary)
{
    if (live.isEmpty() || summary.size() < live.size())
        return false;
    for (qsizetype i = 0; i + 1 < live.size(); ++i) {
        if (live.at(i) != summary.at(i))
            return false;
    }
    if (live.last() == summary.at(live.size() - 1))
        return true;
    // The wire merged the instruction into the live request's last (user) message.
    const QJsonArray liveLast = live.last().toObject().value(QLatin1String("content")).toArray();
    const QJsonArray summaryLast = summary.at(live.size() - 1).toObject().value(QLatin1String("content")).toArray();
    if (summary.size() != live.size() || summaryLast.size() <= liveLast.size())
        return false;
    for (qsizetype i = 0; i < liveLast.size(); ++i) {
        if (liveLast.at(i) != summaryLast.at(i))
            return false;
    }
    return true;
}

QString rowLine(int n)
{
    return QStringLiteral("row %1 of the inventory: widget-%2 bin-%3 count %4").arg(n, 5, 10, QLatin1Char('0')).arg(n * 7).arg(n % 97).arg(n * 13 % 1000);
}

const QRegularExpression ResultPath(QStringLiteral("/context/results/[mr]-[0-9a-f]+\\.txt"));

} // namespace

class TestContextSession : public QObject
{
    Q_OBJECT

    TemporaryHome *m_home = nullptr;
    QTemporaryDir *m_workspace = nullptr;
    ProviderTestServer *m_server = nullptr;

    CliRun run(const QString &prompt, const QStringList &extra = {}) const
    {
        QStringList arguments{QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--provider"),
                              QStringLiteral("anthropic"), QStringLiteral("--base-url"), m_server->baseUrl().toString(),
                              QStringLiteral("--workspace"), m_workspace->path(), QStringLiteral("--approve"),
                              QStringLiteral("all"), QStringLiteral("--no-keychain")};
        if (!extra.contains(QStringLiteral("--model")))
            arguments << QStringLiteral("--model") << QStringLiteral("claude-sonnet-4-5");
        arguments << extra << prompt;
        return runCli(arguments, anthropicCliEnvironment());
    }

    CliRun cli(const QStringList &arguments) const
    {
        return runCli(QStringList{QStringLiteral("--home"), m_home->path()} + arguments, anthropicCliEnvironment());
    }

    QString sessionIdOf(const CliRun &result) const
    {
        static const QRegularExpression id(QStringLiteral("session (s-[0-9a-z]+)"));
        return id.match(QString::fromUtf8(result.err)).captured(1);
    }

    void writeConfig(const QString &name, const QJsonObject &json)
    {
        QVERIFY(QDir().mkpath(m_home->path() + QStringLiteral("/config")));
        QVERIFY(writeFile(m_home->path() + QStringLiteral("/config/") + name, QJsonDocument(json).toJson()));
    }

private Q_SLOTS:
    void init()
    {
        m_home = new TemporaryHome;
        m_workspace = new QTemporaryDir;
        m_server = new ProviderTestServer;
        QVERIFY(m_server->listen());
    }

    void cleanup()
    {
        delete m_server;
        delete m_workspace;
        delete m_home;
    }

    void hugeResultIsOffloadedAndComesBack_data()
    {
        QTest::addColumn<bool>("memory");
        QTest::newRow("memory store") << true;
        QTest::newRow("no memory") << false;
    }

    void hugeResultIsOffloadedAndComesBack()
    {
        QFETCH(bool, memory);
        // read_file results are normally captured into memory first; here they are not, so the
        // context strategy is what keeps them out.
        writeConfig(QStringLiteral("memory.json"),
                    {{QStringLiteral("version"), 1},
                     {QStringLiteral("tools"), QJsonObject{{QStringLiteral("read_file"), QJsonObject{{QStringLiteral("captureThresholdTokens"), 0}}}}}});
        QStringList rows;
        for (int n = 1; n <= 2000; ++n)
            rows << rowLine(n);
        QVERIFY(writeFile(m_workspace->filePath(QStringLiteral("inventory.txt")), rows.join(QLatin1Char('\n')).toUtf8() + '\n'));

        QString pointer;
        QString foundMessage;
        m_server->setBeforeAnswer([&](int index, const CapturedRequest &request) {
            const QJsonObject body = request.json();
            const qint64 tokens = plausibleTokens(request);
            switch (index) {
            case 0:
                m_server->enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_read"), QStringLiteral("read_file"),
                                                             {{QStringLiteral("path"), QStringLiteral("inventory.txt")}}, tokens)));
                break;
            case 1:
                pointer = ResultPath.match(anthropicToolResult(body, QStringLiteral("toolu_read"))).captured(0);
                m_server->enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_back"), QStringLiteral("read_file"),
                                                             {{QStringLiteral("path"), pointer},
                                                              {QStringLiteral("offset"), 1200},
                                                              {QStringLiteral("limit"), 3}},
                                                             tokens)));
                break;
            case 2:
                m_server->enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_find"), QStringLiteral("search_history"),
                                                             {{QStringLiteral("query"), QStringLiteral("widget-8638")},
                                                              {QStringLiteral("role"), QStringLiteral("tool")}},
                                                             tokens)));
                break;
            case 3: {
                // The model follows the read call the hit suggests, from a few lines earlier.
                static const QRegularExpression follow(QStringLiteral("search_history (\\{[^\\n]*\\})"));
                const QJsonObject suggested =
                    QJsonDocument::fromJson(follow.match(anthropicToolResult(body, QStringLiteral("toolu_find"))).captured(1).toUtf8()).object();
                foundMessage = suggested.value(QLatin1String("message")).toString();
                m_server->enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_exact"), QStringLiteral("search_history"),
                                                             {{QStringLiteral("message"), foundMessage},
                                                              {QStringLiteral("part"), suggested.value(QLatin1String("part"))},
                                                              {QStringLiteral("offset"), 1231},
                                                              {QStringLiteral("limit"), 6}},
                                                             tokens)));
                break;
            }
            default:
                m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(QStringLiteral("Row 1234 holds widget-8638."), tokens)));
                break;
            }
        });
        const CliRun result = run(QStringLiteral("Look up widget-8638 in inventory.txt."),
                                  memory ? QStringList() : QStringList{QStringLiteral("--no-memory")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QCOMPARE(m_server->requests().size(), 5);
        QCOMPARE(m_server->unexpectedRequests(), 0);

        // The model saw a preview that names where the whole result went.
        const QString shown = anthropicToolResult(m_server->requests().at(1).json(), QStringLiteral("toolu_read"));
        QVERIFY2(!pointer.isEmpty(), qPrintable(shown.left(600)));
        QVERIFY2(pointer.startsWith(memory ? QLatin1String("/context/results/m-") : QLatin1String("/context/results/r-")), qPrintable(pointer));
        QVERIFY2(shown.contains(rowLine(1)) && !shown.contains(rowLine(1000)), qPrintable(shown.left(600)));
        QVERIFY2(shown.size() < 12000, qPrintable(QString::number(shown.size())));
        QVERIFY2(QString::fromUtf8(result.err).contains(QStringLiteral("context offload by progressive")), result.err.constData());

        // read_file on the pointer gives the result's own lines back.
        const QString back = anthropicToolResult(m_server->requests().at(2).json(), QStringLiteral("toolu_back"));
        QVERIFY2(!back.startsWith(QLatin1String("[error]")), qPrintable(back));
        int consecutive = 0;
        for (int n = 1190; n <= 1210; ++n)
            consecutive += back.contains(rowLine(n)) ? 1 : 0;
        QVERIFY2(consecutive == 3, qPrintable(back));

        // search_history finds the message in the record and reads its lines exactly.
        QVERIFY2(!foundMessage.isEmpty(), qPrintable(anthropicToolResult(m_server->requests().at(3).json(), QStringLiteral("toolu_find"))));
        const QString exact = anthropicToolResult(m_server->requests().at(4).json(), QStringLiteral("toolu_exact"));
        QVERIFY2(exact.contains(rowLine(1234)), qPrintable(exact));

        // The compaction is in the record with its pointer, and the archive holds the bytes the
        // record holds.
        const QString session = sessionIdOf(result);
        const CliRun context = cli({QStringLiteral("context"), session, QStringLiteral("--json")});
        QVERIFY2(context.exitCode == 0, context.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(context.out).object();
        const QJsonArray events = report.value(QLatin1String("events")).toArray();
        QCOMPARE(events.size(), 1);
        QCOMPARE(events.first().toObject().value(QLatin1String("action")).toString(), QStringLiteral("offload"));
        QCOMPARE(events.first().toObject().value(QLatin1String("pointers")).toArray().first().toString(), pointer);
        const CliRun shownRecord = cli({QStringLiteral("show"), session, QStringLiteral("--json")});
        QString recorded;
        for (const QString &line : shownRecord.outLines()) {
            const Result<Message> message = recordjson::messageFromJson(QJsonDocument::fromJson(line.toUtf8()).object());
            if (message.ok() && message->role == Role::Tool && message->parts.first().callId == QLatin1String("toolu_read"))
                recorded = message->parts.first().content.first().text;
        }
        QVERIFY(recorded.contains(rowLine(1000)));
        QByteArray archived;
        if (memory) {
            const QString key = pointer.section(QLatin1Char('/'), -1).section(QLatin1Char('.'), 0, 0);
            const CliRun memoryShow = cli({QStringLiteral("memory"), QStringLiteral("show"), key});
            QVERIFY2(memoryShow.exitCode == 0, memoryShow.err.constData());
            archived = memoryShow.out;
        } else {
            QFile file(m_home->path() + QStringLiteral("/data/sessions/") + session + QStringLiteral("/context/results/")
                       + pointer.section(QLatin1Char('/'), -1));
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
            archived = file.readAll();
        }
        QCOMPARE(QString::fromUtf8(archived).trimmed(), recorded.trimmed());
    }

    void contextCommandShowsSettingsAndPins()
    {
        // The thresholds in force: each strategy's defaults, the file, the model's entry.
        CliRun settings = cli({QStringLiteral("context"), QStringLiteral("--settings"), QStringLiteral("--json")});
        QVERIFY2(settings.exitCode == 0, settings.err.constData());
        QCOMPARE(QJsonDocument::fromJson(settings.out).object().value(QLatin1String("progressive")).toObject().value(QLatin1String("evictAt")).toDouble(), 0.85);
        writeConfig(QStringLiteral("context.json"),
                    {{QStringLiteral("version"), 1},
                     {QStringLiteral("settings"), QJsonObject{{QStringLiteral("progressive"), QJsonObject{{QStringLiteral("evictAt"), 0.8}}}}},
                     {QStringLiteral("models"), QJsonObject{{QStringLiteral("claude-haiku-4-5"),
                                                             QJsonObject{{QStringLiteral("progressive"), QJsonObject{{QStringLiteral("evictAt"), 0.7}}}}}}}});
        settings = cli({QStringLiteral("context"), QStringLiteral("--settings"), QStringLiteral("--json")});
        QCOMPARE(QJsonDocument::fromJson(settings.out).object().value(QLatin1String("progressive")).toObject().value(QLatin1String("evictAt")).toDouble(), 0.8);
        settings = cli({QStringLiteral("context"), QStringLiteral("--settings"), QStringLiteral("--json"), QStringLiteral("--model"),
                        QStringLiteral("claude-haiku-4-5")});
        QCOMPARE(QJsonDocument::fromJson(settings.out).object().value(QLatin1String("progressive")).toObject().value(QLatin1String("evictAt")).toDouble(), 0.7);
        // A malformed file is named, with the field.
        writeConfig(QStringLiteral("context.json"), {{QStringLiteral("version"), 1}, {QStringLiteral("strategies"), QStringLiteral("progressive")}});
        settings = cli({QStringLiteral("context"), QStringLiteral("--settings")});
        QCOMPARE(settings.exitCode, 1);
        QVERIFY2(settings.err.contains("\"strategies\" must be a list"), settings.err.constData());
        QVERIFY(QFile::remove(m_home->path() + QStringLiteral("/config/context.json")));

        // A bad setting for one run is reported, and the run still answers.
        m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(QStringLiteral("Hello."), 500)));
        const CliRun result = run(QStringLiteral("Say hello."), {QStringLiteral("--context"), QStringLiteral("evictTo=0.9")});
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QVERIFY2(result.err.contains("\"evictTo\" must be below evictAt"), result.err.constData());
        const QString session = sessionIdOf(result);

        // Pins: an unknown message is refused, a known one is recorded.
        CliRun pin = cli({QStringLiteral("context"), session, QStringLiteral("--pin"), QStringLiteral("m-nope")});
        QCOMPARE(pin.exitCode, 1);
        QVERIFY2(pin.err.contains("has no message \"m-nope\""), pin.err.constData());
        const CliRun shown = cli({QStringLiteral("show"), session, QStringLiteral("--json")});
        const QString userId = QJsonDocument::fromJson(shown.outLines().first().toUtf8()).object().value(QLatin1String("id")).toString();
        pin = cli({QStringLiteral("context"), session, QStringLiteral("--pin"), userId});
        QVERIFY2(pin.exitCode == 0, pin.err.constData());
        const CliRun after = cli({QStringLiteral("show"), session, QStringLiteral("--json")});
        const QByteArray entry = QByteArray("\"pin\":{\"messageId\":\"") + userId.toUtf8() + QByteArray("\",\"pinned\":true}");
        QVERIFY2(after.out.contains(entry), after.out.constData());
    }

    void longSessionEvictsThenSummarisesWithTheModel()
    {
        // A small window so a few turns fill it, read_file results left to the context strategy
        // (not captured into memory), and an AGENTS.md that must stay byte-identical.
        writeConfig(QStringLiteral("memory.json"),
                    {{QStringLiteral("version"), 1},
                     {QStringLiteral("tools"), QJsonObject{{QStringLiteral("read_file"), QJsonObject{{QStringLiteral("captureThresholdTokens"), 0}}}}}});
        writeConfig(QStringLiteral("models.json"),
                    {{QStringLiteral("formatVersion"), 1},
                     {QStringLiteral("models"),
                      QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("tiny-sonnet")},
                                             {QStringLiteral("provider"), QStringLiteral("anthropic")},
                                             {QStringLiteral("contextWindow"), 40000},
                                             {QStringLiteral("maxOutputTokens"), 1000},
                                             {QStringLiteral("prices"), QJsonObject{{QStringLiteral("input"), 3},
                                                                                    {QStringLiteral("output"), 15},
                                                                                    {QStringLiteral("cacheWrite"), 3.75},
                                                                                    {QStringLiteral("cacheRead"), 0.3}}},
                                             {QStringLiteral("tokenizer"), QStringLiteral("estimate")}}}}});
        const QString agentsMd = QStringLiteral("# House rules\nRun ./check.sh before every commit. Never touch vendor/.\n");
        QVERIFY(writeFile(m_workspace->filePath(QStringLiteral("AGENTS.md")), agentsMd.toUtf8()));
        QVERIFY(QDir(m_workspace->path()).mkpath(QStringLiteral("notes")));
        const QString filler = QStringLiteral("The parser keeps a table of productions and a queue of pending items. ");

        int summaryRequests = 0;
        int summaryIndex = -1;
        m_server->setBeforeAnswer([&](int index, const CapturedRequest &request) {
            const QJsonObject body = request.json();
            const qint64 tokens = plausibleTokens(request);
            if (lastUserText(body).contains(QStringLiteral("Summarise only the conversation through"))) {
                ++summaryRequests;
                summaryIndex = index;
                m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(
                    QStringLiteral("## Session intent\nSUMMARY-MARKER study the parser notes.\n## Progress and artifacts\n"
                                   "Read notes/turn1.md and the others.\n## Decisions\nNone.\n## Current state\nReading.\n"
                                   "## Next steps\nKeep reading.\n## Key details\nNone."),
                    tokens)));
            } else if (lastIsToolResult(body)) {
                m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(QString(filler).repeated(30), tokens)));
            } else {
                static const QRegularExpression turn(QStringLiteral("turn (\\d+):"));
                const QString n = turn.match(lastUserText(body)).captured(1);
                m_server->enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_t") + n, QStringLiteral("read_file"),
                                                             {{QStringLiteral("path"), QStringLiteral("notes/turn%1.md").arg(n)}},
                                                             tokens)));
            }
        });

        QString session;
        const int turns = 32;
        for (int t = 1; t <= turns; ++t) {
            QStringList lines;
            for (int l = 1; l <= 120; ++l)
                lines << QStringLiteral("turn %1 note %2: %3").arg(t).arg(l).arg(filler);
            QVERIFY(writeFile(m_workspace->filePath(QStringLiteral("notes/turn%1.md").arg(t)), lines.join(QLatin1Char('\n')).toUtf8()));
            QStringList extra{QStringLiteral("--model"), QStringLiteral("tiny-sonnet")};
            if (!session.isEmpty())
                extra << QStringLiteral("--session") << session;
            const CliRun result = run(QStringLiteral("turn %1: read the notes for this turn. %2").arg(t).arg(QString(filler).repeated(12)), extra);
            QVERIFY2(result.exitCode == 0, result.err.constData());
            if (session.isEmpty())
                session = sessionIdOf(result);
        }
        QCOMPARE(m_server->unexpectedRequests(), 0);
        const QList<CapturedRequest> requests = m_server->requests();

        // AGENTS.md is in every request's system prompt, which never changes.
        const QString system = systemPromptOf(requests.first().json());
        QVERIFY(system.contains(agentsMd.trimmed()));
        for (const CapturedRequest &request : requests)
            QCOMPARE(systemPromptOf(request.json()), system);

        // The model summarised, continuing the live request: the same system prompt and tools,
        // the same messages, then the instruction.
        QVERIFY(summaryRequests >= 1);
        const QJsonObject summary = requests.at(summaryIndex).json();
        const QJsonArray summaryMessages = summary.value(QLatin1String("messages")).toArray();
        bool continued = false;
        for (int i = summaryIndex - 1; i >= 0 && !continued; --i) {
            const QJsonObject live = requests.at(i).json();
            if (live.value(QLatin1String("tools")) != summary.value(QLatin1String("tools")))
                continue;
            continued = continuesMessages(withoutCacheControl(live.value(QLatin1String("messages")).toArray()),
                                          withoutCacheControl(summaryMessages));
        }
        QVERIFY2(continued, "the summary request does not continue any live request");

        // Later requests start with the summary (the model's, its transcript named) and keep
        // the most recent turns verbatim.
        const QString firstBlock = [&] {
            const QJsonArray messages = requests.last().json().value(QLatin1String("messages")).toArray();
            QString text;
            for (const QJsonValue &block : messages.first().toObject().value(QLatin1String("content")).toArray())
                text += block.toObject().value(QLatin1String("text")).toString();
            return text;
        }();
        QVERIFY2(firstBlock.contains(QStringLiteral("SUMMARY-MARKER")),
                 cli({QStringLiteral("context"), session}).out.constData());
        QVERIFY2(firstBlock.contains(QStringLiteral("<progress-ledger>")), qPrintable(firstBlock.left(2000)));
        static const QRegularExpression transcriptPath(QStringLiteral("/context/transcripts/(T-[0-9]+-through-[0-9]+-[0-9a-f]{6})\\.md"));
        // The summary names every transcript so far; together they hold every summarised turn.
        QStringList names;
        for (QRegularExpressionMatchIterator it = transcriptPath.globalMatch(firstBlock); it.hasNext();) {
            const QString name = it.next().captured(1);
            if (!names.contains(name))
                names.append(name);
        }
        QVERIFY2(!names.isEmpty(), qPrintable(firstBlock.left(2000)));
        QByteArray saved;
        for (const QString &name : std::as_const(names)) {
            QFile transcript(m_home->path() + QStringLiteral("/data/sessions/%1/context/transcripts/%2.json").arg(session, name));
            QVERIFY2(transcript.open(QIODevice::ReadOnly), qPrintable(transcript.fileName()));
            saved += transcript.readAll();
        }
        QVERIFY(saved.contains("turn 1: read the notes for this turn."));
        QVERIFY(saved.contains("turn 1 note 120:"));
        QVERIFY(saved.contains("turn 12: read the notes for this turn."));
        QVERIFY(lastUserText(requests.last().json()).contains(QStringLiteral("turn %1:").arg(turns))
                || QString::fromUtf8(QJsonDocument(requests.last().json()).toJson()).contains(QStringLiteral("turn %1:").arg(turns)));

        // Every compaction is in the record: evictions in batches, one summary.
        const CliRun context = cli({QStringLiteral("context"), session, QStringLiteral("--json")});
        QVERIFY2(context.exitCode == 0, context.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(context.out).object();
        const QJsonObject actions = report.value(QLatin1String("stats")).toObject().value(QLatin1String("actions")).toObject();
        QVERIFY2(actions.value(QLatin1String("evict")).toInt() >= 1, context.out.constData());
        QVERIFY2(actions.value(QLatin1String("evict")).toInt() <= turns / 3, context.out.constData());
        QVERIFY2(actions.value(QLatin1String("summarise")).toInt() >= 1, context.out.constData());
        QCOMPARE(actions.value(QLatin1String("summary-prepared")).toInt(), summaryRequests);
        QVERIFY(actions.value(QLatin1String("summarise")).toInt() <= summaryRequests);
        // No request overflowed the window the provider was said to have.
        for (const CapturedRequest &request : requests)
            QVERIFY2(request.body.size() / 4 < 40000, qPrintable(QString::number(request.body.size())));
    }
};

VALIS_TEST_MAIN(TestContextSession)
#include "tst_contextsession.moc"
