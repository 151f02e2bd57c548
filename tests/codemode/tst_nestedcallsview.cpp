// The real conversation page (Qt WebEngine) with child calls: live cards of a script's children
// go under their parent's card and end with their status; a reopened session's record shows
// them under the parent's card, as text.
#include "conversationview.h"
#include "conversationbridge.h"
#include "conversationpage.h"
#include "webtestsupport.h"

#include "valis/agent/orchestratedtoolcaller.h"

#include <QJsonObject>
#include <QtTest>

using namespace valis;

namespace {

Message textMessage(Role role, const QString &text, int seq)
{
    Message message;
    message.id = QStringLiteral("m-%1").arg(seq);
    message.role = role;
    message.seq = seq;
    message.parts.append(Part::makeText(text));
    return message;
}

QVariant evaluate(ConversationView &view, const QString &script)
{
    return test::evaluateInPage(view.page(), script);
}

bool waitRendered(ConversationView &view, int after)
{
    return QTest::qWaitFor([&] { return view.bridge()->renderedCount() > after; }, 15000);
}

} // namespace

class TestNestedCallsView : public QObject
{
    Q_OBJECT

    std::unique_ptr<ConversationView> m_view;

private Q_SLOTS:
    void init()
    {
        m_view = std::make_unique<ConversationView>();
        m_view->resize(900, 700);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        QVERIFY(QTest::qWaitFor([&] { return m_view->isPageReady(); }, 20000));
    }

    void cleanup()
    {
        if (m_view)
            QVERIFY2(m_view->conversationPage()->consoleProblems().isEmpty(),
                     qPrintable(m_view->conversationPage()->consoleProblems().join(QLatin1Char('\n'))));
        m_view.reset();
    }

    void childCardsGoUnderTheirParent()
    {
        SessionInfo session;
        session.id = QStringLiteral("s-script");
        int before = m_view->bridge()->renderedCount();
        m_view->showSession(session, {textMessage(Role::User, QStringLiteral("sum the files"), 1)});
        QVERIFY(waitRendered(*m_view, before));

        // Live: the parent's card, then its children's under it.
        before = m_view->bridge()->renderedCount();
        m_view->startToolCard(QStringLiteral("toolu_1"), QStringLiteral("run_script"), {}, {}, QStringLiteral("{\"code\": \"...\"}"));
        QVERIFY(waitRendered(*m_view, before));
        const QString hostile = QStringLiteral("<img src=x onerror=\"document.title='owned'\">");
        before = m_view->bridge()->renderedCount();
        m_view->startToolCard(QStringLiteral("toolu_1.1"), QStringLiteral("read_file"), {}, {}, hostile, QStringLiteral("toolu_1"));
        QVERIFY(waitRendered(*m_view, before));
        QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('.tool-card[data-call=\"toolu_1\"] > .tool-card.nested').length")).toInt(), 1);
        QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.nested .name').textContent")).toString(), QStringLiteral("read_file"));
        before = m_view->bridge()->renderedCount();
        m_view->finishToolCard(QStringLiteral("toolu_1.1"), true);
        QVERIFY(waitRendered(*m_view, before));
        QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card.nested').classList.contains('error')")).toBool());
        QVERIFY(!evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card[data-call=\"toolu_1\"]').classList.contains('error')")).toBool());
        QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('img').length")).toInt(), 0);

        // From the record (a reopened session): the children listed under the parent's card.
        Message call = textMessage(Role::Assistant, QStringLiteral("Running a script."), 2);
        call.parts.append(Part::makeToolCall(QStringLiteral("toolu_1"), QStringLiteral("run_script"), QJsonObject{{QStringLiteral("code"), QStringLiteral("...")}}));
        Message results;
        results.id = QStringLiteral("m-3");
        results.role = Role::Tool;
        results.seq = 3;
        Part result = Part::makeToolResultText(QStringLiteral("toolu_1"), QStringLiteral("12"));
        result.toolName = QStringLiteral("run_script");
        results.parts.append(NestedCallRecord::withChildren(
            result, {{Part::makeToolCall(QStringLiteral("toolu_1.1"), QStringLiteral("read_file"), QJsonObject{{QStringLiteral("path"), hostile}}),
                      Part::makeToolResultText(QStringLiteral("toolu_1.1"), QStringLiteral("alpha"))},
                     {Part::makeToolCall(QStringLiteral("toolu_1.2"), QStringLiteral("write_file"), QJsonObject{{QStringLiteral("path"), QStringLiteral("b.txt")}}),
                      Part::makeToolResultText(QStringLiteral("toolu_1.2"), QStringLiteral("denied"), true)}}));
        before = m_view->bridge()->renderedCount();
        m_view->showSession(session, {textMessage(Role::User, QStringLiteral("sum the files"), 1), call, results});
        QVERIFY(waitRendered(*m_view, before));
        QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('.tool-card .children li').length")).toInt(), 2);
        QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card .children li.error .name').textContent")).toString(),
                 QStringLiteral("write_file"));
        QVERIFY(evaluate(*m_view, QStringLiteral("document.querySelector('.tool-card .children li .arguments').textContent")).toString().contains(QStringLiteral("<img")));
        QCOMPARE(evaluate(*m_view, QStringLiteral("document.querySelectorAll('img').length")).toInt(), 0);
        QVERIFY(evaluate(*m_view, QStringLiteral("document.title")).toString() != QLatin1String("owned"));
    }
};

VALIS_WEBENGINE_TEST_MAIN(TestNestedCallsView)
#include "tst_nestedcallsview.moc"
