// The planning tools as a tool plugin.
#include "planningtoolprovider.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class PlanningPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &) override
    {
        return ProviderResult(std::make_unique<PlanningToolProvider>());
    }
};

} // namespace valis::tools

#include "planningplugin.moc"
