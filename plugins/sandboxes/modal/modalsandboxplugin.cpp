// The "modal" plugin: Modal's sandboxes as a remote sandbox (ModalSandbox).
#include "modalsandbox.h"

#include "sandbox/singlesandboxplugin.h"

#include <QObject>

namespace valis::sandboxes::modal {

class ModalSandboxPlugin : public QObject, public SingleSandboxPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_SANDBOX_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::SandboxPlugin)

public:
    /// Settings: {"serverUrl": "https://api.modal.com:443"} (MODAL_SERVER_URL overrides it).
    Result<void> initialize(const PluginContext &context) override
    {
        setSandbox(std::make_unique<ModalSandbox>(context.settings));
        return success();
    }
};

} // namespace valis::sandboxes::modal

#include "modalsandboxplugin.moc"
