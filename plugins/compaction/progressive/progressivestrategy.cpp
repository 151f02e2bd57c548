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
        "# Context management\n"
        "Your context is managed so it never fills up, and nothing is lost:\n"
        "- A very large tool result is shown as a preview; the whole of it is in the file the preview names "
        "(/context/results/...). Read more of it with read_file and offset/limit.\n"
        "- Older tool results and older file-writing inputs are replaced by one-line pointers. Each pointer "
        "names the exact call that brings the content back (read_file on a /context/results/ path, or "
        "retrieve_memory for a [MemoryRef: ...]). The files you wrote are in the workspace as you left them.\n"
        "- When the conversation grows very long, its oldest part is replaced by a summary. The summary names "
        "a transcript under /context/transcripts/ that holds every message of that part verbatim.\n"
        "- search_history finds any earlier message of this session by its words and returns it exactly as it "
        "was.\n"
        "Before redoing work or guessing at something you saw earlier, get it back this way.");
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
    if (std::optional<CompactionEvent> evicted = evictOldItems(working, context.forced, &fellShort, &problems))
        report.events.append(*evicted);
    SummaryOutcome summary = summariseOldest(working, context.forced, fellShort, &problems);
    if (summary.event)
        report.events.append(*summary.event);
    if (summary.request)
        report.summaryRequests.append(*summary.request);
    report.waitForSummary = summary.wait;

    for (const CompactionEvent &event : std::as_const(report.events)) {
        for (const QString &id : event.replaced) {
            if (!report.replaced.contains(id))
                report.replaced.append(id);
        }
    }
    report.tokensAfter = working.requestTokens();
    // Archive failures leave content in place (it keeps its way back); they are worth telling,
    // but not worth refusing the rest of the work for.
    if (report.events.isEmpty() && !problems.isEmpty())
        return problems.constFirst();
    return report;
}

} // namespace valis
