#include "valis/catalog/modelinfo.h"

#include <QCoreApplication>

#include <cmath>

namespace valis {

namespace {
struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::ModelCatalog)
};

qint64 reported(qint64 tokens)
{
    return tokens > 0 ? tokens : 0;
}

std::optional<double> componentCost(qint64 tokens, const std::optional<double> &pricePerMillion)
{
    if (tokens <= 0)
        return 0.0;
    if (!pricePerMillion)
        return std::nullopt;
    return double(tokens) * *pricePerMillion / 1'000'000.0;
}
} // namespace

QString modelOriginName(ModelOrigin origin)
{
    switch (origin) {
    case ModelOrigin::BuiltIn:
        return QStringLiteral("built-in");
    case ModelOrigin::Override:
        return QStringLiteral("override");
    case ModelOrigin::BuiltInWithOverride:
        return QStringLiteral("built-in+override");
    case ModelOrigin::Fallback:
        return QStringLiteral("fallback");
    }
    return {};
}

QString matchKindName(MatchKind kind)
{
    switch (kind) {
    case MatchKind::Exact:
        return QStringLiteral("exact");
    case MatchKind::Alias:
        return QStringLiteral("alias");
    case MatchKind::Normalised:
        return QStringLiteral("normalised");
    case MatchKind::Prefix:
        return QStringLiteral("prefix");
    case MatchKind::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

ModelPrices ModelInfo::pricesFor(const Usage &usage) const
{
    if (!longContext)
        return prices;
    const qint64 prompt = reported(usage.inputTokens) + reported(usage.cacheReadTokens)
                          + reported(usage.cacheWriteTokens);
    return prompt > longContext->aboveInputTokens ? longContext->prices : prices;
}

std::optional<double> Cost::total() const
{
    if (!isKnown())
        return std::nullopt;
    return *input + *output + *cacheWrite + *cacheRead;
}

QString Cost::totalText() const
{
    return formatUsd(total());
}

Cost costOf(const ModelInfo &model, const Usage &usage)
{
    const ModelPrices prices = model.pricesFor(usage);
    Cost cost;
    cost.input = componentCost(usage.inputTokens, prices.input);
    cost.output = componentCost(usage.outputTokens, prices.output);
    cost.cacheWrite = componentCost(usage.cacheWriteTokens, prices.cacheWrite);
    cost.cacheRead = componentCost(usage.cacheReadTokens, prices.cacheRead);
    return cost;
}

QString formatUsd(std::optional<double> amount)
{
    if (!amount)
        return Text::tr("unknown");
    const double value = *amount;
    // Small amounts keep enough digits to be told apart ($0.0036); trailing zeros go.
    int decimals = std::fabs(value) >= 1.0 ? 2 : 4;
    if (value != 0 && std::fabs(value) < 0.0001)
        decimals = 6;
    QString text = QString::number(value, 'f', decimals);
    if (decimals > 2) {
        while (text.endsWith(QLatin1Char('0')) && text.indexOf(QLatin1Char('.')) < text.size() - 3)
            text.chop(1);
    }
    return QLatin1Char('$') + text;
}

QString formatTokenCount(qint64 tokens)
{
    QString digits = QString::number(tokens < 0 ? -tokens : tokens);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return tokens < 0 ? QLatin1Char('-') + digits : digits;
}

} // namespace valis
