// The subagents tool plugin: offers TaskToolProvider.
#include "tasktool.h"
#include "valis/plugins/toolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class SubagentsPlugin : public QObject, public ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_provider = std::make_unique<TaskToolProvider>();
        return success();
    }
    void shutdown() override { m_provider.reset(); }
    QList<ToolProvider *> toolProviders() const override { return {m_provider.get()}; }

private:
    std::unique_ptr<TaskToolProvider> m_provider;
};

} // namespace valis::tools

#include "subagentsplugin.moc"
