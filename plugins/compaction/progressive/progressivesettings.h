#pragma once

#include "valis/core/result.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <QStringList>

namespace valis::progressive {

/// The progressive strategy's thresholds and tool knowledge, from the session's settings
/// (ContextSettings) over these defaults. Shares are of the model's context window.
struct ProgressiveSettings
{
    /// A tool result over this many tokens is moved out of the view at once, whatever the budget.
    qint64 offloadTokens = 20000;
    int previewHeadLines = 20;
    int previewTailLines = 20;
    /// Eviction runs when the request passes this share of the window, and then frees enough to
    /// get under evictTo, so it does not run again for many turns (the cached prefix holds).
    double evictAt = 0.85;
    double evictTo = 0.20;
    /// Before evictAt, a view over this many tokens is compacted when that pays for itself
    /// (CostModel: what carrying the tokens costs over the requests expected, against the
    /// prefix rewrite and any summary call). Off when 0: then only the thresholds compact.
    qint64 evictEarlyTokens = 24000;
    /// Kept so that settings naming it stay valid; the cost decision replaced the share rule.
    double evictEarlyShare = 0.4;
    /// Whether the cost decision may also summarise before summariseAt (when eviction alone
    /// cannot free what pays: a view of mostly talk).
    bool summariseForCost = true;
    /// The most recent tool results (and write inputs) stay verbatim.
    int keepRecentResults = 3;
    /// Tool inputs under this many tokens are not worth a pointer.
    qint64 evictInputTokens = 200;
    /// Summarising swaps in when the request passes this share of the window minus the room
    /// reserved for the summary and the answer.
    double summariseAt = 0.95;
    qint64 summaryReserveTokens = 4096;
    /// What a summary leaves verbatim at the end of the view, as a share of the window.
    double keepRecentShare = 0.08;
    /// Once eviction cannot reach evictTo, swap the summary in as soon as it is ready rather than
    /// at summariseAt.
    bool swapWhenReady = true;
    int summaryMaxWords = 1200;
    /// Results of these tools are never moved (besides ToolSpec::keepResultsInContext): plans,
    /// skill texts, memory tool answers, under the names other agents give them too.
    QSet<QString> neverMove;
    /// Write tools and the argument keys holding what they wrote (replaced by a pointer).
    QHash<QString, QStringList> writeTools;
    /// Argument keys naming the file a write tool wrote.
    QStringList pathKeys;

    /// The defaults as JSON (ContextStrategy::defaultSettings()).
    static QJsonObject defaults();
    /// `json` over the defaults; "context.bad-setting" names a value of the wrong type or range.
    static Result<ProgressiveSettings> fromJson(const QJsonObject &json);
};

} // namespace valis::progressive
