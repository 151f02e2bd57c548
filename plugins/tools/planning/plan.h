#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis::tools {

class ToolArguments;

/// One step of the agent's plan and where it stands.
struct PlanItem
{
    enum class Status { Pending, InProgress, Completed };

    QString text;
    Status status = Status::Pending;
};

/// The agent's plan as one call of write_todos or update_plan states it: the whole list, which
/// replaces the previous one. The plan lives in the record (the tool result), never in the plugin.
struct Plan
{
    /// The two spellings models are trained on: DeepAgents' write_todos ({content, status}) and
    /// Codex's update_plan ({step, status} plus an optional explanation).
    enum class Style { Todos, Steps };

    QList<PlanItem> items;
    QString explanation;

    /// Limits that keep the re-injected plan small: it is sent with every request.
    static constexpr int MaxItems = 100;
    static constexpr int MaxTextLength = 1000;
    static constexpr int MaxExplanationLength = 2000;

    /// Reads the plan from a call's arguments; every problem (an unknown status, an empty step,
    /// two steps in progress) goes to `arguments` with the item's index, so the model can fix
    /// them all at once.
    static Plan read(Style style, ToolArguments &arguments);

    /// The plan as a checklist the model reads at a glance, with counts per status.
    QString render(Style style) const;
};

/// The JSON Schema of a plan tool's arguments.
QJsonObject planSchema(Plan::Style style);

} // namespace valis::tools
