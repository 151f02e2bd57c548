#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/record/message.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>

/// Conversion between the record and the Anthropic Messages API's JSON (`messages`, `system` and
/// their content blocks).
///
/// Lossless for Anthropic JSON: `messagesToJson(messagesFromJson(x)) == x` and
/// `systemToJson(systemFromJson(s)) == s` (as QJsonValue equality). Everything the record has no
/// field for is kept under `Part::wire["anthropic"]` / `Message::wire["anthropic"]`, an object
/// with these keys (each present only when needed):
///
///   Part::wire["anthropic"]
///     "extra"          object: block keys the record has no field for (cache_control, citations,
///                      caller, server_name, `is_error: false`, ...), written back verbatim over
///                      the block.
///     "type"           string: the block type when it is not the one the part's kind implies
///                      (server_tool_use, mcp_tool_use, web_search_tool_result, ...).
///     "contentString"  true: a tool_result's content was a string, not a block array.
///     "emptyContent"   true: a tool_result had `content: []` (no parts and no hint: no content).
///     "raw"            object: the block exactly as received, written back instead of the part.
///                      Set for block types this converter does not know (the part is then a
///                      Text part holding the block's "text", if it has one, or nothing), and as
///                      a safety net for a known block that would not come back identical.
///
///   Message::wire["anthropic"]
///     "contentString"  true: the message's (or system prompt's) content was a string.
///     "extra"          object: message keys besides role and content, written back verbatim.
///     "unmerged"       true: the message followed one of the same wire role in the source
///                      array; messagesToJson keeps it separate instead of merging.
///
/// Mapping: text -> Text; thinking -> Thinking (text, signature); redacted_thinking -> Thinking
/// with redactedData; tool_use -> ToolCall (arguments = input); tool_result -> ToolResult with
/// its content as parts; image -> Image (a base64 source is decoded into ImageRef::data, a url
/// source becomes ImageRef::uri; other sources stay in "extra"). Server-side blocks:
/// server_tool_use / mcp_tool_use -> ToolCall; mcp_tool_result -> ToolResult with parts; any
/// other `*_tool_result` (web_search, web_fetch, code_execution, ...) -> ToolResult whose wire
/// content stays verbatim in "extra" (web search results also get one Text part per result,
/// "title\nurl", so they can be read and searched).
///
/// Roles: a user message whose content is only tool_result blocks becomes Role::Tool; converting
/// back gives role "user". System messages never appear in the messages array: messagesToJson
/// skips them and the caller sends the prompt through systemToJson (it decides which system
/// messages form the prompt). Records from other formats still come out as valid Anthropic
/// JSON: consecutive messages of the same wire role (OpenAI's one Tool message per result, a
/// Tool message followed by a User message) are merged into one message unless "unmerged" says
/// they were separate; other formats' wire keys are ignored; Thinking parts with neither a
/// signature nor redacted data nor an Anthropic wire entry (another provider's reasoning, which
/// the API would refuse) are left out. Images kept as `blob:` references must have their bytes
/// loaded into ImageRef::data by the caller first; otherwise the uri is sent as a url source.
///
/// Errors are values with code "wire.invalid" and `location` a JSON path such as
/// "messages[3].content[1]".
namespace valis::wire::anthropic {

/// One content block / a content array. `path` names the place for error locations.
VALIS_HARNESS_EXPORT Result<Part> contentBlockFromJson(const QJsonObject &block, const QString &path = {});
VALIS_HARNESS_EXPORT Result<QList<Part>> contentFromJson(const QJsonArray &blocks, const QString &path = {});
VALIS_HARNESS_EXPORT QJsonObject contentBlockToJson(const Part &part);
/// The parts as a block array; foreign reasoning parts (see above) are left out.
VALIS_HARNESS_EXPORT QJsonArray contentToJson(const QList<Part> &parts);

/// One message object {role, content, ...}. `path` names the place for error locations.
VALIS_HARNESS_EXPORT Result<Message> messageFromJson(const QJsonObject &message, const QString &path = {});
VALIS_HARNESS_EXPORT Result<QList<Message>> messagesFromJson(const QJsonArray &messages);
/// One message as it is; role "user" for User and Tool, "assistant" for Assistant. A System
/// message is written as a user message here; messagesToJson leaves system messages out.
VALIS_HARNESS_EXPORT QJsonObject messageToJson(const Message &message);
/// The messages array: system messages left out, same-role neighbours merged, messages left
/// empty by dropping foreign reasoning left out (see above).
VALIS_HARNESS_EXPORT QJsonArray messagesToJson(const QList<Message> &messages);

/// The top-level `system` field, a string or an array of text blocks, as a Role::System message.
VALIS_HARNESS_EXPORT Result<Message> systemFromJson(const QJsonValue &system);
/// A system message as the `system` field: the string it came as, else a block array.
VALIS_HARNESS_EXPORT QJsonValue systemToJson(const Message &system);

} // namespace valis::wire::anthropic
