#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/providerevent.h"
#include "valis/plugins/providerfailure.h"
#include "valis/provider/sseparser.h"

#include <QList>

#include <optional>

namespace valis {

/// Turns one provider's SSE events into normalised ProviderEvents (one decoder per request).
///
/// Each provider plugin implements one for its wire format (Anthropic Messages, OpenAI Chat
/// Completions, OpenAI Responses); HttpSseStream feeds it. Decoders are pure: no I/O, no
/// signals, no timers, so tests and benchmarks drive them with recorded bytes.
class VALIS_HARNESS_EXPORT StreamDecoder
{
public:
    enum class Status {
        Continue, ///< More events are expected.
        Done,     ///< The stream's own end marker was seen (message_stop, [DONE], response.completed); Stopped was appended.
        Failed,   ///< The event was an error or could not be read; see the failure.
    };

    virtual ~StreamDecoder();

    /// Decodes one event, appending what it means to `out`. On Failed, `failure` says why (a
    /// StreamError with the provider's error type and message, or a Protocol failure naming
    /// the event that could not be read). Events after Done or Failed are not fed.
    virtual Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure) = 0;

    /// The connection closed cleanly before Done. A decoder whose format has no end marker for
    /// some servers (an OpenAI-compatible server that sends no [DONE] but did send a
    /// finish_reason) may append Stopped and return Done; otherwise it returns Failed with an
    /// Interrupted failure.
    virtual Status finish(QList<ProviderEvent> &out, ProviderFailure *failure) = 0;
};

} // namespace valis
