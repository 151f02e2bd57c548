// The "anthropic" plugin: Anthropic's Messages API.
#include "anthropicprovider.h"
#include "valis/plugins/providerplugin.h"

#include <QNetworkAccessManager>
#include <QObject>

#include <memory>

namespace valis::providers {

class AnthropicPlugin : public QObject, public ProviderPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ProviderPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_network = std::make_unique<QNetworkAccessManager>();
        m_provider = std::make_unique<anthropic::AnthropicProvider>(m_network.get());
        return success();
    }

    void shutdown() override
    {
        m_provider.reset();
        m_network.reset();
    }

    QList<Provider *> providers() const override
    {
        if (!m_provider)
            return {};
        return {m_provider.get()};
    }

private:
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<anthropic::AnthropicProvider> m_provider;
};

} // namespace valis::providers

#include "anthropicplugin.moc"
