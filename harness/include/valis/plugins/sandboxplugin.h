#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/plugin.h"

#include <QList>
#include <QtPlugin>

namespace valis {

class Sandbox;

/// The interface of a sandbox plugin (kind "sandbox", interface id VALIS_SANDBOX_PLUGIN_IID).
/// See Plugin for how to write one.
class VALIS_HARNESS_EXPORT SandboxPlugin : public Plugin
{
public:
    ~SandboxPlugin() override;

    /// The sandboxes this plugin offers, owned by the plugin; valid after initialize() until
    /// shutdown().
    virtual QList<Sandbox *> sandboxes() const = 0;
};

} // namespace valis

Q_DECLARE_INTERFACE(valis::SandboxPlugin, VALIS_SANDBOX_PLUGIN_IID)
