// The exec tool as a tool plugin.
#include "exectoolprovider.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class ExecPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &context) override
    {
        const Result<ExecOptions> options = ExecToolProvider::optionsFromSettings(context.settings);
        if (!options.ok())
            return options.error();
        return ProviderResult(std::make_unique<ExecToolProvider>(options.value()));
    }
};

} // namespace valis::tools

#include "execplugin.moc"
