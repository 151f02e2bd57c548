#pragma once

#include "valis/plugins/toolprovider.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace valis::codemode {

/// A JSON Schema as a TypeScript type ("{ path: string; offset?: number }"); what TypeScript
/// cannot say (formats, ranges) is left out, and what is unknown is `any`.
QString typeScriptType(const QJsonObject &schema, int depth = 0);

/// `declare const tools: { ... }` for `tools`, sorted by name so the text is the same for the
/// same set of tools (it sits in the cached prompt prefix), each with its description as a
/// doc comment.
QString typeScriptDeclarations(const QList<ToolSpec> &tools);

} // namespace valis::codemode
