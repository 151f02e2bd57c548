// The "local" plugin: the sandboxes of this machine (bubblewrap or sandbox-exec, and plain).
#include "localsandboxes.h"

#include "valis/plugins/sandboxplugin.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QObject>

#include <memory>
#include <vector>

namespace valis::sandboxes {

class LocalSandboxPlugin : public QObject, public SandboxPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_SANDBOX_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::SandboxPlugin)

public:
    /// Settings: {"readOnlyPaths": ["/home/me/.cargo", ...]} (LocalSandboxOptions::readOnlyPaths).
    Result<void> initialize(const PluginContext &context) override
    {
        LocalSandboxOptions options;
        const QJsonValue paths = context.settings.value(QStringLiteral("readOnlyPaths"));
        if (!paths.isUndefined()) {
            const auto invalid = [] {
                return Error(QStringLiteral("plugin.invalid-settings"),
                             QCoreApplication::translate("valis::sandboxes::LocalSandboxPlugin",
                                                         "\"readOnlyPaths\" must be a list of absolute folder paths."));
            };
            if (!paths.isArray())
                return invalid();
            for (const QJsonValue &path : paths.toArray()) {
                if (!path.isString() || !path.toString().startsWith(QLatin1Char('/')))
                    return invalid();
                options.readOnlyPaths.append(path.toString());
            }
        }
        m_sandboxes = createLocalSandboxes(options);
        return success();
    }

    void shutdown() override { m_sandboxes.clear(); }

    QList<Sandbox *> sandboxes() const override
    {
        QList<Sandbox *> list;
        for (const auto &sandbox : m_sandboxes)
            list.append(sandbox.get());
        return list;
    }

private:
    std::vector<std::unique_ptr<LocalSandbox>> m_sandboxes;
};

} // namespace valis::sandboxes

#include "localsandboxplugin.moc"
