// The skills tools as a tool plugin.
#include "skillstoolprovider.h"
#include "valis/plugins/toolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class SkillsPlugin : public QObject, public ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    Result<void> initialize(const PluginContext &context) override
    {
        // The agent's own skills live in the profile, which only the plugin context knows.
        m_provider = std::make_unique<SkillsToolProvider>(context.locations);
        return success();
    }
    void shutdown() override { m_provider.reset(); }
    QList<ToolProvider *> toolProviders() const override
    {
        return m_provider ? QList<ToolProvider *>{m_provider.get()} : QList<ToolProvider *>{};
    }

private:
    std::unique_ptr<SkillsToolProvider> m_provider;
};

} // namespace valis::tools

#include "skillsplugin.moc"
