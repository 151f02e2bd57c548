#include "valis/agent/retrypolicy.h"

#include <QRandomGenerator>

#include <algorithm>
#include <cmath>

namespace valis {

std::optional<std::chrono::milliseconds> RetryPolicy::delayBefore(int retry,
                                                                  std::optional<std::chrono::milliseconds> retryAfter) const
{
    if (retry < 1 || retry >= maxAttempts)
        return std::nullopt;
    const double spread = std::clamp(jitter, 0.0, 1.0);
    if (retryAfter) {
        if (*retryAfter > maxRetryAfter)
            return std::nullopt;
        // The server's wait is a floor: jitter only adds to it.
        const double extra = double(retryAfter->count()) * spread * QRandomGenerator::global()->generateDouble() * 0.5;
        return std::chrono::milliseconds(retryAfter->count() + qint64(extra));
    }
    const double base = double(initialDelay.count()) * std::pow(std::max(multiplier, 1.0), retry - 1);
    const double capped = std::min(base, double(maxDelay.count()));
    const double factor = 1.0 + spread * (QRandomGenerator::global()->generateDouble() * 2.0 - 1.0);
    return std::chrono::milliseconds(qint64(std::max(0.0, capped * factor)));
}

RetryPolicy RetryPolicy::fromJson(const QJsonObject &json, const RetryPolicy &defaults)
{
    RetryPolicy policy = defaults;
    auto readInt = [&json](const char *key, qint64 fallback) {
        const QJsonValue value = json.value(QLatin1String(key));
        return value.isDouble() && value.toDouble() >= 0 ? qint64(value.toDouble()) : fallback;
    };
    policy.maxAttempts = int(std::max<qint64>(1, readInt("maxAttempts", policy.maxAttempts)));
    policy.initialDelay = std::chrono::milliseconds(readInt("initialDelayMs", policy.initialDelay.count()));
    policy.maxDelay = std::chrono::milliseconds(readInt("maxDelayMs", policy.maxDelay.count()));
    policy.maxRetryAfter = std::chrono::milliseconds(readInt("maxRetryAfterMs", policy.maxRetryAfter.count()));
    if (json.value(QLatin1String("multiplier")).isDouble())
        policy.multiplier = std::max(1.0, json.value(QLatin1String("multiplier")).toDouble());
    if (json.value(QLatin1String("jitter")).isDouble())
        policy.jitter = std::clamp(json.value(QLatin1String("jitter")).toDouble(), 0.0, 1.0);
    return policy;
}

RetryPolicy RetryPolicy::fromJson(const QJsonObject &json)
{
    return fromJson(json, RetryPolicy());
}

QJsonObject RetryPolicy::toJson() const
{
    return {{QStringLiteral("maxAttempts"), maxAttempts},
            {QStringLiteral("initialDelayMs"), qint64(initialDelay.count())},
            {QStringLiteral("multiplier"), multiplier},
            {QStringLiteral("maxDelayMs"), qint64(maxDelay.count())},
            {QStringLiteral("maxRetryAfterMs"), qint64(maxRetryAfter.count())},
            {QStringLiteral("jitter"), jitter}};
}

} // namespace valis
