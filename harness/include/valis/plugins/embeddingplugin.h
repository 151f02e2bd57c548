#pragma once

#include "valis/harness_export.h"
#include "valis/plugins/plugin.h"

#include <QList>
#include <QtPlugin>

namespace valis {

class EmbeddingProvider;

/// The interface of an embedding plugin (kind "embedding", interface id
/// VALIS_EMBEDDING_PLUGIN_IID). See Plugin for how to write one.
class VALIS_HARNESS_EXPORT EmbeddingPlugin : public Plugin
{
public:
    ~EmbeddingPlugin() override;

    /// The embedding APIs this plugin offers, owned by the plugin; valid after initialize()
    /// until shutdown(). One plugin may offer several (OpenAI's /v1/embeddings and Ollama's
    /// /api/embed).
    virtual QList<EmbeddingProvider *> embeddingProviders() const = 0;
};

} // namespace valis

Q_DECLARE_INTERFACE(valis::EmbeddingPlugin, VALIS_EMBEDDING_PLUGIN_IID)
