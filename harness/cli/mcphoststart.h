#pragma once

#include "valis/core/result.h"
#include "valis/plugins/plugincontext.h"

#include <QList>
#include <QTextStream>
#include <QStringList>

#include <optional>

namespace valis {
class CredentialStore;
class McpHost;
class PluginManager;
} // namespace valis

namespace valis::cli {

/// What valis-cli offers plugins (PluginManager::setHostServices, before loadAll()): the OS
/// keychain (nullptr: none, --no-keychain) and the browser ($BROWSER, xdg-open). A web address
/// no browser could open is printed on `err` for the person to open by hand, and counts as
/// opened. `err` must outlive the plugins.
HostServices cliHostServices(CredentialStore *credentials, QTextStream &err);

/// The MCP host of the running MCP tool plugin; nullptr when that plugin is not running.
McpHost *findMcpHost(const PluginManager &plugins);

/// How starting the configured MCP servers went.
struct McpStartReport
{
    /// One Error per server that did not start ("mcp.server-failed"), with its reason, and per
    /// entry of config/mcp.json that could not be read ("mcp.config-problem").
    QList<Error> failures;
    /// Set when one of them is required: the run must not go on.
    std::optional<Error> fatal;
};

/// Tells the servers `roots` (the workspace), starts them and waits until each is ready or
/// failed (their start-up timeouts bound the wait).
McpStartReport startMcpServers(McpHost *host, const QStringList &roots);

} // namespace valis::cli
