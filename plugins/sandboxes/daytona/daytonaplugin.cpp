// The "daytona" plugin: remote machines on Daytona (https://www.daytona.io).
#include "daytonasandbox.h"

#include "rest/serviceurl.h"
#include "sandbox/singlesandboxplugin.h"

#include <QCoreApplication>
#include <QObject>

namespace valis::daytona {

class DaytonaPlugin : public QObject, public SingleSandboxPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_SANDBOX_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::SandboxPlugin)

public:
    /// Settings: {"baseUrl": "https://app.daytona.io/api"} (the control plane); DAYTONA_API_URL
    /// overrides it.
    Result<void> initialize(const PluginContext &context) override
    {
        const Result<QUrl> url = rest::serviceUrl(QStringLiteral("Daytona"), context.settings, QStringLiteral("baseUrl"),
                                                  "DAYTONA_API_URL", QStringLiteral("https://app.daytona.io/api"));
        if (url.hasError())
            return url.error();
        setSandbox(std::make_unique<DaytonaSandbox>(url.value()));
        return success();
    }
};

} // namespace valis::daytona

#include "daytonaplugin.moc"
