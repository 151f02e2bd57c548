#include "servercompactionstrategy.h"

#include "serversettings.h"
#include "valis/agent/contextpipeline.h"
#include "valis/context/spansummary.h"

#include <QJsonArray>

namespace valis {

using namespace anthropicserver;

QString ServerCompactionStrategy::id() const
{
    return QStringLiteral("anthropic-compaction");
}

QJsonObject ServerCompactionStrategy::defaultSettings() const
{
    return CompactionSettings::defaults();
}

QString ServerCompactionStrategy::systemPromptSection() const
{
    // For the model; English.
    return QStringLiteral(
        "# Context\n"
        "When this conversation grows long, its earlier part is replaced by a summary. State the facts you will "
        "need later (paths, ids, numbers, decisions) plainly in your messages so the summary keeps them.");
}

Result<StrategyReport> ServerCompactionStrategy::apply(QList<Message> &view, const StrategyBudget &budget,
                                                       const StrategyContext &context)
{
    const CompactionSettings settings = CompactionSettings::from(context.settings);
    const qint64 trigger = effectiveTrigger(settings.triggerInputTokens, budget.targetTokens, minimumCompactionTrigger);
    StrategyReport report;
    report.providerOptions = providerOptions(settings.edits(trigger), compactionBeta);
    if (!context.simulateServerSide || view.isEmpty())
        return report;

    const qint64 viewTokens = budget.viewTokens >= 0 ? budget.viewTokens : budget.count(view);
    const qint64 request = viewTokens + budget.fixedTokens + budget.correction;
    if (request <= trigger && !context.forced)
        return report;

    // The server summarises everything it was sent, then answers from the summary alone.
    const QString summary = extractiveSummary(view, extractArtifacts(view), settings.simulatedSummaryTokens * 4);
    Message replacement;
    replacement.id = QStringLiteral("server-compaction-") + view.constLast().id;
    replacement.role = Role::User;
    replacement.turn = view.constLast().turn;
    replacement.parts = {Part::makeText(QStringLiteral("<summary>\n") + summary + QStringLiteral("\n</summary>"))};

    // What the previous request already sent was read from the cache by the summary call.
    qint64 cached = budget.fixedTokens;
    for (int i = 0; i < qMin(int(view.size()), context.firstNewMessage); ++i)
        cached += budget.countTokens ? budget.countTokens(view.at(i)) : 0;
    const qint64 summaryTokens = budget.countTokens ? budget.countTokens(replacement) : summary.size() / 4;

    ViewEdit edit;
    edit.kind = ViewEdit::Kind::ReplacePrefix;
    edit.lastMessageId = view.constLast().id;
    edit.messages = {replacement};
    edit.item = QStringLiteral("span");
    edit.tokensBefore = viewTokens;
    edit.tokensAfter = summaryTokens;
    CompactionEvent event;
    event.action = QStringLiteral("server-compaction");
    event.edits = {edit};
    event.state = QJsonObject{{QStringLiteral("simulated"), true},
                              {QStringLiteral("summaryCall"),
                               QJsonObject{{QStringLiteral("inputTokens"), request},
                                           {QStringLiteral("cachedInputTokens"), qMin(cached, request)},
                                           {QStringLiteral("outputTokens"), summaryTokens}}}};
    for (const Message &message : std::as_const(view))
        report.replaced.append(message.id);
    applyViewEdits(view, event.edits);
    report.events.append(event);
    return report;
}

} // namespace valis
