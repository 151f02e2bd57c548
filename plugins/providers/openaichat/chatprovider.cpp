#include "chatprovider.h"

#include "chatdecoder.h"
#include "providerhttp.h"
#include "valis/provider/httpssestream.h"

namespace valis::providers::openaichat {

ChatProvider::ChatProvider(ChatProviderConfig config, QNetworkAccessManager *network)
    : m_config(std::move(config)), m_network(network)
{}

ProviderStream *ChatProvider::stream(const ProviderRequest &request, QObject *parent)
{
    ProviderEndpoint endpoint = request.endpoint;
    if (m_config.baseUrlRule)
        endpoint.baseUrl = m_config.baseUrlRule(endpoint.baseUrl);
    const KeyPolicy keyPolicy = m_config.defaults.requiresApiKey ? KeyPolicy::Required : KeyPolicy::Optional;
    if (std::optional<ProviderFailure> failure = checkEndpoint(m_config.id, endpoint, keyPolicy))
        return HttpSseStream::failing(*failure, parent);
    if (!m_network)
        return HttpSseStream::failing(shutDownFailure(m_config.id), parent);
    return new HttpSseStream(m_network, httpRequest(endpoint), ChatProvider::requestBody(request),
                             std::make_unique<ChatDecoder>(), m_config.id, endpoint.idleTimeout, parent);
}

QByteArray ChatProvider::requestBody(const ProviderRequest &request) const
{
    return compactJson(openaichat::requestBody(request, m_config.dialect));
}

} // namespace valis::providers::openaichat
