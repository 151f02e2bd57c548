#pragma once

#include "valis/harness_export.h"

#include <QJsonObject>
#include <QStringList>

namespace valis {

/// Form-mode elicitation (elicitation/create): the server sends a flat object schema of
/// primitive fields; the person's answer goes back as `content`.
namespace McpElicitation {

/// `content` with the schema's `default` filled in for every property the person left out (SEP-1034:
/// a form accepted as it was shown carries its defaults). A default that does not fit its own
/// property (type, enum) is left out; values the person gave stay as they are.
VALIS_HARNESS_EXPORT QJsonObject applyDefaults(const QJsonObject &requestedSchema, const QJsonObject &content);

/// What is wrong with `content` for `requestedSchema` (required fields, types, enums, bounds), in
/// words for the person; empty when it will do.
VALIS_HARNESS_EXPORT QStringList problems(const QJsonObject &requestedSchema, const QJsonObject &content);

} // namespace McpElicitation

} // namespace valis
