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
        // The engine's compiled self-hosted code is kept with the profile's caches: a cold start
        // decodes it instead of parsing it (36 ms -> 9 ms in bench_codemode).
        if (!context.locations.cacheDir().isEmpty())
            EnginePool::instance().setCacheDirectory(context.locations.cacheDir() + QStringLiteral("/codemode"));
        return ProviderResult(std::make_unique<CodeModeToolProvider>(limitsFromSettings(context.settings)));
    }
};

} // namespace valis::codemode

#include "codemodeplugin.moc"
