#pragma once

#include "valis/plugins/contextstrategy.h"

namespace valis {

/// "anthropic-compaction": Anthropic's server-side compaction (compact_20260112).
///
/// In a session the view is left alone: every build asks for the request field and the beta
/// header; once the request passes the trigger the server summarises the conversation itself,
/// answers after a `compaction` block (kept verbatim in the record and sent back, so later
/// requests start from it: the server drops what precedes it), and the host records a
/// "server-compaction" event of this strategy with the summary call's usage. In a replay
/// (StrategyContext::simulateServerSide) it models that: a request over the trigger has the
/// whole view replaced by an extractive summary of simulatedSummaryTokens, and the server's
/// summary call (the whole prompt in, the summary out) is recorded in state.summaryCall so the
/// replay bills it.
class ServerCompactionStrategy final : public ContextStrategy
{
public:
    QString id() const override;
    QJsonObject defaultSettings() const override;
    QString systemPromptSection() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget,
                                 const StrategyContext &context) override;
};

} // namespace valis
