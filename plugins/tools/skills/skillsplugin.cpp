// The skills tools as a tool plugin.
#include "skillstoolprovider.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class SkillsPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &context) override
    {
        // The agent's own skills live in the profile, which only the plugin context knows.
        return ProviderResult(std::make_unique<SkillsToolProvider>(context.locations));
    }
};

} // namespace valis::tools

#include "skillsplugin.moc"
