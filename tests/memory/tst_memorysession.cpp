// The definition of done for the two-layer memory, through the real valis-cli against
// the local provider server: a command with a 5,000-line output reaches the model as a
// MemoryRef, the model pages lines 2,000-2,100 out of the DetailStore and gets exactly those; a
// fact saved to /memories/ in one session is found by search_memory in a new one, and
// /memories/AGENTS.md written in one session is in the next one's system prompt. Each test runs
// on SQLite and on a real PostgreSQL server.
#include "clirunner.h"
#include "postgresserver.h"
#include "providerserver.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/memory/memoryref.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray call(const QString &id, const QString &tool, const QJsonObject &arguments)
{
    return AnthropicStream().toolUse(id, tool, arguments).stop(QStringLiteral("tool_use"));
}

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QString systemPromptOf(const QJsonObject &request)
{
    const QJsonValue system = request.value(QLatin1String("system"));
    if (system.isString())
        return system.toString();
    QString text;
    for (const QJsonValue &block : system.toArray())
        text += block.toObject().value(QLatin1String("text")).toString();
    return text;
}

/// The user-visible text of the last message of a request (reminders land there).
QString lastMessageText(const QJsonObject &request)
{
    const QJsonArray messages = request.value(QLatin1String("messages")).toArray();
    if (messages.isEmpty())
        return {};
    const QJsonValue content = messages.last().toObject().value(QLatin1String("content"));
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &block : content.toArray())
        text += block.toObject().value(QLatin1String("text")).toString();
    return text;
}

QString buildLine(int n)
{
    return QStringLiteral("build step %1 finished").arg(n);
}

} // namespace

class TestMemorySession : public QObject
{
    Q_OBJECT

    std::unique_ptr<PostgresServer> m_postgres;
    TemporaryHome *m_home = nullptr;
    QTemporaryDir *m_workspace = nullptr;
    ProviderTestServer *m_server = nullptr;

    CliRun run(const QString &prompt) const
    {
        return runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("run"), QStringLiteral("--provider"),
                       QStringLiteral("anthropic"), QStringLiteral("--model"), QStringLiteral("claude-sonnet-4-5"),
                       QStringLiteral("--base-url"), m_server->baseUrl().toString(), QStringLiteral("--workspace"),
                       m_workspace->path(), QStringLiteral("--approve"), QStringLiteral("all"),
                       QStringLiteral("--no-keychain"), prompt},
                      anthropicCliEnvironment());
    }

    /// config/memory.json for the backend of the current data row.
    void chooseBackend()
    {
        QFETCH_GLOBAL(QString, backend);
        if (backend != QLatin1String("postgresql"))
            return;
        QVERIFY2(m_postgres, "the PostgreSQL server did not start (see initTestCase)");
        const Result<PostgresConnection> database = m_postgres->createDatabase();
        QVERIFY2(database.ok(), qPrintable(database.ok() ? QString() : database.error().toString()));
        const QJsonObject settings{{QStringLiteral("version"), 1},
                                   {QStringLiteral("backend"), QStringLiteral("postgresql")},
                                   {QStringLiteral("postgresql"), database->toUrl()}};
        QVERIFY(QDir().mkpath(m_home->path() + QStringLiteral("/config")));
        QVERIFY(writeFile(m_home->path() + QStringLiteral("/config/memory.json"), QJsonDocument(settings).toJson()));
    }

private Q_SLOTS:
    void initTestCase_data()
    {
        QTest::addColumn<QString>("backend");
        QTest::newRow("sqlite") << QStringLiteral("sqlite");
        QTest::newRow("postgresql") << QStringLiteral("postgresql");
    }

    void initTestCase()
    {
        Result<std::unique_ptr<PostgresServer>> started = PostgresServer::start();
        QVERIFY2(started.ok(), qPrintable(started.ok() ? QString() : started.error().toString()));
        m_postgres = std::move(started).value();
    }

    void cleanupTestCase() { m_postgres.reset(); }

    void init()
    {
        m_home = new TemporaryHome;
        m_workspace = new QTemporaryDir;
        m_server = new ProviderTestServer;
        QVERIFY(m_server->listen());
        chooseBackend();
    }

    void cleanup()
    {
        delete m_server;
        delete m_workspace;
        delete m_home;
    }

    void largeOutputBecomesAMemoryRefAndPagesExactly()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("bwrap")).isEmpty())
            QSKIP("bubblewrap (bwrap) is not installed: commands cannot run isolated here");
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_build"), QStringLiteral("exec"),
                                                     {{QStringLiteral("command"),
                                                       QStringLiteral("seq -f 'build step %g finished' 1 5000")}})));
        // The model reads the key off the placeholder it was shown, as a model would.
        QString key;
        m_server->setBeforeAnswer([&](int index, const CapturedRequest &request) {
            if (index != 1)
                return;
            const QString shown = anthropicToolResult(request.json(), QStringLiteral("toolu_build"));
            const QList<MemoryRef> refs = MemoryRef::findAll(shown);
            key = refs.isEmpty() ? QStringLiteral("m-000000") : refs.first().key;
            m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_page"), QStringLiteral("retrieve_memory"),
                                                         {{QStringLiteral("key"), key},
                                                          {QStringLiteral("offset"), 2000},
                                                          {QStringLiteral("limit"), 101}})));
            m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Step 2000 to 2100 all finished."))));
        });

        const CliRun result = run(QStringLiteral("Run the build and look at steps 2000 to 2100."));
        QVERIFY2(result.exitCode == 0, result.err.constData());
        QCOMPARE(m_server->requests().size(), 3);
        QCOMPARE(m_server->unexpectedRequests(), 0);

        // What the model saw of the command: a MemoryRef with the status, not 5,000 lines.
        const QJsonObject second = m_server->requests().at(1).json();
        const QString shown = anthropicToolResult(second, QStringLiteral("toolu_build"));
        QVERIFY2(shown.contains(QStringLiteral("[MemoryRef: ") + key + QStringLiteral(" - ")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("Exit code 0")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("5000 lines")), qPrintable(shown));
        QVERIFY2(!shown.contains(buildLine(2500)), "the raw output reached the context");
        QVERIFY2(shown.size() < 4000, qPrintable(QString::number(shown.size())));

        // retrieve_memory gave exactly lines 2,000-2,100.
        const QString page = anthropicToolResult(m_server->requests().at(2).json(), QStringLiteral("toolu_page"));
        QVERIFY2(!page.startsWith(QStringLiteral("[error]")), qPrintable(page));
        QStringList expected;
        for (int n = 2000; n <= 2100; ++n)
            expected << buildLine(n);
        const QRegularExpression buildLines(QStringLiteral("build step (\\d+) finished"));
        QStringList got;
        for (QRegularExpressionMatchIterator it = buildLines.globalMatch(page); it.hasNext();)
            got << it.next().captured(0);
        QCOMPARE(got, expected);
        QVERIFY2(page.contains(expected.join(QLatin1Char('\n'))), qPrintable(page.left(500)));
        QVERIFY2(page.contains(QStringLiteral("2900")), qPrintable(page.right(400))); // lines that remain

        // The record kept the full output; `valis-cli memory show` gives it back byte-exact.
        const CliRun shownByCli = runCli({QStringLiteral("--home"), m_home->path(), QStringLiteral("memory"),
                                          QStringLiteral("show"), key},
                                         anthropicCliEnvironment());
        QVERIFY2(shownByCli.exitCode == 0, shownByCli.err.constData());
        QStringList all;
        for (int n = 1; n <= 5000; ++n)
            all << buildLine(n);
        QCOMPARE(QString::fromUtf8(shownByCli.out).trimmed(), all.join(QLatin1Char('\n')));
    }

    void memoriesOutliveTheSession()
    {
        const QString fact = QStringLiteral("The staging database listens on port 6543, not 5432.");
        const QString rule = QStringLiteral("Always run ./lint.sh before proposing a commit.");
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_fact"), QStringLiteral("write_file"),
                                                     {{QStringLiteral("path"), QStringLiteral("/memories/staging.md")},
                                                      {QStringLiteral("content"), QString(fact + QLatin1Char('\n'))}})));
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_rule"), QStringLiteral("write_file"),
                                                     {{QStringLiteral("path"), QStringLiteral("/memories/AGENTS.md")},
                                                      {QStringLiteral("content"), QString(rule + QLatin1Char('\n'))}})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Noted."))));
        const CliRun first = run(QStringLiteral("Remember: staging's database is on port 6543. And always lint."));
        QVERIFY2(first.exitCode == 0, first.err.constData());
        QCOMPARE(m_server->requests().size(), 3);

        // Writing memory did not touch the cached prefix: the system prompt is the same bytes,
        // and what changed is shown after it.
        const QJsonObject firstRequest = m_server->requests().at(0).json();
        const QJsonObject lastRequest = m_server->requests().at(2).json();
        QCOMPARE(systemPromptOf(lastRequest), systemPromptOf(firstRequest));
        QVERIFY(!systemPromptOf(firstRequest).contains(rule));
        const QString reminder = lastMessageText(lastRequest);
        QVERIFY2(reminder.contains(QStringLiteral("/memories/AGENTS.md")) && reminder.contains(rule), qPrintable(reminder));
        QVERIFY2(reminder.contains(QStringLiteral("/memories/staging.md")), qPrintable(reminder));

        // A new session: AGENTS.md is in its system prompt, and search_memory finds the fact.
        m_server->enqueue(ScriptedResponse::sse(call(QStringLiteral("toolu_search"), QStringLiteral("search_memory"),
                                                     {{QStringLiteral("query"), QStringLiteral("staging database port")}})));
        m_server->enqueue(ScriptedResponse::sse(answer(QStringLiteral("Port 6543."))));
        const CliRun second = run(QStringLiteral("Which port does the staging database use?"));
        QVERIFY2(second.exitCode == 0, second.err.constData());
        QCOMPARE(m_server->requests().size(), 5);
        const QString prompt = systemPromptOf(m_server->requests().at(3).json());
        QVERIFY2(prompt.contains(rule), qPrintable(prompt.right(1500)));
        QVERIFY2(prompt.contains(QStringLiteral("/memories/")), qPrintable(prompt.right(1500)));
        const QString found = anthropicToolResult(m_server->requests().at(4).json(), QStringLiteral("toolu_search"));
        QVERIFY2(!found.startsWith(QStringLiteral("[error]")), qPrintable(found));
        QVERIFY2(found.contains(QStringLiteral("staging.md")), qPrintable(found));
        QVERIFY2(found.contains(QStringLiteral("6543")), qPrintable(found));
    }
};

VALIS_TEST_MAIN(TestMemorySession)
#include "tst_memorysession.moc"
