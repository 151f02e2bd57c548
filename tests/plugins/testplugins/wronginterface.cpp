// A plugin whose metadata and interface id say "tool" but whose object implements no
// ToolPlugin: the manager must refuse it when it loads, naming the interface.
#include "valis/plugins/pluginapi.h"

#include <QObject>

namespace valis_test {

class WrongInterfacePlugin : public QObject
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
};

} // namespace valis_test

#include "wronginterface.moc"
