// The planning tools (write_todos, update_plan): validation, rendering, their specs, and the
// plugin loaded by a real PluginManager.
#include "planningtoolprovider.h"
#include "testsupport.h"
#include "toolcallhelpers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace valis;
using namespace valis::test;
using valis::tools::PlanningToolProvider;

namespace {

QJsonObject item(const QString &textKey, const QString &text, const QString &status)
{
    return QJsonObject{{textKey, text}, {QStringLiteral("status"), status}};
}

QJsonObject todo(const QString &text, const QString &status)
{
    return item(QStringLiteral("content"), text, status);
}

QJsonObject step(const QString &text, const QString &status)
{
    return item(QStringLiteral("step"), text, status);
}

ToolContext context(const QString &callId = QStringLiteral("call-1"))
{
    ToolContext c;
    c.sessionId = QStringLiteral("s-1");
    c.callId = callId;
    c.agentId = QStringLiteral("default");
    return c;
}

const ToolSpec *findSpec(const QList<ToolSpec> &specs, const QString &name)
{
    for (const ToolSpec &spec : specs) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
}

} // namespace

class TestPlanningTools : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writeTodosRendersAChecklistWithCounts()
    {
        PlanningToolProvider provider;
        const QJsonObject arguments{{QStringLiteral("todos"),
                                     QJsonArray{todo(QStringLiteral("Read the failing test"), QStringLiteral("completed")),
                                                todo(QStringLiteral("Fix the parser"), QStringLiteral("in_progress")),
                                                todo(QStringLiteral("Run the suite"), QStringLiteral("pending")),
                                                todo(QStringLiteral("Update the changelog"), QStringLiteral("pending"))}}};
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("write_todos"), arguments, context(QStringLiteral("call-7")));
        QVERIFY(outcome.finished);
        QVERIFY(!outcome.finishedInsideInvoke);
        QCOMPARE(outcome.result.kind, PartKind::ToolResult);
        QCOMPARE(outcome.result.callId, QStringLiteral("call-7"));
        QCOMPARE(outcome.result.toolName, QStringLiteral("write_todos"));
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QCOMPARE(outcome.text(), QStringLiteral("Todo list (4 items: 1 completed, 1 in progress, 2 pending)\n"
                                                "1. [x] Read the failing test\n"
                                                "2. [>] Fix the parser (in progress)\n"
                                                "3. [ ] Run the suite\n"
                                                "4. [ ] Update the changelog"));
    }

    void updatePlanShowsTheExplanationAndCompletion()
    {
        PlanningToolProvider provider;
        const QJsonObject arguments{{QStringLiteral("plan"),
                                     QJsonArray{step(QStringLiteral("  Reproduce the bug  "), QStringLiteral("completed")),
                                                step(QStringLiteral("Fix it"), QStringLiteral("completed"))}},
                                    {QStringLiteral("explanation"), QStringLiteral("Dropped the benchmark step.")}};
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("update_plan"), arguments, context());
        QVERIFY(outcome.finished);
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QCOMPARE(outcome.text(), QStringLiteral("Plan (2 steps: 2 completed, 0 in progress, 0 pending)\n"
                                                "Explanation: Dropped the benchmark step.\n"
                                                "1. [x] Reproduce the bug\n"
                                                "2. [x] Fix it\n"
                                                "All 2 steps are completed."));
    }

    void anEmptyListClearsThePlan()
    {
        PlanningToolProvider provider;
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("write_todos"),
                                                 QJsonObject{{QStringLiteral("todos"), QJsonArray{}}}, context());
        QVERIFY(outcome.finished);
        QVERIFY(!outcome.result.isError);
        QCOMPARE(outcome.text(), QStringLiteral("Todo list (empty: no items)"));
    }

    void anArraySentAsAJsonStringIsAccepted()
    {
        PlanningToolProvider provider;
        const QJsonArray list{todo(QStringLiteral("Only step"), QStringLiteral("in_progress"))};
        const QString asText = QString::fromUtf8(QJsonDocument(list).toJson(QJsonDocument::Compact));
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("write_todos"),
                                                 QJsonObject{{QStringLiteral("todos"), asText}}, context());
        QVERIFY(outcome.finished);
        QVERIFY2(!outcome.result.isError, qPrintable(outcome.text()));
        QVERIFY(outcome.text().contains(QStringLiteral("1. [>] Only step (in progress)")));
    }

    void twoItemsInProgressAreRefusedWithTheirIndexes()
    {
        PlanningToolProvider provider;
        const QJsonObject arguments{{QStringLiteral("todos"),
                                     QJsonArray{todo(QStringLiteral("a"), QStringLiteral("in_progress")),
                                                todo(QStringLiteral("b"), QStringLiteral("pending")),
                                                todo(QStringLiteral("c"), QStringLiteral("in_progress"))}}};
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("write_todos"), arguments, context());
        QVERIFY(outcome.finished);
        QVERIFY(outcome.result.isError);
        QVERIFY(!outcome.retryable);
        QVERIFY2(outcome.text().contains(QStringLiteral("at most one item may be in_progress, found 2 (indexes 0, 2)")),
                 qPrintable(outcome.text()));
    }

    void everyProblemIsReportedAtOnce()
    {
        PlanningToolProvider provider;
        const QJsonObject arguments{{QStringLiteral("plan"),
                                     QJsonArray{step(QStringLiteral("   "), QStringLiteral("pending")),
                                                step(QStringLiteral("Ship"), QStringLiteral("done")),
                                                QJsonObject{{QStringLiteral("status"), QStringLiteral("pending")}},
                                                QStringLiteral("just text"),
                                                QJsonObject{{QStringLiteral("step"), 42}}}},
                                    {QStringLiteral("explanation"), 7}};
        const ToolCallOutcome outcome = callTool(&provider, QStringLiteral("update_plan"), arguments, context());
        QVERIFY(outcome.finished);
        QVERIFY(outcome.result.isError);
        const QString text = outcome.text();
        QVERIFY2(text.startsWith(QStringLiteral("Invalid arguments for update_plan: ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("`plan[0]`.step must not be empty")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("`plan[1]`.status must be one of pending, in_progress, completed, got \"done\"")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("`plan[2]`.step is required")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("`plan[3]` must be an object {step, status}, got \"just text\"")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("`plan[4]`.step must be a string, got 42")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("`plan[4]`.status is required")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("`explanation` must be a string")), qPrintable(text));
    }

    void wrongShapesAreRefused_data()
    {
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QJsonValue>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing list") << QStringLiteral("write_todos") << QJsonValue(QJsonObject{})
                                      << QStringLiteral("`todos` is required");
        QTest::newRow("not an array") << QStringLiteral("update_plan")
                                      << QJsonValue(QJsonObject{{QStringLiteral("plan"), QStringLiteral("step one")}})
                                      << QStringLiteral("`plan` must be an array of {step, status} objects, got \"step one\"");
        QTest::newRow("wrong key for the tool")
            << QStringLiteral("write_todos")
            << QJsonValue(QJsonObject{{QStringLiteral("todos"), QJsonArray{step(QStringLiteral("x"), QStringLiteral("pending"))}}})
            << QStringLiteral("`todos[0]`.content is required");
        QTest::newRow("explanation on write_todos")
            << QStringLiteral("write_todos")
            << QJsonValue(QJsonObject{{QStringLiteral("todos"), QJsonArray{}}, {QStringLiteral("explanation"), QStringLiteral("x")}})
            << QStringLiteral("`explanation` is not an argument of write_todos");
        QTest::newRow("arguments not an object") << QStringLiteral("write_todos") << QJsonValue(QJsonArray{})
                                                 << QStringLiteral("must be a JSON object");
        QTest::newRow("unknown tool") << QStringLiteral("make_plan") << QJsonValue(QJsonObject{})
                                      << QStringLiteral("Unknown tool make_plan");
        QJsonArray tooMany;
        for (int i = 0; i < 101; ++i)
            tooMany.append(todo(QStringLiteral("step %1").arg(i), QStringLiteral("pending")));
        QTest::newRow("too many") << QStringLiteral("write_todos") << QJsonValue(QJsonObject{{QStringLiteral("todos"), tooMany}})
                                  << QStringLiteral("`todos` has 101 items; at most 100 are allowed");
        QTest::newRow("too long")
            << QStringLiteral("write_todos")
            << QJsonValue(QJsonObject{{QStringLiteral("todos"), QJsonArray{todo(QString(1001, QLatin1Char('a')), QStringLiteral("pending"))}}})
            << QStringLiteral("`todos[0]`.content is 1001 characters long; at most 1000 are allowed");
    }

    void wrongShapesAreRefused()
    {
        QFETCH(QString, tool);
        QFETCH(QJsonValue, arguments);
        QFETCH(QString, expected);
        PlanningToolProvider provider;
        const ToolCallOutcome outcome = callTool(&provider, tool, arguments, context());
        QVERIFY(outcome.finished);
        QVERIFY(!outcome.finishedInsideInvoke);
        QVERIFY(outcome.result.isError);
        QCOMPARE(outcome.result.callId, QStringLiteral("call-1"));
        QVERIFY2(outcome.text().contains(expected), qPrintable(outcome.text()));
    }

    void specsArePinnedKeptAndPrecise()
    {
        PlanningToolProvider provider;
        QCOMPARE(provider.id(), QStringLiteral("planning"));
        const QList<ToolSpec> specs = provider.tools();
        QCOMPARE(specs.size(), 2);
        for (const QString &name : {QStringLiteral("write_todos"), QStringLiteral("update_plan")}) {
            const ToolSpec *spec = findSpec(specs, name);
            QVERIFY2(spec, qPrintable(name));
            QVERIFY(spec->readOnly);
            QVERIFY(spec->keepResultsInContext);
            QVERIFY(spec->pinLatestResult);
            QVERIFY(!spec->description.isEmpty());
            const QJsonObject schema = spec->inputSchema;
            QCOMPARE(schema.value(QStringLiteral("type")).toString(), QStringLiteral("object"));
            QCOMPARE(schema.value(QStringLiteral("additionalProperties")).toBool(true), false);
            const QString list = name == QStringLiteral("write_todos") ? QStringLiteral("todos") : QStringLiteral("plan");
            const QString text = name == QStringLiteral("write_todos") ? QStringLiteral("content") : QStringLiteral("step");
            QCOMPARE(schema.value(QStringLiteral("required")).toArray(), QJsonArray{list});
            const QJsonObject listSchema = schema.value(QStringLiteral("properties")).toObject().value(list).toObject();
            QVERIFY(!listSchema.value(QStringLiteral("description")).toString().isEmpty());
            QCOMPARE(listSchema.value(QStringLiteral("maxItems")).toInt(), 100);
            const QJsonObject itemSchema = listSchema.value(QStringLiteral("items")).toObject();
            QCOMPARE(itemSchema.value(QStringLiteral("required")).toArray(), (QJsonArray{text, QStringLiteral("status")}));
            QCOMPARE(itemSchema.value(QStringLiteral("additionalProperties")).toBool(true), false);
            const QJsonObject itemProperties = itemSchema.value(QStringLiteral("properties")).toObject();
            QCOMPARE(itemProperties.value(QStringLiteral("status")).toObject().value(QStringLiteral("enum")).toArray(),
                     (QJsonArray{QStringLiteral("pending"), QStringLiteral("in_progress"), QStringLiteral("completed")}));
            QVERIFY(!itemProperties.value(text).toObject().value(QStringLiteral("description")).toString().isEmpty());
            QCOMPARE(schema.value(QStringLiteral("properties")).toObject().contains(QStringLiteral("explanation")),
                     name == QStringLiteral("update_plan"));
        }
    }

    void thePluginLoadsThroughThePluginManager()
    {
        LoadedToolPlugin plugin{QStringLiteral(VALIS_TEST_PLANNING_PLUGIN)};
        QVERIFY2(plugin.problem().isEmpty(), qPrintable(plugin.problem()));
        QCOMPARE(plugin.manager()->specs().constFirst()->id(), QStringLiteral("planning"));
        ToolProvider *provider = plugin.toolProvider(QStringLiteral("planning"));
        QVERIFY(provider);
        QCOMPARE(provider->tools().size(), 2);
        const ToolCallOutcome outcome = callTool(provider, QStringLiteral("update_plan"),
                                                 QJsonObject{{QStringLiteral("plan"), QJsonArray{step(QStringLiteral("Go"), QStringLiteral("pending"))}}},
                                                 context());
        QVERIFY(outcome.finished);
        QVERIFY(!outcome.result.isError);
        QVERIFY(outcome.text().contains(QStringLiteral("1. [ ] Go")));
    }
};

VALIS_TEST_MAIN(TestPlanningTools)
#include "tst_planningtools.moc"
