// The subagents tool plugin: offers OrchestrationToolProvider (task, llm_call, background agents).
#include "orchestrationtools.h"
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
    ProviderResult createProvider(const PluginContext &context) override
    {
        // Settings: {"llmCallModel": "<model id>"}, llm_call's model when a call names none.
        return ProviderResult(std::make_unique<OrchestrationToolProvider>(
            context.settings.value(QLatin1String("llmCallModel")).toString()));
    }
};

} // namespace valis::tools

#include "subagentsplugin.moc"
