#pragma once

#include "valis/harness_export.h"

#include <QJsonObject>

namespace valis {

/// The answer to a form-mode elicitation/create that a person accepted, completed as SEP-1034
/// says: every property of the requested schema that the answer leaves out and that has a
/// `default` (string, number, integer, boolean, or an enum member) gets that default. Values the
/// person gave are kept as they are; properties without a default stay absent. The plugin's
/// form and the conformance client both answer through this.
VALIS_HARNESS_EXPORT QJsonObject applyElicitationDefaults(const QJsonObject &requestedSchema, const QJsonObject &content);

} // namespace valis
