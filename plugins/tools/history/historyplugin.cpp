// The history tool (search_history) as a tool plugin.
#include "historytoolprovider.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class HistoryPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &) override
    {
        // The record comes with each call (ToolContext::sessionStorePath): nothing to set up here.
        return ProviderResult(std::make_unique<HistoryToolProvider>());
    }
};

} // namespace valis::tools

#include "historyplugin.moc"
