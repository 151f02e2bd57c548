#pragma once

#include "valis/harness_export.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

class QObject;

namespace valis {

class Sandbox;
class ToolInvocation;

/// What the model sees of a tool, plus what the orchestrator needs to schedule it.
struct VALIS_HARNESS_EXPORT ToolSpec
{
    QString name;             ///< Unique among the tools offered to one session.
    QString description;      ///< For the model.
    QJsonObject inputSchema;  ///< JSON Schema of the arguments object.
    /// True only when no call of this tool can change anything (files, processes, remote
    /// state). The orchestrator runs read-only calls in parallel and may skip approval for
    /// them; say false when in doubt.
    bool readOnly = false;
};

/// Where a tool call runs. Passed per call: a ToolProvider keeps no per-session state.
struct VALIS_HARNESS_EXPORT ToolContext
{
    QString sessionId;
    QString callId;            ///< The model's call id; the result must carry it.
    QString workingDirectory;  ///< The workspace root the agent works in.
    /// Where the tool must run commands and file operations; nullptr means it must not run any.
    Sandbox *sandbox = nullptr;
};

/// A set of tools (session-scoped): their specs, and calls to them.
///
/// Owned by its ToolPlugin; valid between the plugin's initialize() and shutdown(). A provider
/// whose tools change at run time (an MCP server) is still one ToolProvider; the host asks
/// tools() again before each request.
class VALIS_HARNESS_EXPORT ToolProvider
{
public:
    virtual ~ToolProvider();

    /// A stable id ("filesystem", "mcp:github"), unique across plugins.
    virtual QString id() const = 0;
    virtual QList<ToolSpec> tools() const = 0;
    /// Starts a call of `toolName` (one of tools()) with the model's `arguments` and returns the
    /// invocation (parented to `parent`) that reports its result. Never null: unknown tools and
    /// invalid arguments finish with an error result.
    virtual ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments,
                                   const ToolContext &context, QObject *parent) = 0;
};

} // namespace valis
