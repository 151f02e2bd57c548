#pragma once

#include "valis/agent/connection.h"

#include <optional>

namespace valis::cli {

/// prepareConnection(), waited for: the keychain answers through the event loop, which runs
/// here until it has. Always holds a value.
std::optional<Result<Connection>> awaitConnection(const Provider &provider, const ProviderSettingsEntry &settings,
                                                  const QString &baseUrlOverride, CredentialStore *keys);

} // namespace valis::cli
