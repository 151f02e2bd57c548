// The "modal" plugin: Modal's sandboxes as a remote sandbox (ModalSandbox).
#include "modalsandbox.h"

#include "valis/plugins/sandboxplugin.h"

#include <QObject>

#include <memory>

namespace valis::sandboxes::modal {

class ModalSandboxPlugin : public QObject, public SandboxPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_SANDBOX_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::SandboxPlugin)

public:
    /// Settings: {"serverUrl": "https://api.modal.com:443"} (MODAL_SERVER_URL overrides it).
    Result<void> initialize(const PluginContext &context) override
    {
        m_sandbox = std::make_unique<ModalSandbox>(context.settings);
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
    std::unique_ptr<ModalSandbox> m_sandbox;
};

} // namespace valis::sandboxes::modal

#include "modalsandboxplugin.moc"
