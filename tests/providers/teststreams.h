#pragma once

#include <QByteArray>

/// Hand-made SSE streams for the decoder tests, each showing quirks of real servers. They live
/// apart from the test classes because moc cannot read raw string literals holding backslashes.
namespace valis::test::streams {

/// A text answer the way the API pads it: spaces after the JSON, a ping inside a block,
/// usage in message_start and again (output only) in message_delta.
extern const QByteArray anthropicPaddedTextStream;
/// Thinking with a signature in two signature_delta pieces, redacted thinking, a tool call
/// with a ping between its argument pieces, and a tool call without input deltas.
extern const QByteArray anthropicThinkingToolStream;
/// A tool call cut off by max_tokens in the middle of its JSON.
extern const QByteArray anthropicCutToolStream;
/// A server tool call, its web search result, and text with a citations_delta.
extern const QByteArray anthropicServerToolStream;
/// A block type the decoder does not know (compaction) with its own delta type, an
/// unknown event type, and no message_delta.
extern const QByteArray anthropicUnknownBlockStream;
/// A text answer: a role chunk, padded JSON, a finish_reason, the usage chunk with empty
/// choices (with cached tokens), and [DONE].
extern const QByteArray chatTextStream;
/// Two tool calls whose chunks interleave by index; only the first chunk of each has the id.
extern const QByteArray chatParallelToolsStream;
/// A llama.cpp-style call that never carries an id, with reasoning_content first, and no
/// usage.
extern const QByteArray chatIdlessToolStream;
/// Two calls a server sends both at index 0, told apart by their ids, and a "stop"
/// finish_reason although it called tools.
extern const QByteArray chatReusedIndexStream;
/// A tool call cut off at the token limit (finish_reason "length").
extern const QByteArray chatLengthStream;
/// A server that closes the stream after the finish_reason without sending [DONE].
extern const QByteArray chatNoDoneStream;
/// OpenRouter's "reasoning" field (beside reasoning_details), then a refusal.
extern const QByteArray chatReasoningRefusalStream;
/// Text, then an error object in the stream.
extern const QByteArray chatErrorStream;
/// A text answer with every event the API sends around it, sequence numbers included.
extern const QByteArray responsesTextStream;
/// Reasoning with a streamed summary and encrypted content, then a function call streamed in
/// pieces.
extern const QByteArray responsesToolStream;
/// Items that arrive whole in output_item.done (no deltas, no .added), and a
/// response.completed with an empty output.
extern const QByteArray responsesWholeItemsStream;
/// Text cut off by max_output_tokens.
extern const QByteArray responsesIncompleteStream;
/// A response that fails after some text.
extern const QByteArray responsesFailedStream;
/// An error event.
extern const QByteArray responsesErrorStream;

} // namespace valis::test::streams
