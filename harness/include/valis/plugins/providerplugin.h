#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/plugin.h"

#include <QList>
#include <QtPlugin>

namespace valis {

class Provider;

/// The interface of a provider plugin (kind "provider", interface id VALIS_PROVIDER_PLUGIN_IID).
/// See Plugin for how to write one.
class VALIS_HARNESS_EXPORT ProviderPlugin : public Plugin
{
public:
    ~ProviderPlugin() override;

    /// The model APIs this plugin offers, owned by the plugin; valid after initialize() until
    /// shutdown(). One plugin may offer several (OpenAI's Chat Completions and Responses).
    virtual QList<Provider *> providers() const = 0;
};

} // namespace valis

Q_DECLARE_INTERFACE(valis::ProviderPlugin, VALIS_PROVIDER_PLUGIN_IID)
