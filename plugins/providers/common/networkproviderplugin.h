#pragma once

#include "valis/plugins/providerplugin.h"

#include <QNetworkAccessManager>

#include <memory>
#include <vector>

namespace valis::providers {

/// A provider plugin whose providers talk HTTP through one QNetworkAccessManager: the manager
/// and the providers are made when the host initializes the plugin and destroyed, providers
/// first, at shutdown. A plugin derives from QObject and this, declares
/// Q_INTERFACES(valis::ProviderPlugin) and implements createProviders() only.
class NetworkProviderPlugin : public ProviderPlugin
{
public:
    ~NetworkProviderPlugin() override;
    Result<void> initialize(const PluginContext &context) final;
    void shutdown() final;
    /// The providers while initialized; empty before initialize() and after shutdown().
    QList<Provider *> providers() const final;

protected:
    /// The plugin's providers, using `network` for their requests.
    virtual std::vector<std::unique_ptr<Provider>> createProviders(QNetworkAccessManager *network) = 0;

private:
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::vector<std::unique_ptr<Provider>> m_providers;
};

} // namespace valis::providers
