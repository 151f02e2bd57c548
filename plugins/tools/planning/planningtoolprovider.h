#pragma once

#include "valis/plugins/toolprovider.h"

namespace valis::tools {

/// The planning tools (provider id "planning"): `write_todos` (DeepAgents' spelling) and
/// `update_plan` (Codex's). Each call states the whole plan, which replaces the previous one;
/// the answer is the plan rendered as a checklist.
///
/// Stateless: the plan lives in the record as the tool's result, and the context pipeline
/// re-injects the latest successful one (ToolSpec::pinLatestResult), so nothing here needs to
/// survive a restart or know its session.
class PlanningToolProvider : public ToolProvider
{
public:
    static QString writeTodosName();
    static QString updatePlanName();

    QString id() const override;
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;
};

} // namespace valis::tools
