#include "progressivestrategy.h"

#include "evict.h"
#include "offload.h"
#include "progressivesettings.h"
#include "summarise.h"
#include "workingview.h"

namespace valis {

using namespace progressive;

QJsonObject ProgressiveStrategy::defaultSettings() const
{
    return ProgressiveSettings::defaults();
}

QString ProgressiveStrategy::systemPromptSection() const
{
    // For the model; English.
    return QStringLiteral(
        "# Context\n"
        "Old tool results and file-writing inputs may be replaced by one-line pointers, a large result by a preview, "
        "and old turns by a summary that names their transcript under /context/transcripts/. Each names the exact "
        "call that brings the content back (read_file, retrieve_memory); search_history finds any earlier message "
        "verbatim. Get things back that way rather than redoing work or guessing.");
}

Result<StrategyReport> ProgressiveStrategy::apply(QList<Message> &view, const StrategyBudget &budget,
                                                  const StrategyContext &context)
{
    Result<ProgressiveSettings> settings = ProgressiveSettings::fromJson(context.settings);
    if (settings.hasError())
        return settings.error();
    WorkingView working(view, budget, context, settings.value());
    StrategyReport report;
    report.tokensBefore = working.requestTokens();
    QList<Error> problems;

    if (std::optional<CompactionEvent> offloaded = offloadLargeResults(working, &problems))
        report.events.append(*offloaded);
    bool fellShort = false;
    bool evictedNow = false;
    if (std::optional<CompactionEvent> evicted = evictOldItems(working, context.forced, &fellShort, &problems)) {
        report.events.append(*evicted);
        evictedNow = true;
    }
    // One prefix rewrite a build: a summary that pays for itself waits for a build without one.
    SummaryOutcome summary = summariseOldest(working, context.forced, fellShort, !evictedNow, &problems);
    if (summary.event)
        report.events.append(*summary.event);
    if (summary.request)
        report.summaryRequests.append(*summary.request);
    report.waitForSummary = summary.wait;

    report.collectReplaced();
    report.tokensAfter = working.requestTokens();
    // Archive failures leave content in place (it keeps its way back); they are worth telling,
    // but not worth refusing the rest of the work for.
    if (report.events.isEmpty() && !problems.isEmpty())
        return problems.constFirst();
    return report;
}

} // namespace valis
