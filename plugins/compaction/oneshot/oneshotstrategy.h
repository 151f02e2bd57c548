#pragma once

#include "valis/plugins/contextstrategy.h"

namespace valis {

/// The one-shot history strategy, for workers that should not carry a planner's history: each
/// request shows the system prompt (with AGENTS.md), the current turn (its request is the task;
/// for a fork, the fork's prompt) and, in one block before it, the progress ledger and the
/// pinned messages; the plan comes back through the pipeline's pinned-result reminder.
///
/// At the first request of every turn, everything before that turn leaves the view through one
/// recorded ReplacePrefix edit (a CompactionEvent with action "oneshot"); the span is saved as a
/// transcript under /context/transcripts/ when an archive is there, and the block names it and
/// the turns it covers, so search_history (or get_turn) brings any of it back. Between turns
/// nothing changes, so requests within a turn share their cached prefix.
class OneShotStrategy : public ContextStrategy
{
public:
    /// The id of the block's messages start with this (so a later turn knows its own block).
    static QString blockIdPrefix();

    QString id() const override { return QStringLiteral("oneshot"); }
    QString systemPromptSection() const override;
    Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget, const StrategyContext &context) override;
};

} // namespace valis
