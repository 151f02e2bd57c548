// web_search as a tool plugin: its settings are config/web.json (with the environment's base
// URLs), its keys in the host's keychain or the environment.
#include "singleprovidertoolplugin.h"
#include "websearchtoolprovider.h"

#include <QObject>

#include <memory>

namespace valis::websearch {

class WebSearchPlugin : public QObject, public tools::SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &context) override
    {
        // A config/web.json Valis cannot read stops the plugin with the reason, never a silent default.
        const Result<web::WebSettings> settings = web::WebSettings::load(context.locations.configDir());
        if (settings.hasError())
            return settings.error();
        return ProviderResult(std::make_unique<WebSearchToolProvider>(settings.value(), context.host.credentials));
    }
};

} // namespace valis::websearch

#include "websearchplugin.moc"
