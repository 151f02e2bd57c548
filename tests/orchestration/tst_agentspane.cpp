// The desktop's Agents dock over a live Session's background agents: rows with status, progress,
// tokens, cost and elapsed time; Cancel stops a running agent; Open asks for its child session.
// Runs on a private X server (the shell's widgets as a person sees them).
#include "agentspane.h"
#include "orchestrationtools.h"
#include "sessionharness.h"
#include "sessiontesthelpers.h"
#include "streambuilders.h"
#include "valis/agent/toolsettings.h"
#include "valis/plugins/backgroundagents.h"

#include <QApplication>
#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace valis;
using namespace valis::test;

namespace {

QString firstUserText(const QJsonObject &request)
{
    const QJsonValue content = request.value(QLatin1String("messages")).toArray().first().toObject().value(QLatin1String("content"));
    if (content.isString())
        return content.toString();
    QString text;
    for (const QJsonValue &block : content.toArray())
        text += block.toObject().value(QLatin1String("text")).toString();
    return text;
}

QStringList rowOf(const AgentsPane &pane, const QString &handle)
{
    for (const QStringList &row : pane.rows()) {
        if (row.first() == handle)
            return row;
    }
    return {};
}

} // namespace

class TestAgentsPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void listsAgentsCancelsAndOpensTheirSessions()
    {
        SessionHarness h;
        valis::tools::OrchestrationToolProvider tools;
        QVERIFY2(h.start(QStringLiteral("anthropic"), QStringLiteral("claude-sonnet-4-5")), qPrintable(h.error()));
        h.config().subagentProfiles = {ToolSettings::generalPurposeSubagent()};
        QVERIFY(h.useTools({&tools}));
        ProviderTestServer *server = &h.server();
        server->setBeforeAnswer([server](int, const CapturedRequest &request) {
            if (firstUserText(request.json()).startsWith(QStringLiteral("HANG")))
                server->enqueue(ScriptedResponse::sse(AnthropicStream(1000).toolUse(QStringLiteral("toolu_h"), QStringLiteral("hang"), args(QStringLiteral("x"))).stop(QStringLiteral("tool_use"))));
            else
                server->enqueue(ScriptedResponse::sse(AnthropicStream(1000).text(QStringLiteral("The answer is 42.")).stop(QStringLiteral("end_turn"))));
        });

        AgentsPane pane;
        pane.resize(900, 300);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        QCOMPARE(pane.rows().size(), 0);
        QVERIFY(!pane.cancelButton()->isEnabled());

        BackgroundAgents *agents = h.session()->backgroundAgents();
        pane.setAgents(agents);
        AgentSpawnRequest answering{QStringLiteral("ANSWER: what is six times seven?")};
        answering.title = QStringLiteral("Multiply");
        AgentSpawnRequest hanging{QStringLiteral("HANG: wait for ever")};
        hanging.title = QStringLiteral("Wait for ever");
        const Result<AgentInfo> first = agents->spawn(answering);
        const Result<AgentInfo> second = agents->spawn(hanging);
        QVERIFY(first.ok() && second.ok());

        QTRY_COMPARE_WITH_TIMEOUT(rowOf(pane, first->handle).value(2), AgentsPane::tr("finished"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(pane, second->handle).value(3).startsWith(QStringLiteral("hang")), 10000);
        const QStringList done = rowOf(pane, first->handle);
        QCOMPARE(done.value(1), QStringLiteral("Multiply"));
        QCOMPARE(done.value(3), QStringLiteral("The answer is 42."));
        QVERIFY2(done.value(4).remove(QLocale().groupSeparator()).toInt() >= 1000, qPrintable(done.value(4)));
        QVERIFY(done.value(5).startsWith(QLatin1Char('$')));
        QVERIFY(done.value(6).endsWith(QStringLiteral(" s")));
        QCOMPARE(rowOf(pane, second->handle).value(2), AgentsPane::tr("running"));

        if (const QString dir = qEnvironmentVariable("VALIS_SCREENSHOT_DIR"); !dir.isEmpty())
            pane.grab().save(QDir(dir).filePath(QStringLiteral("agents-pane.png")));

        // A finished agent cannot be cancelled; the running one can, and says so.
        QVERIFY(pane.select(first->handle));
        QVERIFY(!pane.cancelButton()->isEnabled());
        QVERIFY(pane.select(second->handle));
        QVERIFY(pane.cancelButton()->isEnabled());
        QTest::mouseClick(pane.cancelButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(rowOf(pane, second->handle).value(2), AgentsPane::tr("cancelled"), 10000);
        QCOMPARE(agents->status(second->handle)->state, AgentState::Cancelled);
        QVERIFY(!pane.cancelButton()->isEnabled());

        // Open asks the shell for the child's session.
        QSignalSpy opened(&pane, &AgentsPane::openSessionRequested);
        QTest::mouseClick(pane.openButton(), Qt::LeftButton);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().toString(), second->handle);

        // The session closes: the rows go.
        QVERIFY(h.reopen());
        QTRY_COMPARE(pane.rows().size(), 0);
        pane.setAgents(h.session()->backgroundAgents());
        QCOMPARE(pane.rows().size(), 2); // persisted, read back
    }
};

// A widget suite: the application is a QApplication (the VALIS_TEST_MAIN of widget-less suites
// is not).
int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    TestAgentsPane test;
    QTEST_SET_MAIN_SOURCE_PATH
    return ::valis::test::runTests(&test, argc, argv);
}
#include "tst_agentspane.moc"
