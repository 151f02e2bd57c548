#pragma once

#include "valis/plugins/contextstrategy.h"

namespace valis {

/// Valis's context strategy, in three steps from cheapest to most lossy:
/// 1. offload: a tool result over `offloadTokens` moves to the archive at once
///    (/context/results/<id>.txt), leaving a head-and-tail preview and the read_file call;
/// 2. evict: past `evictAt` of the usable window, old tool results and old write inputs become
///    pointers, the most recent few kept, in one batch down to at least `evictTo` (so the cached
///    prefix is invalidated rarely);
/// 3. summarise: once eviction falls short, a summary of the oldest turns is prepared in the
///    background as a continuation of the live prefix, and swapped in past `summariseAt` of the
///    usable window minus the summary's room; pinned messages and the progress ledger go before
///    it verbatim, and the span is saved under /context/transcripts/.
/// Before those thresholds, steps 2 and 3 run when they pay for themselves at the model's
/// prices over the requests the session is expected to go on for (CostModel); the thresholds
/// stay hard triggers, so no price keeps a request from fitting the window.
/// The system prompt (with AGENTS.md), the plan and memory tool results are never touched.
class ProgressiveStrategy : public ContextStrategy
{
public:
    QString id() const override { return QStringLiteral("progressive"); }
    QJsonObject defaultSettings() const override;
    QString systemPromptSection() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;
};

} // namespace valis
