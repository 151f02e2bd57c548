#pragma once

#include "tasktool.h"

namespace valis::tools {

/// The subagents plugin's tools: `task` (TaskToolProvider), `llm_call` (a direct model call
/// without tools, ToolContext::sampler) and the background agents' spawn_agent, agent_status,
/// wait_agents and cancel_agent (ToolContext::backgroundAgents). The agent tools answer with an
/// error where the context has no BackgroundAgents; a child at the depth limit is not offered
/// them at all (its pack excludes them).
class OrchestrationToolProvider : public TaskToolProvider
{
public:
    /// `llmCallModel`: llm_call's model when the call names none (the plugin's "llmCallModel"
    /// setting); empty: ModelSampler::cheapModel().
    explicit OrchestrationToolProvider(const QString &llmCallModel = {}) : m_llmCallModel(llmCallModel) {}

    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;
    QString systemPromptSection(const ToolContext &context) const override;

private:
    QString m_llmCallModel;
};

/// The specs and invocations, one file each (llmcalltool.cpp, agenttools.cpp).
QList<ToolSpec> llmCallSpecs();
ToolInvocation *invokeLlmCall(const QJsonValue &arguments, const ToolContext &context, const QString &defaultModel,
                              QObject *parent);
QList<ToolSpec> agentToolSpecs();
bool isAgentTool(const QString &toolName);
ToolInvocation *invokeAgentTool(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                                QObject *parent);

} // namespace valis::tools
