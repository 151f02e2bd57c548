#pragma once

#include "jsonscanner.h"
#include "valis/provider/streamdecoder.h"
#include "valis/record/message.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace valis::providers::openaichat {

/// One entry of a chunk's delta.tool_calls, as sent.
struct ToolCallDelta
{
    qint64 index = 0; ///< its `index`, or its position in the array when it has none
    QString id;       ///< "" when absent
    QString name;
    QString arguments;

    bool operator==(const ToolCallDelta &other) const = default;
};

/// What the decoder reads from a chunk without "error": the first choice's delta, its
/// finish_reason and the chunk's usage. A text field is empty when it is absent or not a string.
struct ChatChunk
{
    bool hasChoice = false;
    std::optional<QString> content;
    std::optional<QString> refusal;
    std::optional<QString> reasoningContent;
    std::optional<QString> reasoning;
    QList<ToolCallDelta> toolCalls;
    QString finishReason; ///< empty when null or absent
    std::optional<Usage> usage;

    bool operator==(const ChatChunk &other) const = default;
};

/// Reads a chunk with JsonScanner; empty when the chunk has an "error", more than one choice,
/// or anything the scanner is not sure about (the caller then reads it with QJsonDocument).
std::optional<ChatChunk> scanChatChunk(QByteArrayView data);
/// The same from the parsed chunk (the reference scanChatChunk agrees with).
ChatChunk chatChunkFromJson(const QJsonObject &chunk);

/// Decodes a Chat Completions stream (`data: {chunk}` lines ending with `data: [DONE]`) from
/// OpenAI or an OpenAI-compatible server into ProviderEvents. One decoder per request. Only
/// the choice with index 0 is read (a request asks for one).
///
/// delta.content -> TextDelta; delta.refusal -> TextDelta as well (the record has no refusal
/// kind, and a person must see why there is no answer); delta.reasoning_content, or else
/// delta.reasoning (OpenRouter), -> ThinkingDelta. delta.tool_calls are paired by `index`, so
/// parallel calls may interleave; a chunk without an id (llama.cpp sends the id once) belongs to
/// the call of its index, a new id at a used index starts a new call, and a call that never got
/// an id is called "call_<index>". ToolCallStarted is sent once the call's name is known, with
/// any arguments received before it. A `usage` object (the last chunk, with empty choices) ->
/// UsageReported with Usage::fromInclusivePrompt(prompt_tokens, completion_tokens,
/// prompt_tokens_details.cache_write_tokens (OpenRouter) or -1, prompt_tokens_details.cached_tokens
/// or DeepSeek's prompt_cache_hit_tokens or -1).
///
/// At the end ([DONE], or a clean close after a finish_reason: some compatible servers send no
/// [DONE]) every started call gets ToolCallFinished, unless finish_reason is "length" (its
/// arguments may be cut), then Stopped with finish_reason mapped to the record's names: stop ->
/// end_turn (tool_use when the model did call tools: some servers say "stop" then),
/// tool_calls / function_call -> tool_use, length -> max_tokens, content_filter ->
/// content_filter, others as sent; and parts = wire::openaichat::messageFromJson of the
/// assembled assistant message. A clean close with no finish_reason is Interrupted.
/// `data: {"error": ...}` -> StreamError (the error's code, else its type, and message); data
/// that is not JSON -> Protocol naming the chunk.
///
/// Chunks are read with scanChatChunk() and, when it declines, with QJsonDocument;
/// FastPath::Off reads every chunk with QJsonDocument, with the same result.
class ChatDecoder final : public StreamDecoder
{
public:
    explicit ChatDecoder(FastPath fastPath = FastPath::On) : m_fastPath(fastPath) {}

    Status decode(const SseEvent &event, QList<ProviderEvent> &out, ProviderFailure *failure) override;
    Status finish(QList<ProviderEvent> &out, ProviderFailure *failure) override;

private:
    struct Call
    {
        QString id;
        QString name;
        QString arguments;
        qint64 index = 0;
        bool started = false;
    };

    void apply(const ChatChunk &chunk, QList<ProviderEvent> &out);
    void applyToolCall(const ToolCallDelta &toolCall, QList<ProviderEvent> &out);
    Status stop(QList<ProviderEvent> &out, ProviderFailure *failure);

    FastPath m_fastPath;
    QString m_text;
    QString m_reasoning;
    QList<Call> m_calls;
    QHash<qint64, qsizetype> m_callByIndex; ///< chunk index -> position in m_calls
    QString m_finishReason;
};

/// The record's stop reason for a Chat Completions finish_reason (see ChatDecoder).
QString stopReasonFromFinishReason(const QString &finishReason, bool calledTools);

} // namespace valis::providers::openaichat
