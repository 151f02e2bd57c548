#include "singleprovidertoolplugin.h"

#include "valis/plugins/toolprovider.h"

namespace valis::tools {

SingleProviderToolPlugin::~SingleProviderToolPlugin() = default;

Result<void> SingleProviderToolPlugin::initialize(const PluginContext &context)
{
    ProviderResult provider = createProvider(context);
    if (provider.hasError())
        return provider.error();
    m_provider = std::move(provider).value();
    return success();
}

void SingleProviderToolPlugin::shutdown()
{
    m_provider.reset();
}

QList<ToolProvider *> SingleProviderToolPlugin::toolProviders() const
{
    return m_provider ? QList<ToolProvider *>{m_provider.get()} : QList<ToolProvider *>{};
}

} // namespace valis::tools
