// The "daytona" plugin: remote machines on Daytona (https://www.daytona.io).
#include "daytonasandbox.h"

#include "rest/serviceurl.h"
#include "valis/plugins/sandboxplugin.h"

#include <QCoreApplication>
#include <QObject>

#include <memory>

namespace valis::daytona {

class DaytonaPlugin : public QObject, public SandboxPlugin
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
        m_sandbox = std::make_unique<DaytonaSandbox>(url.value());
        return success();
    }

    void shutdown() override { m_sandbox.reset(); }

    QList<Sandbox *> sandboxes() const override
    {
        if (!m_sandbox)
            return {};
        return {m_sandbox.get()};
    }

private:
    std::unique_ptr<DaytonaSandbox> m_sandbox;
};

} // namespace valis::daytona

#include "daytonaplugin.moc"
