#pragma once

#include "valis/core/result.h"
#include "valis/plugins/toolplugin.h"

#include <memory>

namespace valis::tools {

/// A tool plugin that offers one ToolProvider: createProvider() makes it when the host
/// initializes the plugin, shutdown() destroys it. A plugin derives from QObject and this,
/// declares Q_INTERFACES(valis::ToolPlugin) and implements createProvider() only.
class SingleProviderToolPlugin : public ToolPlugin
{
public:
    using ProviderResult = Result<std::unique_ptr<ToolProvider>>;

    ~SingleProviderToolPlugin() override;
    Result<void> initialize(const PluginContext &context) final;
    // Destroying the provider waits for calls still running on its threads (a
    // ThreadedToolProvider's destructor does).
    void shutdown() final;
    /// The provider while initialized; empty before initialize() and after shutdown().
    QList<ToolProvider *> toolProviders() const final;

protected:
    /// The provider, or why this plugin cannot offer it with `context` (bad settings ...).
    virtual ProviderResult createProvider(const PluginContext &context) = 0;

private:
    std::unique_ptr<ToolProvider> m_provider;
};

} // namespace valis::tools
