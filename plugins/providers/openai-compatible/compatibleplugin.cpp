// The "openai-compatible" plugin: the Chat Completions wire against any base URL (Ollama,
// llama.cpp server, vLLM, LM Studio, OpenRouter, ...).
#include "chatprovider.h"
#include "compatiblebaseurl.h"
#include "networkproviderplugin.h"

#include <QObject>

#include <memory>

namespace valis::providers {

class OpenAiCompatiblePlugin : public QObject, public NetworkProviderPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ProviderPlugin)

protected:
    std::vector<std::unique_ptr<Provider>> createProviders(QNetworkAccessManager *network) override
    {
        openaichat::ChatProviderConfig config;
        config.id = QStringLiteral("openai-compatible");
        config.displayName = QStringLiteral("OpenAI-compatible server");
        config.defaults.baseUrl = QUrl(QStringLiteral("http://localhost:11434/v1"));
        config.defaults.baseUrlVariable = QStringLiteral("OLLAMA_HOST");
        config.defaults.baseUrlVariablePath = QStringLiteral("/v1");
        config.defaults.apiKeyVariables = {QStringLiteral("OPENAI_COMPATIBLE_API_KEY")};
        config.defaults.requiresApiKey = false;
        config.dialect = openaichat::compatibleDialect();
        // Whatever form the base URL arrives in (OLLAMA_HOST's "host:port", a server address
        // without /v1), the request goes to the server's OpenAI-compatible root.
        config.baseUrlRule = [](const QUrl &url) {
            return openaichat::compatibleBaseUrl(url.toString(QUrl::FullyEncoded));
        };
        std::vector<std::unique_ptr<Provider>> providers;
        providers.push_back(std::make_unique<openaichat::ChatProvider>(config, network));
        return providers;
    }
};

} // namespace valis::providers

#include "compatibleplugin.moc"
