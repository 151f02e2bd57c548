#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/pluginapiversion.h"

#include <QList>
#include <QString>
#include <QStringView>

namespace valis {

/// The kinds of plugin. A plugin is exactly one kind: its metadata names the kind
/// ("kind": "provider"), its Q_PLUGIN_METADATA names the kind's interface id, and its object
/// implements the kind's interface (ProviderPlugin, ToolPlugin, StrategyPlugin, SandboxPlugin,
/// EmbeddingPlugin).
enum class PluginKind { Provider, Tool, Strategy, Sandbox, Embedding };

/// All kinds, in the order listings show them.
VALIS_HARNESS_EXPORT QList<PluginKind> pluginKinds();
/// The name used in metadata: "provider", "tool", "strategy", "sandbox", "embedding".
VALIS_HARNESS_EXPORT QString pluginKindName(PluginKind kind);
/// Returns false when `name` is not a kind this build knows.
VALIS_HARNESS_EXPORT bool pluginKindFromName(QStringView name, PluginKind *kind);
/// The versioned interface id of a kind, e.g. "org.valis.ProviderPlugin/1".
VALIS_HARNESS_EXPORT QString pluginKindInterfaceId(PluginKind kind);

} // namespace valis
