// Nested tool calls (code mode's harness side): a tool that calls other tools through
// ToolContext::toolCaller, in a real Session against the local provider server. Its children go
// through approvals, are cancelled with their parent, reported with "parentCallId", recorded
// with the parent's result (wire "valis") across a reopen, captured when large, and never sent
// to the provider. Then valis-cli tool with real plugins.
#include "clirunner.h"
#include "nestingtools.h"
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"

#include "valis/agent/orchestratedtoolcaller.h"
#include "valis/export/jsonlexport.h"
#include "valis/import/transcriptimporter.h"
#include "valis/memory/sqlitedetailstore.h"
#include "valis/record/recordjson.h"
#include "valis/wire/anthropicmessages.h"
#include "valis/wire/openaichat.h"
#include "valis/wire/openairesponses.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QJsonObject nested(const QString &name, const QJsonObject &arguments)
{
    return {{QStringLiteral("name"), name}, {QStringLiteral("arguments"), arguments}};
}

QJsonObject orchestrate(const QJsonArray &calls)
{
    return {{QStringLiteral("calls"), calls}};
}

/// The ToolResult part of `callId` in the record, or an empty part.
Part recordedResult(const QList<Message> &record, const QString &callId)
{
    for (const Message &message : record) {
        for (const Part &part : message.parts) {
            if (part.kind == PartKind::ToolResult && part.callId == callId)
                return part;
        }
    }
    return {};
}

QList<SessionEvent> childEvents(const SessionHarness &h, SessionEvent::Kind kind, const QString &parent)
{
    QList<SessionEvent> found;
    for (const SessionEvent &event : h.eventsOf(kind)) {
        if (event.details.value(QLatin1String("parentCallId")).toString() == parent)
            found.append(event);
    }
    return found;
}

QJsonObject answerOf(const Part &result)
{
    return QJsonDocument::fromJson(resultText(result).toUtf8()).object();
}

} // namespace

class TestNestedCalls : public QObject
{
    Q_OBJECT

    std::unique_ptr<SessionHarness> m_h;
    std::unique_ptr<NestingTools> m_tools;
    NestingTools &nesting() { return *m_tools; }

    bool start()
    {
        m_h = std::make_unique<SessionHarness>();
        m_tools = std::make_unique<NestingTools>();
        return m_h->start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")) && m_h->useTools({&nesting()});
    }

    void script(const QJsonArray &calls)
    {
        m_h->server().enqueue(ScriptedResponse::sse(
            AnthropicStream().toolUse(QStringLiteral("toolu_1"), QStringLiteral("orchestrate"), orchestrate(calls)).stop(QStringLiteral("tool_use"))));
        m_h->server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("done")).stop(QStringLiteral("end_turn"))));
    }

private Q_SLOTS:
    void cleanup()
    {
        m_h.reset();
        m_tools.reset();
    }

    void childrenRunThroughApprovalsAndAreRecorded()
    {
        QVERIFY(start());
        m_h->approvals().setAutoApprove(AutoApprove::ReadOnly); // write asks
        script({nested(QStringLiteral("read"), args(QStringLiteral("a"))), nested(QStringLiteral("write"), args(QStringLiteral("b"))),
                nested(QStringLiteral("read"), args(QStringLiteral("c")))});
        bool wasPending = false;
        m_h->onEvent = [&](const SessionEvent &event) {
            if (event.kind != SessionEvent::Kind::ApprovalRequested)
                return;
            for (const ApprovalRequest &request : m_h->session()->pendingApprovals())
                wasPending = wasPending || (request.id == event.requestId && request.callId == event.callId);
            // The person answers through the session, as for a direct call.
            QTimer::singleShot(0, m_h->session(), [this, id = event.requestId] { QVERIFY(m_h->session()->approve(id)); });
        };
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));

        // The write was asked about, as the child it is.
        const QList<SessionEvent> asked = childEvents(*m_h, SessionEvent::Kind::ApprovalRequested, QStringLiteral("toolu_1"));
        QCOMPARE(asked.size(), 1);
        QCOMPARE(asked.first().callId, QStringLiteral("toolu_1.2"));
        QCOMPARE(asked.first().toolName, QStringLiteral("write"));
        QVERIFY(wasPending);
        QCOMPARE(childEvents(*m_h, SessionEvent::Kind::ApprovalResolved, QStringLiteral("toolu_1")).value(0).text, QStringLiteral("allow-once"));
        QVERIFY(m_h->session()->pendingApprovals().isEmpty());
        // Every child ran, and people saw each start and end under its parent.
        for (const QString &id : {QStringLiteral("toolu_1.1"), QStringLiteral("toolu_1.2"), QStringLiteral("toolu_1.3")})
            QVERIFY2(m_h->tools().log.contains(QStringLiteral("end:") + id), qPrintable(m_h->tools().log.join(QLatin1Char(' '))));
        QCOMPARE(childEvents(*m_h, SessionEvent::Kind::ToolExecutionStarted, QStringLiteral("toolu_1")).size(), 3);
        const QList<SessionEvent> finished = childEvents(*m_h, SessionEvent::Kind::ToolCallFinished, QStringLiteral("toolu_1"));
        QCOMPARE(finished.size(), 3);
        // The parent's own events carry no parentCallId.
        QCOMPARE(m_h->eventsOf(SessionEvent::Kind::ToolCallFinished).size(), 4);

        // The tool had a ToolCaller; what it offers leaves out tools that call tools.
        QCOMPARE(nesting().hadToolCaller, QList<bool>{true});
        const Part parent = recordedResult(m_h->session()->record(), QStringLiteral("toolu_1"));
        const QJsonObject answer = answerOf(parent);
        const QStringList offered = answer.value(QLatin1String("offered")).toVariant().toStringList();
        QVERIFY(offered.contains(QStringLiteral("read")) && offered.contains(QStringLiteral("write")));
        QVERIFY(!offered.contains(QStringLiteral("orchestrate")));
        QCOMPARE(answer.value(QLatin1String("children")).toArray().at(1).toObject().value(QLatin1String("text")).toString(), QStringLiteral("write: b"));
        // The children's contexts: no ToolCaller of their own (no recursion).
        for (const ToolContext &context : m_h->tools().contexts)
            QVERIFY(context.toolCaller == nullptr);

        // Recorded with the parent's result, in order, and so still there after a reopen.
        const QList<NestedCallRecord> children = NestedCallRecord::childrenOf(parent);
        QCOMPARE(children.size(), 3);
        QCOMPARE(children.at(0).call.callId, QStringLiteral("toolu_1.1"));
        QCOMPARE(children.at(1).call.toolName, QStringLiteral("write"));
        QCOMPARE(children.at(1).call.arguments.toObject(), args(QStringLiteral("b")));
        QCOMPARE(resultText(children.at(2).result), QStringLiteral("read: c"));
        QVERIFY(m_h->reopen());
        const Part reopened = recordedResult(m_h->session()->record(), QStringLiteral("toolu_1"));
        QCOMPARE(reopened, parent);
        QCOMPARE(NestedCallRecord::childrenOf(reopened).size(), 3);
        // The JSONL export and its importer carry them unchanged.
        const QString exported = m_h->homePath() + QStringLiteral("/export.jsonl");
        {
            QFile out(exported);
            QVERIFY(out.open(QIODevice::WriteOnly));
            const Result<void> written = JsonlExport::write(*m_h->store(), {m_h->session()->id()}, out);
            QVERIFY2(written.ok(), qPrintable(written.ok() ? QString() : written.error().toString()));
        }
        const Result<ImportedTranscript> imported = TranscriptImporters().read(exported);
        QVERIFY2(imported.ok(), qPrintable(imported.ok() ? QString() : imported.error().toString()));
        QCOMPARE(imported->sessions.size(), 1);
        QCOMPARE(recordedResult(imported->sessions.first().messages, QStringLiteral("toolu_1")), parent);

        // The provider never hears of the children: its next request has the parent's result only.
        const QByteArray sent = m_h->server().requests().at(1).body;
        QStringList ids;
        for (const QJsonValue &message : body(m_h->server(), 1).value(QLatin1String("messages")).toArray()) {
            for (const QJsonValue &block : message.toObject().value(QLatin1String("content")).toArray()) {
                const QJsonObject object = block.toObject();
                ids << object.value(QLatin1String("id")).toString() + object.value(QLatin1String("tool_use_id")).toString();
            }
        }
        ids.removeAll(QString());
        QCOMPARE(ids, (QStringList{QStringLiteral("toolu_1"), QStringLiteral("toolu_1")}));
        QVERIFY(!sent.contains("valis"));
    }

    void aDeniedChildIsAnErrorAndTheParentGoesOn()
    {
        QVERIFY(start());
        m_h->approvals().setAutoApprove(AutoApprove::ReadOnly);
        script({nested(QStringLiteral("write"), args(QStringLiteral("b"))), nested(QStringLiteral("read"), args(QStringLiteral("c")))});
        m_h->onEvent = [this](const SessionEvent &event) {
            if (event.kind != SessionEvent::Kind::ApprovalRequested)
                return;
            // orchestrate itself may run; its write may not.
            const bool child = event.details.contains(QLatin1String("parentCallId"));
            QTimer::singleShot(0, m_h->session(), [this, child, id = event.requestId] {
                QVERIFY(child ? m_h->session()->deny(id, QStringLiteral("not in this folder")) : m_h->session()->approve(id));
            });
        };
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        const Part parent = recordedResult(m_h->session()->record(), QStringLiteral("toolu_1"));
        QVERIFY(!parent.isError);
        const QJsonArray children = answerOf(parent).value(QLatin1String("children")).toArray();
        QCOMPARE(children.size(), 2);
        QVERIFY2(!m_h->tools().log.contains(QStringLiteral("start:toolu_1.1")), qPrintable(resultText(parent)));
        QVERIFY2(m_h->tools().log.contains(QStringLiteral("end:toolu_1.2")), qPrintable(m_h->tools().log.join(QLatin1Char(' ')) + resultText(parent)));
        QVERIFY(children.at(0).toObject().value(QLatin1String("isError")).toBool());
        const QString denial = children.at(0).toObject().value(QLatin1String("text")).toString();
        QVERIFY2(denial.contains(QStringLiteral("denied")) && denial.contains(QStringLiteral("not in this folder")), qPrintable(denial));
        QCOMPARE(children.at(1).toObject().value(QLatin1String("text")).toString(), QStringLiteral("read: c"));
        const QList<NestedCallRecord> recorded = NestedCallRecord::childrenOf(parent);
        QCOMPARE(recorded.size(), 2);
        QVERIFY(recorded.at(0).result.isError);
        QCOMPARE(childEvents(*m_h, SessionEvent::Kind::ApprovalResolved, QStringLiteral("toolu_1")).value(0).text, QStringLiteral("deny"));
    }

    void deniedByARuleWithoutAsking()
    {
        QVERIFY(start());
        m_h->approvals().setToolRule(QStringLiteral("write"), ApprovalRule::Deny);
        script({nested(QStringLiteral("write"), args(QStringLiteral("b")))});
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        QVERIFY(m_h->eventsOf(SessionEvent::Kind::ApprovalRequested).isEmpty());
        QVERIFY(!m_h->tools().log.contains(QStringLiteral("start:toolu_1.1")));
        const QList<NestedCallRecord> recorded = NestedCallRecord::childrenOf(recordedResult(m_h->session()->record(), QStringLiteral("toolu_1")));
        QCOMPARE(recorded.size(), 1);
        QVERIFY(recorded.first().result.isError);
        QVERIFY2(resultText(recorded.first().result).contains(QStringLiteral("deny")), qPrintable(resultText(recorded.first().result)));
    }

    void childrenAreRetriedAsDirectCallsAre()
    {
        QVERIFY(start());
        QJsonObject flaky = args(QStringLiteral("f"));
        flaky.insert(QStringLiteral("failures"), 1);
        script({nested(QStringLiteral("flaky"), flaky)});
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        QCOMPARE(m_h->tools().attempts.value(QStringLiteral("toolu_1.1")), 2);
        const QList<SessionEvent> retrying = childEvents(*m_h, SessionEvent::Kind::Retrying, QStringLiteral("toolu_1"));
        QCOMPARE(retrying.size(), 1);
        QCOMPARE(retrying.first().callId, QStringLiteral("toolu_1.1"));
        const QList<NestedCallRecord> recorded = NestedCallRecord::childrenOf(recordedResult(m_h->session()->record(), QStringLiteral("toolu_1")));
        QCOMPARE(recorded.size(), 1);
        QCOMPARE(resultText(recorded.first().result), QStringLiteral("flaky: f"));
    }

    void interruptingCancelsRunningChildren()
    {
        QVERIFY(start());
        script({nested(QStringLiteral("hang"), args(QStringLiteral("x"))), nested(QStringLiteral("hang"), args(QStringLiteral("y")))});
        int started = 0;
        m_h->onEvent = [&](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ToolExecutionStarted && event.details.contains(QLatin1String("parentCallId"))
                && ++started == 2)
                QTimer::singleShot(0, m_h->session(), [this] { m_h->session()->interrupt(); });
        };
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("interrupted"));
        // The tool did not cancel its children itself: the harness did.
        QVERIFY(m_h->tools().log.contains(QStringLiteral("end:toolu_1.1")));
        QVERIFY(m_h->tools().log.contains(QStringLiteral("end:toolu_1.2")));
        const QList<SessionEvent> finished = childEvents(*m_h, SessionEvent::Kind::ToolCallFinished, QStringLiteral("toolu_1"));
        QCOMPARE(finished.size(), 2);
        for (const SessionEvent &event : finished)
            QVERIFY2(event.result.isError && resultText(event.result).contains(QStringLiteral("interrupted")), qPrintable(resultText(event.result)));
        const QList<NestedCallRecord> recorded = NestedCallRecord::childrenOf(recordedResult(m_h->session()->record(), QStringLiteral("toolu_1")));
        QCOMPARE(recorded.size(), 2);
        QVERIFY(recorded.at(0).result.isError && recorded.at(1).result.isError);
        QVERIFY(!m_h->session()->isBusy());
    }

    void killingTheParentCancelsItsChildrenAndTheTurnGoesOn()
    {
        QVERIFY(start());
        script({nested(QStringLiteral("hang"), args(QStringLiteral("x")))});
        m_h->onEvent = [this](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ToolExecutionStarted && event.callId == QLatin1String("toolu_1.1"))
                QTimer::singleShot(0, m_h->session(), [this] { QVERIFY(m_h->session()->cancelToolCall(QStringLiteral("toolu_1"))); });
        };
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        QVERIFY(m_h->tools().log.contains(QStringLiteral("end:toolu_1.1")));
        const Part parent = recordedResult(m_h->session()->record(), QStringLiteral("toolu_1"));
        QVERIFY(parent.isError);
        QCOMPARE(NestedCallRecord::childrenOf(parent).size(), 1);
        QVERIFY(NestedCallRecord::childrenOf(parent).first().result.isError);
    }

    void killingOneChildLeavesTheOthers()
    {
        QVERIFY(start());
        script({nested(QStringLiteral("hang"), args(QStringLiteral("x"))), nested(QStringLiteral("read"), args(QStringLiteral("y"), 50))});
        m_h->onEvent = [this](const SessionEvent &event) {
            if (event.kind == SessionEvent::Kind::ToolExecutionStarted && event.callId == QLatin1String("toolu_1.1"))
                QTimer::singleShot(0, m_h->session(), [this] { QVERIFY(m_h->session()->cancelToolCall(QStringLiteral("toolu_1.1"))); });
        };
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        const QJsonArray children = answerOf(recordedResult(m_h->session()->record(), QStringLiteral("toolu_1"))).value(QLatin1String("children")).toArray();
        QCOMPARE(children.size(), 2);
        QVERIFY(children.at(0).toObject().value(QLatin1String("isError")).toBool());
        QCOMPARE(children.at(1).toObject().value(QLatin1String("text")).toString(), QStringLiteral("read: y"));
    }

    void toolsThatCallToolsAndUnknownToolsAreRefused()
    {
        QVERIFY(start());
        script({nested(QStringLiteral("orchestrate"), orchestrate({})), nested(QStringLiteral("nothing_here"), args(QStringLiteral("a")))});
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        QCOMPARE(nesting().hadToolCaller.size(), 1); // it ran once: the nested call was refused
        const QJsonArray children = answerOf(recordedResult(m_h->session()->record(), QStringLiteral("toolu_1"))).value(QLatin1String("children")).toArray();
        QCOMPARE(children.size(), 2);
        QVERIFY(children.at(0).toObject().value(QLatin1String("text")).toString().contains(QStringLiteral("calls tools itself")));
        QVERIFY(children.at(1).toObject().value(QLatin1String("text")).toString().contains(QStringLiteral("no tool named \"nothing_here\"")));
        QCOMPARE(childEvents(*m_h, SessionEvent::Kind::ToolCallFinished, QStringLiteral("toolu_1")).size(), 2);
        QCOMPARE(NestedCallRecord::childrenOf(recordedResult(m_h->session()->record(), QStringLiteral("toolu_1"))).size(), 2);
    }

    void largeChildResultsAreCapturedAndStayWhole()
    {
        m_h = std::make_unique<SessionHarness>();
        m_tools = std::make_unique<NestingTools>();
        QVERIFY(m_h->start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")));
        auto opened = SqliteDetailStore::open(m_h->homePath() + QStringLiteral("/memory.db"));
        QVERIFY(opened.ok());
        const std::shared_ptr<DetailStore> store(std::move(opened).value());
        m_h->config().memory = store;
        m_h->config().memorySettings.captureThresholdTokens = 50;
        m_h->config().memorySettings.toolCaptureThresholds.insert(QStringLiteral("orchestrate"), 0);
        QVERIFY(m_h->useTools({&nesting()}));
        const QString big = QString(QStringLiteral("lorem ipsum ")).repeated(400);
        script({nested(QStringLiteral("read"), args(big)), nested(QStringLiteral("read"), args(QStringLiteral("small")))});
        QCOMPARE(m_h->runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        QCOMPARE(nesting().childResults.size(), 2);
        Part large = nesting().childResults.at(0).callId == QLatin1String("toolu_1.1") ? nesting().childResults.at(0) : nesting().childResults.at(1);
        // The caller gets the whole content, and the key it was stored under.
        QVERIFY(large.captured.isCaptured());
        QCOMPARE(resultText(large), QStringLiteral("read: ") + big);
        const Result<MemoryRecord> memory = store->get(large.captured.key);
        QVERIFY(memory.ok());
        QCOMPARE(memory->content, (QStringLiteral("read: ") + big).toUtf8());
        const QList<NestedCallRecord> recorded = NestedCallRecord::childrenOf(recordedResult(m_h->session()->record(), QStringLiteral("toolu_1")));
        QCOMPARE(recorded.size(), 2);
        QCOMPARE(recorded.at(0).result.captured.key, large.captured.key);
        QVERIFY(!recorded.at(1).result.captured.isCaptured());
    }

    void noWireFormatSendsChildren()
    {
        // What every provider's request is built from: a tool result carrying children.
        Part result = Part::makeToolResultText(QStringLiteral("call_1"), QStringLiteral("42"));
        result.toolName = QStringLiteral("orchestrate");
        NestedCallRecord child{Part::makeToolCall(QStringLiteral("call_1.1"), QStringLiteral("read"), args(QStringLiteral("secret-child"))),
                               Part::makeToolResultText(QStringLiteral("call_1.1"), QStringLiteral("child-output"))};
        result = NestedCallRecord::withChildren(result, {child});
        QCOMPARE(NestedCallRecord::childrenOf(result).size(), 1);
        Message call;
        call.role = Role::Assistant;
        call.parts = {Part::makeToolCall(QStringLiteral("call_1"), QStringLiteral("orchestrate"), orchestrate({}))};
        Message results;
        results.role = Role::Tool;
        results.parts = {result};
        const QList<Message> messages{call, results};
        const QList<QByteArray> requests{
            QJsonDocument(wire::anthropic::messagesToJson(messages)).toJson(),
            QJsonDocument(wire::openaichat::messagesToJson(messages)).toJson(),
            QJsonDocument(wire::openairesponses::itemsToJson(messages)).toJson()};
        for (const QByteArray &request : requests) {
            QVERIFY2(request.contains("42"), request.constData());
            QVERIFY2(!request.contains("child-output") && !request.contains("secret-child") && !request.contains("call_1.1"), request.constData());
        }
        // The record's JSON (store, JSONL export) keeps them.
        const Result<Part> back = recordjson::partFromJson(recordjson::toJson(result));
        QVERIFY(back.ok());
        QCOMPARE(back.value(), result);
        QCOMPARE(NestedCallRecord::childrenOf(back.value()).first().result, child.result);
    }

    void cliToolCallsOtherTools()
    {
        TemporaryHome home;
        QDir(home.path()).mkpath(QStringLiteral("work"));
        const QString workspace = home.filePath(QStringLiteral("work"));
        QFile a(workspace + QStringLiteral("/a.txt"));
        QVERIFY(a.open(QIODevice::WriteOnly));
        a.write("alpha\n");
        a.close();
        QProcessEnvironment environment = anthropicCliEnvironment();
        environment.insert(QStringLiteral("VALIS_PLUGIN_PATH"), QStringLiteral(VALIS_NESTING_PLUGIN_DIR));
        const QJsonObject arguments = orchestrate({nested(QStringLiteral("read_file"), {{QStringLiteral("path"), QStringLiteral("a.txt")}}),
                                                   nested(QStringLiteral("write_file"), {{QStringLiteral("path"), QStringLiteral("b.txt")},
                                                                                         {QStringLiteral("content"), QStringLiteral("beta\n")}})});
        const CliRun run = runCli({QStringLiteral("--home"), home.path(), QStringLiteral("tool"), QStringLiteral("orchestrate"),
                                   QStringLiteral("--workspace"), workspace, QStringLiteral("--json"), QStringLiteral("--args"),
                                   QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact))},
                                  environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const Result<Part> result = recordjson::partFromJson(QJsonDocument::fromJson(run.out).object());
        QVERIFY2(result.ok(), run.out.constData());
        const QJsonArray children = answerOf(result.value()).value(QLatin1String("children")).toArray();
        QCOMPARE(children.size(), 2);
        QVERIFY2(children.at(0).toObject().value(QLatin1String("text")).toString().contains(QStringLiteral("alpha")), run.out.constData());
        QVERIFY2(!children.at(1).toObject().value(QLatin1String("isError")).toBool(), run.out.constData());
        QFile b(workspace + QStringLiteral("/b.txt"));
        QVERIFY(b.open(QIODevice::ReadOnly));
        QCOMPARE(b.readAll(), QByteArray("beta\n"));
        // --json shows the children as the record keeps them.
        const QList<NestedCallRecord> recorded = NestedCallRecord::childrenOf(result.value());
        QCOMPARE(recorded.size(), 2);
        QCOMPARE(recorded.at(1).call.toolName, QStringLiteral("write_file"));
    }
};

VALIS_TEST_MAIN(TestNestedCalls)
#include "tst_nestedcalls.moc"
