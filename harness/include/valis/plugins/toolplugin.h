#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/plugin.h"

#include <QList>
#include <QtPlugin>

namespace valis {

class ToolProvider;

/// The interface of a tool plugin (kind "tool", interface id VALIS_TOOL_PLUGIN_IID).
/// See Plugin for how to write one.
class VALIS_HARNESS_EXPORT ToolPlugin : public Plugin
{
public:
    ~ToolPlugin() override;

    /// The tool sets this plugin offers, owned by the plugin; valid after initialize() until
    /// shutdown().
    virtual QList<ToolProvider *> toolProviders() const = 0;
};

} // namespace valis

Q_DECLARE_INTERFACE(valis::ToolPlugin, VALIS_TOOL_PLUGIN_IID)
