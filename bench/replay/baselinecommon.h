#pragma once

// What the peer baselines share: counting as the pipeline counts, the events OpenHands counts,
// the extractive summaries every replayed strategy writes, and how a summary call is billed.
// These are comparison baselines for bench_replay, not product features.

#include "valis/plugins/contextstrategy.h"

#include <QJsonObject>
#include <QString>

namespace valis::bench {

/// Characters of the extractive summaries every baseline writes in a replay (the progressive
/// strategy's default: 1,200 words at 8 characters), so summaries cost the same everywhere.
constexpr qsizetype SummaryMaxChars = 9600;

/// Tokens of `part` in a message of its own, as the pipeline counts.
qint64 partTokens(const StrategyBudget &budget, const Part &part);
/// Tokens of a text sent as a user message of its own.
qint64 textTokens(const StrategyBudget &budget, const QString &text);
/// Tokens of messages [from, to) of `view`.
qint64 tokensOf(const StrategyBudget &budget, const QList<Message> &view, int from, int to);
/// What the request holds now: the view, the fixed part and the correction.
qint64 requestTokens(const StrategyBudget &budget, const QList<Message> &view);

/// The name other agents' tools go by in DeepAgents and Codex ("Read" and "view_file" are
/// read_file, "Bash" and "shell" are execute, ...); unknown names come back lower-cased.
QString canonicalTool(const QString &name);
/// The tool that made the call `callId` in `view` (searching back from `before`).
QString toolOfCall(const QList<Message> &view, const QString &callId, int before);

/// A user message a strategy adds to the view.
Message syntheticUser(const QString &id, int turn, const QString &text);

/// The extractive summary of `span` (spansummary.h), at most `maxChars`.
QString extractiveSummaryOf(const QList<Message> &span, qsizetype maxChars = SummaryMaxChars);

/// The state.summaryCall object a replay bills: a summary request of `inputTokens`, of which
/// `cachedInputTokens` were read from the prompt cache, answered with `outputTokens`.
QJsonObject summaryCall(qint64 inputTokens, qint64 cachedInputTokens, qint64 outputTokens);

/// `report` with StrategyReport::replaced filled from its events.
StrategyReport finishReport(StrategyReport report);

/// How many events OpenHands makes of a message: a user message or an answer without tool
/// calls is one (a MessageAction), each tool call one action (its text is the action's thought),
/// each tool result one observation.
int openHandsEvents(const Message &message);

} // namespace valis::bench
