// A tool plugin whose static initialiser creates the file named by VALIS_TEST_MARKER_FILE:
// the file exists exactly when the library's code has run, so a test can tell whether reading
// metadata loaded the library.
#include "valis/plugins/toolplugin.h"

#include <QFile>
#include <QObject>

namespace valis_test {

namespace {
const bool markerWritten = [] {
    const QString path = qEnvironmentVariable("VALIS_TEST_MARKER_FILE");
    if (path.isEmpty())
        return false;
    QFile marker(path);
    return marker.open(QIODevice::WriteOnly);
}();
} // namespace

class MarkerToolPlugin : public QObject, public valis::ToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

public:
    valis::Result<void> initialize(const valis::PluginContext &) override
    {
        return markerWritten ? valis::success()
                             : valis::Error(QStringLiteral("test.marker"), QStringLiteral("VALIS_TEST_MARKER_FILE was not written"));
    }
    QList<valis::ToolProvider *> toolProviders() const override { return {}; }
};

} // namespace valis_test

#include "markertool.moc"
