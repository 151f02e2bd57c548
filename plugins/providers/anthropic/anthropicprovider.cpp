#include "anthropicprovider.h"

#include "anthropicdecoder.h"
#include "anthropicrequest.h"
#include "providerhttp.h"
#include "valis/provider/httpssestream.h"

namespace valis::providers::anthropic {

AnthropicProvider::AnthropicProvider(QNetworkAccessManager *network) : m_network(network) {}

QString AnthropicProvider::id() const
{
    return QStringLiteral("anthropic");
}

QString AnthropicProvider::displayName() const
{
    return QStringLiteral("Anthropic");
}

ProviderDefaults AnthropicProvider::defaults() const
{
    ProviderDefaults defaults;
    defaults.baseUrl = QUrl(QStringLiteral("https://api.anthropic.com"));
    defaults.baseUrlVariable = QStringLiteral("ANTHROPIC_BASE_URL");
    defaults.apiKeyVariables = {QStringLiteral("ANTHROPIC_API_KEY")};
    defaults.requiresApiKey = true;
    defaults.apiKeyHelpUrl = QStringLiteral("https://console.anthropic.com/settings/keys");
    return defaults;
}

ProviderStream *AnthropicProvider::stream(const ProviderRequest &request, QObject *parent)
{
    if (std::optional<ProviderFailure> failure = checkEndpoint(id(), request.endpoint, KeyPolicy::Required))
        return HttpSseStream::failing(*failure, parent);
    if (!m_network)
        return HttpSseStream::failing(shutDownFailure(id()), parent);
    return new HttpSseStream(m_network, httpRequest(request.endpoint, request.options), AnthropicProvider::requestBody(request),
                             std::make_unique<AnthropicDecoder>(), id(), request.endpoint.idleTimeout, parent);
}

QByteArray AnthropicProvider::requestBody(const ProviderRequest &request) const
{
    return compactJson(anthropic::requestBody(request));
}

} // namespace valis::providers::anthropic
