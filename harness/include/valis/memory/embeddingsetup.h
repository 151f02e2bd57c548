#pragma once

#include "valis/core/result.h"
#include "valis/harness_export.h"

#include <functional>

class QObject;

namespace valis {

class CredentialStore;
class EmbeddingClient;
class PluginManager;
struct EmbeddingSettings;

/// Makes the EmbeddingClient `settings` describe, for every front end alike: the provider from
/// the loaded `plugins`, its API key (the OS keychain through `keychain`, which may be null,
/// then the provider's environment variables), and a client parented to `owner` (so it lives on
/// `owner`'s thread, whose event loop must run for requests to go out). Asynchronous, since the
/// keychain answers through the event loop; `done` is called exactly once.
/// Errors: "embedding.disabled" (embeddings are off), "embedding.unavailable" (no such provider
/// loaded, no model), a keychain failure when the provider needs a key and no variable has one.
VALIS_HARNESS_EXPORT void openEmbeddingClient(const EmbeddingSettings &settings, const PluginManager &plugins,
                                              CredentialStore *keychain, QObject *owner,
                                              std::function<void(Result<EmbeddingClient *>)> done);

} // namespace valis
