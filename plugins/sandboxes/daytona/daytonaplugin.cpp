// The "daytona" plugin: remote machines on Daytona (https://www.daytona.io).
#include "daytonasandbox.h"

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
        QString base = QStringLiteral("https://app.daytona.io/api");
        const QJsonValue setting = context.settings.value(QStringLiteral("baseUrl"));
        if (!setting.isUndefined()) {
            if (!setting.isString() || setting.toString().isEmpty())
                return invalidUrl(setting.toString());
            base = setting.toString();
        }
        const QString fromEnvironment = qEnvironmentVariable("DAYTONA_API_URL");
        if (!fromEnvironment.isEmpty())
            base = fromEnvironment;
        const QUrl url(base, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http"))
            || url.host().isEmpty())
            return invalidUrl(base);
        m_sandbox = std::make_unique<DaytonaSandbox>(url);
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
    static Error invalidUrl(const QString &value)
    {
        return Error(QStringLiteral("plugin.invalid-settings"),
                     QCoreApplication::translate("valis::daytona::DaytonaPlugin",
                                                 "Daytona's address \"%1\" (setting \"baseUrl\" or DAYTONA_API_URL) is not "
                                                 "an http(s) URL such as https://app.daytona.io/api.")
                         .arg(value));
    }

    std::unique_ptr<DaytonaSandbox> m_sandbox;
};

} // namespace valis::daytona

#include "daytonaplugin.moc"
