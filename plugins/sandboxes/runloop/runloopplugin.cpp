// The "runloop" plugin: Runloop devboxes as a remote sandbox.
#include "runloopsandbox.h"

#include "valis/plugins/sandboxplugin.h"

#include <QCoreApplication>
#include <QObject>
#include <QUrl>

#include <memory>

namespace valis::sandboxes::runloop {

class RunloopSandboxPlugin : public QObject, public SandboxPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_SANDBOX_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::SandboxPlugin)

public:
    /// Settings: {"baseUrl": "https://api.runloop.ai"}; RUNLOOP_BASE_URL overrides it.
    Result<void> initialize(const PluginContext &context) override
    {
        QString base = QStringLiteral("https://api.runloop.ai");
        const QJsonValue setting = context.settings.value(QStringLiteral("baseUrl"));
        if (!setting.isUndefined() && !setting.isNull()) {
            if (!setting.isString() || !validUrl(setting.toString()))
                return Error(QStringLiteral("plugin.invalid-settings"),
                             QCoreApplication::translate("valis::sandboxes::RunloopSandbox",
                                                         "\"baseUrl\" must be an http or https address, such as "
                                                         "\"https://api.runloop.ai\"."));
            base = setting.toString();
        }
        const QString environment = qEnvironmentVariable("RUNLOOP_BASE_URL");
        if (!environment.isEmpty()) {
            if (!validUrl(environment))
                return Error(QStringLiteral("plugin.invalid-settings"),
                             QCoreApplication::translate("valis::sandboxes::RunloopSandbox",
                                                         "RUNLOOP_BASE_URL must be an http or https address, such as "
                                                         "\"https://api.runloop.ai\"."));
            base = environment;
        }
        m_sandbox = std::make_unique<RunloopSandbox>(QUrl(base));
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
    static bool validUrl(const QString &text)
    {
        const QUrl url(text);
        return url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https"))
               && !url.host().isEmpty();
    }

    std::unique_ptr<RunloopSandbox> m_sandbox;
};

} // namespace valis::sandboxes::runloop

#include "runloopplugin.moc"
