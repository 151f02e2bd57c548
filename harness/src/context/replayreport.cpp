#include "valis/context/replayer.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMap>

#include <cmath>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ReplayReport)
};

QJsonValue share(std::optional<double> value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

double rounded(double usd)
{
    return std::round(usd * 1e6) / 1e6;
}

QString usd(double amount)
{
    return amount < 1.0 ? QStringLiteral("$%1").arg(amount, 0, 'f', 4) : QStringLiteral("$%1").arg(amount, 0, 'f', 2);
}

QString percent(double share)
{
    return QStringLiteral("%1%").arg(share * 100.0, 0, 'f', 1);
}

QString shareText(std::optional<double> value)
{
    return value ? percent(*value) : QStringLiteral("-");
}

QString recoverabilityText(int recoverable, int removed)
{
    if (removed == 0)
        return Text::tr("nothing removed");
    return Text::tr("%1 (%2 of %3 removed items)").arg(percent(double(recoverable) / double(removed))).arg(recoverable).arg(removed);
}

} // namespace

QJsonObject ReplayRequest::toJson() const
{
    return QJsonObject{{QStringLiteral("recordIndex"), recordIndex},
                       {QStringLiteral("messageId"), messageId},
                       {QStringLiteral("turn"), turn},
                       {QStringLiteral("viewMessages"), viewMessages},
                       {QStringLiteral("requestTokens"), requestTokens},
                       {QStringLiteral("outputTokens"), outputTokens},
                       {QStringLiteral("windowShare"), windowShare},
                       {QStringLiteral("overflow"), overflow},
                       {QStringLiteral("cacheReadTokens"), cacheReadTokens},
                       {QStringLiteral("cacheWriteTokens"), cacheWriteTokens},
                       {QStringLiteral("invalidated"), invalidated},
                       {QStringLiteral("compactions"), compactions},
                       {QStringLiteral("actions"), QJsonArray::fromStringList(actions)},
                       {QStringLiteral("inputCostUsd"), rounded(inputCostUsd)},
                       {QStringLiteral("outputCostUsd"), rounded(outputCostUsd)},
                       {QStringLiteral("summaryCostUsd"), rounded(summaryCostUsd)},
                       {QStringLiteral("summaryInputTokens"), summaryInputTokens},
                       {QStringLiteral("summaryOutputTokens"), summaryOutputTokens},
                       {QStringLiteral("itemsRemoved"), itemsRemoved},
                       {QStringLiteral("itemsRecoverable"), itemsRecoverable},
                       {QStringLiteral("agentsMdIntact"), agentsMdIntact},
                       {QStringLiteral("oldFacts"), oldFacts},
                       {QStringLiteral("oldFactsVisible"), oldFactsVisible},
                       {QStringLiteral("oldFactsReachable"), oldFactsReachable},
                       {QStringLiteral("oldFactsVisibleShare"), share(oldFactsVisibleShare())},
                       {QStringLiteral("oldFactsReachableShare"), share(oldFactsReachableShare())}};
}

std::optional<double> ReplayRequest::oldFactsVisibleShare() const
{
    if (oldFacts <= 0)
        return std::nullopt;
    return double(oldFactsVisible) / double(oldFacts);
}

std::optional<double> ReplayRequest::oldFactsReachableShare() const
{
    if (oldFacts <= 0)
        return std::nullopt;
    return double(oldFactsReachable) / double(oldFacts);
}

double ReplayReport::cacheReadShare() const
{
    return inputTokens > 0 ? double(cacheReadTokens) / double(inputTokens) : 0.0;
}

std::optional<double> ReplayReport::recoverability() const
{
    if (itemsRemoved == 0)
        return std::nullopt;
    return double(itemsRecoverable) / double(itemsRemoved);
}

std::optional<double> ReplayReport::recoverabilityOutsideSummaries() const
{
    if (itemsRemovedOutsideSummaries == 0)
        return std::nullopt;
    return double(itemsRecoverableOutsideSummaries) / double(itemsRemovedOutsideSummaries);
}

QJsonObject ReplayReport::toJson(bool perRequest) const
{
    QJsonObject actionCounts;
    for (auto it = actions.constBegin(); it != actions.constEnd(); ++it)
        actionCounts.insert(it.key(), it.value());
    QJsonObject json{
        {QStringLiteral("session"), sessionId},
        {QStringLiteral("title"), title},
        {QStringLiteral("format"), format},
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("model"), model},
        {QStringLiteral("tokenizer"), tokenizer},
        {QStringLiteral("contextWindow"), contextWindow},
        {QStringLiteral("outputReserve"), outputReserve},
        {QStringLiteral("fixedTokens"), fixedTokens},
        {QStringLiteral("toolDefinitions"), toolDefinitions},
        {QStringLiteral("agentsMdBytes"), agentsMdBytes},
        {QStringLiteral("requests"), int(requests.size())},
        {QStringLiteral("inputTokens"), inputTokens},
        {QStringLiteral("cacheReadTokens"), cacheReadTokens},
        {QStringLiteral("cacheWriteTokens"), cacheWriteTokens},
        {QStringLiteral("cacheReadShare"), cacheReadShare()},
        {QStringLiteral("outputTokens"), outputTokens},
        {QStringLiteral("peakTokens"), peakTokens},
        {QStringLiteral("peakShare"), peakShare},
        {QStringLiteral("overflows"), overflows},
        {QStringLiteral("invalidations"), invalidations},
        {QStringLiteral("compactions"), compactions},
        {QStringLiteral("actions"), actionCounts},
        {QStringLiteral("summaryCalls"), summaryCalls},
        {QStringLiteral("summaryInputTokens"), summaryInputTokens},
        {QStringLiteral("summaryOutputTokens"), summaryOutputTokens},
        {QStringLiteral("inputCostUsd"), rounded(inputCostUsd)},
        {QStringLiteral("outputCostUsd"), rounded(outputCostUsd)},
        {QStringLiteral("summaryCostUsd"), rounded(summaryCostUsd)},
        {QStringLiteral("totalCostUsd"), rounded(totalCostUsd())},
        {QStringLiteral("itemsTracked"), itemsTracked},
        {QStringLiteral("itemsRemoved"), itemsRemoved},
        {QStringLiteral("itemsRecoverable"), itemsRecoverable},
        {QStringLiteral("recoverability"), share(recoverability())},
        {QStringLiteral("itemsRemovedOutsideSummaries"), itemsRemovedOutsideSummaries},
        {QStringLiteral("itemsRecoverableOutsideSummaries"), itemsRecoverableOutsideSummaries},
        {QStringLiteral("recoverabilityOutsideSummaries"), share(recoverabilityOutsideSummaries())},
        {QStringLiteral("factsTracked"), factsTracked},
        {QStringLiteral("factsRecentRequests"), factsRecentRequests},
        {QStringLiteral("factsMeasuredRequests"), factsMeasuredRequests},
        {QStringLiteral("oldFactsVisible"), share(oldFactsVisible)},
        {QStringLiteral("oldFactsVisibleAtLast"), share(oldFactsVisibleAtLast)},
        {QStringLiteral("oldFactsReachable"), share(oldFactsReachable)},
        {QStringLiteral("oldFactsReachableAtLast"), share(oldFactsReachableAtLast)},
        {QStringLiteral("agentsMdMissing"), agentsMdMissing},
        {QStringLiteral("wallMs"), wallMs},
        {QStringLiteral("notes"), QJsonArray::fromStringList(notes)}};
    if (!viewsDir.isEmpty())
        json.insert(QStringLiteral("viewsDir"), viewsDir);
    if (perRequest) {
        QJsonArray rows;
        for (const ReplayRequest &request : requests)
            rows.append(request.toJson());
        json.insert(QStringLiteral("perRequest"), rows);
    }
    return json;
}

QString ReplayReport::toTable(bool perRequest) const
{
    QString out;
    out += Text::tr("Session %1 (%2) replayed with %3").arg(sessionId, format.isEmpty() ? QStringLiteral("?") : format, strategy)
           + QLatin1Char('\n');
    if (!title.isEmpty())
        out += QStringLiteral("  ") + title.left(100) + QLatin1Char('\n');
    out += QStringLiteral("  ")
           + Text::tr("model %1 (tokens: %2) · window %3 · answer room %4 · fixed part %5 tokens (%n tool definition(s))",
                      nullptr, toolDefinitions)
                 .arg(model, tokenizer, formatTokenCount(contextWindow), formatTokenCount(outputReserve),
                      formatTokenCount(fixedTokens))
           + QLatin1Char('\n');
    out += QStringLiteral("  ")
           + Text::tr("%n request(s) · peak %1 tokens (%2 of the window) · overflows: %3", nullptr, int(requests.size()))
                 .arg(formatTokenCount(peakTokens), percent(peakShare))
                 .arg(overflows)
           + QLatin1Char('\n');
    out += QStringLiteral("  ")
           + Text::tr("input %1 tokens, of them read from the cache %2 (%3) · prefix invalidations: %4")
                 .arg(formatTokenCount(inputTokens), formatTokenCount(cacheReadTokens), percent(cacheReadShare()))
                 .arg(invalidations)
           + QLatin1Char('\n');
    QStringList actionList;
    QMap<QString, int> sorted;
    for (auto it = actions.constBegin(); it != actions.constEnd(); ++it)
        sorted.insert(it.key(), it.value());
    for (auto it = sorted.constBegin(); it != sorted.constEnd(); ++it)
        actionList.append(QStringLiteral("%1 %2").arg(it.key()).arg(it.value()));
    out += QStringLiteral("  ") + Text::tr("compactions: %1").arg(compactions)
           + (actionList.isEmpty() ? QString() : QStringLiteral(" (") + actionList.join(QStringLiteral(", ")) + QLatin1Char(')'))
           + QStringLiteral(" · ") + Text::tr("summary calls: %1").arg(summaryCalls) + QLatin1Char('\n');
    out += QStringLiteral("  ")
           + Text::tr("billed: input %1 + output %2 + summaries %3 = %4")
                 .arg(usd(inputCostUsd), usd(outputCostUsd), usd(summaryCostUsd), usd(totalCostUsd()))
           + QLatin1Char('\n');
    out += QStringLiteral("  ")
           + Text::tr("recoverability: %1; outside summaries: %2")
                 .arg(recoverabilityText(itemsRecoverable, itemsRemoved),
                      recoverabilityText(itemsRecoverableOutsideSummaries, itemsRemovedOutsideSummaries))
           + QLatin1Char('\n');
    out += QStringLiteral("  ")
           + (factsMeasuredRequests == 0
                  ? Text::tr("old facts: no request came late enough to measure them (%n fact(s) from the start of the transcript)",
                             nullptr, factsTracked)
                  : Text::tr("old facts verbatim in the view: %1 on average, %2 at the last request; reachable by one "
                             "get_turn: %3, %4 (%n fact(s) from the start of the transcript, each counted once %5 requests old)",
                             nullptr, factsTracked)
                        .arg(shareText(oldFactsVisible), shareText(oldFactsVisibleAtLast), shareText(oldFactsReachable),
                             shareText(oldFactsReachableAtLast))
                        .arg(factsRecentRequests))
           + QLatin1Char('\n');
    if (!viewsDir.isEmpty())
        out += QStringLiteral("  ") + Text::tr("the view of every request is in %1").arg(viewsDir) + QLatin1Char('\n');
    out += QStringLiteral("  ")
           + (agentsMdMissing == 0 ? Text::tr("AGENTS.md (%1 bytes) verbatim in every request").arg(agentsMdBytes)
                                   : Text::tr("AGENTS.md missing from %n request(s)", nullptr, agentsMdMissing))
           + QStringLiteral(" · ") + Text::tr("replay time %1 s").arg(double(wallMs) / 1000.0, 0, 'f', 2) + QLatin1Char('\n');
    for (const QString &note : notes)
        out += QStringLiteral("  ") + Text::tr("note: %1").arg(note) + QLatin1Char('\n');
    if (perRequest) {
        out += QStringLiteral("\n  %1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12\n")
                   .arg(Text::tr("#"), 5)
                   .arg(Text::tr("turn"), 5)
                   .arg(Text::tr("tokens"), 9)
                   .arg(Text::tr("window"), 7)
                   .arg(Text::tr("output"), 7)
                   .arg(Text::tr("cache read"), 10)
                   .arg(Text::tr("written"), 9)
                   .arg(Text::tr("cost"), 9)
                   .arg(Text::tr("removed"), 8)
                   .arg(Text::tr("old facts"), 9)
                   .arg(Text::tr("tagged"), 6)
                   .arg(Text::tr("events"));
        for (int i = 0; i < requests.size(); ++i) {
            const ReplayRequest &row = requests.at(i);
            QString events = row.actions.join(QLatin1Char(','));
            if (row.invalidated)
                events = (events.isEmpty() ? QString() : events + QLatin1Char(' ')) + Text::tr("[cache invalidated]");
            if (row.overflow)
                events = (events.isEmpty() ? QString() : events + QLatin1Char(' ')) + Text::tr("[overflow]");
            out += QStringLiteral("  %1 %2 %3 %4 %5 %6 %7 %8 %9 %10 %11 %12\n")
                       .arg(i + 1, 5)
                       .arg(row.turn, 5)
                       .arg(formatTokenCount(row.requestTokens), 9)
                       .arg(percent(row.windowShare), 7)
                       .arg(formatTokenCount(row.outputTokens), 7)
                       .arg(formatTokenCount(row.cacheReadTokens), 10)
                       .arg(formatTokenCount(row.cacheWriteTokens), 9)
                       .arg(usd(row.inputCostUsd + row.outputCostUsd + row.summaryCostUsd), 9)
                       .arg(row.itemsRemoved > 0 ? QStringLiteral("%1/%2").arg(row.itemsRecoverable).arg(row.itemsRemoved) : QString(), 8)
                       .arg(row.oldFacts > 0 ? QStringLiteral("%1/%2").arg(row.oldFactsVisible).arg(row.oldFacts) : QString(), 9)
                       .arg(row.oldFacts > 0 ? QString::number(row.oldFactsReachable) : QString(), 6)
                       .arg(events);
        }
    }
    return out;
}

} // namespace valis
