#pragma once

#include "valis/core/datalocations.h"
#include "valis/mcp/mcphost.h"

#include <QCoreApplication>
#include <QString>

#include <memory>

namespace valis {

class PluginManager;
class TokenCounter;

/// What the shell's MCP parts share: finding the running McpHost, saying a server's state in
/// people's words, and counting what tool definitions cost.
class McpUi
{
    Q_DECLARE_TR_FUNCTIONS(valis::McpUi)

public:
    /// The McpHost of the running MCP tool plugin; nullptr without one (not built, disabled,
    /// failed, or the plugins are still starting).
    static McpHost *host(const PluginManager *plugins);
    /// "ready", "starting", "failed", ... translated.
    static QString stateText(McpServerConnection::State state);
    /// One line per server: its state, and for a failed one its error.
    static QString summary(const McpServerStatus &server);
    /// The counter of the default model (config/providers.json's default provider's model), as
    /// the context gauge counts; `model` gets its name.
    static std::shared_ptr<TokenCounter> defaultCounter(const DataLocations &locations, QString *model);
    /// The server a model-visible tool name belongs to ("mcp__github__create_issue" ->
    /// "github"); empty for any other name.
    static QString serverOfToolName(const QString &toolName);
};

} // namespace valis
