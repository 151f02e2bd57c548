// The memory tools as a tool plugin.
#include "memorytoolprovider.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class MemoryPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &) override
    {
        // The store comes with each call (ToolContext::memory): nothing to set up here.
        return ProviderResult(std::make_unique<MemoryToolProvider>());
    }
};

} // namespace valis::tools

#include "memoryplugin.moc"
