#include "valis/memory/embeddingsetup.h"

#include "valis/credentials/credentialstore.h"
#include "valis/memory/embeddings.h"
#include "valis/plugins/embeddingplugin.h"
#include "valis/plugins/embeddingprovider.h"
#include "valis/plugins/pluginmanager.h"

#include <QCoreApplication>
#include <QPointer>

namespace valis {

namespace {

struct Text
{
    Q_DECLARE_TR_FUNCTIONS(valis::EmbeddingSetup)
};

} // namespace

void openEmbeddingClient(const EmbeddingSettings &settings, const PluginManager &plugins, CredentialStore *keychain,
                         QObject *owner, std::function<void(Result<EmbeddingClient *>)> done)
{
    if (!settings.enabled) {
        done(Error(QStringLiteral("embedding.disabled"), Text::tr("embeddings are off (recall is lexical only)")));
        return;
    }
    EmbeddingProvider *provider = plugins.embeddingProvider(settings.provider);
    QObject *pluginObject = nullptr;
    for (QObject *instance : plugins.runningInstances()) {
        auto *plugin = qobject_cast<EmbeddingPlugin *>(instance);
        if (plugin && plugin->embeddingProviders().contains(provider))
            pluginObject = instance;
    }
    if (!provider || !pluginObject) {
        done(Error(QStringLiteral("embedding.unavailable"),
                   Text::tr("no embedding provider \"%1\" is loaded (is its plugin enabled?)").arg(settings.provider)));
        return;
    }
    const ProviderDefaults defaults = provider->defaults();
    QPointer<QObject> guard(owner);
    QPointer<QObject> pluginGuard(pluginObject);
    resolveApiKey(keychain, credentialAccount(settings.provider), defaults.apiKeyVariables,
                  [settings, provider, pluginGuard, guard, defaults, done](const Result<ApiKey> &key) {
                      if (!guard || !pluginGuard) {
                          done(Error(QStringLiteral("embedding.unavailable"),
                                     Text::tr("the embedding provider went away before its key was read")));
                          return;
                      }
                      if (key.hasError() && defaults.requiresApiKey) {
                          done(key.error());
                          return;
                      }
                      Result<EmbeddingTarget> target = makeEmbeddingTarget(settings, provider, pluginGuard.data(),
                                                                           key.valueOr(ApiKey{}));
                      if (target.hasError()) {
                          done(target.error());
                          return;
                      }
                      done(new EmbeddingClient(target.value(), guard.data()));
                  });
}

} // namespace valis
