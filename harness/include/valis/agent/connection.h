#pragma once

#include "valis/agent/providersettings.h"
#include "valis/core/result.h"
#include "valis/harness_export.h"
#include "valis/plugins/provider.h"

#include <functional>

namespace valis {

class CredentialStore;
struct SessionConfig;

/// Everything a Session needs to reach one provider, and where each piece came from (so errors
/// can say "the key from ANTHROPIC_API_KEY was refused").
struct VALIS_HARNESS_EXPORT Connection
{
    ProviderEndpoint endpoint;
    QString keySource;      ///< "keychain", a variable's name, or empty when no key is used
    QString baseUrlSource;  ///< "--base-url", a variable's name, "settings" or "default"
};

/// Prepares the connection to `provider`: the base URL (resolveBaseUrl()), headers and timeout
/// from `settings`, and the key (resolveApiKey(): the OS keychain through `keys`, then the
/// provider's variables). A provider that needs a key and has none fails here, before any
/// request, with the same advice a refused key gets ("provider.auth"). `done` runs once, on
/// the caller's thread, after this returns.
VALIS_HARNESS_EXPORT void prepareConnection(const Provider &provider, const ProviderSettingsEntry &settings,
                                            const QString &baseUrlOverride, CredentialStore *keys,
                                            const EnvironmentLookup &environment,
                                            std::function<void(const Result<Connection> &)> done);

/// Fills in what the profile's settings decide for a session with `providerId`: the provider
/// retry policy, the tool retry policy, the tool selector and the provider's request options.
VALIS_HARNESS_EXPORT void applyProviderSettings(const ProviderSettings &settings, const QString &providerId,
                                                SessionConfig *config);

} // namespace valis
