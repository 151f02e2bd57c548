// The images tool (view_image) as a tool plugin.
#include "viewimagetool.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class ImagesPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &) override { return ProviderResult(makeImagesToolProvider()); }
};

} // namespace valis::tools

#include "imagesplugin.moc"
