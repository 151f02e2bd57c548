#include "networkproviderplugin.h"

#include "valis/plugins/provider.h"

namespace valis::providers {

NetworkProviderPlugin::~NetworkProviderPlugin() = default;

Result<void> NetworkProviderPlugin::initialize(const PluginContext &)
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_providers = createProviders(m_network.get());
    return success();
}

void NetworkProviderPlugin::shutdown()
{
    // Providers hold the manager; they go first.
    m_providers.clear();
    m_network.reset();
}

QList<Provider *> NetworkProviderPlugin::providers() const
{
    QList<Provider *> providers;
    for (const auto &provider : m_providers)
        providers.append(provider.get());
    return providers;
}

} // namespace valis::providers
