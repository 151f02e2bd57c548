// A plugin whose Q_PLUGIN_METADATA names no FILE: at run time this is what a plugin built with
// a malformed metadata file looks like too (moc drops a file that is not a JSON object).
#include "valis/plugins/toolplugin.h"

#include <QObject>

namespace valis_test {

class NoMetadataPlugin : public QObject, public valis::ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID)
    Q_INTERFACES(valis::ToolPlugin)

public:
    valis::Result<void> initialize(const valis::PluginContext &) override { return valis::success(); }
    QList<valis::ToolProvider *> toolProviders() const override { return {}; }
};

} // namespace valis_test

#include "nometadata.moc"
