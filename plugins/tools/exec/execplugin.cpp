// The exec tool as a tool plugin.
#include "exectoolprovider.h"
#include "valis/plugins/toolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class ExecPlugin : public QObject, public ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    Result<void> initialize(const PluginContext &context) override
    {
        const Result<ExecOptions> options = ExecToolProvider::optionsFromSettings(context.settings);
        if (!options.ok())
            return options.error();
        m_provider = std::make_unique<ExecToolProvider>(options.value());
        return success();
    }
    void shutdown() override { m_provider.reset(); }
    QList<ToolProvider *> toolProviders() const override
    {
        return m_provider ? QList<ToolProvider *>{m_provider.get()} : QList<ToolProvider *>{};
    }

private:
    std::unique_ptr<ExecToolProvider> m_provider;
};

} // namespace valis::tools

#include "execplugin.moc"
