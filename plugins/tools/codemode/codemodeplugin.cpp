// The code mode tool plugin: offers CodeModeToolProvider (run_script).
#include "codemodetool.h"
#include "enginepool.h"
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
        // The engine's compiled built-ins are kept with the profile's caches (a cold start in ~a third of the time).
        EnginePool::instance().setCacheDirectory(context.locations.cacheDir() + QStringLiteral("/codemode"));
        return ProviderResult(std::make_unique<CodeModeToolProvider>(limitsFromSettings(context.settings)));
    }
};

} // namespace valis::codemode

#include "codemodeplugin.moc"
