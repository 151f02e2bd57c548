// A tool plugin that offers no tools, built several times with different metadata for the
// metadata tests, and with a compile definition for the failure tests:
//   VALIS_TEST_FAIL_INITIALIZE  initialize() returns an error
//   VALIS_TEST_ABORT_INITIALIZE initialize() aborts the process (crash-guard test)
//   VALIS_TEST_ABORT_SHUTDOWN   shutdown() aborts the process
//   VALIS_TEST_HANG_SHUTDOWN    shutdown() never returns
#include "testpluginlog.h"
#include "valis/plugins/toolplugin.h"

#include <QObject>
#include <QThread>

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
        m_settings = context.settings;
        m_id = context.pluginId;
#if defined(VALIS_TEST_FAIL_INITIALIZE)
        return valis::Error(QStringLiteral("test.refused"), QStringLiteral("the test plugin refuses to start"));
#elif defined(VALIS_TEST_ABORT_INITIALIZE)
        std::abort();
#else
        return valis::success();
#endif
    }
    void shutdown() override
    {
        appendToLog(m_settings, QStringLiteral("shutdown ") + m_id);
#if defined(VALIS_TEST_ABORT_SHUTDOWN)
        std::abort();
#elif defined(VALIS_TEST_HANG_SHUTDOWN)
        for (;;)
            QThread::sleep(1);
#endif
    }
    QList<valis::ToolProvider *> toolProviders() const override { return {}; }

private:
    QJsonObject m_settings;
    QString m_id;
};

} // namespace valis_test

#include "minimaltool.moc"
