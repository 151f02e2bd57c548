#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"
#include "valis/plugins/providerfailure.h"

#include <QString>

#include <chrono>
#include <optional>

namespace valis {

/// What a provider failure means for the agent loop. The one place that decides about retrying.
enum class FailureCategory {
    Auth,            ///< 401/403: the key is missing, wrong or lacks permission.
    RateLimited,     ///< 429 or a rate_limit error: wait and retry.
    Overloaded,      ///< 529, 503 or an overloaded error: wait and retry.
    ServerError,     ///< Other 5xx or an api_error: retry.
    ContextOverflow, ///< The prompt does not fit the model's window: the context pipeline must act.
    InvalidRequest,  ///< Other 4xx: the request itself is wrong (unknown model, bad parameter).
    Network,         ///< No connection, or it broke before the answer began.
    Timeout,         ///< The server went silent.
    Interrupted,     ///< The answer stopped part way (the connection dropped mid-stream).
    Protocol,        ///< The answer could not be read.
    Cancelled,       ///< Someone stopped it.
};

VALIS_HARNESS_EXPORT QString failureCategoryName(FailureCategory category);

/// What the classifier needs to know to write a helpful message.
struct VALIS_HARNESS_EXPORT FailureContext
{
    QString providerName;        ///< "Anthropic" (Provider::displayName()).
    QString providerId;          ///< "anthropic", for `valis-cli keys set <id>`.
    ProviderDefaults defaults;   ///< key variables and where to get a key.
    QString keySource;           ///< where the key that was sent came from ("keychain", "ANTHROPIC_API_KEY"); empty: none was sent.
    QString baseUrl;             ///< the endpoint, for connection messages.
    /// The key that was sent: a provider that echoes it in an error message gets it replaced
    /// by "[key]", so it never reaches an event, the record or a log.
    QString secret;
};

/// A failure with its verdict. `error.code` is "provider.<category>" (provider.auth,
/// provider.rate-limited, provider.context-overflow, ...); `error.message` is translated and
/// says what happened and what to do; `retryable` says whether trying the same request again
/// can help; `retryAfter` is the wait the provider asked for.
struct VALIS_HARNESS_EXPORT ClassifiedFailure
{
    FailureCategory category = FailureCategory::Protocol;
    bool retryable = false;
    std::optional<std::chrono::milliseconds> retryAfter;
    Error error;
    ProviderFailure failure; ///< the facts it was made from
};

/// Decides what a ProviderFailure means. Pure; used by every provider request the harness makes.
VALIS_HARNESS_EXPORT ClassifiedFailure classifyProviderFailure(const ProviderFailure &failure,
                                                               const FailureContext &context);

} // namespace valis
