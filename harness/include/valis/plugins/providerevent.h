#pragma once

#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>

namespace valis {

/// One normalised event of a model's streamed answer, the same for every provider.
///
/// A provider translates its wire format (Anthropic content blocks, OpenAI deltas, Responses
/// items) into this sequence: text and thinking deltas (a thinking block ends with its
/// ThinkingSignature when the provider signs reasoning; RedactedThinking carries opaque
/// reasoning); for each tool call ToolCallStarted (callId, toolName), any number of
/// ToolCallArgumentsDelta (callId, text = a piece of the JSON arguments) and ToolCallFinished
/// (callId) once its arguments are complete; UsageReported whenever the provider reports usage
/// (fields not reported are -1; the host merges reports field by field, later wins); and Stopped
/// (stopReason) exactly once, last. Events of different tool calls may interleave; callId pairs
/// them. A tool call without ToolCallFinished (the stream stopped at max_tokens mid-JSON) is
/// never run.
///
/// Stopped may carry `parts`: the whole answer as the provider's wire converter reads it back
/// (valis/wire/*), with the wire extras the record keeps (signatures, item ids, citations), so
/// the next request sends the answer back exactly as the provider expects. When `parts` is empty
/// the host assembles the answer from the deltas.
///
/// ContextEdited (before Stopped, at most once) says the provider edited the request's context on
/// its side before answering (server-side context management the request asked for): `details`
/// is {"family": the wire family ("anthropic"), "edits": [{"type": the provider's edit type,
/// "action": "server-clear-tool-uses" | "server-clear-thinking" | "server-compaction",
/// "clearedInputTokens", "clearedToolUses", "clearedThinkingTurns" (each only when reported)}],
/// "compactionUsage": {"inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens"} of
/// the provider's own summary call, when it made one}. What the provider returns for later
/// requests (a compaction block) stays in the Stopped parts.
struct VALIS_HARNESS_EXPORT ProviderEvent
{
    enum class Kind {
        TextDelta,
        ThinkingDelta,
        ThinkingSignature,
        RedactedThinking,
        ToolCallStarted,
        ToolCallArgumentsDelta,
        ToolCallFinished,
        UsageReported,
        Stopped,
        ContextEdited,
    };

    Kind kind = Kind::TextDelta;
    /// TextDelta, ThinkingDelta: the new text. ThinkingSignature: the signature of the thinking
    /// block just streamed. RedactedThinking: the opaque data. ToolCallArgumentsDelta: a JSON piece.
    QString text;
    QString callId;     ///< ToolCall*: the call the event belongs to.
    QString toolName;   ///< ToolCallStarted: the tool the model calls.
    Usage usage;        ///< UsageReported.
    QString stopReason; ///< Stopped: the record's stop reason ("end_turn", "tool_use", "max_tokens", ...).
    QList<Part> parts;  ///< Stopped: the assembled answer, when the provider gives it (see above).
    QJsonObject details; ///< ContextEdited: what the provider did (see above).

    static QString kindName(Kind kind);

    static ProviderEvent makeTextDelta(const QString &text);
    static ProviderEvent makeThinkingDelta(const QString &text);
    static ProviderEvent makeThinkingSignature(const QString &signature);
    static ProviderEvent makeRedactedThinking(const QString &data);
    static ProviderEvent makeToolCallStarted(const QString &callId, const QString &toolName);
    static ProviderEvent makeToolCallArgumentsDelta(const QString &callId, const QString &jsonPiece);
    static ProviderEvent makeToolCallFinished(const QString &callId);
    static ProviderEvent makeUsageReported(const Usage &usage);
    static ProviderEvent makeStopped(const QString &stopReason, const QList<Part> &parts = {});
    static ProviderEvent makeContextEdited(const QJsonObject &details);

    bool operator==(const ProviderEvent &other) const = default;
};

} // namespace valis

Q_DECLARE_METATYPE(valis::ProviderEvent)
