#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonArray>
#include <QLatin1String>
#include <QList>

/// Lossless conversion between the record and the OpenAI Responses API item list: a request's
/// `input` array and a response's `output` array hold the same kinds of items.
///
/// Reading groups items the way the record thinks about them: consecutive model-side items
/// (reasoning, assistant messages, function / custom / local-shell calls) become ONE assistant
/// Message with one part per content element, summary element or call; consecutive tool outputs
/// become one Tool message; every user, system or developer message item is a Message of its own.
/// What the record has no field for (item id, status, type, role, annotations, logprobs, image
/// detail, an EasyInputMessage's missing "type", ...) is kept per part under
/// Part::wire["openai-responses"] (see `key` below), so itemsToJson(itemsFromJson(x)) == x for
/// every item list x that itemsFromJson accepts.
///
/// Mapping:
///  - message: input_text / output_text / refusal -> Text; input_image -> Image (a base64 data
///    URL becomes ImageRef::data, any other URL ImageRef::uri, a file_id the uri
///    "openai-file:<id>"); a plain-string content -> one Text. input_file and unknown content
///    types are kept verbatim as an empty Text part.
///  - function_call, custom_tool_call (input as argument text), local_shell_call (tool name
///    "local_shell", arguments = action) -> ToolCall; their *_output items -> ToolResult.
///  - reasoning -> one Thinking part per summary_text (and per reasoning_text content element),
///    encrypted_content in the first part's redactedData; an empty reasoning is one empty
///    Thinking part.
///  - any other item type is kept verbatim as an empty Text part. Types ending in "_call" (web
///    search, file search, computer, MCP, ...) sit in the assistant message, types ending in
///    "_output" in the tool message; the rest (item_reference, ...) ride along with the message
///    before them, or open a User message when they come first.
///
/// Writing accepts messages from any format and always yields valid items: tool results in a
/// user message become function_call_output items beside a user message item, images in an
/// assistant message go into a user message item, and Thinking parts that did not come from this
/// format (Anthropic thinking, reasoning recovered from logs) are left out, because the Responses
/// API only accepts reasoning items it issued itself. Other formats' wire extras are ignored.
/// The API has no error flag on tool outputs, so ToolResult::isError does not travel. Images are
/// written from ImageRef::data (as a data URL) or ImageRef::uri: a caller sending stored messages
/// loads `blob:` images into `data` first.
namespace valis::wire::openairesponses {

/// Converts an item list. Fails with Error{"wire.invalid", ..., "items[i]..."} for an item that
/// is not an object, has neither type nor role, a message with an unknown role or content of the
/// wrong shape, a call or output without call_id, and fields of the wrong JSON type.
VALIS_HARNESS_EXPORT Result<QList<Message>> itemsFromJson(const QJsonArray &items);

/// Converts messages to an item list; never fails (see above for what cannot travel).
VALIS_HARNESS_EXPORT QJsonArray itemsToJson(const QList<Message> &messages);

/// The ImageRef::uri scheme of an image the OpenAI Files API holds ("openai-file:file-abc").
inline constexpr QLatin1String openAiFileScheme{"openai-file:"};

/// Keys inside Part::wire["openai-responses"].
namespace key {
/// The item's fields the part does not hold (type, role, id, status, phase, ...): present on the
/// first part of every item, so it also marks where items begin.
inline constexpr QLatin1String item{"item"};
/// The content / summary / output element's fields the part does not hold (type, annotations,
/// logprobs, detail, file_id, ...).
inline constexpr QLatin1String element{"element"};
/// Which array of a reasoning item the element came from: "summary" or "content".
inline constexpr QLatin1String array{"array"};
/// true: the message content or tool output was a plain string, not an array.
inline constexpr QLatin1String plainText{"plainText"};
/// true: the item had no elements; the part only marks the item.
inline constexpr QLatin1String empty{"empty"};
/// A whole item the record has no meaning for, verbatim.
inline constexpr QLatin1String rawItem{"rawItem"};
/// A whole content element the record has no meaning for, verbatim.
inline constexpr QLatin1String rawElement{"rawElement"};
/// "id": a local shell call or output that named its call by `id` instead of `call_id`.
inline constexpr QLatin1String callIdFrom{"callIdFrom"};
} // namespace key

} // namespace valis::wire::openairesponses
