// The MCP host as a tool plugin: every server of config/mcp.json becomes a ToolProvider, and the
// front ends reach the servers through the McpHost it offers.
#include "mcphostimpl.h"

#include "valis/mcp/mcphost.h"
#include "valis/plugins/toolplugin.h"

#include <QCoreApplication>
#include <QObject>

#include <memory>

namespace valis::mcp {

class McpPlugin : public QObject, public ToolPlugin, public McpHostProvider
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin valis::McpHostProvider)

public:
    Result<void> initialize(const PluginContext &context) override
    {
        const Result<McpSettings> settings = McpSettings::load(context.locations.mcpSettingsPath());
        if (settings.hasError()) {
            // A file Valis cannot read stops MCP, never silently: the plugin fails with the reason.
            return settings.error();
        }
        m_host = std::make_unique<McpHostImpl>(context, *settings);
        return success();
    }

    void shutdown() override
    {
        if (m_host)
            m_host->shutdown();
        m_host.reset();
    }

    QList<ToolProvider *> toolProviders() const override
    {
        return m_host ? m_host->toolProviders() : QList<ToolProvider *>();
    }

    McpHost *mcpHost() const override { return m_host.get(); }

private:
    std::unique_ptr<McpHostImpl> m_host;
};

} // namespace valis::mcp

#include "mcpplugin.moc"
