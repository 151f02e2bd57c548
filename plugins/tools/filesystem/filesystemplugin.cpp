// The filesystem tools as a tool plugin.
#include "filesystemtools.h"
#include "valis/plugins/toolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools::files {

class FilesystemPlugin : public QObject, public ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_provider = makeFilesystemToolProvider();
        return success();
    }
    // Resetting waits for calls still running on the provider's threads (its destructor does).
    void shutdown() override { m_provider.reset(); }
    QList<ToolProvider *> toolProviders() const override
    {
        return m_provider ? QList<ToolProvider *>{m_provider.get()} : QList<ToolProvider *>{};
    }

private:
    std::unique_ptr<ThreadedToolProvider> m_provider;
};

} // namespace valis::tools::files

#include "filesystemplugin.moc"
