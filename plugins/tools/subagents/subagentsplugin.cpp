// The subagents tool plugin: offers TaskToolProvider.
#include "tasktool.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class SubagentsPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &) override { return ProviderResult(std::make_unique<TaskToolProvider>()); }
};

} // namespace valis::tools

#include "subagentsplugin.moc"
