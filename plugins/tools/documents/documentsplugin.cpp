// The document tools as a tool plugin.
#include "documenttoolprovider.h"
#include "singleprovidertoolplugin.h"

#include <QObject>

#include <memory>

namespace valis::tools {

class DocumentsPlugin : public QObject, public SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &) override
    {
        // The store comes with each call (ToolContext::memory); the retention sweep runs with
        // the first call of the day, on the call's worker thread (documenttext.h).
        return ProviderResult(std::make_unique<DocumentToolProvider>());
    }
};

} // namespace valis::tools

#include "documentsplugin.moc"
