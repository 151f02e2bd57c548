// The nesting tool as a real tool plugin, for the valis-cli test (loaded through VALIS_PLUGIN_PATH).
#include "nestingtools.h"
#include "valis/plugins/toolplugin.h"

#include <QObject>

#include <memory>

namespace valis::test {

class NestingToolsPlugin : public QObject, public ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_tools = std::make_unique<NestingTools>();
        return success();
    }
    void shutdown() override { m_tools.reset(); }
    QList<ToolProvider *> toolProviders() const override { return {m_tools.get()}; }

private:
    std::unique_ptr<NestingTools> m_tools;
};

} // namespace valis::test

#include "nestingtoolsplugin.moc"
