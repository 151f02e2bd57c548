#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QMetaType>
#include <QString>

namespace valis {

/// One normalised event of a model's streamed answer, the same for every provider.
///
/// A provider translates its wire format (Anthropic content blocks, OpenAI deltas, Responses
/// items) into this sequence: text and thinking deltas; for each tool call ToolCallStarted
/// (callId, toolName), any number of ToolCallArgumentsDelta (callId, text = a piece of the JSON
/// arguments) and ToolCallFinished (callId); UsageReported whenever the provider reports usage
/// (the last report wins); and Stopped (stopReason) exactly once, last. Events of different tool
/// calls may interleave; callId pairs them. Which fields are meaningful depends on `kind`; the
/// make functions build valid events.
struct VALIS_HARNESS_EXPORT ProviderEvent
{
    enum class Kind {
        TextDelta,
        ThinkingDelta,
        ToolCallStarted,
        ToolCallArgumentsDelta,
        ToolCallFinished,
        UsageReported,
        Stopped,
    };

    Kind kind = Kind::TextDelta;
    QString text;       ///< TextDelta, ThinkingDelta: the new text. ToolCallArgumentsDelta: a JSON piece.
    QString callId;     ///< ToolCall*: the call the event belongs to.
    QString toolName;   ///< ToolCallStarted: the tool the model calls.
    Usage usage;        ///< UsageReported.
    QString stopReason; ///< Stopped: the record's stop reason ("end_turn", "tool_use", "max_tokens", ...).

    static ProviderEvent makeTextDelta(const QString &text);
    static ProviderEvent makeThinkingDelta(const QString &text);
    static ProviderEvent makeToolCallStarted(const QString &callId, const QString &toolName);
    static ProviderEvent makeToolCallArgumentsDelta(const QString &callId, const QString &jsonPiece);
    static ProviderEvent makeToolCallFinished(const QString &callId);
    static ProviderEvent makeUsageReported(const Usage &usage);
    static ProviderEvent makeStopped(const QString &stopReason);

    bool operator==(const ProviderEvent &other) const = default;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::ProviderEvent)
