// The "openai-compatible-embeddings" plugin: OpenAI's /v1/embeddings at OpenAI and at any
// server speaking it (Ollama, llama.cpp, LM Studio, vLLM), and Ollama's own /api/embed.
#include "embeddingwire.h"
#include "httpembeddingrun.h"

#include "valis/plugins/embeddingplugin.h"
#include "valis/plugins/embeddingprovider.h"

#include <QNetworkAccessManager>
#include <QObject>

#include <memory>
#include <vector>

namespace valis::embeddings {

namespace {

struct ProviderConfig
{
    QString id;
    QString displayName;
    EmbeddingWire wire = EmbeddingWire::OpenAi;
    ProviderDefaults defaults;
    int maxBatchSize = 256;
};

class HttpEmbeddingProvider : public EmbeddingProvider
{
public:
    HttpEmbeddingProvider(ProviderConfig config, QNetworkAccessManager *network)
        : m_config(std::move(config)), m_network(network)
    {
    }
    QString id() const override { return m_config.id; }
    QString displayName() const override { return m_config.displayName; }
    ProviderDefaults defaults() const override { return m_config.defaults; }
    int maxBatchSize() const override { return m_config.maxBatchSize; }

    EmbeddingRun *embed(const EmbeddingRequest &request, QObject *parent) override
    {
        const QUrl &base = request.endpoint.baseUrl;
        if (!base.isValid() || base.host().isEmpty()
            || (base.scheme() != QLatin1String("http") && base.scheme() != QLatin1String("https"))) {
            ProviderFailure failure;
            failure.kind = ProviderFailure::Kind::Transport;
            failure.providerId = m_config.id;
            failure.message = QStringLiteral("not an http(s) address: %1").arg(base.toString());
            return HttpEmbeddingRun::failing(failure, parent);
        }
        if (m_config.defaults.requiresApiKey && request.endpoint.apiKey.isEmpty()) {
            // The facts a server gives for a missing key, so the classifier explains it.
            ProviderFailure failure;
            failure.kind = ProviderFailure::Kind::Http;
            failure.httpStatus = 401;
            failure.errorType = QStringLiteral("missing_api_key");
            failure.message = QStringLiteral("no API key");
            failure.providerId = m_config.id;
            return HttpEmbeddingRun::failing(failure, parent);
        }
        return new HttpEmbeddingRun(m_network, m_config.wire, m_config.id, request, parent);
    }

private:
    ProviderConfig m_config;
    QNetworkAccessManager *m_network;
};

} // namespace

class OpenAiCompatibleEmbeddingsPlugin : public QObject, public EmbeddingPlugin
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID VALIS_EMBEDDING_PLUGIN_IID FILE "plugin.json")
    Q_INTERFACES(valis::EmbeddingPlugin)

public:
    Result<void> initialize(const PluginContext &) override
    {
        m_network = std::make_unique<QNetworkAccessManager>();
        ProviderConfig openai;
        openai.id = QStringLiteral("openai");
        openai.displayName = QStringLiteral("OpenAI");
        openai.defaults.baseUrl = QUrl(QStringLiteral("https://api.openai.com/v1"));
        openai.defaults.baseUrlVariable = QStringLiteral("OPENAI_BASE_URL");
        openai.defaults.apiKeyVariables = {QStringLiteral("OPENAI_API_KEY")};
        openai.defaults.apiKeyHelpUrl = QStringLiteral("https://platform.openai.com/api-keys");
        openai.maxBatchSize = 2048;

        ProviderConfig compatible;
        compatible.id = QStringLiteral("openai-compatible");
        compatible.displayName = QStringLiteral("OpenAI-compatible server");
        compatible.defaults.baseUrl = QUrl(QStringLiteral("http://localhost:11434/v1"));
        compatible.defaults.baseUrlVariable = QStringLiteral("OLLAMA_HOST");
        compatible.defaults.baseUrlVariablePath = QStringLiteral("/v1");
        compatible.defaults.apiKeyVariables = {QStringLiteral("OPENAI_COMPATIBLE_API_KEY")};
        compatible.defaults.requiresApiKey = false;

        ProviderConfig ollama;
        ollama.id = QStringLiteral("ollama");
        ollama.displayName = QStringLiteral("Ollama");
        ollama.wire = EmbeddingWire::Ollama;
        ollama.defaults.baseUrl = QUrl(QStringLiteral("http://localhost:11434"));
        ollama.defaults.baseUrlVariable = QStringLiteral("OLLAMA_HOST");
        ollama.defaults.requiresApiKey = false;

        for (ProviderConfig *config : {&openai, &compatible, &ollama})
            m_providers.push_back(std::make_unique<HttpEmbeddingProvider>(*config, m_network.get()));
        return success();
    }

    void shutdown() override
    {
        m_providers.clear();
        m_network.reset();
    }

    QList<EmbeddingProvider *> embeddingProviders() const override
    {
        QList<EmbeddingProvider *> providers;
        for (const auto &provider : m_providers)
            providers.append(provider.get());
        return providers;
    }

private:
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::vector<std::unique_ptr<EmbeddingProvider>> m_providers;
};

} // namespace valis::embeddings

#include "embeddingsplugin.moc"
