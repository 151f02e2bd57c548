#pragma once

#include "valis/harness_export.h"

#include <QJsonObject>

#include <chrono>
#include <optional>

namespace valis {

/// Exponential backoff with jitter that honours a server's retry-after. Used for provider
/// requests (retryable failures) and, with its own settings, for tool calls whose failure the
/// tool marked retryable.
struct VALIS_HARNESS_EXPORT RetryPolicy
{
    /// Attempts in all, the first included: 1 means never retry.
    int maxAttempts = 5;
    std::chrono::milliseconds initialDelay{1000};
    double multiplier = 2.0;
    std::chrono::milliseconds maxDelay{60000};
    /// A retry-after longer than this is not waited for: the failure is reported instead.
    std::chrono::milliseconds maxRetryAfter{std::chrono::minutes(5)};
    /// +/- this share of the delay is random, so many clients do not retry in step.
    double jitter = 0.2;

    /// The wait before retry number `retry` (1 = the second attempt), or nothing when the
    /// attempts are used up or the server asked for longer than maxRetryAfter. A retry-after is
    /// honoured as given (never shortened; jitter only lengthens it).
    std::optional<std::chrono::milliseconds> delayBefore(int retry,
                                                         std::optional<std::chrono::milliseconds> retryAfter = {}) const;

    /// Reads {"maxAttempts", "initialDelayMs", "multiplier", "maxDelayMs", "maxRetryAfterMs",
    /// "jitter"} over `defaults`; missing keys keep the default, wrong types are ignored.
    static RetryPolicy fromJson(const QJsonObject &json, const RetryPolicy &defaults);
    static RetryPolicy fromJson(const QJsonObject &json);
    QJsonObject toJson() const;
};

} // namespace valis
