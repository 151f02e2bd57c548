#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace valis {

/// The room a strategy works in, set by the context pipeline for each request.
struct VALIS_HARNESS_EXPORT StrategyBudget
{
    qint64 contextWindow = -1; ///< The model's whole window, in tokens.
    /// What the view should fit in once this step is done: the window minus the output
    /// reserve and a margin. A strategy that is already under it should change nothing.
    qint64 targetTokens = -1;
    /// Counts one message the way the pipeline counts (exact or calibrated, cached per part).
    /// Strategies use it rather than their own guess, so reports add up.
    std::function<qint64(const Message &)> countTokens;

    /// The sum of countTokens over `messages`; -1 when countTokens is not set.
    qint64 count(const QList<Message> &messages) const;
};

/// What one apply() did, for the CompactionEvent the pipeline reports.
struct VALIS_HARNESS_EXPORT StrategyReport
{
    qint64 tokensBefore = -1;
    qint64 tokensAfter = -1;
    /// Ids of the messages the strategy replaced, shortened or removed from the view, in view
    /// order. Empty when it changed nothing.
    QStringList replaced;
};

/// One ordered step of the context pipeline: transforms the view, never the record.
///
/// Owned by its StrategyPlugin; valid between the plugin's initialize() and shutdown(). apply()
/// edits `view` in place (the messages the next request will send) and must leave it valid for
/// a provider: every tool call keeps its result, and every replacement carries a way back to the
/// record (a path, a [MemoryRef: ...], a turn id). On an Error the pipeline discards the view
/// this step produced and continues with the one it had. This is the first version of the seam;
/// background work and turn renditions come with a later API version.
class VALIS_HARNESS_EXPORT ContextStrategy
{
public:
    virtual ~ContextStrategy();

    /// A stable id ("offload", "gradient"), unique across plugins.
    virtual QString id() const = 0;
    virtual Result<StrategyReport> apply(QList<Message> &view, const StrategyBudget &budget) = 0;
};

} // namespace valis
