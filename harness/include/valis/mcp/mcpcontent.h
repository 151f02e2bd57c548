#pragma once

#include "valis/harness_export.h"
#include "valis/record/part.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace valis {

/// How the result of an MCP tools/call becomes a ToolResult part.
namespace McpContent {

struct VALIS_HARNESS_EXPORT Options
{
    QString server;                ///< for the resource hints ("read it with mcp_read_resource")
    QJsonObject outputSchema;      ///< the tool's; empty: none
    bool modelAcceptsImages = false;
};

/// The ToolResult for `result` (a CallToolResult). Text stays text; images become image parts
/// (a note where the model cannot see images); audio a note; a resource_link a line with its URI
/// and how to read it; an embedded resource its text, or a note for binary content;
/// structuredContent is given as JSON when no text says it already, and is checked against the
/// output schema: a mismatch makes the result an error that says what is wrong (the server broke
/// its own contract). `isError` carries over. Nothing is cut: large results go through the
/// harness's MemoryRef capture like any tool's.
VALIS_HARNESS_EXPORT Part toolResult(const QString &callId, const QJsonObject &result, const Options &options);

/// The same result as plain text for a person (valis-cli mcp call): text as it is, every other
/// content item as one descriptive line, structuredContent as indented JSON.
VALIS_HARNESS_EXPORT QString toText(const QJsonObject &result);

/// One line for a resource_link or embedded resource: "name <uri> (type, size)".
VALIS_HARNESS_EXPORT QString describeResource(const QJsonObject &resource);

} // namespace McpContent

} // namespace valis
