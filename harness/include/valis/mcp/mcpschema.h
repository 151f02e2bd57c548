#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QStringList>

namespace valis {

/// JSON Schema as MCP tools use it: their input schemas go to model APIs that accept only part
/// of JSON Schema, their structured results are checked against their output schemas.
namespace McpSchema {

/// An input schema every model API Valis speaks accepts, or why it cannot be one (the tool is
/// then set aside with a warning instead of failing every request, as one bad schema does in
/// hosts that pass them through). Top level: must be an object schema ("type": "object",
/// added when missing), `properties` added when missing, `required` kept only as a list of
/// strings, `$schema` and `$id` removed; `oneOf`/`anyOf`/`allOf`/`enum`/`not` at the top level are
/// refused (OpenAI rejects them there). Errors: "mcp.schema-refused".
VALIS_HARNESS_EXPORT Result<QJsonObject> normaliseInputSchema(const QJsonValue &schema);

/// Checks `value` against `schema`: type (and lists of types), properties, required,
/// additionalProperties, items and prefixItems, enum, const, numeric bounds, string lengths and
/// patterns, array lengths, uniqueItems, anyOf/oneOf/allOf/not, and $ref into #/$defs or
/// #/definitions. Keywords it does not know are ignored (accepting rather than refusing what it
/// cannot judge). Returns at most `maxProblems` problems, each "path: what is wrong"; empty when
/// valid.
VALIS_HARNESS_EXPORT QStringList validate(const QJsonValue &value, const QJsonObject &schema, int maxProblems = 5);

} // namespace McpSchema

} // namespace valis
