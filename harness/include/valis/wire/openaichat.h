#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

/// Conversion between the record and the `messages` of an OpenAI Chat Completions request
/// (also spoken by OpenRouter, Groq, xAI, llama.cpp, vLLM, DeepSeek and most "OpenAI-compatible"
/// servers).
///
/// Reading is lossless: messagesToJson(messagesFromJson(x)) == x for every valid `x`, including
/// string vs array vs null content, "content": null vs no content key, the order of tool calls,
/// argument text that is not valid JSON, and keys this converter does not understand. What the
/// record has no field for is kept under Message::wire / Part::wire ["openai-chat"]:
///   - message level: `extra` (unknown keys verbatim: refusal, name, audio, cache_control,
///     reasoning, reasoning_details, ...), `role` ("developer" or "function" when the record's
///     role does not say it), `content` ("null", "absent" or "array" when the content form is not
///     the one the parts imply), `toolCalls` ("empty" or "null"), `parts` (content parts the
///     record has no kind for, such as input_audio, file or refusal, as {at, part}),
///     `inlineImages` (a tool message whose content array holds images);
///   - part level: `extra` (unknown keys of a content part or tool call), `imageUrl` (unknown
///     keys of an image_url object), `detail`, `url` (a data: URL that does not re-encode to the
///     same text), `functionExtra`, `type` ("custom" tool calls), `functionCall` (the legacy
///     single function_call), `absent` (keys of a tool call that were missing).
///
/// Writing accepts messages from any format and always produces valid chat shape: every
/// ToolResult becomes its own role "tool" message, in order, followed by a user message for the
/// rest of the record message (text, and any images tool results returned, which chat tool
/// messages cannot carry); Thinking parts become `reasoning_content` (redacted-only ones are
/// left out); other formats' wire extras are ignored. Image parts are written from
/// ImageRef::data as a data: URL, or from ImageRef::uri; a caller holding `blob:` images must
/// load their bytes first.
///
/// Record ids, timestamps, usage and metadata have no place in chat messages: messageFromJson
/// leaves them empty and the writers ignore them. All functions are pure and thread-safe.
namespace valis::wire::openaichat {

/// One chat message. Errors have code "wire.invalid" and say what is wrong.
VALIS_HARNESS_EXPORT Result<Message> messageFromJson(const QJsonObject &json);
/// A `messages` array. An error's location names the entry ("messages[3]").
VALIS_HARNESS_EXPORT Result<QList<Message>> messagesFromJson(const QJsonArray &json);

/// True when `message` becomes exactly one chat message (it does unless it carries several tool
/// results, or tool results together with other parts, or tool results with images).
VALIS_HARNESS_EXPORT bool mapsOneToOne(const Message &message);
/// The chat messages one record message becomes, in order (one or more; none for an empty
/// Tool message).
VALIS_HARNESS_EXPORT QJsonArray messageToJsonMessages(const Message &message);
/// The chat message for a message that maps one to one; for one that does not, the first of
/// the chat messages it becomes (use messagesToJson for those).
VALIS_HARNESS_EXPORT QJsonObject messageToJson(const Message &message);
/// A whole `messages` array.
VALIS_HARNESS_EXPORT QJsonArray messagesToJson(const QList<Message> &messages);

} // namespace valis::wire::openaichat
