#pragma once

#include "valis/plugins/toolprovider.h"

namespace valis::tools {

/// The `task` tool: starts a child agent (ToolContext::subagents) on a self-contained task and
/// answers with the child's final answer and its session id; the child's progress streams as
/// the call's output. The system prompt section lists the subagent types the host offers.
class TaskToolProvider : public ToolProvider
{
public:
    QString id() const override { return QStringLiteral("subagents"); }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;
    QString systemPromptSection(const ToolContext &context) const override;
};

} // namespace valis::tools
