// The "anthropic" plugin: Anthropic's Messages API.
#include "anthropicprovider.h"
#include "networkproviderplugin.h"

#include <QObject>

#include <memory>

namespace valis::providers {

class AnthropicPlugin : public QObject, public NetworkProviderPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ProviderPlugin)

protected:
    std::vector<std::unique_ptr<Provider>> createProviders(QNetworkAccessManager *network) override
    {
        std::vector<std::unique_ptr<Provider>> providers;
        providers.push_back(std::make_unique<anthropic::AnthropicProvider>(network));
        return providers;
    }
};

} // namespace valis::providers

#include "anthropicplugin.moc"
