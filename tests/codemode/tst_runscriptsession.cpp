// run_script in a real Session against the local provider server: one model turn runs a script
// that reads in parallel and meets a denied approval it catches; the model is asked twice (the
// run_script call, then the answer), and the children are recorded under the run_script call.
#include "codemodetool.h"
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"

#include "valis/agent/orchestratedtoolcaller.h"

#include <QJsonDocument>
#include <QTimer>
#include <QtTest>

using namespace valis;
using namespace valis::test;

class TestRunScriptSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void oneTurnWithADeniedCallCaught()
    {
        SessionHarness h;
        codemode::CodeModeToolProvider codeMode;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        QVERIFY(h.useTools({&codeMode}));
        h.approvals().setAutoApprove(AutoApprove::ReadOnly); // write asks, and is denied
        const QString code = QStringLiteral(
            "const [a, b] = await Promise.all([tools.read({text: 'one'}), tools.read({text: 'two'})]);\n"
            "let denied = '';\n"
            "try { await tools.write({text: 'three'}); } catch (e) { denied = e.message; }\n"
            "return {a, b, denied};");
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream()
                                                     .toolUse(QStringLiteral("toolu_1"), QStringLiteral("run_script"),
                                                              QJsonObject{{QStringLiteral("code"), code}})
                                                     .stop(QStringLiteral("tool_use"))));
        h.server().enqueue(ScriptedResponse::sse(AnthropicStream().text(QStringLiteral("done")).stop(QStringLiteral("end_turn"))));
        int asked = 0;
        h.onEvent = [&](const SessionEvent &event) {
            if (event.kind != SessionEvent::Kind::ApprovalRequested)
                return;
            // run_script itself is approved; the write inside it is denied.
            if (event.toolName == QLatin1String("run_script")) {
                QTimer::singleShot(0, h.session(), [&h, id = event.requestId] { h.session()->approve(id); });
                return;
            }
            ++asked;
            QCOMPARE(event.toolName, QStringLiteral("write"));
            QTimer::singleShot(0, h.session(), [&h, id = event.requestId] { h.session()->deny(id, QStringLiteral("not now")); });
        };
        QCOMPARE(h.runTurn(QStringLiteral("go")), QStringLiteral("answered"));
        QCOMPARE(h.server().requests().size(), 2); // the script's turn and the answer
        QCOMPARE(asked, 1);
        // The system prompt declares the tools a script can reach, run_script not among them.
        const QString firstRequest = QString::fromUtf8(h.server().requests().at(0).body);
        QVERIFY2(firstRequest.contains(QStringLiteral("declare const tools: {")), qPrintable(firstRequest.left(600)));
        QVERIFY(firstRequest.contains(QStringLiteral("  read(args: { text: string }): Promise<any>;")));
        QVERIFY(!firstRequest.contains(QStringLiteral("  run_script(args:")));

        Part result;
        for (const Message &message : h.session()->record()) {
            for (const Part &part : message.parts) {
                if (part.kind == PartKind::ToolResult && part.callId == QLatin1String("toolu_1"))
                    result = part;
            }
        }
        QVERIFY2(!result.isError, qPrintable(result.resultText()));
        const QJsonObject value = QJsonDocument::fromJson(result.resultText().toUtf8()).object();
        QCOMPARE(value.value(QLatin1String("a")).toString(), QStringLiteral("read: one"));
        QCOMPARE(value.value(QLatin1String("b")).toString(), QStringLiteral("read: two"));
        QVERIFY2(!value.value(QLatin1String("denied")).toString().isEmpty(), qPrintable(result.resultText()));
        // The denied write never ran; the three children are recorded with their parent.
        QVERIFY(!h.tools().log.join(QLatin1Char(' ')).contains(QStringLiteral("write")));
        const QList<NestedCallRecord> children = NestedCallRecord::childrenOf(result);
        QCOMPARE(children.size(), 3);
        QVERIFY(children.at(2).result.isError);
        // What the model was sent next holds the script's result, not the children.
        QVERIFY(QString::fromUtf8(h.server().requests().at(1).body).contains(QStringLiteral("read: one")));
        QVERIFY(!QString::fromUtf8(h.server().requests().at(1).body).contains(QStringLiteral("toolu_1.1")));
    }
};

VALIS_TEST_MAIN(TestRunScriptSession)
#include "tst_runscriptsession.moc"
