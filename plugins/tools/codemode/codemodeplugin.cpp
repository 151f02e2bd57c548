// The code mode tool plugin: offers CodeModeToolProvider (run_script).
#include "codemodetool.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::codemode {

class CodeModePlugin : public QObject, public tools::SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &context) override
    {
        return ProviderResult(std::make_unique<CodeModeToolProvider>(limitsFromSettings(context.settings)));
    }
};

} // namespace valis::codemode

#include "codemodeplugin.moc"
