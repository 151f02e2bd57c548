// The context inspector end to end: every request of a scripted 50-turn session (offloading,
// eviction, a model summary and a MemoryRef in context) is rebuilt from the record and hashes to
// the body the provider server received; a tampered record is reported loudly; the CLI's text,
// JSON and diff; imported sessions report their usage and no hash.
#include "inspectortestsupport.h"

#include "anthropicprovider.h"
#include "sessionharness.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/catalog/modelcatalog.h"
#include "valis/context/compactionevent.h"
#include "valis/plugins/contextstrategy.h"
#include "valis/plugins/requestbodywriter.h"
#include "valis/context/requestinspector.h"
#include "valis/core/datalocations.h"
#include "valis/store/sessionstore.h"

#include <QDir>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

qint64 plausibleTokens(const CapturedRequest &request)
{
    return request.body.size() / 4;
}

QString rowLine(int n)
{
    return QStringLiteral("row %1 of the inventory: widget-%2 bin-%3").arg(n, 5, 10, QLatin1Char('0')).arg(n * 7).arg(n % 97);
}

QJsonObject tinyModels()
{
    return {{QStringLiteral("formatVersion"), 1},
            {QStringLiteral("models"),
             QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("tiny-sonnet")},
                                    {QStringLiteral("provider"), QStringLiteral("anthropic")},
                                    {QStringLiteral("contextWindow"), 40000},
                                    {QStringLiteral("maxOutputTokens"), 1000},
                                    {QStringLiteral("prices"), QJsonObject{{QStringLiteral("input"), 3},
                                                                           {QStringLiteral("output"), 15},
                                                                           {QStringLiteral("cacheWrite"), 3.75},
                                                                           {QStringLiteral("cacheRead"), 0.3}}},
                                    {QStringLiteral("tokenizer"), QStringLiteral("estimate")}}}}};
}

} // namespace

class TestInspector : public QObject
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

    void writeConfig(const QString &name, const QJsonObject &json)
    {
        QVERIFY(QDir().mkpath(m_home->path() + QStringLiteral("/config")));
        QVERIFY(writeFile(m_home->path() + QStringLiteral("/config/") + name, QJsonDocument(json).toJson()));
    }

    /// A two-turn session: a file read and an answer, then an answer.
    QString smallSession()
    {
        if (!writeFile(m_workspace->filePath(QStringLiteral("notes.txt")), QByteArray("alpha\nbeta\ngamma\n")))
            return {};
        m_server->setBeforeAnswer([this](int index, const CapturedRequest &request) {
            const qint64 tokens = plausibleTokens(request);
            if (index == 0)
                m_server->enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_1"), QStringLiteral("read_file"),
                                                             {{QStringLiteral("path"), QStringLiteral("notes.txt")}}, tokens)));
            else
                m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(QStringLiteral("The notes say alpha."), tokens)));
        });
        const CliRun first = run(QStringLiteral("What do the notes say?"));
        if (first.exitCode != 0)
            return {};
        const QString session = sessionIdIn(first.err);
        const CliRun second = run(QStringLiteral("Thanks."), {QStringLiteral("--session"), session});
        return second.exitCode == 0 ? session : QString();
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

    void cliShowsARequestAsTextJsonAndDiff()
    {
        const QString session = smallSession();
        QVERIFY(!session.isEmpty());
        const QList<CapturedRequest> sent = m_server->requests();
        QCOMPARE(sent.size(), 3);

        // Every request is there, rebuilt, and its body hashes to what the server received.
        for (int n = 1; n <= 3; ++n) {
            const CliRun inspected = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QString::number(n),
                                          QStringLiteral("--json")});
            QVERIFY2(inspected.exitCode == 0, inspected.err.constData());
            const QJsonObject json = jsonOf(inspected);
            QCOMPARE(json.value(QLatin1String("request")).toInt(), n);
            QCOMPARE(json.value(QLatin1String("requests")).toInt(), 3);
            QCOMPARE(json.value(QLatin1String("source")).toString(), QStringLiteral("recorded"));
            const QJsonObject hash = json.value(QLatin1String("hash")).toObject();
            QVERIFY2(hash.value(QLatin1String("match")).toBool(), inspected.out.constData());
            QCOMPARE(hash.value(QLatin1String("recordedBody")).toString(), bodySha256(sent.at(n - 1)));
            QCOMPARE(hash.value(QLatin1String("rebuiltBody")).toString(), bodySha256(sent.at(n - 1)));
            QCOMPARE(hash.value(QLatin1String("rebuiltView")), hash.value(QLatin1String("recordedView")));
            // The view is what the server got: as many messages as the wire's (merged) list or more.
            const QJsonArray messages = json.value(QLatin1String("messages")).toArray();
            QVERIFY(messages.size() >= sent.at(n - 1).json().value(QLatin1String("messages")).toArray().size());
            const QJsonObject tokens = json.value(QLatin1String("tokens")).toObject();
            QVERIFY(tokens.value(QLatin1String("system")).toInteger() > 0);
            QVERIFY(tokens.value(QLatin1String("tools")).toInteger() > 0);
            QCOMPARE(tokens.value(QLatin1String("total")).toInteger(),
                     tokens.value(QLatin1String("system")).toInteger() + tokens.value(QLatin1String("tools")).toInteger()
                         + tokens.value(QLatin1String("messages")).toInteger());
            QCOMPARE(tokens.value(QLatin1String("counter")).toString(), QStringLiteral("estimate")); // Claude's tokenizer is not public
            const QJsonArray breakpoints = json.value(QLatin1String("cache")).toObject().value(QLatin1String("breakpoints")).toArray();
            QVERIFY(breakpoints.contains(int(messages.size() - 1)));
            QVERIFY(messages.last().toObject().value(QLatin1String("cacheBreakpoint")).toBool());
            QVERIFY(json.value(QLatin1String("cache")).toObject().value(QLatin1String("inputTokens")).toInteger() > 0);
        }
        // Request 2 answers the read: its last message is the tool result with the file's text.
        const QJsonObject second = jsonOf(cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("2"),
                                               QStringLiteral("--json")}));
        const QJsonObject lastMessage = second.value(QLatin1String("messages")).toArray().last().toObject();
        QCOMPARE(lastMessage.value(QLatin1String("role")).toString(), QStringLiteral("tool"));
        QVERIFY2(lastMessage.value(QLatin1String("text")).toString().contains(QStringLiteral("gamma")), qPrintable(lastMessage.value(QLatin1String("text")).toString()));

        // Text: the hash line, the sections, one line per message; the last request by default.
        const CliRun text = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("last"), QStringLiteral("--diff")});
        QVERIFY2(text.exitCode == 0, text.err.constData());
        const QString out = QString::fromUtf8(text.out);
        QVERIFY2(out.contains(QStringLiteral("request 3 of 3")), text.out.constData());
        QVERIFY2(out.contains(QStringLiteral("view hash matches the recorded request")), text.out.constData());
        QVERIFY2(out.contains(QStringLiteral("system ")) && out.contains(QStringLiteral("tools ")), text.out.constData());
        QVERIFY2(out.contains(QStringLiteral("Thanks.")), text.out.constData());
        QVERIFY2(out.contains(QStringLiteral("Diff against request 2")), text.out.constData());
        QVERIFY2(out.contains(QStringLiteral("Cache breakpoints")), text.out.constData());

        // The diff: request 3 adds the answer and the new user message and keeps the prefix.
        const QJsonObject diffed = jsonOf(cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("3"),
                                               QStringLiteral("--diff"), QStringLiteral("--json")}));
        const QJsonObject diff = diffed.value(QLatin1String("diff")).toObject();
        QCOMPARE(diff.value(QLatin1String("previous")).toInt(), 2);
        QCOMPARE(diff.value(QLatin1String("added")).toArray().size(), 2);
        QVERIFY(diff.value(QLatin1String("evicted")).toArray().isEmpty());
        QVERIFY2(diff.value(QLatin1String("cacheBreakIndex")).isNull(), qPrintable(diff.value(QLatin1String("cacheBreakReason")).toString()));

        // Clear errors: a request out of range, an unknown session, a bad number.
        CliRun bad = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("9")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("there is no request 9"), bad.err.constData());
        bad = cli({QStringLiteral("context"), QStringLiteral("s-nosuchsession"), QStringLiteral("--request"), QStringLiteral("1")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("s-nosuchsession"), bad.err.constData());
        bad = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("first")});
        QCOMPARE(bad.exitCode, 2);
        // Without --request the command still lists the compactions.
        const CliRun plain = cli({QStringLiteral("context"), session});
        QVERIFY2(plain.exitCode == 0 && plain.out.contains("compaction"), plain.out.constData());
    }

    void otherProvidersRecordTheBodyTheySent_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("model");
        QTest::newRow("openai chat") << QStringLiteral("openai") << QStringLiteral("gpt-4.1");
        QTest::newRow("openai responses") << QStringLiteral("openai-responses") << QStringLiteral("gpt-4.1");
        QTest::newRow("openai-compatible") << QStringLiteral("openai-compatible") << QStringLiteral("qwen3:8b");
    }

    void otherProvidersRecordTheBodyTheySent()
    {
        QFETCH(QString, provider);
        QFETCH(QString, model);
        const bool responses = provider == QLatin1String("openai-responses");
        for (int i = 0; i < 2; ++i)
            m_server->enqueue(ScriptedResponse::sse(responses ? ResponsesStream().text(QStringLiteral("Fine.")).complete()
                                                              : ChatStream().text(QStringLiteral("Fine.")).finish(QStringLiteral("stop"))));
        QProcessEnvironment environment = anthropicCliEnvironment();
        environment.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("sk-test"));
        const QString baseUrl = m_server->baseUrl().toString() + QStringLiteral("/v1");
        QStringList arguments{QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--no-keychain"),
                              QStringLiteral("--provider"), provider, QStringLiteral("--model"), model, QStringLiteral("--base-url"),
                              baseUrl, QStringLiteral("--workspace"), m_workspace->path()};
        CliRun first = runCli(arguments + QStringList{QStringLiteral("How are you?")}, environment);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QString session = sessionIdIn(first.err);
        const CliRun second = runCli(arguments + QStringList{QStringLiteral("--session"), session, QStringLiteral("And now?")}, environment);
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QCOMPARE(m_server->requests().size(), 2);
        for (int n = 1; n <= 2; ++n) {
            const CliRun inspected = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QString::number(n), QStringLiteral("--json")});
            QVERIFY2(inspected.exitCode == 0, inspected.err.constData());
            const QJsonObject json = jsonOf(inspected);
            QCOMPARE(json.value(QLatin1String("provider")).toString(), provider);
            const QJsonObject hash = json.value(QLatin1String("hash")).toObject();
            QVERIFY2(hash.value(QLatin1String("match")).toBool(), inspected.out.constData());
            QVERIFY(hash.value(QLatin1String("bodyChecked")).toBool());
            QCOMPARE(hash.value(QLatin1String("recordedBody")).toString(), bodySha256(m_server->requests().at(n - 1)));
            QCOMPARE(hash.value(QLatin1String("rebuiltBody")).toString(), bodySha256(m_server->requests().at(n - 1)));
        }
        // o200k_base is public: GPT models are counted exactly.
        if (provider != QLatin1String("openai-compatible"))
            QCOMPARE(jsonOf(cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("last"), QStringLiteral("--json")}))
                         .value(QLatin1String("tokens")).toObject().value(QLatin1String("counter")).toString(),
                     QStringLiteral("exact"));
    }

    void inProcessSessionIsExact()
    {
        // The desktop's way: one Session over many turns, its views built incrementally, the
        // progressive strategy preparing a summary in a small window.
        SessionHarness h;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        QVERIFY(QDir().mkpath(h.homePath() + QStringLiteral("/config")));
        QVERIFY(writeFile(h.homePath() + QStringLiteral("/config/models.json"), QJsonDocument(tinyModels()).toJson()));
        const DataLocations locations = DataLocations::underHome(h.homePath());
        h.config().catalog = ModelCatalog::load(locations);
        h.config().model = QStringLiteral("tiny-sonnet");
        for (ContextStrategy *strategy : h.plugins()->strategies()) {
            if (strategy->id() == QLatin1String("progressive"))
                h.config().strategies.append(strategy);
        }
        QCOMPARE(h.config().strategies.size(), 1);
        QVERIFY(h.reopen());
        const QString filler = QStringLiteral("The parser keeps a table of productions and a queue of pending items. ");
        int summaries = 0;
        h.server().setBeforeAnswer([&](int, const CapturedRequest &request) {
            const QString last = lastUserTextOf(request.json());
            const qint64 tokens = plausibleTokens(request);
            if (last.contains(QStringLiteral("Summarise only the conversation through"))) {
                ++summaries;
                h.server().enqueue(ScriptedResponse::sse(scriptedAnswer(
                    QStringLiteral("## Session intent\nSUMMARY-MARKER study the notes.\n## Progress and artifacts\nRead them.\n"
                                   "## Decisions\nNone.\n## Current state\nReading.\n## Next steps\nKeep reading.\n## Key details\nNone."),
                    tokens)));
            } else {
                h.server().enqueue(ScriptedResponse::sse(scriptedAnswer(QString(filler).repeated(25), tokens)));
            }
        });
        for (int t = 1; t <= 80; ++t)
            QCOMPARE(h.runTurn(QStringLiteral("turn %1: %2").arg(t).arg(QString(filler).repeated(40))), QStringLiteral("answered"));
        QVERIFY2(summaries >= 1, "the progressive strategy never asked for a summary");
        const CompactionStats stats = CompactionStats::of(h.session()->record());
        // The summary prepared in the background is recorded between two requests of the live
        // session (this harness has no /context/ folder for its transcript, so it is never swapped in).
        QVERIFY2(stats.actions.value(QStringLiteral("summary-prepared")) >= 1, QJsonDocument(stats.toJson()).toJson().constData());

        Result<RequestInspectionInput> prepared = RequestInspectionInput::fromStore(h.store(), h.session()->id());
        VALIS_VERIFY_OK(prepared);
        RequestInspectionInput input = prepared.value();
        input.catalog = h.config().catalog;
        input.bodyWriter = dynamic_cast<const RequestBodyWriter *>(h.provider(QStringLiteral("anthropic")));
        QVERIFY(input.bodyWriter);
        QStringList answered;
        for (const CapturedRequest &request : h.server().requests()) {
            if (!lastUserTextOf(request.json()).contains(QStringLiteral("Summarise only the conversation through")))
                answered << bodySha256(request);
        }
        QCOMPARE(countRequests(input.path), int(answered.size()));
        for (int n = 1; n <= answered.size(); ++n) {
            input.request = n;
            const Result<QJsonObject> inspected = inspectRequest(input);
            VALIS_VERIFY_OK(inspected);
            const QJsonObject hash = inspected->value(QLatin1String("hash")).toObject();
            QVERIFY2(hash.value(QLatin1String("match")).toBool(),
                     qPrintable(QStringLiteral("request %1: %2").arg(n).arg(hash.value(QLatin1String("reason")).toString())));
            QCOMPARE(hash.value(QLatin1String("recordedBody")).toString(), answered.at(n - 1));
        }
    }

    void imageRequestIsExact()
    {
        // An image the model looked at is sent from the store's copy; the rebuilt body loads it too.
        const QByteArray png = QByteArray::fromHex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
                                                   "0000000d49444154789c63f8cfc0f01f00050001ff89993d1d0000000049454e44ae426082");
        QVERIFY(writeFile(m_workspace->filePath(QStringLiteral("dot.png")), png));
        m_server->setBeforeAnswer([this](int index, const CapturedRequest &request) {
            if (index == 0)
                m_server->enqueue(ScriptedResponse::sse(scriptedCall(QStringLiteral("toolu_img"), QStringLiteral("view_image"),
                                                             {{QStringLiteral("path"), QStringLiteral("dot.png")}}, plausibleTokens(request))));
            else
                m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(QStringLiteral("A green dot."), plausibleTokens(request))));
        });
        const CliRun result = run(QStringLiteral("What is in dot.png?"));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QCOMPARE(m_server->requests().size(), 2);
        QVERIFY(m_server->requests().at(1).body.contains(png.toBase64()));
        const QString session = sessionIdIn(result.err);
        const CliRun inspected = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("2"), QStringLiteral("--json")});
        QVERIFY2(inspected.exitCode == 0, inspected.out.constData());
        const QJsonObject hash = jsonOf(inspected).value(QLatin1String("hash")).toObject();
        QVERIFY(hash.value(QLatin1String("match")).toBool());
        QCOMPARE(hash.value(QLatin1String("rebuiltBody")).toString(), bodySha256(m_server->requests().at(1)));
        QVERIFY2(QString::fromUtf8(inspected.out).contains(QStringLiteral("[image image/png]")), inspected.out.constData());
    }

    void tamperedRecordIsAMismatch()
    {
        const QString session = smallSession();
        QVERIFY(!session.isEmpty());
        {
            // Someone edits what the tool returned, behind the store's back.
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tamper"));
            db.setDatabaseName(DataLocations::underHome(m_home->path()).sessionDatabasePath());
            QVERIFY(db.open());
            QSqlQuery query(db);
            QVERIFY2(query.exec(QStringLiteral("DROP TRIGGER parts_are_append_only")), qPrintable(query.lastError().text()));
            QVERIFY2(query.exec(QStringLiteral("UPDATE parts SET text = replace(text, 'gamma', 'delta') WHERE text LIKE '%gamma%'")),
                     qPrintable(query.lastError().text()));
            QVERIFY(query.numRowsAffected() >= 1);
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("tamper"));

        // Request 1 was sent before the tool ran: still exact. Request 2 carried the result.
        QCOMPARE(cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("1")}).exitCode, 0);
        const CliRun json = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("2"), QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 1);
        const QJsonObject hash = jsonOf(json).value(QLatin1String("hash")).toObject();
        QCOMPARE(hash.value(QLatin1String("match")).toBool(true), false);
        QVERIFY(hash.value(QLatin1String("rebuiltView")) != hash.value(QLatin1String("recordedView")));
        QVERIFY(hash.value(QLatin1String("rebuiltBody")) != hash.value(QLatin1String("recordedBody")));
        QVERIFY2(hash.value(QLatin1String("reason")).toString().contains(QStringLiteral("(tool, id ")),
                 qPrintable(hash.value(QLatin1String("reason")).toString()));
        QVERIFY2(json.err.contains("MISMATCH"), json.err.constData());
        const CliRun text = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("2")});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains("MISMATCH: the rebuilt request differs from the one recorded: message"), text.out.constData());
    }

    void importedSessionHasUsageAndNoHash()
    {
        const QByteArray jsonl =
            "{\"type\":\"user\",\"uuid\":\"u-1\",\"parentUuid\":null,\"sessionId\":\"cc-tiny\",\"cwd\":\"/tmp\","
            "\"timestamp\":\"2026-01-02T10:00:00.000Z\",\"message\":{\"role\":\"user\",\"content\":\"Which file holds the parser?\"}}\n"
            "{\"type\":\"assistant\",\"uuid\":\"a-1\",\"parentUuid\":\"u-1\",\"sessionId\":\"cc-tiny\",\"cwd\":\"/tmp\","
            "\"timestamp\":\"2026-01-02T10:00:05.000Z\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\","
            "\"model\":\"claude-sonnet-4-5\",\"content\":[{\"type\":\"text\",\"text\":\"src/parser.cpp holds it.\"}],"
            "\"stop_reason\":\"end_turn\",\"usage\":{\"input_tokens\":12,\"cache_creation_input_tokens\":3400,"
            "\"cache_read_input_tokens\":9100,\"output_tokens\":9}}}\n";
        const QString file = m_workspace->filePath(QStringLiteral("cc-tiny.jsonl"));
        QVERIFY(writeFile(file, jsonl));
        const CliRun imported = cli({QStringLiteral("import"), file});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const QString session = importedSessionIdIn(imported.out);
        QVERIFY2(!session.isEmpty(), imported.out.constData());
        const CliRun inspected = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("1"), QStringLiteral("--json")});
        QVERIFY2(inspected.exitCode == 0, inspected.err.constData());
        const QJsonObject json = jsonOf(inspected);
        QCOMPARE(json.value(QLatin1String("source")).toString(), QStringLiteral("imported"));
        QCOMPARE(json.value(QLatin1String("requests")).toInt(), 1);
        QVERIFY(json.value(QLatin1String("hash")).toObject().value(QLatin1String("match")).isNull());
        const QJsonObject cache = json.value(QLatin1String("cache")).toObject();
        QCOMPARE(cache.value(QLatin1String("readTokens")).toInteger(), 9100);
        QCOMPARE(cache.value(QLatin1String("writeTokens")).toInteger(), 3400);
        QCOMPARE(cache.value(QLatin1String("inputTokens")).toInteger(), 12);
        QCOMPARE(cache.value(QLatin1String("outputTokens")).toInteger(), 9);
        QVERIFY(cache.value(QLatin1String("costUsd")).toDouble() > 0);
        const QJsonArray messages = json.value(QLatin1String("messages")).toArray();
        QCOMPARE(messages.size(), 1);
        QVERIFY(messages.first().toObject().value(QLatin1String("text")).toString().contains(QStringLiteral("parser")));
        const CliRun text = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("last")});
        QVERIFY2(text.exitCode == 0 && text.out.contains("no hash to check"), text.out.constData());
    }

    void importedFixtureSessionHasUsageAndNoHash()
    {
        VALIS_REQUIRE_FIXTURE(claude, "claude-code-sessions-spotter/tool_heavy.jsonl");
        const CliRun imported = cli({QStringLiteral("import"), claude});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const QString session = importedSessionIdIn(imported.out);
        QVERIFY2(!session.isEmpty(), imported.out.constData());
        const CliRun inspected = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("last"),
                                      QStringLiteral("--diff"), QStringLiteral("--json")});
        QVERIFY2(inspected.exitCode == 0, inspected.err.constData());
        const QJsonObject json = jsonOf(inspected);
        QCOMPARE(json.value(QLatin1String("source")).toString(), QStringLiteral("imported"));
        QVERIFY(json.value(QLatin1String("requests")).toInt() > 1);
        QVERIFY(json.value(QLatin1String("hash")).toObject().value(QLatin1String("match")).isNull());
        const QJsonObject cache = json.value(QLatin1String("cache")).toObject();
        QVERIFY(cache.value(QLatin1String("readTokens")).toInteger() + cache.value(QLatin1String("inputTokens")).toInteger() > 0);
        QVERIFY(json.value(QLatin1String("messages")).toArray().size() > 1);
        QCOMPARE(json.value(QLatin1String("diff")).toObject().value(QLatin1String("previous")).toInt(),
                 json.value(QLatin1String("request")).toInt() - 1);
    }

    void fiftyTurnSessionIsExact()
    {
        // A small window so a few turns fill it; read_file results are left to the context
        // strategy (not captured), exec output is captured into memory (a MemoryRef).
        writeConfig(QStringLiteral("memory.json"),
                    {{QStringLiteral("version"), 1},
                     {QStringLiteral("tools"), QJsonObject{{QStringLiteral("read_file"), QJsonObject{{QStringLiteral("captureThresholdTokens"), 0}}}}}});
        writeConfig(QStringLiteral("models.json"), tinyModels());
        QVERIFY(QDir(m_workspace->path()).mkpath(QStringLiteral("notes")));
        const QString filler = QStringLiteral("The parser keeps a table of productions and a queue of pending items. ");
        QStringList rows;
        for (int n = 1; n <= 2000; ++n)
            rows << rowLine(n);
        QVERIFY(writeFile(m_workspace->filePath(QStringLiteral("inventory.txt")), rows.join(QLatin1Char('\n')).toUtf8()));

        QSet<int> summaryRequests;
        m_server->setBeforeAnswer([&](int index, const CapturedRequest &request) {
            const QJsonObject body = request.json();
            const qint64 tokens = plausibleTokens(request);
            if (lastUserTextOf(body).contains(QStringLiteral("Summarise only the conversation through"))) {
                summaryRequests.insert(index);
                m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(
                    QStringLiteral("## Session intent\nSUMMARY-MARKER study the notes.\n## Progress and artifacts\nRead them.\n"
                                   "## Decisions\nNone.\n## Current state\nReading.\n## Next steps\nKeep reading.\n## Key details\nNone."),
                    tokens)));
            } else if (lastIsToolResult(body)) {
                m_server->enqueue(ScriptedResponse::sse(scriptedAnswer(QString(filler).repeated(30), tokens)));
            } else {
                static const QRegularExpression turn(QStringLiteral("turn (\\d+):"));
                const int n = turn.match(lastUserTextOf(body)).captured(1).toInt();
                const QString id = QStringLiteral("toolu_t%1").arg(n);
                if (n == 2)
                    m_server->enqueue(ScriptedResponse::sse(scriptedCall(id, QStringLiteral("read_file"),
                                                                 {{QStringLiteral("path"), QStringLiteral("inventory.txt")}}, tokens)));
                else if (n == 3)
                    m_server->enqueue(ScriptedResponse::sse(scriptedCall(id, QStringLiteral("exec"),
                                                                 {{QStringLiteral("command"), QStringLiteral("seq 1 4000")}}, tokens)));
                else
                    m_server->enqueue(ScriptedResponse::sse(scriptedCall(id, QStringLiteral("read_file"),
                                                                 {{QStringLiteral("path"), QStringLiteral("notes/turn%1.md").arg(n)}},
                                                                 tokens)));
            }
        });

        QString session;
        const int turns = 50;
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
                session = sessionIdIn(result.err);
        }
        QCOMPARE(m_server->unexpectedRequests(), 0);
        const QList<CapturedRequest> received = m_server->requests();
        QStringList answeredBodies; // the SHA-256 of each request that got an answer, in order
        for (int i = 0; i < received.size(); ++i) {
            if (!summaryRequests.contains(i))
                answeredBodies << bodySha256(received.at(i));
        }

        // The compactions this test is about all happened.
        const CliRun context = cli({QStringLiteral("context"), session, QStringLiteral("--json")});
        QVERIFY2(context.exitCode == 0, context.err.constData());
        const QJsonObject actions = jsonOf(context).value(QLatin1String("stats")).toObject().value(QLatin1String("actions")).toObject();
        QVERIFY2(actions.value(QLatin1String("offload")).toInt() >= 1, context.out.constData());
        QVERIFY2(actions.value(QLatin1String("evict")).toInt() >= 1, context.out.constData());
        QVERIFY2(actions.value(QLatin1String("summarise")).toInt() >= 1, context.out.constData());

        // Every request rebuilt from the record hashes to the body the server received.
        const DataLocations locations = DataLocations::underHome(m_home->path());
        auto store = SessionStore::open(locations.sessionDatabasePath(), locations.blobDir());
        VALIS_VERIFY_OK(store);
        Result<RequestInspectionInput> prepared = RequestInspectionInput::fromStore(store.value().get(), session);
        VALIS_VERIFY_OK(prepared);
        RequestInspectionInput input = prepared.value();
        input.catalog = ModelCatalog::load(locations);
        input.diff = true;
        QCOMPARE(requestProviderId(input.path, 0), QStringLiteral("anthropic"));
        const providers::anthropic::AnthropicProvider writer(nullptr);
        input.bodyWriter = &writer;
        const int requests = countRequests(input.path);
        QCOMPARE(requests, int(answeredBodies.size()));
        QVERIFY(requests >= 2 * turns);
        bool memoryRefShown = false;
        bool evictionSeen = false;
        bool summarySeen = false;
        for (int n = 1; n <= requests; ++n) {
            input.request = n;
            const Result<QJsonObject> inspected = inspectRequest(input);
            VALIS_VERIFY_OK(inspected);
            const QJsonObject hash = inspected->value(QLatin1String("hash")).toObject();
            QVERIFY2(hash.value(QLatin1String("match")).toBool(),
                     qPrintable(QStringLiteral("request %1: %2").arg(n).arg(hash.value(QLatin1String("reason")).toString())));
            QCOMPARE(hash.value(QLatin1String("recordedBody")).toString(), answeredBodies.at(n - 1));
            QCOMPARE(hash.value(QLatin1String("rebuiltBody")).toString(), answeredBodies.at(n - 1));
            QCOMPARE(hash.value(QLatin1String("rebuiltView")).toString(), hash.value(QLatin1String("recordedView")).toString());
            memoryRefShown = memoryRefShown || !inspected->value(QLatin1String("memoryRefs")).toArray().isEmpty();
            const QJsonObject diff = inspected->value(QLatin1String("diff")).toObject();
            if (!diff.value(QLatin1String("evicted")).toArray().isEmpty())
                evictionSeen = true;
            if (!diff.value(QLatin1String("summarised")).toArray().isEmpty()) {
                summarySeen = true;
                QVERIFY(!diff.value(QLatin1String("cacheBreakIndex")).isNull());
                QVERIFY2(diff.value(QLatin1String("cacheBreakReason")).toString().contains(QStringLiteral("compaction")),
                         qPrintable(diff.value(QLatin1String("cacheBreakReason")).toString()));
                QVERIFY(diff.value(QLatin1String("cacheBreakTokens")).toInteger() > 0);
            }
        }
        QVERIFY(memoryRefShown);
        QVERIFY(evictionSeen);
        QVERIFY(summarySeen);

        // The CLI says the same about the last request.
        const CliRun last = cli({QStringLiteral("context"), session, QStringLiteral("--request"), QStringLiteral("last"), QStringLiteral("--diff")});
        QVERIFY2(last.exitCode == 0, last.err.constData());
        QVERIFY2(last.out.contains("view hash matches the recorded request"), last.out.constData());
        QVERIFY2(last.out.contains(QStringLiteral("request %1 of %1").arg(requests).toUtf8()), last.out.constData());
    }
};

VALIS_TEST_MAIN(TestInspector)
#include "tst_inspector.moc"
