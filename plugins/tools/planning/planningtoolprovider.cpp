#include "planningtoolprovider.h"

#include "plan.h"
#include "threadedtool.h"
#include "toolarguments.h"

namespace valis::tools {

// Descriptions and results are read by the model, which reads English best: not tr()'d.

QString PlanningToolProvider::writeTodosName() { return QStringLiteral("write_todos"); }
QString PlanningToolProvider::updatePlanName() { return QStringLiteral("update_plan"); }

QString PlanningToolProvider::id() const { return QStringLiteral("planning"); }

QList<ToolSpec> PlanningToolProvider::tools() const
{
    ToolSpec todos;
    todos.name = writeTodosName();
    todos.description = QStringLiteral(
        "Write your todo list for the current task: the complete list, which replaces the previous one. "
        "Use it for work of three or more steps: add the steps when you start, mark one item in_progress "
        "before you begin it and completed as soon as it is done, and add or drop items as you learn more. "
        "At most one item may be in_progress. The latest list is shown to you again with every request, "
        "so you need not repeat it. Skip it for a trivial one-step request.");
    todos.inputSchema = planSchema(Plan::Style::Todos);

    ToolSpec plan;
    plan.name = updatePlanName();
    plan.description = QStringLiteral(
        "Update the plan for the current task: send every step with its status; the list replaces the "
        "previous plan. Keep steps short (a few words to a sentence), mark exactly the step you are "
        "working on in_progress (at most one) and completed ones completed; say in `explanation` why the "
        "plan changed. The latest plan is shown to you again with every request. Not needed for a "
        "single simple step.");
    plan.inputSchema = planSchema(Plan::Style::Steps);

    for (ToolSpec *spec : {&todos, &plan}) {
        // The plan changes nothing outside the record (no file, process or remote state), so a
        // call needs no approval and may run beside others; two plan calls in one batch simply
        // leave the later one, in record order, as the plan.
        spec->readOnly = true;
        // The plan must never be offloaded or evicted, and the latest one is re-sent at the end of
        // every request so a long session keeps its bearings.
        spec->keepResultsInContext = true;
        spec->pinLatestResult = true;
    }
    return {todos, plan};
}

ToolInvocation *PlanningToolProvider::invoke(const QString &toolName, const QJsonValue &arguments,
                                             const ToolContext &context, QObject *parent)
{
    Plan::Style style = Plan::Style::Todos;
    if (toolName == writeTodosName()) {
        style = Plan::Style::Todos;
    } else if (toolName == updatePlanName()) {
        style = Plan::Style::Steps;
    } else {
        return immediateResult(context.callId, toolName,
                               ToolOutcome::error(QStringLiteral("Unknown tool %1: the planning tools are write_todos and update_plan.")
                                                      .arg(toolName)),
                               parent);
    }
    if (!arguments.isObject()) {
        return immediateResult(context.callId, toolName,
                               ToolOutcome::error(QStringLiteral("The arguments of %1 must be a JSON object.").arg(toolName)),
                               parent);
    }
    ToolArguments reader(toolName, arguments.toObject());
    const Plan plan = Plan::read(style, reader);
    if (!reader.ok())
        return immediateResult(context.callId, toolName, ToolOutcome::error(reader.errorMessage()), parent);
    return immediateResult(context.callId, toolName, ToolOutcome::text(plan.render(style)), parent);
}

} // namespace valis::tools
