// A tool plugin that offers no tools, built several times with different metadata for the
// metadata tests, and with a compile definition for the failure tests:
//   VALIS_TEST_FAIL_INITIALIZE  initialize() returns an error
//   VALIS_TEST_ABORT_INITIALIZE initialize() aborts the process (crash-guard test)
#include "testpluginlog.h"
#include "valis/plugins/toolplugin.h"

#include <QObject>

#include <cstdlib>

namespace valis_test {

class MinimalToolPlugin : public QObject, public valis::ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    valis::Result<void> initialize(const valis::PluginContext &context) override
    {
        appendToLog(context.settings, QStringLiteral("initialize ") + context.pluginId);
#if defined(VALIS_TEST_FAIL_INITIALIZE)
        return valis::Error(QStringLiteral("test.refused"), QStringLiteral("the test plugin refuses to start"));
#elif defined(VALIS_TEST_ABORT_INITIALIZE)
        std::abort();
#else
        return valis::success();
#endif
    }
    QList<valis::ToolProvider *> toolProviders() const override { return {}; }
};

} // namespace valis_test

#include "minimaltool.moc"
