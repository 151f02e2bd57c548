// The "openai-compatible" plugin: the Chat Completions wire against any base URL (Ollama,
// llama.cpp server, vLLM, LM Studio, OpenRouter, ...).
#include "chatprovider.h"
#include "compatiblebaseurl.h"
#include "valis/plugins/providerplugin.h"

#include <QNetworkAccessManager>
#include <QObject>

#include <memory>

namespace valis::providers {

class OpenAiCompatiblePlugin : public QObject, public ProviderPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_PROVIDER_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::ProviderPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_network = std::make_unique<QNetworkAccessManager>();
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
        m_provider = std::make_unique<openaichat::ChatProvider>(config, m_network.get());
        return success();
    }

    void shutdown() override
    {
        m_provider.reset();
        m_network.reset();
    }

    QList<Provider *> providers() const override
    {
        if (!m_provider)
            return {};
        return {m_provider.get()};
    }

private:
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<openaichat::ChatProvider> m_provider;
};

} // namespace valis::providers

#include "compatibleplugin.moc"
