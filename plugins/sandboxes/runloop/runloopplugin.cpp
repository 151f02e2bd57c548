// The "runloop" plugin: Runloop devboxes as a remote sandbox.
#include "runloopsandbox.h"

#include "rest/serviceurl.h"
#include "sandbox/singlesandboxplugin.h"

#include <QCoreApplication>
#include <QObject>
#include <QUrl>

namespace valis::sandboxes::runloop {

class RunloopSandboxPlugin : public QObject, public SingleSandboxPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_SANDBOX_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::SandboxPlugin)

public:
    /// Settings: {"baseUrl": "https://api.runloop.ai"}; RUNLOOP_BASE_URL overrides it.
    Result<void> initialize(const PluginContext &context) override
    {
        const Result<QUrl> url = rest::serviceUrl(QStringLiteral("Runloop"), context.settings, QStringLiteral("baseUrl"),
                                                  "RUNLOOP_BASE_URL", QStringLiteral("https://api.runloop.ai"));
        if (url.hasError())
            return url.error();
        setSandbox(std::make_unique<RunloopSandbox>(url.value()));
        return success();
    }
};

} // namespace valis::sandboxes::runloop

#include "runloopplugin.moc"
