#pragma once

#include "valis/plugins/sandboxplugin.h"

#include <memory>

namespace valis {

/// A sandbox plugin that offers one sandbox, made in initialize() and destroyed in shutdown().
/// A plugin derives from QObject and this, declares Q_PLUGIN_METADATA and
/// Q_INTERFACES(valis::SandboxPlugin), and implements initialize() with setSandbox().
class SingleSandboxPlugin : public SandboxPlugin
{
public:
    void shutdown() override { m_sandbox.reset(); }

    QList<Sandbox *> sandboxes() const override
    {
        if (!m_sandbox)
            return {};
        return {m_sandbox.get()};
    }

protected:
    void setSandbox(std::unique_ptr<Sandbox> sandbox) { m_sandbox = std::move(sandbox); }

private:
    std::unique_ptr<Sandbox> m_sandbox;
};

} // namespace valis
