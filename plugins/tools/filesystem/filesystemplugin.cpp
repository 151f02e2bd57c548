// The filesystem tools as a tool plugin.
#include "filesystemtools.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools::files {

class FilesystemPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &) override { return ProviderResult(makeFilesystemToolProvider()); }
};

} // namespace valis::tools::files

#include "filesystemplugin.moc"
