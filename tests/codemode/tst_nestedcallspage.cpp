// The conversation page's data for child calls: a tool result that carries children in the
// record (wire "valis") shows them under its card, with name, short arguments and status, as a
// reopened session renders it.
#include "pagemessages.h"
#include "testsupport.h"

#include "valis/agent/orchestratedtoolcaller.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

using namespace valis;

class TestNestedCallsPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void resultCardsListTheirChildren()
    {
        Part result = Part::makeToolResultText(QStringLiteral("toolu_1"), QStringLiteral("2"));
        result.toolName = QStringLiteral("run_script");
        const NestedCallRecord read{Part::makeToolCall(QStringLiteral("toolu_1.1"), QStringLiteral("read_file"),
                                                       QJsonObject{{QStringLiteral("path"), QStringLiteral("a.txt")}}),
                                    Part::makeToolResultText(QStringLiteral("toolu_1.1"), QStringLiteral("alpha"))};
        const NestedCallRecord denied{Part::makeToolCall(QStringLiteral("toolu_1.2"), QStringLiteral("write_file"),
                                                         QJsonObject{{QStringLiteral("path"), QString(QLatin1Char('x')).repeated(500)}}),
                                      Part::makeToolResultText(QStringLiteral("toolu_1.2"), QStringLiteral("denied"), true)};
        Message message;
        message.role = Role::Tool;
        message.parts = {NestedCallRecord::withChildren(result, {read, denied})};
        const QJsonArray blocks = PageMessages::message(message).value(QLatin1String("blocks")).toArray();
        QCOMPARE(blocks.size(), 1);
        const QJsonObject block = blocks.first().toObject();
        QCOMPARE(block.value(QLatin1String("type")).toString(), QStringLiteral("result"));
        const QJsonArray children = block.value(QLatin1String("children")).toArray();
        QCOMPARE(children.size(), 2);
        QCOMPARE(children.at(0).toObject().value(QLatin1String("name")).toString(), QStringLiteral("read_file"));
        QVERIFY(children.at(0).toObject().value(QLatin1String("arguments")).toString().contains(QStringLiteral("a.txt")));
        QVERIFY(!children.at(0).toObject().value(QLatin1String("isError")).toBool());
        QVERIFY(children.at(1).toObject().value(QLatin1String("isError")).toBool());
        // Short arguments: a long path is cut.
        QVERIFY(children.at(1).toObject().value(QLatin1String("arguments")).toString().size() <= 160);
        QVERIFY(!block.value(QLatin1String("childrenTitle")).toString().isEmpty());

        // A result without children has no list.
        Message plain;
        plain.role = Role::Tool;
        plain.parts = {result};
        QVERIFY(!PageMessages::message(plain).value(QLatin1String("blocks")).toArray().first().toObject().contains(QLatin1String("children")));
    }

    // The same page data for background agents' answers: the reminder recorded for the model is
    // shown as theirs, without its <system-reminder> wrapping, never as the person's message.
    void agentReportsShowAsTheirs()
    {
        Message reminder;
        reminder.role = Role::User;
        reminder.parts = {Part::makeText(QStringLiteral("<system-reminder>\nBackground agents you started have ended:\n"
                                                        "agent-1: 42\n</system-reminder>"))};
        reminder.metadata.insert(QStringLiteral("backgroundAgents"), QJsonArray{QStringLiteral("agent-1")});
        const QJsonObject page = PageMessages::message(reminder);
        QCOMPARE(page.value(QLatin1String("role")).toString(), QStringLiteral("recall"));
        const QString text = page.value(QLatin1String("blocks")).toArray().first().toObject().value(QLatin1String("text")).toString();
        QVERIFY(text.contains(QStringLiteral("agent-1: 42")));
        QVERIFY(!text.contains(QStringLiteral("system-reminder")));
    }
};

VALIS_TEST_MAIN(TestNestedCallsPage)
#include "tst_nestedcallspage.moc"
