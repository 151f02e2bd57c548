#include "costmodel.h"

#include <cmath>

namespace valis::progressive {

namespace {

// claude-sonnet-4-5 per million tokens: a model without prices is priced like a typical
// cached model, so the decisions keep their shape (only the ratios matter for most of them).
constexpr double FallbackInput = 3.0;
constexpr double FallbackOutput = 15.0;
constexpr double FallbackWrite = 3.75;
constexpr double FallbackRead = 0.3;

} // namespace

CostModel CostModel::estimate(const WorkingView &view)
{
    CostModel model;
    const ModelPrices &prices = view.context().model.prices;
    if (prices.input && (*prices.input > 0 || (prices.output && *prices.output > 0))) {
        model.input = *prices.input / 1e6;
        model.output = prices.output ? *prices.output / 1e6 : model.input * 5;
        // No write price: the provider charges none (the input price); no read price: it caches
        // nothing, so a carried token costs the full input price every request.
        model.write = prices.cacheWrite ? *prices.cacheWrite / 1e6 : model.input;
        model.read = prices.cacheRead ? *prices.cacheRead / 1e6 : model.input;
    } else {
        model.fallbackPrices = true;
        model.input = FallbackInput / 1e6;
        model.output = FallbackOutput / 1e6;
        model.write = FallbackWrite / 1e6;
        model.read = FallbackRead / 1e6;
    }
    model.write = qMax(model.write, model.read);

    const StrategyContext &context = view.context();
    int requests = 1; // this one
    for (const Message &message : context.record)
        requests += message.role == Role::Assistant ? 1 : 0;
    qint64 removed = 0;
    for (const CompactionEvent &event : context.history) {
        for (const ViewEdit &edit : event.edits)
            removed += qMax<qint64>(0, edit.tokensBefore - edit.tokensAfter);
    }
    const qint64 viewTokens = view.requestTokens() - view.budget().fixedTokens - view.budget().correction;
    model.requestsSoFar = requests;
    model.requestsPerTurn = double(requests) / double(qMax(1, context.currentTurn));
    model.remainingRequests = qMax(double(requests), model.requestsPerTurn);
    model.growthPerRequest = qMax(1.0, double(qMax<qint64>(0, viewTokens) + removed) / double(requests));
    return model;
}

double CostModel::removalCost(qint64 rewritten, double extraUsd) const
{
    return double(qMax<qint64>(0, rewritten)) * (write - read) + extraUsd;
}

double CostModel::saving(qint64 removed) const
{
    return double(qMax<qint64>(0, removed)) * read * remainingRequests;
}

double CostModel::batchTokens(double costUsd) const
{
    if (costUsd <= 0 || read <= 0)
        return 0;
    return std::sqrt(2.0 * costUsd * growthPerRequest / read);
}

double CostModel::summaryCallCost(qint64 prefixTokens, qint64 instructionTokens, qint64 summaryTokens) const
{
    return double(prefixTokens) * read + double(instructionTokens) * write + double(summaryTokens) * output;
}

QJsonObject CostModel::decision(qint64 removed, qint64 rewritten, double costUsd) const
{
    return {{QStringLiteral("removedTokens"), removed},
            {QStringLiteral("rewrittenTokens"), rewritten},
            {QStringLiteral("costUsd"), costUsd},
            {QStringLiteral("savingUsd"), saving(removed)},
            {QStringLiteral("remainingRequests"), remainingRequests},
            {QStringLiteral("growthPerRequest"), growthPerRequest},
            {QStringLiteral("fallbackPrices"), fallbackPrices}};
}

} // namespace valis::progressive
