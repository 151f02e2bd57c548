#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/pluginapi.h"
#include "valis/plugins/plugincontext.h"

namespace valis {

/// The base of every Valis plugin object.
///
/// # Writing a plugin
///
/// A plugin is a shared library built with `valis_add_plugin()` (cmake/ValisPlugin.cmake):
///
///     valis_add_plugin(myprovider KIND provider SOURCES myproviderplugin.h myproviderplugin.cpp)
///
/// which generates its JSON metadata (plugin.json) from the arguments. Its root object derives
/// from QObject and from exactly one kind interface, and names the kind's interface id:
///
///     class MyProviderPlugin : public QObject, public valis::ProviderPlugin
///     {
///         Q_OBJECT
///         Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
///         Q_INTERFACES(valis::ProviderPlugin)
///     public:
///         valis::Result<void> initialize(const valis::PluginContext &context) override;
///         QList<valis::Provider *> providers() const override;
///     };
///
/// Kinds and interfaces: provider (ProviderPlugin, VALIS_PROVIDER_PLUGIN_IID), tool (ToolPlugin,
/// VALIS_TOOL_PLUGIN_IID), strategy (StrategyPlugin, VALIS_STRATEGY_PLUGIN_IID), sandbox
/// (SandboxPlugin, VALIS_SANDBOX_PLUGIN_IID), embedding (EmbeddingPlugin, VALIS_EMBEDDING_PLUGIN_IID).
///
/// # Metadata
///
/// The host reads the metadata with QPluginLoader::metaData() before any plugin code runs, and
/// refuses the plugin, with a message, when it is wrong:
///
///     {
///         "id": "myprovider",           lowercase letters, digits, '.', '-', '_'; unique
///         "name": "My Provider",        shown to people
///         "kind": "provider",           provider | tool | strategy | sandbox | embedding
///         "version": "1.2.0",           x.y.z
///         "compatVersion": "1.0.0",     the oldest version this one can stand in for (<= version)
///         "apiVersion": 1,              must equal valis::PluginApiVersion
///         "description": "...", "vendor": "...",                       optional
///         "dependencies": [{"id": "other", "version": "1.1.0", "type": "required"}]   optional
///     }
///
/// A dependency {id, version} is satisfied by the plugin `id` when its compatVersion <= version
/// <= its version. "type" is "required" (the default) or "optional". Dependencies load first;
/// a required one that is missing, out of range, disabled or failed makes this plugin fail.
///
/// # Life cycle and threading
///
/// All calls come from the thread that runs the PluginManager (the main thread). The host
/// constructs the root object, calls initialize() once, and, only if that succeeded, shutdown()
/// once before deleting it; shutdown runs in reverse dependency order. The library itself stays
/// loaded until the process ends. Constructors and static initialisers must do nothing
/// observable: the host may construct a plugin it then refuses. A plugin reports failures as
/// values (Result, Error), never by throwing across this interface or by qWarning alone.
///
/// # Compatibility
///
/// The interfaces under valis/plugins are versioned together by valis::PluginApiVersion, which
/// is part of every interface id. A plugin built against another API version is refused before
/// it is loaded; user plugins live in a folder per API version (DataLocations::userPluginDir()).
class VALIS_HARNESS_EXPORT Plugin
{
public:
    virtual ~Plugin();

    /// Sets the plugin up: read settings, create the objects its kind interface hands out. An
    /// error here is shown to the user as the plugin's failure reason; the plugin is then
    /// deleted without shutdown().
    virtual Result<void> initialize(const PluginContext &context) = 0;
    /// Releases what initialize() set up: stop work, drop connections. The objects handed out
    /// through the kind interface must not be used by the host afterwards. The default does
    /// nothing. It must return within PluginManager::shutdownTimeout() (10 s): a plugin still
    /// in shutdown() then is abandoned, reported by id, and the process quits without it.
    virtual void shutdown();
};

} // namespace valis
