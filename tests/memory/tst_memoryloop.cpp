// The memory inside a Session's agent loop, with the real Anthropic provider plugin against the
// local provider server and a real SQLite DetailStore: large results recorded whole and sent
// as MemoryRefs, summaries written by a summarising model when one is configured (and the
// extractive line when it fails), and AGENTS.md over budget reported when the first turn starts.
#include "sessionharness.h"
#include "streambuilders.h"
#include "testsupport.h"

#include "valis/memory/memoryref.h"
#include "valis/memory/resultcapture.h"
#include "valis/memory/sqlitedetailstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QByteArray readCall(const QString &id, const QString &text)
{
    return AnthropicStream().toolUse(id, QStringLiteral("read"), QJsonObject{{QStringLiteral("text"), text}})
        .stop(QStringLiteral("tool_use"));
}

QByteArray answer(const QString &text)
{
    return AnthropicStream().text(text).stop(QStringLiteral("end_turn"));
}

QString bigText(int lines)
{
    QStringList all;
    for (int i = 1; i <= lines; ++i)
        all << QStringLiteral("row %1 of the table").arg(i);
    return all.join(QLatin1Char('\n'));
}

/// Every tool_result text of a request body, in order.
QStringList toolResultsIn(const QJsonObject &request)
{
    QStringList results;
    for (const QJsonValue &message : request.value(QLatin1String("messages")).toArray()) {
        for (const QJsonValue &block : message.toObject().value(QLatin1String("content")).toArray()) {
            const QJsonObject object = block.toObject();
            if (object.value(QLatin1String("type")).toString() != QLatin1String("tool_result"))
                continue;
            QString text;
            const QJsonValue inner = object.value(QLatin1String("content"));
            if (inner.isString())
                text = inner.toString();
            for (const QJsonValue &part : inner.toArray())
                text += part.toObject().value(QLatin1String("text")).toString();
            results << text;
        }
    }
    return results;
}

} // namespace

class TestMemoryLoop : public QObject
{
    Q_OBJECT

    std::unique_ptr<SessionHarness> m_harness;
    std::shared_ptr<DetailStore> m_store;

    bool startWithMemory(const MemorySettings &settings = {})
    {
        m_harness = std::make_unique<SessionHarness>();
        if (!m_harness->start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")))
            return false;
        auto opened = SqliteDetailStore::open(m_harness->homePath() + QStringLiteral("/memory.db"));
        if (!opened.ok())
            return false;
        m_store = std::shared_ptr<DetailStore>(std::move(opened).value());
        m_harness->config().memory = m_store;
        m_harness->config().memorySettings = settings;
        return m_harness->reopen();
    }

private Q_SLOTS:
    void cleanup()
    {
        m_harness.reset();
        m_store.reset();
    }

    void largeResultsGoToTheModelAsMemoryRefs()
    {
        QVERIFY(startWithMemory());
        const QString big = bigText(400);
        m_harness->server().enqueue(ScriptedResponse::sse(readCall(QStringLiteral("toolu_1"), big)));
        m_harness->server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("done"))));
        QCOMPARE(m_harness->runTurn(QStringLiteral("read the table")), QStringLiteral("answered"));

        // Sent: the placeholder. Recorded: everything.
        const QStringList sent = toolResultsIn(m_harness->server().requests().at(1).json());
        QCOMPARE(sent.size(), 1);
        const QList<MemoryRef> refs = MemoryRef::findAll(sent.first());
        QCOMPARE(refs.size(), 1);
        QVERIFY(!sent.first().contains(QStringLiteral("row 200 of the table")));
        const Message recorded = m_harness->session()->record().at(2);
        QCOMPARE(recorded.role, Role::Tool);
        QCOMPARE(recorded.parts.first().captured.key, refs.first().key);
        QCOMPARE(recorded.parts.first().content.first().text, QStringLiteral("read: ") + big);
        const Result<QList<Message>> stored = m_harness->store()->messages(m_harness->session()->id());
        QVERIFY(stored.ok());
        QCOMPARE(stored->at(2).parts.first().captured, recorded.parts.first().captured);
        const Result<MemoryRecord> memory = m_store->get(refs.first().key);
        QVERIFY(memory.ok());
        QCOMPARE(memory->content, (QStringLiteral("read: ") + big).toUtf8());
        QCOMPARE(memory->type, QStringLiteral("tool_result"));
        QCOMPARE(memory->sessionId, m_harness->session()->id());
        // The tool was told it may hand over whole results.
        QVERIFY(m_harness->tools().contexts.first().wholeResultMaxBytes > 0);
        QCOMPARE(m_harness->tools().contexts.first().memory, m_store.get());

        // A continued session sends the very same placeholder bytes (the cached prefix holds).
        m_harness->server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("again"))));
        QVERIFY(m_harness->reopen());
        QCOMPARE(m_harness->runTurn(QStringLiteral("and now?")), QStringLiteral("answered"));
        QCOMPARE(toolResultsIn(m_harness->server().requests().at(2).json()), sent);
    }

    void aSummarisingModelWritesTheLine()
    {
        QVERIFY(startWithMemory());
        m_harness->config().outputSummariser = std::make_shared<ProviderOutputSummariser>(
            m_harness->config().provider, QStringLiteral("claude-haiku-4-5"), m_harness->config().endpoint);
        QVERIFY(m_harness->reopen());
        m_harness->server().enqueue(ScriptedResponse::sse(readCall(QStringLiteral("toolu_1"), bigText(300))));
        m_harness->server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("Table of 300 rows, all numbered"))));
        m_harness->server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("done"))));
        QCOMPARE(m_harness->runTurn(QStringLiteral("read the table")), QStringLiteral("answered"));
        QCOMPARE(m_harness->server().requests().size(), 3);

        // The summary request: the cheap model, an excerpt of the output, no tools.
        const QJsonObject summaryRequest = m_harness->server().requests().at(1).json();
        QCOMPARE(summaryRequest.value(QLatin1String("model")).toString(), QStringLiteral("claude-haiku-4-5"));
        QVERIFY(!summaryRequest.contains(QLatin1String("tools")) || summaryRequest.value(QLatin1String("tools")).toArray().isEmpty());
        QVERIFY(QString::fromUtf8(m_harness->server().requests().at(1).body).contains(QStringLiteral("row 1 of the table")));

        const QStringList sent = toolResultsIn(m_harness->server().requests().at(2).json());
        const QList<MemoryRef> refs = MemoryRef::findAll(sent.value(0));
        QCOMPARE(refs.size(), 1);
        QCOMPARE(refs.first().summary, QStringLiteral("Table of 300 rows, all numbered"));
        QCOMPARE(m_store->find(refs.first().key)->summary, QStringLiteral("Table of 300 rows, all numbered"));
    }

    void aFailingSummariserFallsBackToTheExtractiveLine()
    {
        QVERIFY(startWithMemory());
        m_harness->config().outputSummariser = std::make_shared<ProviderOutputSummariser>(
            m_harness->config().provider, QStringLiteral("claude-haiku-4-5"), m_harness->config().endpoint);
        QVERIFY(m_harness->reopen());
        m_harness->server().enqueue(ScriptedResponse::sse(readCall(QStringLiteral("toolu_1"), bigText(300))));
        m_harness->server().enqueue(ScriptedResponse::json(400, QJsonDocument(QJsonObject{
                                                 {QStringLiteral("type"), QStringLiteral("error")},
                                                 {QStringLiteral("error"), QJsonObject{{QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                                                                                       {QStringLiteral("message"), QStringLiteral("no such model")}}}})
                                                 .toJson()));
        m_harness->server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("done"))));
        QCOMPARE(m_harness->runTurn(QStringLiteral("read the table")), QStringLiteral("answered"));
        const QList<MemoryRef> refs = MemoryRef::findAll(toolResultsIn(m_harness->server().requests().at(2).json()).value(0));
        QCOMPARE(refs.size(), 1);
        QCOMPARE(refs.first().summary, QStringLiteral("read output: 300 lines"));
        bool warned = false;
        for (const SessionEvent &event : m_harness->eventsOf(SessionEvent::Kind::Warning))
            warned = warned || event.error.code == QLatin1String("memory.summary-failed");
        QVERIFY(warned);
    }

    void agentsMdOverBudgetIsReportedWhenTheFirstTurnStarts()
    {
        MemorySettings settings;
        settings.agentsMdBudgetBytes = 200;
        QVERIFY(startWithMemory(settings));
        QVERIFY(writeFile(m_harness->config().workspace + QStringLiteral("/AGENTS.md"), QByteArray(2000, 'x') + "\n"));
        QVERIFY(m_harness->reopen());
        QVERIFY(!m_harness->session()->startupWarnings().isEmpty());
        m_harness->server().enqueue(ScriptedResponse::sse(answer(QStringLiteral("hi"))));
        QCOMPARE(m_harness->runTurn(QStringLiteral("hello")), QStringLiteral("answered"));
        bool warned = false;
        for (const SessionEvent &event : m_harness->eventsOf(SessionEvent::Kind::Warning))
            warned = warned || event.error.code == QLatin1String("memory.agents-md-over-budget");
        QVERIFY(warned);
        QCOMPARE(m_harness->session()->agentInstructions().sources.size(), 1);
        QVERIFY(m_harness->session()->agentInstructions().sources.first().shownBytes < 2001);
    }
};

VALIS_TEST_MAIN(TestMemoryLoop)
#include "tst_memoryloop.moc"
