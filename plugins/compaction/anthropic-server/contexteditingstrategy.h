#pragma once

#include "valis/plugins/contextstrategy.h"

namespace valis {

/// "anthropic-context-editing": Anthropic's context editing (clear_tool_uses_20250919 and,
/// when asked, clear_thinking_20251015), applied by the API to each request it receives.
///
/// In a session the view is left alone: every build asks for the request fields and the beta
/// header (StrategyReport::providerOptions), and the host records what the response says the
/// server cleared (context_management.applied_edits) as this strategy's events. In a replay
/// (StrategyContext::simulateServerSide) it does to the view what the server would: once the
/// request, counted as if nothing had been cleared, passes the trigger, every tool result but
/// those of the last `keep` tool uses (and of excluded tools, and of tools whose results stay in
/// context) is replaced by a short note, provided at least clear_at_least tokens go; their
/// inputs too with clearToolInputs; thinking of all but the last turns with clearThinking. Each
/// clearing is recorded (action "server-clear-tool-uses" / "server-clear-thinking"), so the
/// replay bills the prefix it invalidates from the first cleared item.
class ContextEditingStrategy final : public ContextStrategy
{
public:
    QString id() const override;
    QJsonObject defaultSettings() const override;
    QString systemPromptSection() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget,
                                 const StrategyContext &context) override;
};

/// What the server leaves in place of a cleared tool result (a replay's model of it).
QString clearedResultNote();

} // namespace valis
