#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/plugin.h"

#include <QList>
#include <QtPlugin>

namespace valis {

class ContextStrategy;

/// The interface of a context-strategy plugin (kind "strategy", interface id
/// VALIS_STRATEGY_PLUGIN_IID). See Plugin for how to write one.
class VALIS_HARNESS_EXPORT StrategyPlugin : public Plugin
{
public:
    ~StrategyPlugin() override;

    /// The strategies this plugin offers, owned by the plugin; valid after initialize() until
    /// shutdown().
    virtual QList<ContextStrategy *> strategies() const = 0;
};

} // namespace valis

Q_DECLARE_INTERFACE(valis::StrategyPlugin, VALIS_STRATEGY_PLUGIN_IID)
