// fetch_url as a tool plugin.
#include "fetchurltool.h"
#include "singleprovidertoolplugin.h"
#include "websettings.h"

#include <QLoggingCategory>
#include <QObject>

namespace valis::web {

namespace {
Q_LOGGING_CATEGORY(webFetchLog, "valis.web.fetch")
}

class WebFetchPlugin : public QObject, public tools::SingleProviderToolPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_TOOL_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ToolPlugin)

protected:
    ProviderResult createProvider(const PluginContext &context) override
    {
        // A malformed config/web.json is the plugin's failure, shown with the plugin; each call
        // reads the file again, so a fix applies without a restart.
        const Result<WebSettings> settings = WebSettings::load(context.locations.configDir());
        if (settings.hasError())
            return settings.error();
        // The host has no warning channel for plugins yet: the warning goes to the log here, and
        // into every fetch_url result while the switch is on.
        if (settings->allowLoopback)
            qCWarning(webFetchLog).noquote() << settings->loopbackWarning();
        FetchToolEnvironment environment;
        environment.configDir = context.locations.configDir();
        environment.cacheDir = context.locations.cacheDir();
        environment.credentials = context.host.credentials;
        return ProviderResult(makeWebFetchToolProvider(environment));
    }
};

} // namespace valis::web

#include "webfetchplugin.moc"
