#include "orchestrationtools.h"

#include "valis/plugins/backgroundagents.h"

namespace valis::tools {

// What the model reads is English and not tr()'d.

QList<ToolSpec> OrchestrationToolProvider::tools() const
{
    return TaskToolProvider::tools() + llmCallSpecs() + agentToolSpecs();
}

ToolInvocation *OrchestrationToolProvider::invoke(const QString &toolName, const QJsonValue &arguments,
                                                  const ToolContext &context, QObject *parent)
{
    if (toolName == QLatin1String("llm_call"))
        return invokeLlmCall(arguments, context, m_llmCallModel, parent);
    if (isAgentTool(toolName))
        return invokeAgentTool(toolName, arguments, context, parent);
    return TaskToolProvider::invoke(toolName, arguments, context, parent);
}

QString OrchestrationToolProvider::systemPromptSection(const ToolContext &context) const
{
    QString text = TaskToolProvider::systemPromptSection(context);
    if (context.backgroundAgents) {
        text += QStringLiteral("spawn_agent starts the same kinds as background agents (profile), at most %1 at a time; "
                               "their answers come back through wait_agents, agent_status, or a reminder at your next "
                               "request.\n")
                    .arg(context.backgroundAgents->maxConcurrent());
    }
    return text;
}

} // namespace valis::tools
