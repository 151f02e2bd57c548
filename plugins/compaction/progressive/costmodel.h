#pragma once

#include "workingview.h"

#include <QJsonObject>

namespace valis::progressive {

/// What compacting costs and saves, in USD, for the decisions of one build.
///
/// Carrying T tokens costs T at the cache-read price r on every later request. Removing D of
/// them costs one prefix rewrite: every token after the first change that the provider had
/// cached is written again at the cache-write price w instead of read at r, so K = R·(w − r)
/// for R rewritten tokens, plus the summary call where one is needed. Over the n requests still
/// expected, removing pays when D·r·n > K.
///
/// Removing whenever it pays would rewrite the prefix every few requests: removable tokens grow
/// by about g a request, and a cycle of c requests between removals costs K/c + r·g·c/2 a
/// request (the economic order quantity), least at c = sqrt(2K / (r·g)). So a batch waits until
/// it is worth D ≥ g·c = sqrt(2·K·g / r) (batchTokens()), then goes at once.
///
/// The estimators, from the session so far: R requests (assistant messages in the record, this
/// one included) over `currentTurn` turns. n = max(R, requests per turn): a session that has
/// run R requests is as likely as not to run about R more (the Copernican estimate), and at
/// least the rest of a turn. g = (tokens the view holds + tokens this strategy removed so far)
/// / R, at least 1.
struct CostModel
{
    double read = 0;     ///< USD per cached input token
    double write = 0;    ///< USD per input token written to the cache
    double input = 0;    ///< USD per uncached input token
    double output = 0;   ///< USD per output token
    bool fallbackPrices = false; ///< the model has no prices: claude-sonnet-4-5's were used
    int requestsSoFar = 1;
    double requestsPerTurn = 1;
    double remainingRequests = 1; ///< n
    double growthPerRequest = 1;  ///< g, tokens

    /// The model's prices (StrategyContext::model; Sonnet 4.5's when unknown) and the pace of
    /// the session the view belongs to.
    static CostModel estimate(const WorkingView &view);

    /// K for rewriting `rewritten` cached tokens, plus `extraUsd` (a summary call).
    double removalCost(qint64 rewritten, double extraUsd = 0) const;
    /// What removing `removed` tokens saves over the remaining requests.
    double saving(qint64 removed) const;
    /// The smallest batch worth removing at a cost of `costUsd` (see above).
    double batchTokens(double costUsd) const;
    /// What a summary call continuing a prefix of `prefixTokens` costs: the prefix read from the
    /// cache, the instruction written, the summary written as output.
    double summaryCallCost(qint64 prefixTokens, qint64 instructionTokens, qint64 summaryTokens) const;

    /// The figures of one decision, for the event's state.
    QJsonObject decision(qint64 removed, qint64 rewritten, double costUsd) const;
};

} // namespace valis::progressive
