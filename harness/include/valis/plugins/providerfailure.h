#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QMetaType>
#include <QString>

#include <chrono>
#include <optional>

namespace valis {

/// Why a provider request did not finish, as raw facts. A provider reports what happened (the
/// HTTP status, the provider's own error type, the retry-after it asked for); it never decides
/// whether to retry. That decision is made in one place, classifyProviderFailure()
/// (valis/agent/failureclassifier.h), for every provider alike.
struct VALIS_HARNESS_EXPORT ProviderFailure
{
    enum class Kind {
        Transport,   ///< No HTTP answer: connection refused or reset before a status, DNS, TLS.
        Http,        ///< The server answered with a non-2xx status (`httpStatus`).
        StreamError, ///< An error event inside a 2xx stream (Anthropic `event: error`, Responses `response.failed`).
        Interrupted, ///< The connection ended before the stream's own end marker (a drop mid-answer).
        Protocol,    ///< The stream could not be understood (malformed event, wrong content type).
        Timeout,     ///< No byte arrived within the idle timeout.
        Cancelled,   ///< ProviderStream::cancel() was called.
    };

    Kind kind = Kind::Transport;
    QString providerId;         ///< The Provider::id() that failed, for messages ("anthropic").
    int httpStatus = 0;         ///< Http: the status code; 0 otherwise.
    /// The provider's error type or code as it spelled it ("overloaded_error",
    /// "rate_limit_exceeded", "context_length_exceeded", "invalid_request_error"); may be empty.
    QString errorType;
    /// The provider's (or the transport's) own message, untranslated; may be empty.
    QString message;
    /// How long the provider asked us to wait (retry-after, retry-after-ms), when it said.
    std::optional<std::chrono::milliseconds> retryAfter;

    static QString kindName(Kind kind);
};

} // namespace valis

Q_DECLARE_METATYPE(valis::ProviderFailure)
