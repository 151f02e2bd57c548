#pragma once

#include "valis/plugins/toolprovider.h"
#include "valis/record/part.h"

namespace valis::mcp {

class McpHostImpl;

/// The MCP host's own tools (provider id "mcp"):
/// - search_tools and call_tool, offered only while MCP tools are deferred (their definitions
///   would take too much of the window): search_tools ranks the deferred tools by a query, or
///   picks them by exact name ("select:a,b"), and returns their full definitions; call_tool runs
///   one of them, routed by the orchestrator so that tool's own approval rules apply. The tools
///   array never changes, so the cached prefix holds.
/// - mcp_list_resources and mcp_read_resource, offered while a ready server has resources.
/// Its system prompt section passes on the connected servers' instructions.
class McpMetaToolProvider : public ToolProvider
{
public:
    static constexpr int DefaultSearchResults = 5;

    explicit McpMetaToolProvider(McpHostImpl *host) : m_host(host) {}

    QString id() const override { return QStringLiteral("mcp"); }
    QList<ToolSpec> tools() const override;
    ToolInvocation *invoke(const QString &toolName, const QJsonValue &arguments, const ToolContext &context,
                           QObject *parent) override;
    QString systemPromptSection(const ToolContext &context) const override;

    /// search_tools's answer for `arguments` over `deferred`.
    static Part searchTools(const QString &callId, const QJsonObject &arguments, const QList<ToolSpec> &deferred);

private:
    ToolInvocation *listResources(const QJsonObject &arguments, const ToolContext &context, QObject *parent);
    ToolInvocation *readResource(const QJsonObject &arguments, const ToolContext &context, QObject *parent);

    McpHostImpl *m_host;
};

} // namespace valis::mcp
